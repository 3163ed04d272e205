/**
 * Wall-clock time in an IANA time zone and the instant it names, with Intl.DateTimeFormat alone
 * (no date library: Node's default build has full ICU and its time zones). The conversions of
 * dates and date-times (conversions/date.ts) and the local service's DATE_FORMAT() read it.
 */

export interface WallTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Throws RangeError for a name Intl does not know. */
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether Intl knows the time zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall time in `timeZone` at the instant `ms` (milliseconds since the epoch, UTC). */
export function wallTimeAt(ms: number, timeZone: string): WallTime & { second: number } {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

function utcOf(t: WallTime & { second?: number }): number {
  const d = new Date(Date.UTC(2000, t.month - 1, t.day, t.hour, t.minute, t.second ?? 0));
  d.setUTCFullYear(t.year);
  return d.getTime();
}

/** How far `timeZone` is ahead of UTC at the instant `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  return utcOf(wallTimeAt(ms, timeZone)) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a wall time names in `timeZone`. Where the wall time is named twice (clocks set
 * back) the earlier instant; where it does not exist (clocks set forward over it, e.g. midnight
 * in America/Santiago on the day summer time starts) the first instant after the gap.
 */
export function instantOf(wall: WallTime, timeZone: string): number {
  const guess = utcOf(wall);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  const candidates = [...new Set([first, second])].sort((a, b) => a - b);
  const exact = candidates.find((c) => utcOf(wallTimeAt(c, timeZone)) === guess);
  return exact ?? candidates[candidates.length - 1]!;
}

/** `YYYY-MM-DD` of a wall time. */
export function dateText(t: WallTime): string {
  return `${String(t.year).padStart(4, '0')}-${two(t.month)}-${two(t.day)}`;
}

export function two(n: number): string {
  return String(n).padStart(2, '0');
}

/** The platform's form of a date-time value: UTC, to the minute, `YYYY-MM-DDTHH:mm:00Z`. */
export function dateTimeText(ms: number): string {
  const t = wallTimeAt(ms, 'UTC');
  return `${dateText(t)}T${two(t.hour)}:${two(t.minute)}:00Z`;
}

/** Whether year/month/day name a day of the calendar (2023-02-29 does not). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}
