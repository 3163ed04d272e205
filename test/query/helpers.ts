import {
  compileQuery,
  parseQuery,
  type FieldInfo,
  type QueryContext,
  type QueryRecord,
} from '../../src/query/index.js';

/** Wednesday 2024-05-15 10:30 UTC. */
export const NOW = new Date('2024-05-15T10:30:00Z');
export const CONTEXT: QueryContext = { now: NOW, user: 'alice', primaryOrganization: 'sales' };
export const OPTIONS = ['A', 'B', 'C'];
const CHOICE_TYPES = new Set(['RADIO_BUTTON', 'DROP_DOWN', 'CHECK_BOX', 'MULTI_SELECT']);

/** The one field `f` of the given type (options A, B, C for choice fields). */
export function fieldOf(type: string): FieldInfo {
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
