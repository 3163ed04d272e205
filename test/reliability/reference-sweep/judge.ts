/**
 * One step of the reference sweep, judged by the promise "a plan never promises what apply cannot
 * do": what the platform refuses (an edit's `refusedBy`) validate refuses; a plan that blocks
 * says so naming the app and field, and apply refuses it with nothing written; a plan that does
 * not block applies (with --allow-data-loss: losing data is not what is judged here), after which
 * a fresh plan is empty and the live settings over REST are the manifests'; an apply that fails
 * (a fault at a random write, or the service refusing) leaves every app's draft and live as before.
 */
import { apply } from '../../../src/apply/index.js';
import type { Client } from '../../../src/client/index.js';
import { plan, type Plan } from '../../../src/plan/index.js';
import type { Project } from '../../../src/project/index.js';
import { adminCall } from '../../support/service.js';
import { liveDiffers } from '../apply-sequences/live.js';
import type { Draw } from '../apply-sequences/pick.js';
import { snapshot, validated } from '../apply-sequences/step.js';
import type { Done } from './edits.js';
import { readIds, readManifest, type World } from './world.js';

export interface Service {
  url: string;
  client: Client;
}

export interface Verdict {
  findings: string[];
  /** The step is undone (validate refused, the plan blocked, or the apply failed). */
  undo: boolean;
  /** What happened, for the log. */
  what: string;
}

/** The writes a fault may hit: the draft's settings, field writes, the deploy. */
const WRITES = [
  { method: 'POST|PUT|DELETE', path: '^/k/v1/preview/app/' },
  { method: 'POST', path: '^/k/v1/preview/app/deploy\\.json$' },
];

const applyIt = (s: Service, project: Project, thePlan: Plan) =>
  apply({
    plan: JSON.parse(JSON.stringify(thePlan)) as Plan,
    project,
    client: s.client,
    pollIntervalMs: { initial: 10, max: 50 },
    allowDataLoss: true,
  });

const changing = (p: Plan) => p.apps.filter((a) => a.action !== 'no-op').map((a) => a.key);

export async function judgeStep(
  s: Service,
  root: string,
  w: World,
  done: readonly Done[],
  d: Draw,
  fault: boolean,
): Promise<Verdict> {
  const findings: string[] = [];
  const refused = done.filter((x) => x.refusedBy !== undefined && (x.still?.(w) ?? true));
  const v = await validated(root);
  if (!v.project) {
    const quiet = v.problems.filter((p) => !/"[^"]+"/.test(p));
    if (quiet.length > 0) findings.push(`validate refused without naming a field: ${quiet.join('; ')}`);
    return { findings, undo: true, what: `validate refused: ${v.problems.join(' | ')}` };
  }
  for (const r of refused)
    findings.push(`validate accepted what the platform refuses: ${r.refusedBy} (${r.said})`);
  const project = v.project;
  const ids = Object.values(w.ids);
  const before = await snapshot(s.client, ids);
  const thePlan = await plan({ project, client: s.client });
  const risks = thePlan.apps.flatMap((a) => a.risks.map((r) => ({ app: a.key, ...r })));
  const blocked = risks.filter((r) => r.kind === 'blocked');
  if (blocked.length > 0 || risks.some((r) => r.kind === 'deploy-fails')) {
    const result = await applyIt(s, project, thePlan);
    if (result.outcome !== 'refused') findings.push(`a blocked plan was not refused: ${result.outcome}`);
    await expectAsBefore(s, ids, before, 'a refused apply', findings);
    const reasons = blocked.map((r) => (r.kind === 'blocked' ? `${r.app}: ${r.reason}` : ''));
    return { findings, undo: true, what: `plan blocked: ${reasons.join(' | ') || 'deploy-fails'}` };
  }
  let fresh = thePlan;
  let what = '';
  if (fault && changing(thePlan).length > 0) {
    const write = d.pick(WRITES)!;
    const skip = write.path.includes('deploy') ? Math.floor(d.rnd() * 2) : Math.floor(d.rnd() * 8);
    await adminCall(s.url, 'POST', '/_emulator/faults', { ...write, status: 500, times: 1, skip });
    const result = await applyIt(s, project, thePlan);
    await adminCall(s.url, 'DELETE', '/_emulator/faults');
    await readIds(root, w);
    if (result.outcome !== 'applied') {
      if (result.outcome !== 'rolled-back')
        findings.push(`a fault at ${write.path} (skip ${skip}) ended ${result.outcome}`);
      // An app the apply created stays (docs/plan-format.md): only the apps there before are compared.
      await expectAsBefore(
        s,
        ids,
        before,
        `a fault at ${write.method} ${write.path} (skip ${skip})`,
        findings,
      );
      what = `fault at ${write.path} skip ${skip}: ${result.outcome}; `;
    }
    const again = (await validated(root)).project!;
    fresh = await plan({ project: again, client: s.client });
  }
  const current = (await validated(root)).project!;
  const result = await applyIt(s, current, fresh);
  await readIds(root, w);
  if (result.outcome !== 'applied' && result.outcome !== 'no-changes') {
    findings.push(
      `the plan promised, apply ${result.outcome}: ${JSON.stringify({ refusals: result.refusals, apps: result.apps.map((a) => ({ key: a.key, outcome: a.outcome, error: (a as { error?: unknown }).error })) })}`,
    );
    if (!what.startsWith('fault')) await expectAsBefore(s, ids, before, 'a failed apply', findings);
    return { findings, undo: true, what: `${what}apply ${result.outcome}` };
  }
  const converged = (await validated(root)).project!;
  const again = changing(await plan({ project: converged, client: s.client }));
  if (again.length > 0) findings.push(`a fresh plan after apply changes ${again.join(', ')}`);
  for (const app of converged.apps) {
    const manifest = await readManifest(root, app.key);
    const differs = [
      ...(await liveDiffers(s.url, app.id!, manifest)),
      ...(await referencesDiffer(s.url, app.id!, manifest, w.ids)),
    ];
    if (differs.length > 0) findings.push(`${app.key} live differs from its manifest: ${differs.join('; ')}`);
  }
  return { findings, undo: false, what: `${what}applied (${changing(fresh).join(', ') || 'nothing'})` };
}

