import { describe, expect, it } from 'vitest';
import { parseFilter, parseQuery, parseSort, QuerySyntaxError } from '../../src/query/index.js';

function syntaxError(run: () => unknown): QuerySyntaxError {
  try {
    run();
  } catch (error) {
    if (error instanceof QuerySyntaxError) return error;
    throw error;
  }
  throw new Error('expected a QuerySyntaxError');
}

/** A whole comparison query's parse, for queries with the field at 0, operator at 6 and value at 8. */
function compared(code: string, operator: string, text: string, quoted: boolean) {
  return {
    condition: {
      kind: 'compare',
      field: { code, position: 0 },
      operator,
      value: { kind: 'literal', text, quoted, position: 8 },
      position: 6,
    },
  };
}

/** One test per text `parse` refuses, with the position it names and words its reason holds. */
function itRefuses(parse: (text: string) => unknown, cases: [string, number, string][]): void {
  it.each(cases)('refuses %s', (text, position, reason) => {
    const error = syntaxError(() => parse(text));
    expect([error.position, error.reason.includes(reason)]).toEqual([position, true]);
  });
}

describe('parseQuery accepts', () => {
  it.each([
    ['', { condition: null, orderBy: [], limit: null, offset: null }],
    ['   ', { condition: null, orderBy: [], limit: null, offset: null }],
    ['title = "a"', compared('title', '=', 'a', true)],
    ['amount>=10', compared('amount', '>=', '10', false)],
    ['n != -2.5', { condition: { kind: 'compare', operator: '!=', value: { text: '-2.5', quoted: false } } }],
    [
      's in ("a", "b\\"c", 3)',
      {
        condition: {
          kind: 'in',
          negated: false,
          values: [
            { text: 'a', quoted: true },
            { text: 'b"c', quoted: true },
            { text: '3', quoted: false },
          ],
        },
      },
    ],
    ['s NOT IN ("a")', { condition: { kind: 'in', negated: true, position: 2 } }],
    ['t like "x\\\\y"', { condition: { kind: 'like', negated: false, value: { text: 'x\\y' } } }],
    ['t Not Like "x"', { condition: { kind: 'like', negated: true } }],
    ['t is empty', { condition: { kind: 'empty', negated: false, position: 2 } }],
    ['t IS NOT EMPTY', { condition: { kind: 'empty', negated: true } }],
    ['$id > 3', { condition: { field: { code: '$id' } } }],
    ['顧客名 = "株式会社"', { condition: { field: { code: '顧客名' }, value: { text: '株式会社' } } }],
    ['d = TODAY()', { condition: { value: { kind: 'function', fn: { name: 'TODAY' }, position: 4 } } }],
    ['d = today()', { condition: { value: { kind: 'function', fn: { name: 'TODAY' } } } }],
    [
      'd < FROM_TODAY(-3, days)',
      { condition: { value: { fn: { name: 'FROM_TODAY', amount: -3, unit: 'DAYS' } } } },
    ],
    ['d = THIS_WEEK(monday)', { condition: { value: { fn: { name: 'THIS_WEEK', weekday: 'MONDAY' } } } }],
    ['d = LAST_WEEK()', { condition: { value: { fn: { name: 'LAST_WEEK', weekday: null } } } }],
    ['d = THIS_MONTH(15)', { condition: { value: { fn: { name: 'THIS_MONTH', day: 15 } } } }],
    ['d = NEXT_MONTH(LAST)', { condition: { value: { fn: { name: 'NEXT_MONTH', day: 'LAST' } } } }],
    [
      'u in (LOGINUSER(), "bob")',
      { condition: { values: [{ fn: { name: 'LOGINUSER' } }, { text: 'bob' }] } },
    ],
    ['o in (PRIMARY_ORGANIZATION())', { condition: { values: [{ fn: { name: 'PRIMARY_ORGANIZATION' } }] } }],
    [
      'a = "1" and b = "2" or c = "3"',
      { condition: { kind: 'or', conditions: [{ kind: 'and', conditions: [{}, {}] }, { kind: 'compare' }] } },
    ],
    [
      'a = "1" and (b = "2" or c = "3") and d = "4"',
      { condition: { kind: 'and', conditions: [{}, { kind: 'or' }, { kind: 'compare' }] } },
    ],
    [
      'order by amount desc, title ASC limit 10 offset 20',
      {
        condition: null,
        orderBy: [
          { field: { code: 'amount', position: 9 }, direction: 'desc' },
          { field: { code: 'title' }, direction: 'asc' },
        ],
        limit: 10,
        offset: 20,
      },
    ],
    ['a = "1" offset 5 limit 2', { limit: 2, offset: 5 }],
    ['LIMIT 0', { condition: null, limit: 0 }],
    ['order by x', { orderBy: [{ field: { code: 'x' }, direction: 'asc' }] }],
    ['limit = "3"', { condition: { field: { code: 'limit' } }, limit: null }],
  ])('%s', (text, expected) => {
    expect(parseQuery(text)).toMatchObject(expected);
  });
});

