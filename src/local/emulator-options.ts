/**
 * The number options of `startEmulator` (appdeploy/emulator), checked before anything starts, by
 * the rules createClient checks its own with (client/option-values.ts, `numberProblem`): a
 * negative, NaN, fractional, infinite or string value is the caller's mistake, said by its name.
 * Unchecked, the service started with them and misbehaved later under another name (a NaN or
 * negative latency answered at once; a fractional port failed as Node's RangeError).
 */
import { numberProblem, type NumberRule } from '../client/option-values.js';
import type { EmulatorOptions } from '../emulator/index.js';
import { AppdeployError } from '../errors.js';

/** The longest a timer waits (Node's setTimeout): the service sleeps `latencyMs` on one. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const MILLISECONDS: NumberRule = { what: 'a number of milliseconds', min: 0, max: MAX_TIMER_MS };
const BYTES: NumberRule = { what: 'a whole number of bytes', whole: true, min: 1 };

type NumberOption =
  | 'port'
  | 'latencyMs'
  | 'deployMs'
  | 'maxBodyBytes'
  | 'maxFileBytes'
  | 'concurrencyLimit'
  | 'compactAtBytes'
  | 'dailyRequestLimit';

const NUMBER_OPTIONS: Readonly<Record<NumberOption, NumberRule>> = {
  port: { what: 'a whole number', whole: true, min: 0, max: 65_535 },
  latencyMs: MILLISECONDS,
  deployMs: MILLISECONDS,
  maxBodyBytes: BYTES,
  maxFileBytes: BYTES,
  concurrencyLimit: { what: 'a whole number', whole: true, min: 1 },
  compactAtBytes: BYTES,
  dailyRequestLimit: { what: 'a whole number', whole: true, min: 0 },
};

/** Refuses (EMULATOR.START, naming the option) the first number option given that does not fit. */
export function checkEmulatorOptions(options: EmulatorOptions): void {
  for (const [name, rule] of Object.entries(NUMBER_OPTIONS) as [NumberOption, NumberRule][]) {
    const value: unknown = options[name];
    // Left out takes the default; `dailyRequestLimit: null` is "no limit".
    if (value === undefined || (value === null && name === 'dailyRequestLimit')) continue;
    const problem = numberProblem(name, value, rule);
    if (problem !== undefined)
      throw new AppdeployError('EMULATOR.START', `cannot start the local service: ${problem}`, {
        hint: `Give \`${name}\` a number in its range (a number, not a string), or leave it out for its default.`,
      });
  }
}
