// The type check: a refused case for each field type, unknown fields, values, functions, sorts.
import { describe, expect, it } from 'vitest';
import {
  checkQuery,
  compileQuery,
  fieldsFromProperties,
  parseQuery,
  QueryCheckError,
} from '../../src/query/index.js';
import { ID_TYPE, QUERYABLE_TYPES } from '../../src/query/field-types.js';
import { CONTEXT, TABLE_TYPES, fieldsFor } from './helpers.js';

type Refused = [type: string, query: string, code: string, position: number];

const refused: Refused[] = [
  ['SINGLE_LINE_TEXT', 'f > "a"', 'GAIA_IQ03', 2],
  ['SINGLE_LINE_TEXT', 'f is empty', 'GAIA_IQ03', 2],
  ['LINK', 'f < "a"', 'GAIA_IQ03', 2],
  ['MULTI_LINE_TEXT', 'f = "a"', 'GAIA_IQ03', 2],
  ['RICH_TEXT', 'f in ("a")', 'GAIA_IQ03', 2],
  ['NUMBER', 'f like "1"', 'GAIA_IQ03', 2],
  ['NUMBER', 'f = "ten"', 'GAIA_IQ08', 4],
  ['NUMBER', 'f > ""', 'GAIA_IQ08', 4],
  ['CALC', 'f not like "1"', 'GAIA_IQ03', 2],
  ['RECORD_NUMBER', 'f like "1"', 'GAIA_IQ03', 2],
  ['RADIO_BUTTON', 'f = "A"', 'GAIA_IQ03', 2],
  ['RADIO_BUTTON', 'f in ("Z")', 'GAIA_IQ10', 6],
  ['DROP_DOWN', 'f like "A"', 'GAIA_IQ03', 2],
  ['DROP_DOWN', 'f in ("A", "Q")', 'GAIA_IQ10', 11],
  ['CHECK_BOX', 'f = "A"', 'GAIA_IQ03', 2],
  ['CHECK_BOX', 'f not in ("X")', 'GAIA_IQ10', 10],
  ['MULTI_SELECT', 'f like "A"', 'GAIA_IQ03', 2],
  ['CATEGORY', 'f = "Sales"', 'GAIA_IQ03', 2],
  ['STATUS', 'f like "Done"', 'GAIA_IQ03', 2],
  ['DATE', 'f like "2024"', 'GAIA_IQ03', 2],
  ['DATE', 'f in ("2024-05-15")', 'GAIA_IQ03', 2],
  ['DATE', 'f = NOW()', 'GAIA_IQ09', 4],
  ['DATE', 'f = "2024-13-01"', 'GAIA_IQ08', 4],
  ['DATE', 'f = "2024-02-30"', 'GAIA_IQ08', 4],
  ['DATE', 'f = 20240515', 'GAIA_IQ08', 4],
  ['DATETIME', 'f not in (TODAY())', 'GAIA_IQ03', 2],
  ['DATETIME', 'f = "yesterday"', 'GAIA_IQ08', 4],
  ['DATETIME', 'f = LOGINUSER()', 'GAIA_IQ09', 4],
  ['CREATED_TIME', 'f like "2024"', 'GAIA_IQ03', 2],
  ['UPDATED_TIME', 'f in (NOW())', 'GAIA_IQ03', 2],
  ['TIME', 'f like "09"', 'GAIA_IQ03', 2],
  ['TIME', 'f = "25:00"', 'GAIA_IQ08', 4],
  ['TIME', 'f = TODAY()', 'GAIA_IQ09', 4],
  ['CREATOR', 'f = "alice"', 'GAIA_IQ03', 2],
  ['MODIFIER', 'f like "alice"', 'GAIA_IQ03', 2],
  ['USER_SELECT', 'f != "alice"', 'GAIA_IQ03', 2],
  ['USER_SELECT', 'f in (PRIMARY_ORGANIZATION())', 'GAIA_IQ09', 6],
  ['STATUS_ASSIGNEE', 'f is empty', 'GAIA_IQ03', 2],
  ['ORGANIZATION_SELECT', 'f in (LOGINUSER())', 'GAIA_IQ09', 6],
  ['GROUP_SELECT', 'f = "admins"', 'GAIA_IQ03', 2],
  ['FILE', 'f = "a.pdf"', 'GAIA_IQ03', 2],
  ['FILE', 'f in ("a.pdf")', 'GAIA_IQ03', 2],
  ['SUBTABLE', 'f in ("x")', 'GAIA_IQ03', 0],
  ['REFERENCE_TABLE', 'f in ("x")', 'GAIA_IQ03', 0],
  ['GROUP', 'f in ("x")', 'GAIA_IQ03', 0],
  ['T.SINGLE_LINE_TEXT', 'f = "x"', 'GAIA_IQ07', 2],
  ['T.NUMBER', 'f != 3', 'GAIA_IQ07', 2],
  ['T.DATE', 'f = TODAY()', 'GAIA_IQ07', 2],
  ['T.MULTI_LINE_TEXT', 'f in ("x")', 'GAIA_IQ03', 2],
  ['T.CHECK_BOX', 'f in ("Z")', 'GAIA_IQ10', 6],
  ['T.LINK', 'f = "x"', 'GAIA_IQ07', 2],
  ['T.RICH_TEXT', 'f in ("x")', 'GAIA_IQ03', 2],
  ['T.CALC', 'f != 3', 'GAIA_IQ07', 2],
  ['T.CALC', 'f > "three"', 'GAIA_IQ08', 4],
  ['T.RADIO_BUTTON', 'f in ("Z")', 'GAIA_IQ10', 6],
  ['T.DROP_DOWN', 'f = "A"', 'GAIA_IQ07', 2],
  ['T.MULTI_SELECT', 'f like "A"', 'GAIA_IQ03', 2],
  ['T.DATETIME', 'f = NOW()', 'GAIA_IQ07', 2],
  ['T.DATETIME', 'f > LOGINUSER()', 'GAIA_IQ09', 4],
  ['T.TIME', 'f in ("25:00")', 'GAIA_IQ08', 6],
  ['T.USER_SELECT', 'f in (PRIMARY_ORGANIZATION())', 'GAIA_IQ09', 6],
  ['T.ORGANIZATION_SELECT', 'f = "sales"', 'GAIA_IQ07', 2],
  ['T.GROUP_SELECT', 'f like "admins"', 'GAIA_IQ03', 2],
  ['T.FILE', 'f in ("a.pdf")', 'GAIA_IQ03', 2],
  ['__ID__', '$id like "1"', 'GAIA_IQ03', 4],
  ['__ID__', '$id = "one"', 'GAIA_IQ08', 6],
  ['__ID__', '$id is empty', 'GAIA_IQ03', 4],
  // STATUS values come from the process's statuses (helpers: Open, Review, Done).
  ['STATUS', 'f = "Closed"', 'GAIA_IQ10', 4],
  ['STATUS', 'f in ("Open", "Closed")', 'GAIA_IQ10', 14],
];