async function expectAsBefore(
  s: Service,
  ids: readonly string[],
  before: Record<string, unknown>,
  after: string,
  findings: string[],
): Promise<void> {
  const now = await snapshot(s.client, ids);
  for (const key of Object.keys(before))
    if (JSON.stringify(before[key]) !== JSON.stringify(now[key]))
      findings.push(`after ${after}, ${key} is not as before`);
}

/**
 * The references of the live form over REST against the manifest's, the other app named by its
 * id: a lookup's related app, key and copies, a related-records table's related app, condition
 * and shown fields.
 */
async function referencesDiffer(
  url: string,
  id: string,
  manifest: Record<string, any>,
  ids: Record<string, string>,
): Promise<string[]> {
  const { properties } = (await adminCall(url, 'GET', `/k/v1/app/form/fields.json?app=${id}`)) as {
    properties: Record<string, any>;
  };
  const out: string[] = [];
  const same = (what: string, live: unknown, want: unknown) => {
    if (JSON.stringify(live) !== JSON.stringify(want))
      out.push(`${what}: live ${JSON.stringify(live)}, manifest ${JSON.stringify(want)}`);
  };
  for (const [code, f] of Object.entries<any>(manifest.fields ?? {})) {
    const live = properties[code];
    if (!live) continue;
    if (f.lookup) {
      const l = live.lookup ?? {};
      same(`${code}.lookup.relatedApp`, String(l.relatedApp?.app), ids[f.lookup.relatedApp.app]);
      same(`${code}.lookup.relatedKeyField`, l.relatedKeyField, f.lookup.relatedKeyField);
      same(`${code}.lookup.fieldMappings`, l.fieldMappings ?? [], f.lookup.fieldMappings ?? []);
      same(
        `${code}.lookup.lookupPickerFields`,
        l.lookupPickerFields ?? [],
        f.lookup.lookupPickerFields ?? [],
      );
    }
    if (f.referenceTable) {
      const t = live.referenceTable ?? {};
      same(
        `${code}.referenceTable.relatedApp`,
        String(t.relatedApp?.app),
        ids[f.referenceTable.relatedApp.app],
      );
      same(`${code}.referenceTable.condition`, t.condition, f.referenceTable.condition);
      same(`${code}.referenceTable.displayFields`, t.displayFields, f.referenceTable.displayFields);
    }
  }
  return out;
}
