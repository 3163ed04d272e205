import { attachFileKey, attachmentView } from '../model/files.js';
import { findUser } from '../directory/users.js';
import { findUnit, unknownUnit } from '../directory/units.js';
import type { Problems } from '../errors.js';
import type { EmulatorContext } from '../context.js';
import type { Json, JsonObject } from '../model/app.js';
import { typeOf } from './model.js';

/** What checking one value needs: where to report problems, and the service for users and files. */
export interface ValueEnv {
  readonly ctx: EmulatorContext;
  readonly problems: Problems;
  /** The app whose record is written: its FILE values are attached to that app's records. */
  readonly appId: string;
}

/** Marks a value that failed its check (the problem is already reported). */
export const INVALID = Symbol('invalid value');
type Checked = Json | typeof INVALID;

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** What a field type's check is handed: the field's settings, where to report, and the service. */
interface Check {
  readonly type: string;
  readonly field: JsonObject;
  readonly path: string;
  readonly env: ValueEnv;
  /** Reports `message` at the value's path and returns INVALID. */
  readonly fail: (message: string) => Checked;
}

type Checker = (given: unknown, check: Check) => Checked;

const isBlank = (given: unknown): boolean => given === null || given === undefined || given === '';

const checkText: Checker = (given, { field, fail }) => {
  const text = scalarText(given);
  if (text === undefined) return fail('Enter a string.');
  return checkLength(field, text, fail);
};

const checkNumber: Checker = (given, { field, fail }) => {
  const text = parseNumber(given);
  if (text === undefined) return fail('Only numbers are allowed.');
  if (text === '') return '';
  return checkRange(field, text, fail);
};

const checkOneOption: Checker = (given, { type, field, fail }) => {
  if (isBlank(given)) return type === 'DROP_DOWN' ? null : '';
  if (typeof given !== 'string') return fail('Enter one of the field options as a string.');
  return isOption(field, given) ? given : fail(`"${given}" is not an option. ${optionList(field)}`);
};

const checkOptions: Checker = (given, { field, path, env, fail }) => {
  if (given === null || given === undefined) return [];
  if (!Array.isArray(given) || !given.every((v) => typeof v === 'string'))
    return fail('Enter an array of option names.');
  // Each bad item is reported at its own index, `<code>.values[<i>].value`, as the platform does.
  const base = path.replace(/\.value$/, '');
  given.forEach((v, i) => {
    if (!isOption(field, v))
      env.problems.add(`${base}.values[${i}].value`, `"${v}" is not an option. ${optionList(field)}`);
  });
  return given.every((v) => isOption(field, v)) ? [...new Set(given)] : INVALID;
};

const checkTime: Checker = (given, { fail }) => {
  if (isBlank(given)) return null;
  const match = typeof given === 'string' ? TIME.exec(given) : null;
  return match ? `${match[1]!}:${match[2]!}` : fail('Enter a time as HH:MM.');
};

const checkDateTime: Checker = (given, { fail }) => {
  if (isBlank(given)) return '';
  if (typeof given !== 'string' || !DATETIME.test(given) || Number.isNaN(Date.parse(given)))
    return fail('Enter a date and time in ISO 8601 with a time zone, e.g. 2024-05-01T09:30:00Z.');
  // The platform keeps minutes: seconds and fractions are dropped.
  return new Date(Date.parse(given)).toISOString().slice(0, 16) + ':00Z';
};

/** The writable field types and how each checks its value; any other type cannot be written. */
const CHECKS: Readonly<Record<string, Checker>> = {
  SINGLE_LINE_TEXT: checkText,
  LINK: checkText,
  MULTI_LINE_TEXT: checkText,
  RICH_TEXT: checkText,
  NUMBER: checkNumber,
  RADIO_BUTTON: checkOneOption,
  DROP_DOWN: checkOneOption,
  CHECK_BOX: checkOptions,
  MULTI_SELECT: checkOptions,
  DATE: (given, { fail }) => checkDate(given, fail),
  TIME: checkTime,
  DATETIME: checkDateTime,
  USER_SELECT: checkEntities,
  ORGANIZATION_SELECT: checkEntities,
  GROUP_SELECT: checkEntities,
  FILE: checkFiles,
};

/**
 * Checks the value written to one non-table field and returns it in the shape GET returns
 * (platform-facts' value shapes), or INVALID after reporting why at `path`. Empty values are
 * accepted here; `required` is checked by the caller once defaults are applied.
 */
export function checkValue(field: JsonObject, given: unknown, path: string, env: ValueEnv): Checked {
  const type = typeOf(field);
  const fail = (message: string): Checked => {
    env.problems.add(path, message);
    return INVALID;
  };
  const checker = Object.hasOwn(CHECKS, type) ? CHECKS[type] : undefined;
  if (!checker) return fail(`Fields of type ${type} cannot be written.`);
  return checker(given, { type, field, path, env, fail });
}

