/**
 * Edits of the fields a person makes in a manifest, each with what it takes along: a new field
 * shown in the layout (and sometimes a view), a removed field taken out of everything naming it,
 * a rename (`renamedFrom`) followed everywhere, labels, required, unique, options, defaults,
 * table columns, lookups and related records into the other app, formulas. Each returns what it
 * did in words, or null when the project offers it nothing to do.
 */
import { dropNaming, namingFields } from './drop.js';
import { plain, removable, topFields, type Draw, type Field } from './pick.js';
import { allFields, mentions, renameFieldEverywhere } from './references.js';
import type { Manifests } from './world.js';

export type Edit = (m: Manifests, app: string, d: Draw) => string | null;

const NUMERIC = new Set(['NUMBER', 'CALC']);

function newField(m: Manifests, app: string, d: Draw, code: string): Field {
  const label = `Fuzz ${code}`;
  const numbers = topFields(m, app, (f) => f.type === 'NUMBER').map(([c]) => c);
  const kind = d.pick(['text', 'number', 'drop', 'check', 'date', 'multi', 'link', 'calc'])!;
  switch (kind) {
    case 'text':
      return { type: 'SINGLE_LINE_TEXT', label, ...(d.chance(0.3) ? { defaultValue: 'n/a' } : {}) };
    case 'number':
      return { type: 'NUMBER', label, ...(d.chance(0.3) ? { minValue: 0 } : {}) };
    case 'drop':
      return { type: 'DROP_DOWN', label, options: { Alpha: { label: 'Alpha' }, Beta: { label: 'Beta' } } };
    case 'check':
      return { type: 'CHECK_BOX', label, options: { One: { label: 'One' }, Two: { label: 'Two' } } };
    case 'date':
      return { type: 'DATE', label };
    case 'multi':
      return { type: 'MULTI_LINE_TEXT', label };
    case 'link':
      return { type: 'LINK', label, protocol: 'WEB' };
    default:
      return numbers.length > 0
        ? { type: 'CALC', label, expression: `${d.pick(numbers)} * 2`, format: 'NUMBER' }
        : { type: 'SINGLE_LINE_TEXT', label };
  }
}

const addField: Edit = (m, app, d) => {
  const code = d.fresh('fz_');
  const field = newField(m, app, d, code);
  m[app]!.fields[code] = field;
  m[app]!.layout.push({ type: 'ROW', fields: [{ code }] });
  const list = Object.entries(m[app]!.views ?? {}).find(([, v]: [string, any]) => v.type === 'LIST');
  if (list && d.chance(0.4)) {
    (list[1] as any).fields.push(code);
    return `add field ${app}.${code} (${field.type}), shown in view "${list[0]}"`;
  }
  return `add field ${app}.${code} (${field.type})`;
};

const removeField: Edit = (m, app, d) => {
  const candidates = topFields(
    m,
    app,
    (f, code) =>
      (plain(f) || f.type === 'SUBTABLE' || f.type === 'REFERENCE_TABLE') &&
      [code, ...Object.keys(f.fields ?? {})].every((c) => removable(m, app, c)),
  );
  const chosen = d.pick(candidates);
  if (!chosen) return null;
  const [code, field] = chosen;
  const codes = [code, ...Object.keys(field.fields ?? {})];
  delete m[app]!.fields[code];
  dropNaming(m, app, namingFields(codes), codes);
  return `remove field ${app}.${code} and what names it`;
};

/** `map` with key `from` replaced by `to`, in place of it. */
function renameKey<T>(map: Record<string, T>, from: string, to: string): Record<string, T> {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k === from ? to : k, v]));
}

const renameField: Edit = (m, app, d) => {
  const candidates = allFields(m[app]!).filter(
    ([, f]) => plain(f) || f.type === 'GROUP' || f.type === 'SUBTABLE',
  );
  const chosen = d.pick(candidates);
  if (!chosen) return null;
  const [from, field] = chosen;
  const to = d.fresh(`${from.replace(/_r\d+$/, '')}_r`);
  field.renamedFrom = from;
  const fields = m[app]!.fields;
  if (from in fields) m[app]!.fields = renameKey(fields, from, to);
  else
    for (const table of Object.values<Field>(fields))
      if (table.type === 'SUBTABLE' && from in table.fields) table.fields = renameKey(table.fields, from, to);
  renameFieldEverywhere(m, app, from, to);
  return `rename field ${app}.${from} to ${to} (renamedFrom), and everything naming it`;
};

