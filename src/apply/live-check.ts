/**
 * After a failure, reverting drafts puts an app back only if live never changed. But a `PUT` on a
 * live ACL path (app, record or field ACL, admin notes) publishes every pending draft setting of
 * the app on the spot (kintone's "Update App Permissions" and "Update Record Permissions" pages,
 * cybozu.dev .../rest-api/apps/settings/update-app-permissions: on the live URL every setting of
 * the test environment is reflected to the production app, not only the permissions; the local
 * service does the same, `publishes: true` in emulator/handlers/settings/areas.ts), and so does
 * anyone's deploy: someone who does either
 * between two of apply's writes publishes apply's half-written draft. So after a failure apply
 * reads each written app's live areas again and compares them with the before-state the plan
 * holds, and says exactly what went live instead of "every app is as before".
 */
import type { Area, AreaKey } from '../areas/types.js';
import type { Client } from '../client/index.js';
import { isUnknownApp, type AppPlan } from '../plan/index.js';
import { appResult } from './result.js';
import type { AppResult, ApplyOutcome, LiveChanged } from './types.js';
import type { AppSession } from './write-all.js';
import { mapLimit } from '../client/in-parallel.js';
import { downloadHasher } from '../readers/index.js';

/** Outcomes that claim live is as before, which a fresh read can check. */
const CLAIMS_LIVE_AS_BEFORE = new Set<ApplyOutcome>(['rolled-back', 'interrupted', 'rollback-failed']);

/** Apps apply wrote whose live copy is no longer their before-state, with the areas that moved. */
export async function liveMoved(
  client: Client,
  sessions: readonly AppSession[],
  planned: readonly AppPlan[],
  areas: ReadonlyMap<AreaKey, Area>,
  ended: { outcome: ApplyOutcome; liveLeftChanged: boolean },
): Promise<LiveChanged[]> {
  if (!CLAIMS_LIVE_AS_BEFORE.has(ended.outcome) || ended.liveLeftChanged) return [];
  const downloadHash = downloadHasher(client);
  const checks = sessions
    .filter((s) => s.touched && s.id !== null)
    .flatMap((s) =>
      (planned.find((a) => a.key === s.plan.key)?.areas ?? [])
        .filter((a) => a.action !== 'no-op' && a.before !== null)
        .map((a) => ({ session: s, planned: a, area: areas.get(a.key) })),
    );
  const moved = await mapLimit(checks, 16, async ({ session, planned: a, area }) => {
    if (!area || a.before === null) return null;
    const live = await area.read({ client, app: session.id!, copy: 'live', downloadHash }).catch((error) => {
      // An app never deployed has nothing live (GAIA_AP01, platform-facts.md "Apps and deploy"):
      // still nothing live, so nothing of it went live.
      if (isUnknownApp(error)) return null;
      throw error;
    });
    if (live === null) return null;
    return area.diff(a.before, live.value).length > 0 ? { session, area: a.key } : null;
  });
  const out: LiveChanged[] = [];
  for (const found of moved) {
    if (!found) continue;
    const known = out.find((o) => o.app === found.session.plan.key);
    if (known) known.areas.push(found.area);
    else out.push({ app: found.session.plan.key, id: found.session.id!, areas: [found.area] });
  }
  return out;
}

/** The ended apply's outcome and apps, told truly once live is known to have moved. */
export function liveChangedEnd(
  ended: { apps: AppResult[] },
  sessions: readonly AppSession[],
  moved: readonly LiveChanged[],
): { outcome: ApplyOutcome; apps: AppResult[] } {
  return {
    outcome: 'live-changed',
    apps: ended.apps.map((app) => {
      const m = moved.find((x) => x.app === app.key);
      if (!m) return app;
      const session = sessions.find((s) => s.plan.key === app.key)!;
      return appResult(
        session,
        'live-changed',
        `live changed while apply was writing: ${m.areas.join(', ')} went live with part of this apply` +
          ' (someone published the draft: a live ACL or admin notes save, or a deploy)',
      );
    }),
  };
}
