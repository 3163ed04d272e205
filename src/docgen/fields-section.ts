/** The fields table, in layout order (groups and subtables shown), then fields not in the layout. */
import type { AppManifest, FieldManifest, LayoutElement } from '../project/index.js';
import { inIndexOrder } from '../platform/index.js';
import { code, section, table, text, yesNo } from './markdown.js';
import { describeAppRef, type DocProject } from './model.js';

interface Placed {
  code: string;
  /** `group G` or `subtable T`, when the field sits in one. */
  within: string;
}

/** Field codes in the order a form shows them, each with the group or subtable it is in. */
export function layoutOrder(manifest: AppManifest): Placed[] {
  const placed: Placed[] = [];
  const els = (fields: LayoutElement[], within: string) => {
    for (const el of fields) if ('code' in el) placed.push({ code: el.code, within });
  };
  for (const block of manifest.layout ?? []) {
    if (block.type === 'ROW') els(block.fields, '');
    if (block.type === 'SUBTABLE') {
      placed.push({ code: block.code, within: '' });
      els(block.fields, `subtable ${block.code}`);
    }
    if (block.type === 'GROUP') {
      placed.push({ code: block.code, within: '' });
      for (const row of block.layout) els(row.fields, `group ${block.code}`);
    }
  }
  return placed;
}

/** Every field with its definition, layout order first, then the rest in manifest order. */
export function orderedFields(manifest: AppManifest): (Placed & { field: FieldManifest })[] {
  const defs = new Map<string, FieldManifest>();
  const parents = new Map<string, string>();
  for (const [c, f] of Object.entries(manifest.fields ?? {})) {
    defs.set(c, f);
    if (f.type === 'SUBTABLE' && 'fields' in f)
      for (const [m, mf] of Object.entries(f.fields)) {
        defs.set(m, mf);
        parents.set(m, `subtable ${c}`);
      }
  }
  const seen = new Set<string>();
  const out: (Placed & { field: FieldManifest })[] = [];
  const push = (p: Placed) => {
    const field = defs.get(p.code);
    if (!field || seen.has(p.code)) return;
    seen.add(p.code);
    out.push({ ...p, within: p.within || (parents.get(p.code) ?? ''), field });
  };
  for (const p of layoutOrder(manifest)) push(p);
  for (const c of defs.keys()) push({ code: c, within: '' });
  return out;
}

function defaultOf(field: FieldManifest): string {
  if (!('defaultValue' in field) || field.defaultValue === undefined) {
    return 'defaultNowValue' in field && field.defaultNowValue ? 'now' : '';
  }
  const v = field.defaultValue;
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : x.code)).join(', ');
  return String(v);
}

function optionsOf(field: FieldManifest): string {
  if (!('options' in field)) return '';
  return inIndexOrder(Object.entries(field.options))
    .map(([key, o]) => (o.label === key ? text(key) : `${text(key)} (${text(o.label)})`))
    .join(', ');
}

function referenceOf(field: FieldManifest, project: DocProject): string {
  if ('lookup' in field && field.lookup) {
    const l = field.lookup;
    const copies = (l.fieldMappings ?? []).map((m) => `${code(m.relatedField)} → ${code(m.field)}`);
    return [
      `lookup in ${text(describeAppRef(l.relatedApp, project))} by ${code(l.relatedKeyField)}`,
      ...(copies.length ? [`copies ${copies.join(', ')}`] : []),
    ].join('; ');
  }
  if (field.type === 'REFERENCE_TABLE' && 'referenceTable' in field) {
    const r = field.referenceTable;
    return `records of ${text(describeAppRef(r.relatedApp, project))} where ${code(r.condition.relatedField)} = ${code(r.condition.field)}; shows ${r.displayFields.map(code).join(', ')}`;
  }
  if ('expression' in field && field.expression) {
    const format = 'format' in field && field.format ? CALC_FORMATS[field.format] : undefined;
    return `= ${code(field.expression)}${format ? `, shown as ${format}` : ''}`;
  }
  return '';
}

/** What a calculated field's value is, by its `format` (the schema's enum). */
const CALC_FORMATS: Record<string, string> = {
  NUMBER: 'a number',
  NUMBER_DIGIT: 'a number with thousands separators',
  DATETIME: 'a date and time',
  DATE: 'a date',
  TIME: 'a time',
  HOUR_MINUTE: 'hours and minutes',
  DAY_HOUR_MINUTE: 'days, hours and minutes',
};

export function fieldsSection(manifest: AppManifest, project: DocProject): string {
  const rows = orderedFields(manifest).map(({ code: c, within, field }) => [
    code(c),
    text(field.label),
    field.type,
    within,
    yesNo('required' in field ? field.required : false),
    yesNo('unique' in field ? field.unique : false),
    text(defaultOf(field)),
    optionsOf(field),
    referenceOf(field, project),
  ]);
  const head = [
    'Code',
    'Label',
    'Type',
    'In',
    'Required',
    'Unique',
    'Default',
    'Options',
    'Lookup, table or formula',
  ];
  return section(2, 'Fields', [rows.length ? table(head, rows) : 'No fields are managed.']);
}
