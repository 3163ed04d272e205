/**
 * Where a manifest names a field, written from the manifest format (docs/manifests.md, the
 * examples) and not from the tool's where-used index: what a person renaming or removing a field
 * by hand has to change with it. Own places: the layout, views, reports, the process, the
 * notifications, the ACLs, the title field, formulas, lookups' mappings, actions. Another app's:
 * its lookups and related records of this app, and its actions into this app.
 */
import type { Manifests } from './world.js';

/** Entity types whose `code` is a person, group, organisation or function, not a field. */
const NOT_FIELD_TYPES = new Set(['USER', 'GROUP', 'ORGANIZATION', 'FUNCTION', 'CREATOR', 'PRESET']);
/** Keys whose string value is a query or a formula, naming fields as words. */
const QUERY_KEYS = new Set(['filterCond', 'sort', 'expression']);
/** Keys whose string value is a field code. */
const CODE_KEYS = new Set(['field', 'date', 'srcField']);

/** `text` with the word `from` (outside double-quoted strings) replaced by `to`. */
export function replaceWord(text: string, from: string, to: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*/g, (token) => (token === from ? to : token));
}

/** Whether `text` names the word `code` outside its quoted strings. */
export function namesWord(text: string, code: string): boolean {
  return replaceWord(text, code, `\u0000`) !== text;
}

function renameDeep(node: unknown, from: string, to: string): unknown {
  if (Array.isArray(node)) return node.map((item) => renameDeep(item, from, to));
  if (node === null || typeof node !== 'object') return node;
  const obj = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    if (typeof value === 'string') {
      if (QUERY_KEYS.has(key)) out[key] = replaceWord(value, from, to);
      else if (
        (CODE_KEYS.has(key) || (key === 'code' && !NOT_FIELD_TYPES.has(obj.type as string))) &&
        value === from
      )
        out[key] = to;
      else if (key === 'title' && obj.type === 'CALENDAR' && value === from) out[key] = to;
      else out[key] = value;
    } else if (key === 'fields' && Array.isArray(value) && value.every((v) => typeof v === 'string'))
      out[key] = value.map((v) => (v === from ? to : v));
    else if (key === 'destApp' || key === 'destField') out[key] = value;
    else out[key] = renameDeep(value, from, to);
  }
  return out;
}

const OWN_AREAS = [
  'titleField',
  'layout',
  'views',
  'reports',
  'process',
  'notifications',
  'recordAcl',
  'fieldAcl',
];

/** Every field definition of a manifest, table columns included, with its code. */
export function allFields(manifest: Record<string, any>): [string, Record<string, any>][] {
  const out: [string, Record<string, any>][] = [];
  for (const [code, field] of Object.entries<any>(manifest.fields ?? {})) {
    out.push([code, field]);
    if (field.type === 'SUBTABLE')
      for (const entry of Object.entries(field.fields ?? {})) out.push(entry as any);
  }
  return out;
}

/** Renames field `from` of app `app` to `to` everywhere the project names it (not its definition). */
export function renameFieldEverywhere(manifests: Manifests, app: string, from: string, to: string): void {
  const own = manifests[app]!;
  for (const area of OWN_AREAS) if (own[area] !== undefined) own[area] = renameDeep(own[area], from, to);
  for (const action of Object.values<any>(own.actions ?? {})) {
    for (const mapping of action.mappings ?? []) if (mapping.srcField === from) mapping.srcField = to;
    if (typeof action.filterCond === 'string') action.filterCond = replaceWord(action.filterCond, from, to);
  }
  for (const [, field] of allFields(own)) {
    if (typeof field.expression === 'string') field.expression = replaceWord(field.expression, from, to);
    for (const m of field.lookup?.fieldMappings ?? []) if (m.field === from) m.field = to;
    if (field.referenceTable?.condition?.field === from) field.referenceTable.condition.field = to;
  }
  for (const [key, manifest] of Object.entries(manifests)) {
    for (const [, field] of allFields(manifest)) {
      const lookup = field.lookup;
      if (lookup?.relatedApp?.app === app) {
        if (lookup.relatedKeyField === from) lookup.relatedKeyField = to;
        for (const m of lookup.fieldMappings ?? []) if (m.relatedField === from) m.relatedField = to;
        if (lookup.lookupPickerFields)
          lookup.lookupPickerFields = rename(lookup.lookupPickerFields, from, to);
        renameQueries(lookup, from, to);
      }
      const table = field.referenceTable;
      if (table?.relatedApp?.app === app) {
        if (table.condition?.relatedField === from) table.condition.relatedField = to;
        if (table.displayFields) table.displayFields = rename(table.displayFields, from, to);
        renameQueries(table, from, to);
      }
    }
    for (const action of Object.values<any>(manifest.actions ?? {}))
      if (action.destApp?.app === app && key !== undefined)
        for (const mapping of action.mappings ?? []) if (mapping.destField === from) mapping.destField = to;
  }
}

const rename = (list: string[], from: string, to: string) => list.map((c) => (c === from ? to : c));

function renameQueries(node: Record<string, any>, from: string, to: string): void {
  for (const key of ['filterCond', 'sort'])
    if (typeof node[key] === 'string') node[key] = replaceWord(node[key], from, to);
}

/** Whether any string in `node` names `code` (as a code, or a word of a query or formula). */
export function mentions(node: unknown, code: string): boolean {
  if (typeof node === 'string') return node === code || namesWord(node, code);
  if (Array.isArray(node)) return node.some((n) => mentions(n, code));
  if (node !== null && typeof node === 'object') return Object.values(node).some((n) => mentions(n, code));
  return false;
}

/** Whether another app of the project names field `code` of `app` (a lookup, related records, an action). */
export function namedByOtherApps(manifests: Manifests, app: string, code: string): boolean {
  for (const [key, manifest] of Object.entries(manifests)) {
    for (const [, field] of allFields(manifest)) {
      if (field.lookup?.relatedApp?.app === app && mentions(field.lookup, code)) return true;
      if (field.referenceTable?.relatedApp?.app === app && mentions(field.referenceTable, code)) return true;
    }
    for (const action of Object.values<any>(manifest.actions ?? {}))
      if (action.destApp?.app === app && key !== app && mentions(action.mappings, code)) return true;
  }
  return false;
}