const relabel: Edit = (m, app, d) => {
  const chosen = d.pick(allFields(m[app]!).filter(([, f]) => plain(f) || f.type === 'SUBTABLE'));
  if (!chosen) return null;
  chosen[1].label = d.fresh('Label ');
  return `relabel ${app}.${chosen[0]}`;
};

const REQUIRABLE = new Set([
  'SINGLE_LINE_TEXT',
  'NUMBER',
  'DATE',
  'DROP_DOWN',
  'MULTI_LINE_TEXT',
  'LINK',
  'CHECK_BOX',
]);

const toggleRequired: Edit = (m, app, d) => {
  const chosen = d.pick(allFields(m[app]!).filter(([, f]) => REQUIRABLE.has(f.type) && !f.lookup));
  if (!chosen) return null;
  const [code, f] = chosen;
  if (f.required === true) delete f.required;
  else f.required = true;
  return `${f.required ? 'require' : 'no longer require'} ${app}.${code}`;
};

const UNIQUABLE = new Set(['SINGLE_LINE_TEXT', 'NUMBER', 'LINK', 'DATE']);

const toggleUnique: Edit = (m, app, d) => {
  const chosen = d.pick(
    topFields(m, app, (f, code) => UNIQUABLE.has(f.type) && !f.lookup && removable(m, app, code)),
  );
  if (!chosen) return null;
  const [code, f] = chosen;
  if (f.unique === true) delete f.unique;
  else f.unique = true;
  return `${f.unique ? 'make' : 'no longer make'} ${app}.${code} unique`;
};

const CHOICE = new Set(['DROP_DOWN', 'RADIO_BUTTON', 'CHECK_BOX', 'MULTI_SELECT']);

/** Whether the project names option `name` in a query (`stage in ("Lost")`). */
const optionNamed = (m: Manifests, name: string) => JSON.stringify(m).includes(`\\"${name}\\"`);

const editOptions: Edit = (m, app, d) => {
  const chosen = d.pick(allFields(m[app]!).filter(([, f]) => CHOICE.has(f.type)));
  if (!chosen) return null;
  const [code, f] = chosen;
  const names = Object.keys(f.options);
  const defaults = [f.defaultValue].flat();
  const removable = names.filter((n) => !defaults.includes(n) && !optionNamed(m, n));
  if (d.chance(0.5) && removable.length > 0 && names.length > 2) {
    const gone = d.pick(removable)!;
    delete f.options[gone];
    return `remove option "${gone}" of ${app}.${code}`;
  }
  const name = d.fresh('Opt ');
  const indexed = Object.values(f.options).some((o: any) => o.index !== undefined);
  f.options[name] = { label: name, ...(indexed ? { index: names.length } : {}) };
  return `add option "${name}" to ${app}.${code}`;
};

const changeDefault: Edit = (m, app, d) => {
  const chosen = d.pick(
    allFields(m[app]!).filter(
      ([, f]) => ['SINGLE_LINE_TEXT', 'NUMBER', 'MULTI_LINE_TEXT'].includes(f.type) && !f.lookup,
    ),
  );
  if (!chosen) return null;
  const [code, f] = chosen;
  if (f.defaultValue !== undefined && d.chance(0.4)) delete f.defaultValue;
  else f.defaultValue = f.type === 'NUMBER' ? Math.floor(d.rnd() * 50) : d.fresh('default ');
  return `change the default of ${app}.${code}`;
};

const editColumns: Edit = (m, app, d) => {
  const chosen = d.pick(topFields(m, app, (f) => f.type === 'SUBTABLE'));
  if (!chosen) return null;
  const [table, f] = chosen;
  const block = (m[app]!.layout as any[]).find((b) => b.type === 'SUBTABLE' && b.code === table);
  const columns = Object.keys(f.fields);
  const goes = columns.filter((c) => removable(m, app, c) && !mentions(without(m[app]!, 'layout'), c));
  if (d.chance(0.4) && columns.length > 1 && goes.length > 0) {
    const gone = d.pick(goes)!;
    delete f.fields[gone];
    dropNaming(m, app, namingFields([gone]), [gone]);
    return `remove column ${app}.${table}.${gone}`;
  }
  const code = d.fresh('fz_col_');
  f.fields[code] = d.chance(0.5)
    ? { type: 'NUMBER', label: `Column ${code}` }
    : { type: 'SINGLE_LINE_TEXT', label: `Column ${code}` };
  block?.fields.push({ code });
  return `add column ${app}.${table}.${code}`;
};