/**
 * A number as the platform stores it: trimmed, and in plain decimal notation when written with an
 * exponent or a plus sign (`"1.5e1"` -> `"15"`, `" 42 "` -> `"42"`); other spellings such as
 * `"12.50"` are kept as given. `''` for no value; undefined when the value does not parse
 * (`"abc"`, `"12abc"`, `"1,000"`).
 */
export function parseNumber(given: unknown): string | undefined {
  const text = scalarText(given)?.trim();
  if (text === undefined || text === '') return text;
  if (!NUMBER.test(text)) return undefined;
  if (!/[eE+]/.test(text)) return text;
  return Number(text).toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

function scalarText(given: unknown): string | undefined {
  if (given === null || given === undefined) return '';
  if (typeof given === 'string') return given;
  if (typeof given === 'number' && Number.isFinite(given)) return String(given);
  return undefined;
}

function limit(field: JsonObject, name: string): number | undefined {
  const raw = field[name];
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** platform-facts-verified: `minLength` is checked on `""` too; `maxLength` cannot refuse it. */
function checkLength(field: JsonObject, text: string, fail: (m: string) => Checked): Checked {
  const length = [...text].length;
  const min = limit(field, 'minLength');
  const max = limit(field, 'maxLength');
  if (min !== undefined && length < min) return fail(`Enter at least ${min} characters (got ${length}).`);
  if (max !== undefined && length > max) return fail(`Enter ${max} characters or fewer (got ${length}).`);
  return text;
}

function checkRange(field: JsonObject, text: string, fail: (m: string) => Checked): Checked {
  const n = Number(text);
  const min = limit(field, 'minValue');
  const max = limit(field, 'maxValue');
  if (min !== undefined && n < min) return fail(`The value must be ${min} or more.`);
  if (max !== undefined && n > max) return fail(`The value must be ${max} or less.`);
  return text;
}

function options(field: JsonObject): string[] {
  const map = field.options;
  return map && typeof map === 'object' && !Array.isArray(map) ? Object.keys(map) : [];
}

function isOption(field: JsonObject, value: string): boolean {
  return options(field).includes(value);
}

function optionList(field: JsonObject): string {
  const names = options(field);
  return names.length === 0
    ? 'The field has no options.'
    : `Options: ${names.map((n) => `"${n}"`).join(', ')}.`;
}

function checkDate(given: unknown, fail: (m: string) => Checked): Checked {
  if (isBlank(given)) return null;
  const match = typeof given === 'string' ? DATE.exec(given) : null;
  if (match) {
    const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    if (date.toISOString().slice(0, 10) === given) return given;
  }
  return fail('Enter a date as YYYY-MM-DD.');
}

/**
 * A list of references by one string key (users, organizations and groups by `code`, files by
 * `fileKey`): a missing key, or one `resolve` answers with a message, is reported at the item's own
 * index, and every item is still looked at. `resolve` returns null for an item to leave out.
 */
function checkReferences(
  given: unknown,
  { path, env, fail }: Check,
  key: 'code' | 'fileKey',
  messages: { notArray: string; noKey: string },
  resolve: (value: string, at: string) => JsonObject | string | null,
): Checked {
  if (given === null || given === undefined) return [];
  if (!Array.isArray(given)) return fail(messages.notArray);
  const result: JsonObject[] = [];
  let ok = true;
  given.forEach((item: unknown, i) => {
    const at = `${path}[${i}].${key}`;
    const value = (item as Record<string, unknown> | null)?.[key];
    const found = typeof value === 'string' && value !== '' ? resolve(value, at) : messages.noKey;
    if (typeof found === 'string') {
      env.problems.add(at, found);
      ok = false;
    } else if (found !== null) result.push(found);
  });
  return ok ? result : INVALID;
}

function checkEntities(given: unknown, check: Check): Checked {
  const { type, env } = check;
  const seen = new Set<string>();
  const messages = {
    notArray: 'Enter an array of {code} objects.',
    noKey: 'Enter the code of a user, group or organization.',
  };
  return checkReferences(given, check, 'code', messages, (code) => {
    if (seen.has(code)) return null;
    seen.add(code);
    // Users by login; groups and organizations from the emulator's directory (directory/units.ts).
    const kind = type === 'GROUP_SELECT' ? 'GROUP' : 'ORGANIZATION';
    const found = type === 'USER_SELECT' ? findUser(env.ctx, code) : findUnit(env.ctx, kind, code);
    if (found) return { code: found.code, name: found.name };
    return type === 'USER_SELECT'
      ? `No user has the login name "${code}".`
      : unknownUnit(env.ctx, kind, code);
  });
}

function checkFiles(given: unknown, check: Check): Checked {
  const { env } = check;
  const owner = { kind: 'record', app: env.appId } as const;
  const messages = {
    notArray: 'Enter an array of {fileKey} objects.',
    noKey: 'Enter the key returned by POST /k/v1/file.json.',
  };
  return checkReferences(given, check, 'fileKey', messages, (key, at) => ({
    ...attachmentView(attachFileKey(env.ctx, key, at, owner)),
  }));
}
