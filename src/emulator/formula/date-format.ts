// DATE_FORMAT(seconds, "pattern", "time zone"): a point in time written as text, as the platform's
// help describes it. Dates, date-times and times enter formulas as seconds (since 1970-01-01 UTC,
// or since midnight for a time), so the time zone decides which calendar day and hour they show:
// date and time fields hold UTC, hence the help's advice to format them with "Etc/GMT".
import { wallTimeAt } from '../../platform/time-zone.js';
import { FormulaError } from './parse.js';

/**
 * What "system" stands for. On the platform it is the organisation's default time zone; the
 * emulator has no such setting and keeps every time in UTC, so "system" is UTC here.
 */
export const SYSTEM_TIME_ZONE = 'UTC';

/** The range of seconds the help accepts (years 1000 to 9999). */
const EARLIEST = -30_610_224_000;
const LATEST = 253_402_300_799;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The calendar fields of one instant in one time zone, and the zone's offset then. */
interface Local {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly weekday: number;
  readonly offsetMinutes: number;
}

export function dateFormat(seconds: number, pattern: string, timeZone: string): string {
  // The help: the fraction of a second is dropped, and only its range of seconds is accepted.
  const whole = Math.trunc(seconds);
  if (!Number.isFinite(whole) || whole < EARLIEST || whole > LATEST)
    throw new FormulaError(`${seconds} is outside the dates DATE_FORMAT() accepts`);
  const local = localTime(whole * 1000, timeZone === 'system' ? SYSTEM_TIME_ZONE : timeZone);
  return render(pattern, local);
}

function localTime(ms: number, timeZone: string): Local {
  let wall: ReturnType<typeof wallTimeAt>;
  try {
    wall = wallTimeAt(ms, timeZone);
  } catch {
    throw new FormulaError(`"${timeZone}" is not a time zone`);
  }
  const { year, month, day, hour, minute, second } = wall;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    offsetMinutes: Math.round((asUtc - ms) / 60_000),
  };
}

/**
 * The pattern letters of Java's date formats, which the help's patterns use ("YYYY-MM-dd",
 * "HH:mm", "MMMM d, "): a run of one letter is one field, its length choosing the width or the
 * name's length; text in single quotes is kept ('' is a quote). Any other ASCII letter is not a
 * pattern the platform accepts, so the formula has no value. Names are in English.
 */
function render(pattern: string, t: Local): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i] as string;
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end === -1) throw new FormulaError('a quote in the date pattern is not closed');
      out += end === i + 1 ? "'" : pattern.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (!/[A-Za-z]/u.test(c)) {
      out += c;
      i++;
      continue;
    }
    let n = 1;
    while (pattern[i + n] === c) n++;
    out += field(c, n, t);
    i += n;
  }
  return out;
}

function field(letter: string, width: number, t: Local): string {
  const pad = (value: number): string => String(value).padStart(width, '0');
  switch (letter) {
    // The help writes the calendar year as "YYYY"; Java's week-based year differs only around
    // New Year, and the help's examples mean the calendar year.
    case 'Y':
    case 'y':
      return width === 2 ? String(t.year % 100).padStart(2, '0') : pad(t.year);
    case 'M':
      if (width >= 4) return MONTHS[t.month - 1] as string;
      if (width === 3) return (MONTHS[t.month - 1] as string).slice(0, 3);
      return pad(t.month);
    case 'd':
      return pad(t.day);
    case 'H':
      return pad(t.hour);
    case 'h':
      return pad(t.hour % 12 === 0 ? 12 : t.hour % 12);
    case 'm':
      return pad(t.minute);
    case 's':
      return pad(t.second);
    case 'a':
      return t.hour < 12 ? 'AM' : 'PM';
    case 'E':
      return width >= 4 ? (DAYS[t.weekday] as string) : (DAYS[t.weekday] as string).slice(0, 3);
    case 'Z': {
      const abs = Math.abs(t.offsetMinutes);
      const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
      return `${t.offsetMinutes < 0 ? '-' : '+'}${hhmm}`;
    }
    default:
      throw new FormulaError(`"${letter}" is not a date pattern letter`);
  }
}
