/**
 * `plan --check`: applies the plan to a shadow of the target (a copy of its apps in a local
 * service in memory, local/shadow.ts) with the same apply code, creations, writes, deploy steps
 * and polling included, and says how it went. The target is only read.
 */
import { apply, type ApplyOptions, type ApplyResult } from '../apply/index.js';
import type { Client } from '../client/index.js';
import { readShadowSeed } from '../local/shadow-read.js';
import { startShadow, type AddedSettingsEndpoint } from '../local/shadow.js';
import { hasChanges, type CheckFailure, type Plan, type PlanCheck } from '../plan/index.js';
import { appPlaceholder } from '../readers/index.js';
import type { Project } from '../project/index.js';
import { SETTINGS_CATALOGUE, settingsCatalogue } from '../platform/index.js';
import { describeFailure } from './failure.js';
import { recordingClient } from './recording-client.js';
import { withTargetFiles } from './target-files.js';

export interface CheckOptions {
  plan: Plan;
  project: Project;
  /** The target's client: only read. */
  client: Client;
  /** The latest records of each app to copy (`--check-records`). */
  records?: number;
  /** The table of areas the plan was made with (plan's `areas`), which apply writes with. */
  areas?: ApplyOptions['areas'];
  /**
   * Settings endpoints beside the platform's that the target serves (an area defined outside
   * src/, with its catalogue entry): the shadow copies, serves and locates them too.
   */
  endpoints?: readonly AddedSettingsEndpoint[];
}

/** How long the shadow's deploys may take: they end in milliseconds in memory. */
const SHADOW_TIMEOUT_MS = 60_000;

export async function checkPlan(options: CheckOptions): Promise<PlanCheck> {
  const { plan, project } = options;
  const environment = project.environment.name;
  const empty = { environment, apps: 0, writes: 0, deployCalls: 0 };
  if (!hasChanges(plan)) return { outcome: 'passed', copied: { apps: 0, records: 0 }, ...empty };
  // An API token alone cannot read every area of the copy, nor make the calls the plan needs.
  if (plan.tokenLimits !== undefined)
    return {
      outcome: 'failed',
      copied: { apps: 0, records: 0 },
      ...empty,
      failure: {
        app: null,
        area: null,
        request: null,
        code: null,
        message:
          'the environment signs in with API tokens alone: the copy cannot be read, and apply would refuse this plan',
        location: null,
        hint: `${plan.tokenLimits.instead.charAt(0).toUpperCase()}${plan.tokenLimits.instead.slice(1)}`,
      },
    };
  const endpoints = options.endpoints ?? [];
  const catalogue = settingsCatalogue([...SETTINGS_CATALOGUE, ...endpoints.map((e) => e.entry)]);
  const seed = await readShadowSeed(options.client, shadowAppIds(plan, project), {
    records: options.records ?? 0,
    queries: riskQueries(plan),
    endpoints: endpoints.map((e) => e.entry),
  });
  const copied = {
    apps: seed.apps.length,
    records: seed.apps.reduce((n, app) => n + (app.records?.length ?? 0), 0),
  };
  const shadow = await startShadow(seed, { platform: options.client.platform, endpoints });
  const created = new Map<string, string>();
  let result: ApplyResult;
  const recorded = recordingClient(withTargetFiles(shadow.client, options.client));
  try {
    result = await apply({
      plan,
      project,
      client: recorded.client,
      areas: options.areas,
      // What apply refuses without these flags, plan already reports; the check is the service's.
      allowDataLoss: true,
      discardPendingDrafts: true,
      shadow: true,
      timeoutMs: SHADOW_TIMEOUT_MS,
      pollIntervalMs: { initial: 10, max: 100 },
      onProgress: (event) => {
        if (event.type === 'app-created') created.set(event.id, event.app);
      },
    });
  } finally {
    await shadow.close();
  }
  const counts = {
    environment,
    copied,
    apps: result.apps.filter((a) => a.outcome === 'applied' || a.outcome === 'created').length,
    writes: recorded.log.writes,
    deployCalls: recorded.log.deployCalls,
  };
  if (result.outcome === 'applied' || result.outcome === 'no-changes')
    return { outcome: 'passed', ...counts };
  const keyOf = (id: string | null): string | null =>
    id === null ? null : (created.get(id) ?? plan.apps.find((a) => a.id === id)?.key ?? null);
  const failure: CheckFailure = describeFailure(result, recorded.log, project, keyOf, catalogue);
  return { outcome: 'failed', ...counts, failure };
}

/**
 * Every planned app that has an id (apply confirms each is the app the plan was made against),
 * and every app their changes name by id: a lookup's or related-records table's source app.
 */
function shadowAppIds(plan: Plan, project: Project): string[] {
  const ids = new Set(plan.apps.flatMap((a) => (a.id === null ? [] : [a.id])));
  const byPlaceholder = new Map(
    project.apps.flatMap((a) => (a.id === null ? [] : [[appPlaceholder(a.key), a.id] as const])),
  );
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        const named = (inner as { app?: unknown } | null)?.app;
        if (key === 'relatedApp' && typeof named === 'string') {
          const id = byPlaceholder.get(named) ?? (/^\d+$/.test(named) ? named : undefined);
          if (id !== undefined) ids.add(id);
        } else walk(inner);
      }
  };
  for (const app of plan.apps) for (const area of app.areas) walk(area.after);
  return [...ids];
}

/** Per app id, the queries of its risks over records (values removed, records left empty or stranded). */
function riskQueries(plan: Plan): Map<string, string[]> {
  return new Map(
    plan.apps.flatMap((app) => {
      const queries = app.risks.flatMap((risk) => ('query' in risk ? [risk.query] : []));
      return app.id === null || queries.length === 0 ? [] : [[app.id, queries] as const];
    }),
  );
}