describe('parseQuery refuses', () => {
  it.each([
    ['title', 5, 'unexpected end of query: expected an operator after "title"'],
    ['title == "a"', 7, 'unexpected "=": expected a value after "="'],
    ['title = ', 8, 'unexpected end of query: expected a value after "="'],
    ['title = "abc', 8, 'unterminated string literal'],
    ['title ! "a"', 6, '"!" must be followed by "="'],
    ['title = abc', 8, 'unexpected "abc": expected a value'],
    ['title in "a"', 9, 'expected "(" and a list of values after "in"'],
    ['title in ()', 10, 'unexpected ")": expected a value after "in ("'],
    ['title in ("a" "b")', 14, 'expected "," or ")" in the list of values'],
    ['title like abc', 11, '"like" takes a quoted string'],
    ['title not = "a"', 10, 'expected "in" or "like" after "not"'],
    ['title is "a"', 9, 'expected "empty" or "not empty" after "is"'],
    ['title is not null', 13, 'expected "empty" after "is not"'],
    ['(a = "1"', 8, 'expected ")" to close the "(" at position 0'],
    ['a = "1")', 7, 'unexpected ")": expected "and", "or", "order by", "limit" or "offset"'],
    ['a = "1" b = "2"', 8, 'unexpected "b"'],
    ['a = "1" and', 11, 'expected a field code or "("'],
    ['d = FOO()', 4, 'unknown function "FOO"'],
    ['d = TODAY', 9, 'expected "(" after the function name "TODAY"'],
    ['d = TODAY(1)', 10, 'TODAY() takes no arguments'],
    ['d = TODAY(', 10, 'expected an argument of TODAY()'],
    ['d = FROM_TODAY(3)', 16, 'FROM_TODAY() takes 2 arguments'],
    ['d = FROM_TODAY(x, DAYS)', 15, 'FROM_TODAY() takes a whole number of units first'],
    ['d = FROM_TODAY(3, HOURS)', 18, 'FROM_TODAY() takes DAYS, WEEKS, MONTHS or YEARS second'],
    ['d = THIS_WEEK(FUNDAY)', 14, 'THIS_WEEK() takes a weekday'],
    ['d = THIS_MONTH(32)', 15, 'THIS_MONTH() takes a day of the month (1 to 31) or LAST'],
    ['d = THIS_MONTH(1, 2)', 18, 'THIS_MONTH() takes at most 1 argument'],
    ['order by', 8, 'expected a field code to sort by'],
    ['order by a desc limit', 21, '"limit" takes a whole number of records'],
    ['limit -1', 6, '"limit" takes a whole number of records'],
    ['limit 1 limit 2', 8, '"limit" may appear only once'],
    ['limit 1 order by a', 8, '"order by" must come once, before "limit" and "offset"'],
    ['order by a asc b', 15, 'unexpected "b"'],
  ])('%s', (text, position, reason) => {
    const error = syntaxError(() => parseQuery(text));
    expect(error.position).toBe(position);
    expect(error.reason).toContain(reason);
    expect(error.message).toBe(`${error.reason} at position ${position}`);
  });
});

describe('parseFilter', () => {
  it('takes a condition, and the empty string matches all', () => {
    expect(parseFilter('')).toEqual({ condition: null, orderBy: [], limit: null, offset: null });
    expect(parseFilter('a in ("x") or b = "y"').condition?.kind).toBe('or');
  });

  itRefuses(parseFilter, [
    ['a = "1" order by a desc', 8, '"order by" is not allowed in a filter condition'],
    ['a = "1" limit 10', 8, '"limit" is not allowed in a filter condition'],
    ['offset 3', 0, '"offset" is not allowed in a filter condition'],
  ]);
});

describe('parseSort', () => {
  it('reads keys without "order by"', () => {
    expect(parseSort('')).toEqual([]);
    expect(parseSort('amount desc, $id ASC, title')).toEqual([
      { field: { code: 'amount', position: 0 }, direction: 'desc' },
      { field: { code: '$id', position: 13 }, direction: 'asc' },
      { field: { code: 'title', position: 22 }, direction: 'asc' },
    ]);
  });

  itRefuses(parseSort, [
    ['order by a desc', 6, 'unexpected "by"'],
    ['a desc,', 7, 'expected a field code to sort by'],
    ['a desc limit 3', 7, 'unexpected "limit"'],
  ]);
});
