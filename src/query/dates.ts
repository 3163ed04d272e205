// Calendar arithmetic for the query: days are whole numbers counted from 1970-01-01 in the
// caller's time zone (an offset in minutes, passed in: this module never reads a clock), and a
// period is a half-open range of days [from, to).
import type { QueryFunction, Weekday } from './ast.js';

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

export interface DayRange {
  readonly from: number;
  readonly to: number;
}

const WEEKDAY_INDEX: Readonly<Record<Weekday, number>> = {
  SUNDAY: 0,
  MONDAY: 1,
  TUESDAY: 2,
  WEDNESDAY: 3,
  THURSDAY: 4,
  FRIDAY: 5,
  SATURDAY: 6,
};

/** The local day that holds the instant `ms`. */
export function localDay(ms: number, offsetMinutes: number): number {
  return Math.floor((ms + offsetMinutes * MINUTE_MS) / DAY_MS);
}

/** The instant a local day starts. */
export function dayStart(day: number, offsetMinutes: number): number {
  return day * DAY_MS - offsetMinutes * MINUTE_MS;
}

/** `YYYY-MM-DD` of a day number. */
export function formatDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DDTHH:MM:SSZ`, the form the service stores date-times in. */
export function formatInstant(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19) + 'Z';
}

function dayOf(year: number, month: number, date: number): number {
  return Date.UTC(year, month, date) / DAY_MS;
}

function daysInMonth(year: number, month: number): number {
  return dayOf(year, month + 1, 1) - dayOf(year, month, 1);
}

function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

/** The day `months` months after `day`, keeping the day of the month where the month has it. */
function addMonths(day: number, months: number): number {
  const d = new Date(day * DAY_MS);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const target = new Date(Date.UTC(year, month, 1));
  const last = daysInMonth(target.getUTCFullYear(), target.getUTCMonth());
  return dayOf(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d.getUTCDate(), last));
}

const SHIFT = { THIS: 0, LAST: -1, NEXT: 1 } as const;

const single = (day: number): DayRange => ({ from: day, to: day + 1 });

/** The day FROM_TODAY(amount, unit) names. */
function fromToday(fn: Extract<QueryFunction, { name: 'FROM_TODAY' }>, today: number): number {
  switch (fn.unit) {
    case 'DAYS':
      return today + fn.amount;
    case 'WEEKS':
      return today + 7 * fn.amount;
    case 'MONTHS':
      return addMonths(today, fn.amount);
    case 'YEARS':
      return addMonths(today, 12 * fn.amount);
    default: {
      const never: never = fn.unit;
      return never;
    }
  }
}

/** THIS_MONTH(), LAST_MONTH(), NEXT_MONTH(): the month, or one day of it. */
function monthDays(
  fn: Extract<QueryFunction, { name: 'THIS_MONTH' | 'LAST_MONTH' | 'NEXT_MONTH' }>,
  today: number,
): DayRange {
  const first = new Date(
    addMonths(today - new Date(today * DAY_MS).getUTCDate() + 1, shiftOf(fn.name)) * DAY_MS,
  );
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth();
  const length = daysInMonth(year, month);
  const start = dayOf(year, month, 1);
  if (fn.day === null) return { from: start, to: start + length };
  // A day the month does not have (31 in April) means its last day.
  return single(start + (fn.day === 'LAST' ? length : Math.min(fn.day, length)) - 1);
}

function shiftOf(name: string): number {
  return SHIFT[name.slice(0, 4) as keyof typeof SHIFT];
}

/**
 * The days a date function stands for, seen from `today`: one day for TODAY() or FROM_TODAY(),
 * Sunday to Saturday for THIS_WEEK() (one day with a weekday argument), the month or one day of it
 * for THIS_MONTH(), the year for THIS_YEAR(). Null for functions that are not about days.
 */
export function functionDays(fn: QueryFunction, today: number): DayRange | null {
  switch (fn.name) {
    case 'TODAY':
      return single(today);
    case 'YESTERDAY':
      return single(today - 1);
    case 'TOMORROW':
      return single(today + 1);
    case 'FROM_TODAY':
      return single(fromToday(fn, today));
    case 'THIS_WEEK':
    case 'LAST_WEEK':
    case 'NEXT_WEEK': {
      const sunday = today - weekdayOf(today) + 7 * shiftOf(fn.name);
      return fn.weekday === null
        ? { from: sunday, to: sunday + 7 }
        : single(sunday + WEEKDAY_INDEX[fn.weekday]);
    }
    case 'THIS_MONTH':
    case 'LAST_MONTH':
    case 'NEXT_MONTH':
      return monthDays(fn, today);
    case 'THIS_YEAR':
    case 'LAST_YEAR':
    case 'NEXT_YEAR': {
      const year = new Date(today * DAY_MS).getUTCFullYear() + shiftOf(fn.name);
      return { from: dayOf(year, 0, 1), to: dayOf(year + 1, 0, 1) };
    }
    case 'NOW':
    case 'LOGINUSER':
    case 'PRIMARY_ORGANIZATION':
      return null;
    default: {
      const never: never = fn;
      return never;
    }
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/u;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/u;

/** The day of a `YYYY-MM-DD` literal, or null when it is not a real date. */
export function parseDate(text: string): number | null {
  const m = DATE.exec(text);
  if (!m) return null;
  return validDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

function validDay(year: number, month: number, date: number): number | null {
  if (month < 1 || month > 12 || date < 1 || date > daysInMonth(year, month - 1)) return null;
  return dayOf(year, month - 1, date);
}

/**
 * The instant of `YYYY-MM-DDTHH:MM[:SS][zone]`; without a zone it is local time. Null when the
 * text is not a date-time.
 */
export function parseDateTime(text: string, offsetMinutes: number): number | null {
  const m = DATETIME.exec(text);
  if (!m) return null;
  const day = validDay(Number(m[1]), Number(m[2]), Number(m[3]));
  const hours = Number(m[4]);
  const minutes = Number(m[5]);
  const seconds = Number(m[6] ?? 0);
  if (day === null || hours > 23 || minutes > 59 || seconds > 59) return null;
  const zone = m[7];
  let zoneMinutes = offsetMinutes;
  if (zone === 'Z') zoneMinutes = 0;
  else if (zone !== undefined) {
    const digits = zone.replace(':', '');
    zoneMinutes =
      (digits.startsWith('-') ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
  }
  return day * DAY_MS + ((hours * 60 + minutes - zoneMinutes) * 60 + seconds) * 1000;
}

/** Minutes after midnight of `HH:MM[:SS]`, or null. */
export function parseTime(text: string): number | null {
  const m = TIME.exec(text);
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 23 || minutes > 59 || Number(m[3] ?? 0) > 59) return null;
  return hours * 60 + minutes;
}

/** `HH:MM` of minutes after midnight. */
export function formatTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