function without(manifest: Record<string, any>, key: string): Record<string, any> {
  const { [key]: _, ...rest } = manifest;
  void _;
  return rest;
}

/** A new table with one column (tables are what columns and moves need). */
const addTable: Edit = (m, app, d) => {
  const code = d.fresh('fz_table_');
  const column = d.fresh('fz_col_');
  m[app]!.fields[code] = {
    type: 'SUBTABLE',
    label: `Table ${code}`,
    fields: { [column]: { type: 'SINGLE_LINE_TEXT', label: 'Item' } },
  };
  m[app]!.layout.push({ type: 'SUBTABLE', code, fields: [{ code: column }] });
  return `add table ${app}.${code}`;
};

/** A lookup from deals into customers (by its unique key), copying a text field into a new one. */
const addLookup: Edit = (m, _app, d) => {
  const key = Object.entries(m.customers!.fields).find(
    ([, f]: [string, any]) => f.unique === true && f.type === 'SINGLE_LINE_TEXT',
  );
  if (!key) return null;
  const texts = topFields(m, 'customers', (f) => f.type === 'SINGLE_LINE_TEXT').map(([c]) => c);
  const code = d.fresh('fz_lookup_');
  const target = d.fresh('fz_copied_');
  m.deals!.fields[target] = { type: 'SINGLE_LINE_TEXT', label: `Copied ${target}` };
  m.deals!.fields[code] = {
    type: 'SINGLE_LINE_TEXT',
    label: `Lookup ${code}`,
    lookup: {
      relatedApp: { app: 'customers' },
      relatedKeyField: key[0],
      fieldMappings: [{ field: target, relatedField: d.pick(texts)! }],
      lookupPickerFields: [key[0]],
    },
  };
  m.deals!.layout.push({ type: 'ROW', fields: [{ code }, { code: target }] });
  return `add lookup deals.${code} into customers by ${key[0]}`;
};

/** Related records of deals shown in customers, matched on a text field of each. */
const addRelatedRecords: Edit = (m, _app, d) => {
  const mine = d.pick(topFields(m, 'customers', (f) => f.type === 'SINGLE_LINE_TEXT' && !f.lookup));
  const theirs = d.pick(topFields(m, 'deals', (f) => f.type === 'SINGLE_LINE_TEXT'));
  const shown = topFields(m, 'deals', (f) => ['SINGLE_LINE_TEXT', 'NUMBER', 'DATE'].includes(f.type)).map(
    ([c]) => c,
  );
  if (!mine || !theirs) return null;
  const code = d.fresh('fz_related_');
  m.customers!.fields[code] = {
    type: 'REFERENCE_TABLE',
    label: `Related ${code}`,
    referenceTable: {
      relatedApp: { app: 'deals' },
      condition: { field: mine[0], relatedField: theirs[0] },
      displayFields: shown.slice(0, 1 + Math.floor(d.rnd() * Math.min(3, shown.length))),
      size: 5,
    },
  };
  m.customers!.layout.push({ type: 'ROW', fields: [{ code }] });
  return `add related records customers.${code} (deals by ${theirs[0]})`;
};

const editFormula: Edit = (m, app, d) => {
  const numbers = topFields(m, app, (f) => NUMERIC.has(f.type)).map(([c]) => c);
  const calc = d.pick(topFields(m, app, (f) => f.type === 'CALC'));
  if (!calc || numbers.length === 0) return null;
  const inputs = numbers.filter(
    (c) => c !== calc[0] && !mentions(m[app]!.fields[c].expression ?? '', calc[0]),
  );
  if (inputs.length === 0) return null;
  calc[1].expression = `${d.pick(inputs)} + ${Math.floor(d.rnd() * 10)}`;
  return `change formula ${app}.${calc[0]} to ${calc[1].expression}`;
};

export const FIELD_EDITS: Record<string, Edit> = {
  addField,
  removeField,
  renameField,
  relabel,
  toggleRequired,
  toggleUnique,
  editOptions,
  changeDefault,
  editColumns,
  addTable,
  addLookup,
  addRelatedRecords,
  editFormula,
};
