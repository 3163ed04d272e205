import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFilter, parseQuery, parseSort, QuerySyntaxError } from '../../src/query/index.js';
import { fuzz } from './fuzz.js';

/**
 * The query parser reads text from users and from stored settings: whatever the text, it answers
 * a value or throws its own QuerySyntaxError (the emulator maps that to GAIA_IQ01); any other
 * error (a TypeError, a stack overflow) would be a 500.
 */
const TOKENS = [
  'amount',
  '$id',
  'Created_datetime',
  'table.field',
  '"text"',
  '"unterminated',
  "'x'",
  '\\"',
  '10',
  '-3.5',
  '1e9',
  '=',
  '!=',
  '>',
  '<',
  '>=',
  '<=',
  'in',
  'not in',
  'like',
  'not like',
  'is',
  'is not',
  'empty',
  'and',
  'or',
  '(',
  ')',
  '(',
  ')',
  ',',
  'order by',
  'asc',
  'desc',
  'limit',
  'offset',
  'TODAY()',
  'NOW()',
  'LOGINUSER()',
  'FROM_TODAY(1, DAYS)',
  'THIS_MONTH(',
  'LAST_WEEK(SUNDAY)',
  'PRIMARY_ORGANIZATION()',
  '\u0000',
  '\u3000',
  '\n',
  '🙂',
  ' ',
  '  ',
];

/** Token soup that looks like a query, so the parser gets past its first token most of the time. */
const tokenText = fc.array(fc.constantFrom(...TOKENS), { maxLength: 25 }).map((parts) => parts.join(' '));
/** Deep nesting: recursion must end in a syntax error, never a RangeError. */
const deep = fc
  .integer({ min: 1, max: 5000 })
  .map((n) => `${'('.repeat(n)}a = 1${')'.repeat(n % 7 === 0 ? n : 0)}`);
const anyText = fc.oneof(
  tokenText,
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  deep,
);

function onlyOwnError(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    if (!(error instanceof QuerySyntaxError)) throw error;
    // The position points into the text (the emulator's message quotes it).
    expect(Number.isInteger(error.position) && error.position >= 0).toBe(true);
  }
}

describe('query parser fuzz', () => {
  it('parseQuery: only QuerySyntaxError escapes', async (context) => {
    await fuzz(context, anyText, (text) => onlyOwnError(() => parseQuery(text)));
  });
  it('parseFilter: only QuerySyntaxError escapes', async (context) => {
    await fuzz(context, anyText, (text) => onlyOwnError(() => parseFilter(text)));
  });
  it('parseSort: only QuerySyntaxError escapes', async (context) => {
    await fuzz(context, anyText, (text) => onlyOwnError(() => parseSort(text)));
  });
});
