/**
 * Dates, times and date-times: from text in the platform's formats, and date <-> date-time in a
 * time zone (issue 36, "Conversions").
 *
 * Evidence:
 * - kintone.dev "Field Types" and platform-facts "Records": DATE is `YYYY-MM-DD`, TIME `HH:MM`,
 *   DATETIME a UTC string `YYYY-MM-DDTHH:MM:SSZ` (the sample `2012-01-11T11:30:00Z`).
 * - get.kintone.help "Field Entry Limits" (040528): a date from 1000-01-01 to 9999-12-31, a
 *   date-time from 00:00 UTC on 1000-01-01 to 23:59 UTC on 9999-12-31. Time zones are handled for
 *   date-times between 1970 and 2050 (in the browser: the stored UTC value is not at stake here).
 * - A date-time is kept to the minute (the samples' seconds are `00`; the local service drops
 *   seconds). The documentation does not say what the platform does with seconds, so a text with
 *   seconds other than `00` does not convert rather than lose them.
 */
import { converted, quote, refused, type ConvertContext, type Converted } from './types.js';
import {
  dateText,
  dateTimeText,
  instantOf,
  isCalendarDate,
  isTimeZone,
  wallTimeAt,
  type WallTime,
} from '../time-zone.js';

export const DATE_TYPES = ['DATE', 'TIME', 'DATETIME'] as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::(\d{2}))?$/;
const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d+))?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;

const FIRST = Date.UTC(1000, 0, 1);
const LAST = Date.UTC(9999, 11, 31, 23, 59);

/** The time zone a conversion reads and writes wall times in: `migrate.timeZone`, else the environment's. */
export function zoneOf(ctx: ConvertContext): string {
  return ctx.migrate.timeZone ?? ctx.timeZone;
}

function badZone(ctx: ConvertContext): Converted | undefined {
  return isTimeZone(zoneOf(ctx)) ? undefined : refused(`unknown time zone ${quote(zoneOf(ctx))}`);
}

function dateParts(text: string): WallTime | undefined {
  const m = DATE.exec(text);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isCalendarDate(year, month, day) ? { year, month, day, hour: 0, minute: 0 } : undefined;
}

/** A text as a DATE value: `YYYY-MM-DD`, a day of the calendar from 1000-01-01 to 9999-12-31. */
export function dateInto(text: string): Converted {
  const parts = dateParts(text);
  if (!parts) return refused(`not a date as YYYY-MM-DD: ${quote(text)}`);
  if (parts.year < 1000) return refused('before 1000-01-01');
  return converted(text);
}

/** A text as a TIME value: `HH:MM` (`HH:MM:00` is the same time; other seconds would be lost). */
export function timeInto(text: string): Converted {
  const m = TIME.exec(text);
  if (!m) return refused(`not a time as HH:MM: ${quote(text)}`);
  if (m[3] !== undefined && m[3] !== '00') return refused('has seconds (a time field keeps minutes)');
  return converted(`${m[1]!}:${m[2]!}`);
}

/**
 * A zone's local mean time (before standard time, e.g. New York before 1883: UTC-4:56:02) puts a
 * wall-clock minute between two UTC minutes; the instant is taken up to the next whole minute,
 * so its date in that zone stays the same.
 */
function wholeMinute(ms: number): number {
  return Math.ceil(ms / 60_000) * 60_000;
}

function inRange(ms: number): Converted {
  if (ms < FIRST) return refused('before 1000-01-01 00:00 UTC');
  if (ms > LAST) return refused('after 9999-12-31 23:59 UTC');
  return converted(dateTimeText(ms));
}

/**
 * A text as a DATETIME value: `YYYY-MM-DDTHH:MM` (or a space for `T`), seconds `00` if any, and
 * an offset (`Z`, `+09:00`); without one, the wall time in the conversion's time zone. Written in
 * the platform's UTC form.
 */
export function dateTimeInto(text: string, ctx: ConvertContext): Converted {
  const m = DATETIME.exec(text);
  if (!m) return refused(`not a date and time as YYYY-MM-DDTHH:MM: ${quote(text)}`);
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  if (!isCalendarDate(year!, month!, day!)) return refused(`not a date of the calendar: ${quote(text)}`);
  if (Number(m[6] ?? '0') !== 0 || /[1-9]/.test(m[7] ?? ''))
    return refused('has seconds (a date-time field keeps minutes)');
  const wall = { year: year!, month: month!, day: day!, hour: hour!, minute: minute! };
  const zone = m[8];
  if (zone === undefined) return badZone(ctx) ?? inRange(wholeMinute(instantOf(wall, zoneOf(ctx))));
  const offset =
    zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4)));
  return inRange(instantOf(wall, 'UTC') - offset * 60_000);
}

/** A DATE as the DATETIME of its midnight in the conversion's time zone. */
export function dateToDateTime(value: unknown, ctx: ConvertContext): Converted {
  const parts = typeof value === 'string' ? dateParts(value) : undefined;
  if (!parts) return refused('not a date');
  return badZone(ctx) ?? inRange(wholeMinute(instantOf(parts, zoneOf(ctx))));
}

/** A DATETIME as the DATE it falls on in the conversion's time zone (its time of day is dropped). */
export function dateTimeToDate(value: unknown, ctx: ConvertContext): Converted {
  const m = typeof value === 'string' ? DATETIME.exec(value) : null;
  const ms = m && m[8] !== undefined ? Date.parse(m[0].replace(' ', 'T')) : NaN;
  if (Number.isNaN(ms)) return refused('not a date and time');
  const bad = badZone(ctx);
  if (bad) return bad;
  const date = dateText(wallTimeAt(ms, zoneOf(ctx)));
  return dateInto(date);
}
