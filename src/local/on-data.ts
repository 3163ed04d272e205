/**
 * The local service on a data folder, holding the folder's lock (lock.ts) until closed, so that
 * a second service on the same folder is refused rather than appending to the same journal (two
 * writers would each replay only their own lines and hand out the same ids). Every start on a
 * folder goes through here: the local environment (`startLocal`), `appdeploy emulator --data DIR`
 * and `-C DIR`, and `startEmulator({ data })` of `appdeploy/emulator` (emulator-entry.ts). Apart
 * from connect.ts, so that the library's entry loads neither the client nor the project.
 */
import type { EmulatorOptions, RunningEmulator } from '../emulator/index.js';
import { acquireLocalLock, LOCK_FILE, takenOverNote } from './lock.js';

/**
 * Starts the service on `dir` once its lock is held; `shown` is how messages name the folder. The
 * lock taken over from a process that died is said first among the start's notes.
 */
export async function startOnData(
  dir: string,
  shown: string,
  options: Omit<EmulatorOptions, 'data'> = {},
): Promise<RunningEmulator> {
  const lock = acquireLocalLock(dir, shown);
  let emulator: RunningEmulator;
  try {
    // Loaded here, not up front: a command on a remote environment never runs the local service.
    const { startEmulator } = await import('../emulator/index.js');
    emulator = await startEmulator({ ...options, data: dir });
  } catch (error) {
    lock.release();
    throw error;
  }
  const lockNote = takenOverNote(lock, `${shown}/${LOCK_FILE}`);
  return {
    url: emulator.url,
    port: emulator.port,
    settings: emulator.settings,
    notes: [...(lockNote === null ? [] : [lockNote]), ...emulator.notes],
    close: async () => {
      try {
        await emulator.close();
      } finally {
        lock.release();
      }
    },
  };
}
