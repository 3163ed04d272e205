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
import { AppdeployError } from '../errors.js';
import { checkEmulatorOptions } from './emulator-options.js';
import { startOnData } from './on-data.js';

export * from '../emulator/index.js';

/**
 * Starts the local service; with `data`, holds that folder's lock until `close()` (a second start
 * on it, in this process or another, is refused with LOCAL.LOCKED naming the holder's pid; a lock
 * a killed process left is taken over, said in `notes`). For tests (port 0) and scripts. A number
 * option that is not one (negative, NaN, fractional, a string) is refused first, by its name.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  checkEmulatorOptions(options);
  const { data, ...rest } = options;
  try {
    return typeof data === 'string' ? await startOnData(data, data, rest) : await startUnlocked(options);
  } catch (error) {
    throw startError(error);
  }
}

/**
 * A start that failed, as a code a program can switch on (the command's EMULATOR.START, which
 * cli/commands/emulator.ts words for its flags): Node's error (EADDRINUSE, OpenSSL's) or the
 * service's refusal stays its `cause`. The lock's own errors (LOCAL.LOCKED, ...) pass as they are.
 */
function startError(error: unknown): unknown {
  if (error instanceof AppdeployError || !(error instanceof Error)) return error;
  return new AppdeployError('EMULATOR.START', `cannot start the local service: ${error.message}`, {
    hint:
      'Change the option its cause names: `port` (in use: another, or 0 for a free one), `host` (an address ' +
      'of this machine; beyond loopback, `users` of your own, none admin:admin), `tls` (a PEM certificate ' +
      'and its key), `data` (a folder).',
    cause: error,
  });
}
