// Every operator against every field type that accepts it, top level and inside a table,
// matching and not matching; the last test says which (type, operator) pairs lack a case.
import { describe, expect, it } from 'vitest';
import { compileQuery, operatorOf, parseQuery, typeSpec } from '../../src/query/index.js';
import { QUERYABLE_TYPES } from '../../src/query/field-types.js';
import { CONTEXT, TABLE_TYPES, matches } from './helpers.js';
import { fieldCases } from './operator-cases.js';
import { calendarCases } from './operator-cases-calendar.js';
import { tableCases } from './operator-cases-table.js';

const cases = [...fieldCases, ...calendarCases, ...tableCases];

describe('operators by field type', () => {
  it.each(cases)('%s: %s with %j -> %s', (type, query, value, expected) => {
    if (type === '__ID__') {
      const record = { $id: { type: '__ID__', value } };
      expect(compileQuery(parseQuery(query), {}, CONTEXT).filter(record)).toBe(expected);
    } else expect(matches(type, query, value)).toBe(expected);
  });
});

describe('the operator table', () => {
  it('has a matching and a non-matching case for every operator each field type accepts, top-level and in a table', () => {
    const seen = new Set<string>();
    for (const [type, query, , expected] of cases) {
      const condition = parseQuery(query).condition;
      if (!condition || condition.kind === 'and' || condition.kind === 'or')
        throw new Error(`case "${query}" is not one predicate`);
      seen.add(`${type} ${operatorOf(condition)} ${String(expected)}`);
    }
    const wanted = [
      ...QUERYABLE_TYPES.map((type) => ({ name: type, info: { type } })),
      ...TABLE_TYPES.map((type) => ({ name: `T.${type}`, info: { type, subtable: 'T' } })),
    ].flatMap(({ name, info }) =>
      (typeSpec(info)?.operators ?? []).flatMap((op) => [`${name} ${op} true`, `${name} ${op} false`]),
    );
    expect(wanted.filter((key) => !seen.has(key))).toEqual([]);
  });
});
