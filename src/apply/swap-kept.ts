/**
 * A migration's swap, once live, is never undone (docs/migrations.md, "How apply does it"). The
 * swap deletes the old field, and its values with it (the backup and the new field hold them), and
 * renames the temporary field to the final code. Putting the app's before-state back, as a later
 * deploy step or deploy call that fails does for the apps earlier ones made live (run-steps.ts,
 * deploy-all.ts), would add the old field again empty and rename the new field back to its
 * temporary code; the next apply would then copy the empty old field over the values. So an app
 * whose live deploy holds a swap stays as it went live, and the result says so; the next apply
 * finishes what the failed step or call left (the plan shows it). Found by
 * test/reliability/after-swap-sweep.test.ts (a lookup naming the migrated field, its step after
 * the swap answered 500).
 */
import type { AppResult } from './types.js';
import type { AppSession } from './write-all.js';
import type { AreaWrite } from './write-app.js';
import { appResult } from './result.js';

/**
 * Whether the app's writes hold a migration's swap: a contract's fields written for an app with a
 * migration whose temporary field is on the service (the plan's `copying`: apply/migrate.ts plans
 * the contract once the copy is done, and the fields area's writes swap exactly those).
 */
export function holdsSwap(session: AppSession, written: readonly AreaWrite[]): boolean {
  return (
    (session.plan.migrations ?? []).some((m) => m.state === 'copying') &&
    written.some((w) => w.area.key === 'fields')
  );
}

/** The app, live with its swap, left so: `failed` names what failed after it. */
export function keptResult(session: AppSession, failed: string): AppResult {
  return appResult(
    session,
    'applied',
    `its migration's swap went live before ${failed}, and stays live: undoing it would add the old field back empty (its values are in the new field and the backup)`,
  );
}
