/**
 * `appdeploy/emulator`: the local service for code (tests, scripts), everything of
 * emulator/index.ts, with `startEmulator` holding the lock of its `data` folder as the command
 * does. Without it, two services started from code on one folder appended to one journal and
 * corrupted it (each replays only its own lines, and both give out the same ids). The lock is the
 * process's (local/lock.ts: its pid, released on exit), which the emulator room may not own, so
 * the published entry wraps the service here, beside the command's own start (on-data.ts).
 */
import {
  startEmulator as startUnlocked,
  type EmulatorOptions,
  type RunningEmulator,
} from '../emulator/index.js';
import { startOnData } from './on-data.js';

export * from '../emulator/index.js';

/**
 * Starts the local service; with `data`, holds that folder's lock until `close()` (a second start
 * on it, in this process or another, is refused with LOCAL.LOCKED naming the holder's pid; a lock
 * a killed process left is taken over, said in `notes`). For tests (port 0) and scripts.
 */
export function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const { data, ...rest } = options;
  return typeof data === 'string' ? startOnData(data, data, rest) : startUnlocked(options);
}
