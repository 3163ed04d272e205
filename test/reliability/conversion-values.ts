/**
 * The values the conversions oracle test writes: a seeded generator per source type, edge cases
 * drawn often (numbers with many digits, exponents, signs, spaces, full-width digits; text with
 * line breaks, tabs, markup, references, surrogate pairs; dates and date-times across DST changes,
 * leap days and year boundaries; options holding spaces, commas and the join separator; users,
 * organizations and groups that exist in the target's kind or not).
 */

import { seededRandom } from '../support/seeded-random.js';
import { LOST, textAsNumber, type OracleContext } from './conversion-oracle.js';

const NO_LIMITS: OracleContext = {
  to: {},
  timeZone: 'UTC',
  directory: { USER: [], ORGANIZATION: [], GROUP: [] },
};

/** mulberry32: a small seeded PRNG, so a failure replays. */
export function seeded(seed: number) {
  const next = seededRandom(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Rng = ReturnType<typeof seeded>;

export const SOURCE_OPTIONS = ['A', 'B', 'C', 'a b', 'x, y', 'x', 'y', 'p | q', 'p', 'q'];
/** The targets lack C and y: a choice of them does not convert. */
export const TARGET_OPTIONS = ['A', 'B', 'a b', 'x, y', 'x', 'p | q', 'p', 'q'];

const digits = (r: Rng, n: number) => Array.from({ length: n }, () => r.int(10)).join('');

function numberText(r: Rng): string {
  if (r.chance(0.08))
    return r.pick(['-0', '+0', '0', '1,000', '1 000', '１２', '12abc', '- 1', '1e', 'e5', '--1']);
  const sign = r.pick(['', '', '-', '+']);
  const intLength = r.pick([1, 1, 2, 3, 4, 5, 11, 12, 13, 16, 20]);
  let int = digits(r, intLength).replace(/^0+(?=\d)/, '') || '0';
  if (intLength <= 3 && r.chance(0.2)) int = '00' + int;
  let frac = '';
  if (r.chance(0.4)) {
    frac = digits(r, r.pick([1, 2, 4, 5, 6]));
    if (frac.length > 4) frac = frac.slice(0, -1) + String(1 + r.int(9));
  }
  const exp = r.chance(0.2) ? `${r.pick(['e', 'E'])}${r.pick(['', '+', '-'])}${r.int(16)}` : '';
  const pad = r.chance(0.15) ? ' '.repeat(1 + r.int(2)) : '';
  return `${pad}${sign}${int}${frac ? '.' + frac : ''}${exp}${pad}`;
}

const DATES = [
  '1000-01-01',
  '9999-12-31',
  '2024-02-29',
  '2023-02-29',
  '2000-02-29',
  '1900-02-29',
  '1999-12-31',
  '2000-01-01',
  '2024-03-10',
  '2024-11-03',
  '2024-03-31',
  '2024-10-27',
  '2024-04-07',
  '2024-10-06',
  '2024-12-31',
];

function dateText(r: Rng): string {
  if (r.chance(0.6)) return r.pick(DATES);
  if (r.chance(0.2))
    return r.pick([
      '2024/05/01',
      '2024-5-1',
      '0999-12-31',
      '2024-13-01',
      '2024-04-31',
      '20240501',
      ' 2024-05-01',
    ]);
  return `${1900 + r.int(200)}-${String(1 + r.int(12)).padStart(2, '0')}-${String(1 + r.int(28)).padStart(2, '0')}`;
}

function timeText(r: Rng): string {
  if (r.chance(0.3))
    return r.pick(['24:00', '9:30', '23:60', '12:00:30', '12:00:00', '00:00', '23:59', '12:00:00.000']);
  return `${String(r.int(24)).padStart(2, '0')}:${String(r.int(60)).padStart(2, '0')}`;
}

function dateTimeText(r: Rng): string {
  const hour = r.pick([0, 1, 2, 3, 12, 23, r.int(24)]);
  const minute = r.pick([0, 15, 29, 30, 45, 59]);
  const seconds = r.pick(['', '', ':00', ':30']);
  const offset = r.pick(['', '', 'Z', '+09:00', '-05:30', '+14:00', '-12:00', '+05:45', '+24:00']);
  return `${r.pick(DATES)}${r.pick(['T', 'T', ' '])}${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}${seconds}${offset}`;
}

function optionText(r: Rng, join: string): string {
  const n = 1 + r.int(3);
  const names = Array.from({ length: n }, () => r.pick([...SOURCE_OPTIONS, 'z', ' A', 'A ']));
  return [...new Set(names)].join(r.chance(0.7) ? join : r.pick([', ', ' | ', ',']));
}

const CHARS = ['a', 'b', ' ', ' ', '\t', '<', '>', '&', 'é', '😀', '漢', '１', '"', "'", '/', ';'];

function freeText(r: Rng, lines: boolean): string {
  const length = r.pick([0, 1, 19, 20, 21, 63, 64, 65, r.int(30)]);
  const chars = lines ? [...CHARS, '\n', '\r\n'] : CHARS;
  return Array.from({ length }, () => r.pick(chars)).join('');
}

const RICH_BITS = [
  '<br>',
  '<br/>',
  '<BR />',
  '&amp;',
  '&lt;',
  '&gt;',
  '&quot;',
  '&#169;',
  '&#x1F600;',
  '&nbsp;',
  '&copy;',
  '<b>x</b>',
  '<div>y</div>',
  '&',
  ' & ',
  'a < b',
  'text',
  '漢字',
  '😀',
];

/** A text value of a text type: one-line types never hold a line break (what the platform does with one is not documented). */
export function textValue(r: Rng, type: string, join: string): string {
  if (type === 'RICH_TEXT' && r.chance(0.35))
    return Array.from({ length: 1 + r.int(4) }, () => r.pick(RICH_BITS)).join('');
  const lines = type === 'MULTI_LINE_TEXT' || type === 'RICH_TEXT';
  const kind = r.int(7);
  const text = [
    () => numberText(r),
    () => dateText(r),
    () => timeText(r),
    () => dateTimeText(r),
    () => optionText(r, join),
    () => freeText(r, lines),
    () => '',
  ][kind]!();
  // Rich text holds markup: plain text with `<` or `&` in it reads as the markup it is.
  return text;
}

/** Every instant between 1999 and 2026 at a whole minute, near a DST change now and then. */
function instant(r: Rng): number {
  if (r.chance(0.1))
    return r.pick([Date.UTC(1000, 0, 1), Date.UTC(9999, 11, 31, 23, 59), Date.UTC(1000, 0, 1, 12)]);
  const changes = [
    Date.UTC(2024, 2, 10, 7),
    Date.UTC(2024, 10, 3, 6),
    Date.UTC(2024, 2, 31, 1),
    Date.UTC(2024, 3, 6, 15),
    Date.UTC(2024, 9, 5, 15),
    Date.UTC(2000, 0, 1),
    Date.UTC(2024, 1, 29),
  ];
  if (r.chance(0.6)) return r.pick(changes) + (r.int(24 * 60) - 12 * 60) * 60_000;
  return Date.UTC(1999 + r.int(28), r.int(12), 1 + r.int(28), r.int(24), r.int(60));
}

const stored = (ms: number) => new Date(ms).toISOString().replace(/:\d\d\.\d{3}Z$/, ':00Z');

export const DIRECTORY = {
  USER: ['admin', 'alice', 'sales', 'dev'],
  ORGANIZATION: ['sales', 'hq', 'dev'],
  GROUP: ['sales', 'admins', 'hq'],
};

/** The local service's starting directory holding DIRECTORY (the administrator signs in as admin). */
export const DIRECTORY_SERVICE = {
  users: DIRECTORY.USER.map((login) => ({
    login,
    password: login === 'admin' ? 'admin' : `${login}-pw`,
    admin: login === 'admin',
  })),
  organizations: DIRECTORY.ORGANIZATION.map((code) => ({ code, name: code, users: [] })),
  groups: DIRECTORY.GROUP.map((code) => ({ code, name: code, users: [] })),
};

function some<T>(r: Rng, xs: readonly T[]): T[] {
  const shuffled = [...xs].sort(() => r.next() - 0.5);
  return shuffled.slice(0, r.int(xs.length + 1));
}

/** A value the source field of `type` holds, as the record API writes it. */
export function sourceValue(r: Rng, type: string, join: string): unknown {
  switch (type) {
    case 'SINGLE_LINE_TEXT':
    case 'MULTI_LINE_TEXT':
    case 'RICH_TEXT':
    case 'LINK':
      return textValue(r, type, join);
    case 'NUMBER':
      for (;;) {
        // Only a number the source field holds (the oracle's own reading of the platform's rule).
        const n = r.chance(0.1) ? '' : r.pick([numberText(r), String(r.int(2001) - 1000)]);
        if (textAsNumber(n, NO_LIMITS) !== LOST) return n;
      }
    case 'DROP_DOWN':
      return r.chance(0.15) ? '' : r.pick(SOURCE_OPTIONS);
    case 'RADIO_BUTTON':
      return r.pick(SOURCE_OPTIONS);
    case 'CHECK_BOX':
    case 'MULTI_SELECT':
      return some(r, SOURCE_OPTIONS).slice(0, 3);
    case 'DATE':
      if (r.chance(0.1)) return '';
      return r.chance(0.6)
        ? r.pick(DATES.filter((d) => !['2023-02-29', '1900-02-29'].includes(d)))
        : `${1900 + r.int(200)}-${String(1 + r.int(12)).padStart(2, '0')}-${String(1 + r.int(28)).padStart(2, '0')}`;
    case 'TIME':
      return r.chance(0.1)
        ? ''
        : `${String(r.int(24)).padStart(2, '0')}:${String(r.int(60)).padStart(2, '0')}`;
    case 'DATETIME':
      return r.chance(0.1) ? '' : stored(instant(r));
    case 'USER_SELECT':
      return some(r, DIRECTORY.USER).map((code) => ({ code }));
    case 'ORGANIZATION_SELECT':
      return some(r, DIRECTORY.ORGANIZATION).map((code) => ({ code }));
    case 'GROUP_SELECT':
      return some(r, DIRECTORY.GROUP).map((code) => ({ code }));
  }
  throw new Error(`no generator for ${type}`);
}
