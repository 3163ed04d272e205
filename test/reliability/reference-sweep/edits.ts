/**
 * Edits of the reference sweep: each touches a field another app names (a lookup's key, copy
 * sources and targets, picker fields, filter and sort; a related-records table's condition and
 * columns; a copy action's destination), on the referenced side and the referencing side
 * together (the references follow the field, as a person fixing them by hand would) or apart
 * (only one side: what a person forgets). Some edits break a rule of the platform on purpose;
 * those say so (`refusedBy`), with the evidence the sweep holds validate to.
 *
 * Each returns what it did, or null when the world offers it nothing to do.
 */
import { allFields, mentions, renameFieldEverywhere } from '../apply-sequences/references.js';
import type { Draw } from '../apply-sequences/pick.js';
import type { Manifests, World } from './world.js';

export interface Done {
  said: string;
  /**
   * The platform refuses the result, with the evidence: validate must refuse it (a plan that
   * applies it would promise what the platform does not do).
   */
  refusedBy?: string;
  /** Whether what the platform refuses is still there once every edit of the step is made. */
  still?: (w: World) => boolean;
}

export type Edit = (w: World, d: Draw) => Done | null;

/** A lookup's copies, as the manifest writes them. */
type Copies = { field: string; relatedField: string }[];

/** The lookup of managed app `key`'s field `code`, when both are still there. */
function lookupOf(w: World, key: string, code: string): Record<string, any> | undefined {
  return w.order.includes(key)
    ? (w.manifests[key]?.fields?.[code]?.lookup as Record<string, any>)
    : undefined;
}

const typeIn = (w: World, app: string, code: string) =>
  w.manifests[app]?.fields?.[code]?.type as string | undefined;

const fieldsOf = (m: Manifests, app: string) => (m[app]?.fields ?? {}) as Record<string, any>;

/** Top-level fields of `app` that hold a value (no table, group or related records). */
function valueFields(m: Manifests, app: string): string[] {
  return Object.entries(fieldsOf(m, app))
    .filter(([, f]) => !['SUBTABLE', 'REFERENCE_TABLE', 'GROUP'].includes(f.type))
    .map(([code]) => code);
}

/** Fields of `app` another app names (or that name another app's), the ones worth editing. */
function referencedFields(m: Manifests, app: string): string[] {
  return valueFields(m, app).filter(
    (code) => namedElsewhere(m, app, code) || Boolean(fieldsOf(m, app)[code]?.lookup),
  );
}

/** Whether another app's lookup, related-records table or copy action names `app`'s field `code`. */
function namedElsewhere(m: Manifests, app: string, code: string): boolean {
  for (const [key, manifest] of Object.entries(m)) {
    for (const [, f] of allFields(manifest)) {
      if (f.lookup?.relatedApp?.app === app && mentions(f.lookup, code)) return true;
      if (f.referenceTable?.relatedApp?.app === app && mentions(f.referenceTable, code)) return true;
    }
    for (const a of Object.values<any>(manifest.actions ?? {}))
      if (key !== app && a.destApp?.app === app && mentions(a.mappings, code)) return true;
  }
  return false;
}

/**
 * Takes out every reference to `app`'s field `code`, in every app: a lookup keyed on it or a
 * related-records table conditioned on it goes whole (and what names that field, in turn); a copy,
 * a picker or shown column, a filter or sort naming it, or an action's mapping goes alone.
 */