describe('checkQuery refuses', () => {
  it.each(refused)('%s: %s (%s at %i)', (type, query, code, position) => {
    const field = type === ID_TYPE ? '$id' : 'f';
    const problems = checkQuery(parseQuery(query), fieldsFor(type));
    expect(problems.map((p) => [p.code, p.position, p.field])).toEqual([[code, position, field]]);
    expect(problems[0]?.message).toContain(`"${field}"`);
  });

  it('has a refused case for every field type, top level and inside a table', () => {
    const types = new Set(refused.map(([type]) => type));
    const wanted = [...QUERYABLE_TYPES, ...TABLE_TYPES.map((type) => `T.${type}`)];
    expect(wanted.filter((type) => !types.has(type))).toEqual([]);
  });
});

describe('checkQuery', () => {
  it('names an unknown field with GAIA_IQ11, in a condition and in a sort', () => {
    const problems = checkQuery(
      parseQuery('f in ("A") and nope = "x" order by gone desc'),
      fieldsFor('DROP_DOWN'),
    );
    expect(problems).toEqual([
      expect.objectContaining({ code: 'GAIA_IQ11', position: 15, field: 'nope' }),
      expect.objectContaining({ code: 'GAIA_IQ11', position: 35, field: 'gone' }),
    ]);
  });

  it('accepts $id without declaring it, and a valid query with no problems', () => {
    expect(
      checkQuery(parseQuery('$id > 3 and f in ("A", "") order by $id asc'), fieldsFor('DROP_DOWN')),
    ).toEqual([]);
  });

  it('says what the operator table allows', () => {
    const [problem] = checkQuery(parseQuery('f like "1"'), fieldsFor('NUMBER'));
    expect(problem?.message).toBe(
      'The operator "like" cannot be used on "f" (NUMBER); use "=", "!=", ">", "<", ">=", "<=", "in", "not in".',
    );
  });

  it.each([
    ['CHECK_BOX', 'GAIA_IQ12'],
    ['USER_SELECT', 'GAIA_IQ12'],
    ['FILE', 'GAIA_IQ12'],
    ['MULTI_LINE_TEXT', 'GAIA_IQ12'],
    ['T.NUMBER', 'GAIA_IQ12'],
    ['SUBTABLE', 'GAIA_IQ03'],
  ])('refuses order by a %s field (%s)', (type, code) => {
    expect(
      checkQuery(parseQuery('order by f asc'), fieldsFor(type)).map((p) => [p.code, p.position]),
    ).toEqual([[code, 9]]);
  });

  it.each([
    'SINGLE_LINE_TEXT',
    'NUMBER',
    'DATE',
    'DATETIME',
    'TIME',
    'DROP_DOWN',
    'STATUS',
    'CREATOR',
    'RECORD_NUMBER',
  ])('sorts by a %s field', (type) => {
    expect(checkQuery(parseQuery('order by f desc'), fieldsFor(type))).toEqual([]);
  });

  it('accepts a Map of fields', () => {
    const fields = new Map([['f', { type: 'NUMBER' }]]);
    expect(checkQuery(parseQuery('f > 1 and g > 1'), fields).map((p) => p.field)).toEqual(['g']);
  });
});

