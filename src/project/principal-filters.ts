/**
 * Users, groups and organizations named in filters (`filterCond` of views, reports, record
 * permissions, per-record and reminder notifications, process actions and copy actions): the
 * quoted values compared with a user, group or organization field (`owner in ("alice")`,
 * `Created_by = "alice"`) are codes too, and are mapped like entities. Only values of fields the
 * app itself has (its own filters run over its own records); a code mapped to nothing stays as
 * it is in a filter (a condition cannot be left out without changing what the rest means), and
 * a filter that does not parse is left alone (validate reports it).
 */
import { parseFilter, type Condition, type Value } from '../query/index.js';
import { SYSTEM_FIELD_CODES } from '../platform/index.js';
import type { PrincipalKind, PrincipalMaps } from './principal-maps.js';

/** The filters of an app over its own records, where a manifest and a canonical value have them. */
export const FILTER_PLACES: readonly { area: string; root: readonly string[]; at: readonly string[] }[] = [
  { area: 'views', root: ['views'], at: ['*', 'filterCond'] },
  { area: 'reports', root: ['reports'], at: ['*', 'filterCond'] },
  { area: 'recordAcl', root: ['recordAcl'], at: ['*', 'filterCond'] },
  {
    area: 'notificationsPerRecord',
    root: ['notifications', 'perRecord'],
    at: ['notifications', '*', 'filterCond'],
  },
  {
    area: 'notificationsReminder',
    root: ['notifications', 'reminder'],
    at: ['notifications', '*', 'filterCond'],
  },
  { area: 'process', root: ['process'], at: ['actions', '*', 'filterCond'] },
  { area: 'actions', root: ['actions'], at: ['*', 'filterCond'] },
];

const KIND_OF_FIELD: Readonly<Record<string, PrincipalKind>> = {
  USER_SELECT: 'users',
  CREATOR: 'users',
  MODIFIER: 'users',
  STATUS_ASSIGNEE: 'users',
  GROUP_SELECT: 'groups',
  ORGANIZATION_SELECT: 'organizations',
};

/**
 * Which kind of code each field's values are, by field code: the fields a manifest (or the
 * canonical `fields` area: same shape) declares, table columns included, and the system fields
 * it does not declare under their default codes in either language.
 */
export function principalFields(fields: unknown): Map<string, PrincipalKind> {
  const out = new Map<string, PrincipalKind>();
  for (const codes of Object.values(SYSTEM_FIELD_CODES))
    for (const [type, code] of Object.entries(codes)) {
      const kind = KIND_OF_FIELD[type];
      if (kind !== undefined) out.set(code, kind);
    }
  const add = (defs: unknown) => {
    if (defs === null || typeof defs !== 'object') return;
    for (const [code, field] of Object.entries(
      defs as Record<string, { type?: unknown; fields?: unknown }>,
    )) {
      const kind = typeof field.type === 'string' ? KIND_OF_FIELD[field.type] : undefined;
      if (kind !== undefined) out.set(code, kind);
      else out.delete(code);
      if (field.type === 'SUBTABLE') add(field.fields);
    }
  };
  add(fields);
  return out;
}

/**
 * A filter with each quoted value compared with a user, group or organization field replaced by
 * `code(kind, value)` where that gives another string; the rest of the text as it was.
 */
export function mapFilter(
  text: string,
  fields: ReadonlyMap<string, PrincipalKind>,
  code: (kind: PrincipalKind, value: string) => string | null,
): string {
  let condition: Condition | null;
  try {
    condition = parseFilter(text).condition;
  } catch {
    return text;
  }
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (c: Condition): void => {
    if (c.kind === 'and' || c.kind === 'or') return c.conditions.forEach(visit);
    const kind = fields.get(c.field.code);
    if (kind === undefined) return;
    const values: readonly Value[] = c.kind === 'in' ? c.values : c.kind === 'compare' ? [c.value] : [];
    for (const value of values) {
      if (value.kind !== 'literal' || !value.quoted) continue;
      const mapped = code(kind, value.text);
      if (mapped === null || mapped === value.text) continue;
      edits.push({ start: value.position, end: literalEnd(text, value.position), text: quote(mapped) });
    }
  };
  if (condition !== null) visit(condition);
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** Maps the filters of a manifest part or canonical value at `at` (`*`: every entry). */
export function mapFiltersAt(
  value: unknown,
  at: readonly string[],
  map: (filter: string) => string,
): unknown {
  const [step, ...rest] = at;
  if (step === undefined) return typeof value === 'string' ? map(value) : value;
  if (value === null || typeof value !== 'object') return value;
  if (step === '*') {
    if (Array.isArray(value)) {
      const items = value.map((item) => mapFiltersAt(item, rest, map));
      return items.every((item, i) => item === value[i]) ? value : items;
    }
    const entries = Object.entries(value).map(([k, v]) => [k, mapFiltersAt(v, rest, map)] as const);
    return entries.every(([k, v]) => (value as Record<string, unknown>)[k] === v)
      ? value
      : Object.fromEntries(entries);
  }
  if (Array.isArray(value)) return value;
  const inner = (value as Record<string, unknown>)[step];
  if (inner === undefined) return value;
  const next = mapFiltersAt(inner, rest, map);
  return next === inner ? value : { ...value, [step]: next };
}

/** The offset after a double-quoted literal that starts at `start` (a backslash escapes). */
function literalEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

function quote(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

export type { PrincipalMaps };