export function dropReferences(m: Manifests, app: string, code: string): void {
  const gone: [string, string][] = [];
  for (const [key, manifest] of Object.entries(m)) {
    for (const [own, f] of Object.entries<any>(manifest.fields ?? {})) {
      const l = f.lookup;
      if (l && (l.relatedApp?.app === app || key === app)) {
        const theirs = l.relatedApp?.app === app;
        if (theirs && l.relatedKeyField === code) {
          gone.push([key, own]);
          continue;
        }
        l.fieldMappings = (l.fieldMappings ?? []).filter(
          (x: any) => !((theirs && x.relatedField === code) || (key === app && x.field === code)),
        );
        if (theirs) {
          if (l.lookupPickerFields)
            l.lookupPickerFields = l.lookupPickerFields.filter((c: string) => c !== code);
          if (l.filterCond && mentions(l.filterCond, code)) delete l.filterCond;
          if (l.sort && mentions(l.sort, code)) delete l.sort;
        }
      }
      const t = f.referenceTable;
      if (t) {
        const theirs = t.relatedApp?.app === app;
        if ((theirs && t.condition?.relatedField === code) || (key === app && t.condition?.field === code)) {
          gone.push([key, own]);
          continue;
        }
        if (theirs) {
          t.displayFields = (t.displayFields ?? []).filter((c: string) => c !== code);
          if (t.displayFields.length === 0) {
            gone.push([key, own]);
            continue;
          }
          if (t.filterCond && mentions(t.filterCond, code)) delete t.filterCond;
          if (t.sort && mentions(t.sort, code)) delete t.sort;
        }
      }
    }
    for (const [name, a] of Object.entries<any>(manifest.actions ?? {})) {
      a.mappings = (a.mappings ?? []).filter(
        (x: any) =>
          !((a.destApp?.app === app && x.destField === code) || (key === app && x.srcField === code)),
      );
      if (a.mappings.length === 0) delete manifest.actions[name];
    }
  }
  for (const [key, own] of gone) {
    delete m[key]!.fields[own];
    dropReferences(m, key, own);
  }
}

/** The managed apps holding a field worth editing, with their fields. */
function pickReferenced(w: World, d: Draw): [string, string] | null {
  const apps = w.order.filter((a) => referencedFields(w.manifests, a).length > 0);
  const app = d.pick(apps);
  if (app === undefined) return null;
  return [app, d.pick(referencedFields(w.manifests, app))!];
}

const together = (d: Draw) => d.chance(0.6);

const removeReferenced: Edit = (w, d) => {
  const picked = pickReferenced(w, d);
  if (!picked) return null;
  const [app, code] = picked;
  const both = together(d);
  delete w.manifests[app]!.fields[code];
  if (both) dropReferences(w.manifests, app, code);
  return { said: `remove ${app}.${code}${both ? ' with every reference to it' : ' (references left)'}` };
};

const renameReferenced: Edit = (w, d) => {
  const picked = pickReferenced(w, d);
  if (!picked) return null;
  const [app, code] = picked;
  const to = d.fresh(`${code}_r`);
  const fields = w.manifests[app]!.fields;
  fields[to] = { ...fields[code], renamedFrom: code };
  delete fields[code];
  const both = together(d);
  if (both) renameFieldEverywhere(w.manifests, app, code, to);
  return { said: `rename ${app}.${code} to ${to}${both ? ' everywhere' : ' (references left)'}` };
};

/** Type changes with a conversion (docs/migrations.md), per type. */
const RETYPES: Record<string, string> = {
  SINGLE_LINE_TEXT: 'MULTI_LINE_TEXT',
  MULTI_LINE_TEXT: 'SINGLE_LINE_TEXT',
  NUMBER: 'SINGLE_LINE_TEXT',
  DATE: 'DATETIME',
  DATETIME: 'DATE',
};

/** What a retyped field keeps: its label, nothing of the old type's own settings. */
const retyped = (f: Record<string, any>, type: string): Record<string, any> => ({ type, label: f.label });

const retypeReferenced: Edit = (w, d) => {
  const picked = pickReferenced(w, d);
  if (!picked) return null;
  const [app, code] = picked;
  const f = w.manifests[app]!.fields[code];
  const type = RETYPES[f.type];
  if (type === undefined || f.lookup) return null;
  w.manifests[app]!.fields[code] = retyped(f, type);
  const both = together(d);
  if (both) dropReferences(w.manifests, app, code);
  return { said: `retype ${app}.${code} ${f.type} -> ${type}${both ? ' with its references dropped' : ''}` };
};

const toggleUnique: Edit = (w, d) => {
  const app = d.pick(w.order)!;
  const codes = valueFields(w.manifests, app).filter((c) => {
    const f = fieldsOf(w.manifests, app)[c];
    return ['SINGLE_LINE_TEXT', 'NUMBER'].includes(f.type) && !f.lookup;
  });
  const code = d.pick(codes);
  if (code === undefined) return null;
  const f = w.manifests[app]!.fields[code];
  if (f.unique) delete f.unique;
  else f.unique = true;
  return { said: `${f.unique ? 'set' : 'clear'} unique on ${app}.${code}` };
};