describe('compileQuery', () => {
  it('throws QueryCheckError with the problems', () => {
    let thrown: unknown;
    try {
      compileQuery(parseQuery('f like "1"'), fieldsFor('NUMBER'), CONTEXT);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(QueryCheckError);
    expect((thrown as QueryCheckError).problems.map((p) => p.code)).toEqual(['GAIA_IQ03']);
  });

  it('runs a stored filter naming an option that no longer exists when asked to: it matches nothing', () => {
    const options = { tolerateOptions: true };
    const compiled = compileQuery(parseQuery('f in ("Gone")'), fieldsFor('DROP_DOWN'), CONTEXT, options);
    expect(compiled.filter({ f: { value: 'Gone' } })).toBe(false);
  });
});

describe('fieldsFromProperties', () => {
  it('flattens subtables, keeps options and types', () => {
    const fields = fieldsFromProperties({
      title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title' },
      kind: {
        type: 'DROP_DOWN',
        code: 'kind',
        options: { A: { label: 'A', index: '0' }, B: { label: 'B', index: '1' } },
      },
      lines: {
        type: 'SUBTABLE',
        code: 'lines',
        fields: { qty: { type: 'NUMBER', code: 'qty' } },
      },
      broken: 'not a field',
    });
    expect([...fields]).toEqual([
      ['title', { type: 'SINGLE_LINE_TEXT' }],
      ['kind', { type: 'DROP_DOWN', options: ['A', 'B'] }],
      ['lines', { type: 'SUBTABLE' }],
      ['qty', { type: 'NUMBER', subtable: 'lines' }],
    ]);
  });
});
