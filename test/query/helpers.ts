import {
  compileQuery,
  parseQuery,
  type FieldInfo,
  type QueryContext,
  type QueryRecord,
} from '../../src/query/index.js';

/** One operator case: field `f` of `type` (inside table `T` for `T.<type>`) holding `value`, and whether `query` matches. */
export type OperatorCase = [type: string, query: string, value: unknown, expected: boolean];

/**
 * Operator cases written per field type, `{ NUMBER: [[query, value, expected], ...] }`, so a
 * type is named once for all its cases; they come out in the order written.
 */
export function byType(
  groups: Record<string, [query: string, value: unknown, expected: boolean][]>,
): OperatorCase[] {
  return Object.entries(groups).flatMap(([type, cases]) =>
    cases.map(([query, value, expected]): OperatorCase => [type, query, value, expected]),
  );
}

/** A user value holding Bob and Alice; LOGINUSER() is Alice. */
export const USERS = [
  { code: 'bob', name: 'Bob' },
  { code: 'alice', name: 'Alice' },
];

/** Wednesday 2024-05-15 10:30 UTC. */
export const NOW = new Date('2024-05-15T10:30:00Z');
export const CONTEXT: QueryContext = { now: NOW, user: 'alice', primaryOrganization: 'sales' };
export const OPTIONS = ['A', 'B', 'C'];
/** The statuses of the process a STATUS field's values come from. */
export const STATUSES = ['Open', 'Review', 'Done'];
const CHOICE_TYPES = new Set(['RADIO_BUTTON', 'DROP_DOWN', 'CHECK_BOX', 'MULTI_SELECT']);

/** The field types a table may hold (the form refuses the others inside one). */
export const TABLE_TYPES = [
  'SINGLE_LINE_TEXT',
  'LINK',
  'MULTI_LINE_TEXT',
  'RICH_TEXT',
  'NUMBER',
  'CALC',
  'RADIO_BUTTON',
  'DROP_DOWN',
  'CHECK_BOX',
  'MULTI_SELECT',
  'DATE',
  'DATETIME',
  'TIME',
  'USER_SELECT',
  'ORGANIZATION_SELECT',
  'GROUP_SELECT',
  'FILE',
];

/** The one field `f` of the given type (options A, B, C for choice fields; STATUSES for STATUS). */
export function fieldOf(type: string): FieldInfo {
  if (type === 'STATUS') return { type, options: STATUSES };
  return CHOICE_TYPES.has(type) ? { type, options: OPTIONS } : { type };
}

/** A record whose field `f` holds `value` (or whose table `T` has one row per item, for `T.`). */
export function recordWith(type: string, value: unknown): QueryRecord {
  if (type.startsWith('T.')) {
    const rows = (value as unknown[]).map((cell, i) => ({
      id: String(i + 1),
      value: { f: { type: type.slice(2), value: cell } },
    }));
    return { $id: { value: '1' }, T: { value: rows } };
  }
  return { $id: { value: '1' }, f: { value } };
}

/** The app for a case: `f` of the type, or `f` inside table `T` for types written `T.<type>`. */
export function fieldsFor(type: string): Record<string, FieldInfo> {
  if (type.startsWith('T.'))
    return { T: { type: 'SUBTABLE' }, f: { ...fieldOf(type.slice(2)), subtable: 'T' } };
  return { f: fieldOf(type) };
}

export function matches(
  type: string,
  query: string,
  value: unknown,
  context: QueryContext = CONTEXT,
): boolean {
  return compileQuery(parseQuery(query), fieldsFor(type), context).filter(recordWith(type, value));
}