/** An option added to or removed from a drop-down another app's lookup copies, on one side or both. */
const changeOptions: Edit = (w, d) => {
  const sides: [string, string][] = [];
  for (const [key, manifest] of Object.entries(w.manifests))
    for (const [, f] of allFields(manifest))
      for (const x of f.lookup?.fieldMappings ?? []) {
        const src = fieldsOf(w.manifests, f.lookup.relatedApp.app)[x.relatedField];
        if (src?.type === 'DROP_DOWN' && fieldsOf(w.manifests, key)[x.field]?.type === 'DROP_DOWN')
          sides.push([f.lookup.relatedApp.app, x.relatedField], [key, x.field]);
      }
  if (sides.length === 0) return null;
  const pair = d.chance(0.5);
  const start = 2 * Math.floor(d.rnd() * (sides.length / 2));
  const touched = pair ? sides.slice(start, start + 2) : [d.pick(sides)!];
  const option = d.fresh('Opt');
  const add = d.chance(0.6);
  for (const [app, code] of touched) {
    const options = w.manifests[app]!.fields[code].options;
    const names = Object.keys(options);
    if (add) options[option] = { label: option, index: names.length };
    else if (names.length > 1) delete options[names[names.length - 1]!];
  }
  return {
    said: `${add ? 'add' : 'remove'} an option of ${touched.map(([a, c]) => `${a}.${c}`).join(' and ')}`,
  };
};

/** A referenced top-level field of master moved into its table (a migration), references dropped or not. */
const moveIntoTable: Edit = (w, d) => {
  const m = w.manifests;
  const table = Object.entries<any>(fieldsOf(m, 'master')).find(([, f]) => f.type === 'SUBTABLE');
  if (!table || !w.order.includes('master')) return null;
  const code = d.pick(
    referencedFields(m, 'master').filter((c) =>
      ['SINGLE_LINE_TEXT', 'NUMBER', 'DATE'].includes(fieldsOf(m, 'master')[c].type),
    ),
  );
  if (code === undefined) return null;
  const f = m.master!.fields[code];
  delete m.master!.fields[code];
  table[1].fields[code] = { ...f, migrate: { row: 'new' } };
  delete table[1].fields[code].unique;
  const both = together(d);
  if (both) dropReferences(m, 'master', code);
  return { said: `move master.${code} into ${table[0]}${both ? ' with its references dropped' : ''}` };
};

/** A table's column moved to the top level, and (sometimes) named at once by another app's lookup. */
const moveOutOfTable: Edit = (w, d) => {
  const m = w.manifests;
  const table = Object.entries<any>(fieldsOf(m, 'master')).find(([, f]) => f.type === 'SUBTABLE');
  if (!table || !w.order.includes('master')) return null;
  const code = d.pick(Object.keys(table[1].fields));
  if (code === undefined || Object.keys(table[1].fields).length < 2) return null;
  m.master!.fields[code] = { ...table[1].fields[code], migrate: { join: ', ' } };
  delete table[1].fields[code];
  const lookup = Object.values<any>(fieldsOf(m, 'orders')).find(
    (f) => f.lookup?.relatedApp?.app === 'master',
  );
  const named = lookup && d.chance(0.6);
  if (named) lookup.lookup.lookupPickerFields = [...(lookup.lookup.lookupPickerFields ?? []), code];
  return { said: `move master.${code} out of ${table[0]}${named ? ', shown in orders lookup picker' : ''}` };
};

/** An app taken out of the project (its references from managed apps stay, or go too), or put back. */
const toggleApp: Edit = (w, d) => {
  const all = Object.keys(w.manifests);
  const out = all.filter((k) => !w.order.includes(k));
  if (out.length > 0 && d.chance(0.6)) {
    const key = d.pick(out)!;
    w.order.push(key);
    return { said: `put ${key} back into the project` };
  }
  if (w.order.length <= 1) return null;
  const key = d.pick(w.order)!;
  w.order = w.order.filter((k) => k !== key);
  return { said: `take ${key} out of the project (it stays on the service)` };
};

