// Date and user functions relative to a fixed clock: Wednesday 2024-05-15 10:30 UTC.
import { describe, expect, it } from 'vitest';
import { CONTEXT, matches } from './helpers.js';

type Case = [query: string, inside: string, outside: string];

// For each function: a DATE value it matches with "=" and one it does not.
const dateCases: Case[] = [
  ['f = TODAY()', '2024-05-15', '2024-05-14'],
  ['f = YESTERDAY()', '2024-05-14', '2024-05-15'],
  ['f = TOMORROW()', '2024-05-16', '2024-05-15'],
  ['f = FROM_TODAY(3, DAYS)', '2024-05-18', '2024-05-17'],
  ['f = FROM_TODAY(-1, DAYS)', '2024-05-14', '2024-05-16'],
  ['f = FROM_TODAY(2, WEEKS)', '2024-05-29', '2024-05-28'],
  ['f = FROM_TODAY(-1, MONTHS)', '2024-04-15', '2024-05-15'],
  ['f = FROM_TODAY(1, YEARS)', '2025-05-15', '2024-05-15'],
  ['f = THIS_WEEK()', '2024-05-12', '2024-05-11'],
  ['f = THIS_WEEK()', '2024-05-18', '2024-05-19'],
  ['f = THIS_WEEK(MONDAY)', '2024-05-13', '2024-05-14'],
  ['f = LAST_WEEK()', '2024-05-05', '2024-05-12'],
  ['f = LAST_WEEK(SATURDAY)', '2024-05-11', '2024-05-04'],
  ['f = NEXT_WEEK()', '2024-05-25', '2024-05-26'],
  ['f = NEXT_WEEK(SUNDAY)', '2024-05-19', '2024-05-20'],
  ['f = THIS_MONTH()', '2024-05-01', '2024-06-01'],
  ['f = THIS_MONTH()', '2024-05-31', '2024-04-30'],
  ['f = THIS_MONTH(15)', '2024-05-15', '2024-05-16'],
  ['f = THIS_MONTH(LAST)', '2024-05-31', '2024-05-30'],
  ['f = LAST_MONTH()', '2024-04-30', '2024-05-01'],
  ['f = LAST_MONTH(31)', '2024-04-30', '2024-04-29'],
  ['f = NEXT_MONTH(1)', '2024-06-01', '2024-06-02'],
  ['f = NEXT_MONTH(LAST)', '2024-06-30', '2024-06-29'],
  ['f = THIS_YEAR()', '2024-12-31', '2025-01-01'],
  ['f = LAST_YEAR()', '2023-01-01', '2024-01-01'],
  ['f = NEXT_YEAR()', '2025-06-01', '2024-06-01'],
  // A period compares by its start and end.
  ['f < THIS_MONTH()', '2024-04-30', '2024-05-01'],
  ['f <= THIS_MONTH()', '2024-05-31', '2024-06-01'],
  ['f > THIS_MONTH()', '2024-06-01', '2024-05-31'],
  ['f >= THIS_MONTH()', '2024-05-01', '2024-04-30'],
  ['f != THIS_MONTH()', '2024-06-01', '2024-05-20'],
  ['f > THIS_WEEK()', '2024-05-19', '2024-05-18'],
  ['f < THIS_YEAR()', '2023-12-31', '2024-01-01'],
];

/** Whether `query` matches `inside` and `outside`: [true, false] is what every case expects. */
function split(type: string, query: string, inside: string, outside: string, context = CONTEXT): boolean[] {
  return [matches(type, query, inside, context), matches(type, query, outside, context)];
}

describe('date functions on a DATE field', () => {
  it.each(dateCases)('%s matches %s, not %s', (query, inside, outside) => {
    expect(split('DATE', query, inside, outside)).toEqual([true, false]);
  });

  it('month arithmetic clamps to the end of a shorter month', () => {
    const context = { ...CONTEXT, now: new Date('2024-03-31T12:00:00Z') };
    expect(matches('DATE', 'f = FROM_TODAY(-1, MONTHS)', '2024-02-29', context)).toBe(true);
    expect(matches('DATE', 'f = LAST_MONTH()', '2024-02-01', context)).toBe(true);
    expect(matches('DATE', 'f = NEXT_MONTH(31)', '2024-04-30', context)).toBe(true);
  });
});

describe('date functions on date-times, with a time zone', () => {
  const tokyo = { ...CONTEXT, timezoneOffsetMinutes: 540 }; // 19:30 on 2024-05-15 in Tokyo

  it.each([
    ['f = TODAY()', '2024-05-14T15:00:00Z', '2024-05-14T14:59:00Z'],
    ['f = TODAY()', '2024-05-15T14:59:00Z', '2024-05-15T15:00:00Z'],
    ['f = TOMORROW()', '2024-05-15T15:00:00Z', '2024-05-15T14:59:00Z'],
    ['f = THIS_MONTH()', '2024-04-30T15:00:00Z', '2024-04-30T14:59:00Z'],
    ['f = "2024-05-15"', '2024-05-14T15:00:00Z', '2024-05-15T15:00:00Z'],
    ['f = "2024-05-15T19:30"', '2024-05-15T10:30:00Z', '2024-05-15T19:30:00Z'],
    ['f = NOW()', '2024-05-15T10:30:00Z', '2024-05-15T10:29:00Z'],
  ])('%s matches %s, not %s', (query, inside, outside) => {
    expect(split('DATETIME', query, inside, outside, tokyo)).toEqual([true, false]);
  });

  it('TODAY() follows the zone: the same instant is a different day', () => {
    const value = '2024-05-15T16:00:00Z'; // 2024-05-16 01:00 in Tokyo
    expect([
      matches('DATETIME', 'f = TODAY()', value),
      matches('DATETIME', 'f = TOMORROW()', value, tokyo),
    ]).toEqual([true, true]);
  });
});

describe('user functions', () => {
  it('LOGINUSER() is the calling user', () => {
    const value = { code: 'bob', name: 'Bob' };
    expect(matches('CREATOR', 'f in (LOGINUSER())', value)).toBe(false);
    expect(matches('CREATOR', 'f in (LOGINUSER())', value, { ...CONTEXT, user: 'bob' })).toBe(true);
  });

  it('PRIMARY_ORGANIZATION() matches nothing for a user without one', () => {
    const value = [{ code: 'sales', name: 'Sales' }];
    expect(matches('ORGANIZATION_SELECT', 'f in (PRIMARY_ORGANIZATION())', value)).toBe(true);
    expect(
      matches('ORGANIZATION_SELECT', 'f in (PRIMARY_ORGANIZATION())', value, {
        ...CONTEXT,
        primaryOrganization: null,
      }),
    ).toBe(false);
  });
});
