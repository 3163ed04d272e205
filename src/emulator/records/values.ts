import { textLength } from '../../platform/index.js';
import { attachFileKey, attachmentView } from '../model/files.js';
import { findUser } from '../directory/users.js';
import { findUnit, unknownUnit } from '../directory/units.js';
import type { Problems } from '../errors.js';
import type { EmulatorContext } from '../context.js';
import type { Json, JsonObject } from '../model/app.js';
import { typeOf } from './model.js';
import { isCalendarDateTime } from '../../platform/record-values.js';
import type { NumberPrecision } from '../../platform/conversions/types.js';
import { keptToPrecision } from './number-precision.js';
import { textLengths } from '../../platform/conversions/text.js';

/** What checking one value needs: where to report problems, and the service for users and files. */
export interface ValueEnv {
  readonly ctx: EmulatorContext;
  readonly problems: Problems;
  /** The app's numberPrecision (live general settings); a new app's when absent. */
  readonly numberPrecision?: NumberPrecision | undefined;
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
/** A number written with an exponent or a plus sign, which is stored rewritten (parseNumber). */
const NOT_PLAIN = /[eE+]/;

/** A field's place in a request: its value's path is `<prefix>.<code>.value`. */
export interface FieldPlace {
  readonly prefix: string;
  readonly code: string;
}

/** Where a value sits in the request: its path, or the field's place that spells it. */
export type ValuePlace = string | FieldPlace;

/** The path a value's problems are reported under. */
export function valuePath(place: ValuePlace): string {
  return typeof place === 'string' ? place : `${place.prefix}.${place.code}.value`;
}

/**
 * What a field type's check is handed: the field's settings, where the value sits, and the
 * service. The value's path is spelt out only when a problem is reported (`fail`): a write of
 * 100 records built a path string and a closure for every field of every record.
 */
interface Check {
  readonly type: string;
  readonly field: JsonObject;
  readonly place: ValuePlace;
  readonly env: ValueEnv;
}

/** Reports `message` at the value's path and returns INVALID. */
function fail(check: Check, message: string): Checked {
  check.env.problems.add(valuePath(check.place), message);
  return INVALID;
}

type Checker = (given: unknown, check: Check) => Checked;

const isBlank = (given: unknown): boolean => given === null || given === undefined || given === '';

const checkText: Checker = (given, check) => {
  const text = scalarText(given);
  if (text === undefined) return fail(check, 'Enter a string.');
  return checkLength(check, text);
};

const checkNumber: Checker = (given, check) => {
  const text = parseNumber(given);
  if (text === undefined) return fail(check, 'Only numbers are allowed.');
  if (text === '') return '';
  const kept = keptToPrecision(text, check.env.numberPrecision);
  if (!kept.ok) return fail(check, kept.reason);
  return checkRange(check, kept.text);
};

const checkOneOption: Checker = (given, check) => {
  const { type, field } = check;
  if (isBlank(given)) return type === 'DROP_DOWN' ? null : '';
  if (typeof given !== 'string') return fail(check, 'Enter one of the field options as a string.');
  return isOption(field, given) ? given : fail(check, `"${given}" is not an option. ${optionList(field)}`);
};

const checkOptions: Checker = (given, check) => {
  const { field, place, env } = check;
  if (given === null || given === undefined) return [];
  if (!Array.isArray(given) || !given.every((v) => typeof v === 'string'))
    return fail(check, 'Enter an array of option names.');
  // Each bad item is reported at its own index, `<code>.values[<i>].value`, as the platform does.
  given.forEach((v, i) => {
    if (!isOption(field, v)) {
      const base = valuePath(place).replace(/\.value$/, '');
      env.problems.add(`${base}.values[${i}].value`, `"${v}" is not an option. ${optionList(field)}`);
    }
  });
  return given.every((v) => isOption(field, v)) ? [...new Set(given)] : INVALID;
};

const checkTime: Checker = (given, check) => {
  if (isBlank(given)) return null;
  const match = typeof given === 'string' ? TIME.exec(given) : null;
  return match ? `${match[1]!}:${match[2]!}` : fail(check, 'Enter a time as HH:MM.');
};

const checkDateTime: Checker = (given, check) => {
  if (isBlank(given)) return '';
  // A day the month lacks, or 24:00, is refused: Date.parse would roll it over to another day.
  if (typeof given !== 'string' || !DATETIME.test(given) || !isCalendarDateTime(given))
    return fail(check, 'Enter a date and time in ISO 8601 with a time zone, e.g. 2024-05-01T09:30:00Z.');
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
  DATE: checkDate,
  TIME: checkTime,
  DATETIME: checkDateTime,
  USER_SELECT: checkEntities,
  ORGANIZATION_SELECT: checkEntities,
  GROUP_SELECT: checkEntities,
  FILE: checkFiles,
};

/**
 * Checks the value written to one non-table field and returns it in the shape GET returns
 * (platform-facts' value shapes), or INVALID after reporting why at its path (`valuePath`).
 * Empty values are accepted here; `required` is checked by the caller once defaults are applied.
 */
export function checkValue(field: JsonObject, given: unknown, place: ValuePlace, env: ValueEnv): Checked {
  const type = typeOf(field);
  const check: Check = { type, field, place, env };
  const checker = Object.hasOwn(CHECKS, type) ? CHECKS[type] : undefined;
  if (!checker) return fail(check, `Fields of type ${type} cannot be written.`);
  return checker(given, check);
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
  if (!NOT_PLAIN.test(text)) return text;
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

/**
 * What `text` breaks of the field's `minLength` and `maxLength`, in words (`Enter at least 3
 * characters (got 2).`), or undefined. platform-facts-verified: `minLength` is checked on `""`
 * too; `maxLength` cannot refuse it. A record write is refused for it, and a deploy that
 * tightens a length over a record breaking it fails (model/publish.ts). A unique field holds 64
 * characters at most (get.kintone.help 040528): the limits are platform/conversions/text.ts's
 * textLengths, which validate and a migration's conversion use.
 */
export function lengthBroken(field: JsonObject, text: string): string | undefined {
  const { min, max } = textLengths(field);
  if (min === undefined && max === undefined) return undefined;
  const length = textLength(text);
  if (min !== undefined && length < min) return `Enter at least ${min} characters (got ${length}).`;
  if (max !== undefined && length > max) return `Enter ${max} characters or fewer (got ${length}).`;
  return undefined;
}

function checkLength(check: Check, text: string): Checked {
  const broken = lengthBroken(check.field, text);
  return broken === undefined ? text : fail(check, broken);
}

function checkRange(check: Check, text: string): Checked {
  const n = Number(text);
  const min = limit(check.field, 'minValue');
  const max = limit(check.field, 'maxValue');
  if (min !== undefined && n < min) return fail(check, `The value must be ${min} or more.`);
  if (max !== undefined && n > max) return fail(check, `The value must be ${max} or less.`);
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

function checkDate(given: unknown, check: Check): Checked {
  if (isBlank(given)) return null;
  const match = typeof given === 'string' ? DATE.exec(given) : null;
  if (match && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) return match[0];
  return fail(check, 'Enter a date as YYYY-MM-DD.');
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether the date is one the service takes: what a round trip through `Date.UTC` and
 * `toISOString` said, without making a Date and its text for every value. That round trip reads
 * years 0-99 as 1900-1999, so it never gave back a date before the year 100: those stay refused.
 */
function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number));
}

/**
 * A list of references by one string key (users, organizations and groups by `code`, files by
 * `fileKey`): a missing key, or one `resolve` answers with a message, is reported at the item's own
 * index, and every item is still looked at. `resolve` returns null for an item to leave out.
 */
function checkReferences(
  given: unknown,
  check: Check,
  key: 'code' | 'fileKey',
  messages: { notArray: string; noKey: string },
  resolve: (value: string, at: () => string) => JsonObject | string | null,
): Checked {
  if (given === null || given === undefined) return [];
  if (!Array.isArray(given)) return fail(check, messages.notArray);
  const result: JsonObject[] = [];
  let ok = true;
  given.forEach((item: unknown, i) => {
    const at = () => `${valuePath(check.place)}[${i}].${key}`;
    const value = (item as Record<string, unknown> | null)?.[key];
    const found = typeof value === 'string' && value !== '' ? resolve(value, at) : messages.noKey;
    if (typeof found === 'string') {
      check.env.problems.add(at(), found);
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
    if (found) {
      // Built, not a literal: see fieldValue (model.ts).
      const entity = {} as { code: string; name: string };
      entity.code = found.code;
      entity.name = found.name;
      return entity;
    }
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
    ...attachmentView(attachFileKey(env.ctx, key, at(), owner)),
  }));
}