const reorderApps: Edit = (w, d) => {
  const order = [...w.order];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(d.rnd() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  w.order = order;
  return { said: `reorder the apps: ${order.join(', ')}` };
};

/**
 * A new app looking master up by a field master gets in the same apply, and master listing the
 * new app's records: references to an app and a field that are not live yet (deploy steps).
 */
const addApp: Edit = (w, d) => {
  if (!w.order.includes('master')) return null;
  const key = d.fresh('extra');
  const keyField = d.fresh('ext_key');
  w.manifests.master!.fields[keyField] = { type: 'SINGLE_LINE_TEXT', label: keyField, unique: true };
  w.manifests[key] = {
    name: key,
    fields: {
      look: {
        type: 'SINGLE_LINE_TEXT',
        label: 'Look',
        lookup: {
          relatedApp: { app: 'master' },
          relatedKeyField: keyField,
          fieldMappings: [{ field: 'copied', relatedField: 'title' }],
          lookupPickerFields: [keyField],
        },
      },
      copied: { type: 'SINGLE_LINE_TEXT', label: 'Copied' },
    },
  };
  w.order.push(key);
  const listed = d.chance(0.6);
  if (listed)
    w.manifests.master!.fields[d.fresh('list_')] = {
      type: 'REFERENCE_TABLE',
      label: `Listed ${key}`,
      referenceTable: {
        relatedApp: { app: key },
        condition: { field: keyField, relatedField: 'look' },
        displayFields: ['copied'],
        size: 5,
      },
    };
  return {
    said: `add app ${key} looking master up by new master.${keyField}${listed ? ', listed in master' : ''}`,
  };
};

/** master looks notes up (a cycle master -> notes -> orders -> master), once. */
const addCycle: Edit = (w, d) => {
  const m = w.manifests;
  if (!m.notes || !w.order.includes('master') || fieldsOf(m, 'master').note_look) return null;
  const target = d.fresh('note_copy');
  m.master!.fields[target] = { type: 'SINGLE_LINE_TEXT', label: 'Note copy' };
  m.master!.fields.note_look = {
    type: 'SINGLE_LINE_TEXT',
    label: 'Note',
    lookup: {
      relatedApp: { app: 'notes' },
      relatedKeyField: 'subject',
      fieldMappings: [{ field: target, relatedField: 'subject' }],
    },
  };
  return { said: 'master looks notes up by subject (a cycle)' };
};

// --- Edits the platform refuses: validate must say so. ---

/**
 * A lookup copying a field into one of another type. SonicGarden/kintone-emulator
 * doc/kintone-behavior-notes.md §10 ("フィールド定義時の制約"): a NUMBER copied into a
 * SINGLE_LINE_TEXT is refused, CB_VA01 "指定したフィールドの組み合わせが正しくない、または指定
 * できない種類のフィールドを指定しています。"; kintone help "Fields That Can Be Specified for
 * Field Mappings" (help.cybozu.cn/k/en/user/app_settings/form/lookup/otherfield_copy.html): a
 * drop-down, radio button, check box, multi-choice, link, date, time, department or group selection
 * only from its own type.
 */
const mismatchedCopy: Edit = (w, d) => {
  const m = w.manifests;
  const lookups = Object.entries(m).flatMap(([key, manifest]) =>
    Object.entries<any>(manifest.fields ?? {})
      .filter(([, f]) => f.lookup && m[f.lookup.relatedApp.app])
      .map(([code, f]) => [key, code, f] as const),
  );
  const picked = d.pick(lookups);
  if (!picked) return null;
  const [key, code, f] = picked;
  const related = f.lookup.relatedApp.app as string;
  // A NUMBER into a text (observed refused), or anything else into a date or a link (each only from its own type).
  const target = d.pick(['SINGLE_LINE_TEXT', 'DATE', 'LINK'])!;
  const sources = Object.entries<any>(fieldsOf(m, related)).filter(([, s]) =>
    target === 'SINGLE_LINE_TEXT'
      ? s.type === 'NUMBER'
      : s.type !== target && s.type !== 'SUBTABLE' && s.type !== 'REFERENCE_TABLE',
  );
  const source = d.pick(sources);
  if (!source) return null;
  const into = d.fresh('mis_');
  m[key]!.fields[into] = { type: target, label: into, ...(target === 'LINK' ? { protocol: 'WEB' } : {}) };
  f.lookup.fieldMappings = [...(f.lookup.fieldMappings ?? []), { field: into, relatedField: source[0] }];
  return {
    said: `${key}.${code} copies ${related}.${source[0]} (${source[1].type}) into new ${target} ${key}.${into}`,
    refusedBy:
      'a lookup copying between types the platform does not pair (kintone-behavior-notes §10, kintone help)',
    still: (now) =>
      ((lookupOf(now, key, code)?.fieldMappings ?? []) as Copies).some(
        (x) => x.field === into && x.relatedField === source[0],
      ) &&
      typeIn(now, key, into) === target &&
      typeIn(now, related, source[0]) === source[1].type,
  };
};

/**
 * Two lookups copying into the same field: SonicGarden/kintone-emulator doc/kintone-behavior-notes.md
 * §10: CB_VA01 "コピー先のフィールドの設定が重複しています".
 */
const sharedCopyTarget: Edit = (w, d) => {
  const m = w.manifests;
  for (const [key, manifest] of Object.entries(m)) {
    const lookup = Object.values<any>(manifest.fields ?? {}).find(
      (f) => f.lookup?.fieldMappings?.length > 0 && m[f.lookup.relatedApp.app],
    );
    if (!lookup || !d.chance(0.7)) continue;
    const mapping = lookup.lookup.fieldMappings[0];
    const related = lookup.lookup.relatedApp.app as string;
    const code = d.fresh('second_look');
    m[key]!.fields[code] = {
      type: 'SINGLE_LINE_TEXT',
      label: code,
      lookup: {
        relatedApp: { app: related },
        relatedKeyField: lookup.lookup.relatedKeyField,
        fieldMappings: [{ field: mapping.field, relatedField: mapping.relatedField }],
      },
    };
    return {
      said: `${key}.${code}: a second lookup copying into ${key}.${mapping.field}`,
      refusedBy: 'two lookups copying into one field (kintone-behavior-notes §10)',
      still: (now) =>
        Object.keys(now.manifests[key]?.fields ?? {}).filter((c) =>
          (lookupOf(now, key, c)?.fieldMappings ?? []).some((x: any) => x.field === mapping.field),
        ).length > 1,
    };
  }
  return null;
};

/**
 * A lookup keyed on a date: kintone help "Setting up a lookup" (get.kintone.help/k/ja/user/
 * app_settings/form/lookup/set_lookup.html): the key field may be a text, number, calculated,
 * lookup, link or record number field (platform/field-places.ts LOOKUP_KEY_FIELD_TYPES).
 */
const dateKey: Edit = (w, d) => {
  const m = w.manifests;
  const lookup = Object.entries(m).flatMap(([key, manifest]) =>
    Object.entries<any>(manifest.fields ?? {})
      .filter(([, f]) => f.lookup && m[f.lookup.relatedApp.app])
      .map(([code, f]) => [key, code, f] as const),
  );
  const picked = d.pick(lookup);
  if (!picked) return null;
  const [key, code, f] = picked;
  const related = f.lookup.relatedApp.app as string;
  const date = Object.entries<any>(fieldsOf(m, related)).find(([, s]) => s.type === 'DATE');
  if (!date) return null;
  f.lookup.relatedKeyField = date[0];
  return {
    said: `${key}.${code} keyed on ${related}.${date[0]} (DATE)`,
    refusedBy: 'a lookup key of a type the platform does not take (kintone help, set_lookup)',
    still: (now) =>
      lookupOf(now, key, code)?.relatedKeyField === date[0] && typeIn(now, related, date[0]) === 'DATE',
  };
};

export const EDITS: Record<string, Edit> = {
  removeReferenced,
  renameReferenced,
  retypeReferenced,
  toggleUnique,
  changeOptions,
  moveIntoTable,
  moveOutOfTable,
  toggleApp,
  reorderApps,
  addApp,
  addCycle,
  mismatchedCopy,
  sharedCopyTarget,
  dateKey,
};
