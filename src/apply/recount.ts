/**
 * Records change without moving a settings revision: a record gets a value in a field the plan
 * removes, two records come to share a value a new `unique` forbids. So apply asks the plan's
 * questions about records again, after its last read and before its first write, and judges the
 * risks it finds now (refusals.ts), not the ones the plan counted. The questions come from the
 * plan itself (each changed area's `before` and `after`, as the planner asked them), so a saved
 * plan is recounted exactly as it was planned.
 */
import type { Area, AreaKey } from '../areas/types.js';
import type { Client } from '../client/index.js';
import { answerProbe, isDeployed, type AppPlan, type Risk } from '../plan/index.js';

/** A risk the planner counts by asking about records (it carries `records`). */
export type CountedRisk = Extract<Risk, { records: number }>;

export function isCounted(risk: Risk): risk is CountedRisk {
  return 'records' in risk;
}

/**
 * For each existing app about to change, the counted risks as the service answers now (those
 * with no record concerned left out, as the planner leaves them out). Apps apply creates have no
 * records and are not in the map, nor are apps never deployed.
 */
export async function recountRisks(
  client: Client,
  apps: readonly AppPlan[],
  areas: ReadonlyMap<AreaKey, Area>,
): Promise<Map<string, CountedRisk[]>> {
  const counted = new Map<string, CountedRisk[]>();
  await Promise.all(
    apps.map(async (app) => {
      // A never-deployed app has no records, and its live form answers GAIA_AP01 (plan.ts asks
      // nothing of it either); a deploy of it since moved its live revision, which apply refuses.
      if (app.id === null || !isDeployed(app)) return;
      const id = app.id;
      const probes = app.areas.flatMap((planned) => {
        const area = areas.get(planned.key);
        if (planned.action === 'no-op' || planned.before === null || !area?.probes) return [];
        return area.probes(planned.after, planned.before);
      });
      const answered = await Promise.all(probes.map((probe) => answerProbe(client, id, probe)));
      counted.set(
        app.key,
        answered.filter(isCounted).filter((risk) => risk.records > 0),
      );
    }),
  );
  return counted;
}

/** How many records the plan counted for this risk (0 when the plan did not have it). */
export function plannedRecords(planned: readonly Risk[], risk: CountedRisk): number {
  const key = identity(risk);
  const same = planned.filter(isCounted).find((r) => identity(r) === key);
  return same?.records ?? 0;
}

/**
 * What the risk is about, without its counts, the query and record numbers (which only list them) and `usedBy` (where
 * the project names the field: the planner adds it after counting, and the recount asks only the
 * count, so with it a risk the plan had never matched its recount: "the plan counted 0").
 */
function identity(risk: CountedRisk): string {
  const { records: _records, ...rest } = risk;
  const about: Record<string, unknown> = { ...rest };
  delete about.query;
  delete about.usedBy;
  // A length risk's first few record numbers: which ones they are changes with the records.
  delete about.recordIds;
  return JSON.stringify(Object.entries(about).sort(([a], [b]) => a.localeCompare(b)));
}
