/**
 * Dates, times and date-times (issue 36, "Conversions"). Expectations from the platform's formats
 * (DATE `YYYY-MM-DD`, TIME `HH:MM`, DATETIME UTC `YYYY-MM-DDTHH:MM:SSZ`, seconds `00`; kintone.dev
 * "Field Types"), its range (1000-01-01 to 9999-12-31, 23:59 UTC for a date-time; get.kintone.help
 * 040528), and the time zones' rules (Asia/Tokyo is UTC+9 all year; New York is UTC-4 in summer
 * and UTC-5 in winter, with 01:30 twice on 2024-11-03; Santiago skips 00:00-01:00 on 2024-09-08).
 */
import { describe, expect, it } from 'vitest';
import { convert, convertsAsWritten, no, ok, type Case, S, M, R, L } from './helpers.js';

const D = 'DATE';
const T = 'TIME';
const DT = 'DATETIME';

const newYork = { migrate: { timeZone: 'America/New_York' } };
const utc = { context: { timeZone: 'UTC' } };

// The environment's time zone is Asia/Tokyo in every case (helpers.ts) unless a case says.
const cases: Case[] = [
  [D, DT, '2024-05-01', ok('2024-04-30T15:00:00Z')],
  [D, DT, '2024-05-01', ok('2024-05-01T00:00:00Z'), utc],
  [D, DT, '2024-07-01', ok('2024-07-01T04:00:00Z'), newYork],
  [D, DT, '2024-01-15', ok('2024-01-15T05:00:00Z'), newYork],
  [D, DT, '2024-09-08', ok('2024-09-08T04:00:00Z'), { migrate: { timeZone: 'America/Santiago' } }],
  [D, DT, '2024-05-01', no('unknown time zone "Mars/Olympus"'), { migrate: { timeZone: 'Mars/Olympus' } }],
  [D, DT, '9999-12-31', ok('9999-12-31T05:00:00Z'), newYork],
  // Midnight of the first day in a zone ahead of UTC is still the year 999 in UTC.
  [D, DT, '1000-01-01', no('before 1000-01-01 00:00 UTC')],
  // New York kept local mean time then (UTC-4:56:02): midnight is taken up to the next whole minute.
  [D, DT, '1000-01-01', ok('1000-01-01T04:57:00Z'), newYork],
  [DT, D, '1000-01-01T04:57:00Z', ok('1000-01-01'), newYork],
  [D, DT, null, ok('')],
  [DT, D, '2024-04-30T15:00:00Z', ok('2024-05-01')],
  [DT, D, '2024-04-30T14:59:00Z', ok('2024-04-30')],
  [DT, D, '2024-04-30T15:00:00Z', ok('2024-04-30'), utc],
  [DT, D, '2024-07-01T03:59:00Z', ok('2024-06-30'), newYork],
  [DT, D, '', ok(null)],
  // Text into a date.
  [S, D, '2024-02-29', ok('2024-02-29')],
  [S, D, '2023-02-29', no('not a date as YYYY-MM-DD: "2023-02-29"')],
  [S, D, '2024/01/01', no('not a date as YYYY-MM-DD: "2024/01/01"')],
  [S, D, '0999-12-31', no('before 1000-01-01')],
  [M, D, '', ok(null)],
  [R, D, '<p>2024-01-01</p>', no('holds markup "<p>"')],
  // Text into a time.
  [S, T, '09:30', ok('09:30')],
  [S, T, '23:59:00', ok('23:59')],
  [L, T, '09:30:15', no('has seconds (a time field keeps minutes)')],
  [S, T, '24:00', no('not a time as HH:MM: "24:00"')],
  [S, T, '9:30', no('not a time as HH:MM: "9:30"')],
  // Text into a date-time: an offset, or else the time zone's wall time.
  [S, DT, '2024-05-01T09:30Z', ok('2024-05-01T09:30:00Z')],
  [S, DT, '2024-05-01T09:30:00+09:00', ok('2024-05-01T00:30:00Z')],
  [S, DT, '2024-05-01T09:30:00.000-05:30', ok('2024-05-01T15:00:00Z')],
  [S, DT, '2024-05-01 09:30', ok('2024-05-01T00:30:00Z')],
  [M, DT, '2024-11-03 01:30', ok('2024-11-03T05:30:00Z'), newYork],
  [S, DT, '2024-05-01T09:30:15Z', no('has seconds (a date-time field keeps minutes)')],
  [S, DT, '2024-02-30T09:30Z', no('not a date of the calendar: "2024-02-30T09:30Z"')],
  [S, DT, 'tomorrow', no('not a date and time as YYYY-MM-DDTHH:MM: "tomorrow"')],
  [S, DT, '1000-01-01T08:59+09:00', no('before 1000-01-01 00:00 UTC')],
  [S, DT, '1000-01-01T00:00Z', ok('1000-01-01T00:00:00Z')],
  [S, DT, '9999-12-31T23:59Z', ok('9999-12-31T23:59:00Z')],
  [S, DT, '', ok('')],
  // Dates, times and date-times into text: as stored.
  [D, S, '2024-05-01', ok('2024-05-01')],
  [T, M, '09:30', ok('09:30')],
  [T, R, '09:30', ok('09:30')],
  [DT, S, '2024-05-01T00:30:00Z', ok('2024-05-01T00:30:00Z')],
  [DT, L, '2024-05-01T00:30:00Z', ok('2024-05-01T00:30:00Z')],
  [D, S, null, ok('')],
  [T, S, null, ok('')],
];

describe('dates, times and date-times', () => {
  convertsAsWritten(cases);

  it('a date to a date-time and back is the same date, in any time zone', () => {
    for (const timeZone of ['Asia/Tokyo', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const context = { context: { timeZone } };
      const moment = convert(D, DT, '2024-03-10', context) as { value: string };
      expect(convert(DT, D, moment.value, context)).toEqual(ok('2024-03-10'));
    }
  });
});
