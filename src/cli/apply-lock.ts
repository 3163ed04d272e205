/**
 * One apply at a time per environment from a project folder. An apply keeps the recovery record
 * of its environment (`.appdeploy/apply-<env>.json`, apply/recovery.ts) and the next apply takes
 * the drafts that record names for an interrupted apply's own: a second apply started while the
 * first still runs would discard the first one's drafts, write and deploy over them, and the first
 * would end "live is not as before" (exit 4). So apply holds `.appdeploy/apply-<env>.lock` (its
 * pid: local/lock.ts, whose lock of the local environment's data works alike) from before it plans
 * until it ends; a lock whose process no longer runs (kill -9) is taken over. Applies from other
 * folders or machines are not seen here: the revisions each write is pinned to refuse theirs.
 */
import { join } from 'node:path';
import { AppdeployError } from '../errors.js';
import {
  acquireLockFile,
  inWritableFolder,
  runningHolder,
  takenOverNote,
  type LocalLock,
} from '../local/lock.js';
import { ownerShown, ownerState, type LockOwner } from '../local/lock-owner.js';
import { appdeployCommand, type Project } from '../project/index.js';
import { makeFoldersSync } from '../atomic-write.js';

type Locked = Pick<Project, 'root' | 'environment' | 'commandFlags'>;

/** As messages name the lock, from the project's folder (beside the recovery record). */
function lockShown(env: string): string {
  return `.appdeploy/apply-${encodeURIComponent(env)}.lock`;
}

/** Takes the apply lock of the project's environment, or throws APPLY.RUNNING naming its holder. */
export function acquireApplyLock(project: Locked): LocalLock {
  const refused = (owner: LockOwner | null) => applyRunning(project, owner);
  const shown = lockShown(project.environment.name);
  return inWritableFolder(shown, () => {
    makeFoldersSync(join(project.root, '.appdeploy'));
    return acquireLockFile(join(project.root, shown), { held: refused, contended: refused(null) });
  });
}

/**
 * Throws APPLY.RUNNING while an apply of the project's environment runs from this folder: what
 * `revert` asks first, since it would discard the drafts that apply is writing (and the apply
 * would then end "live is not as before"). It takes no lock: an apply is the one that writes.
 */
export function refuseWhileApplyRuns(project: Locked): void {
  const owner = runningHolder(join(project.root, lockShown(project.environment.name)));
  if (owner !== null) throw applyRunning(project, owner);
}

/**
 * Whether the apply of process `pid` (the one a recovery record names) still runs: it holds the
 * environment's apply lock, whose owner says more than a pid (local/lock-owner.ts: after a kill -9
 * the pid may be another process's, which `status` took for the apply still at work).
 */
export function applyStillRuns(project: Locked, pid: number): boolean {
  const holder = runningHolder(join(project.root, lockShown(project.environment.name)));
  return holder !== null && holder.pid === pid;
}

function applyRunning(project: Locked, owner: LockOwner | null): AppdeployError {
  const shown = lockShown(project.environment.name);
  // A lock of another machine sharing the folder (a network share, a container's mount): its
  // process cannot be asked from here (local/lock-owner.ts), so the user is told where it runs.
  const where = owner !== null && ownerState(owner) === 'elsewhere' ? ` on ${owner.host}` : '';
  return new AppdeployError(
    'APPLY.RUNNING',
    `another apply of environment "${project.environment.name}" is running from this project${owner === null ? '' : ` (${ownerShown(owner)})`}; wait for it to finish, or stop it`,
    {
      // The local environment's data is locked for every command: status waits for it too.
      hint: `${project.environment.local ? '' : `\`${appdeployCommand(project, 'status')}\` shows what it has done so far. `}If no such process runs${where}, delete ${shown}.`,
    },
  );
}

/** The note for a lock a killed apply left (null when none was taken over). */
export function applyLockNote(lock: LocalLock, project: Locked): string | null {
  return takenOverNote(lock, lockShown(project.environment.name));
}
