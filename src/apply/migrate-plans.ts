/**
 * The plans a migrating apply runs besides the one reviewed (migrate.ts), pure: the expand plan,
 * which adds each new field under its temporary code and nothing else, and what the cleanup
 * deletes when the copy fails.
 */
import type { Area, AreaKey, Json, JsonObject } from '../areas/types.js';
import type { AppPlan, FieldMigration, Plan } from '../plan/index.js';

/** The apps with migrations (existing apps: a created app has no field to migrate). */
export function migratingApps(plan: Plan): AppPlan[] {
  return plan.apps.filter((a) => a.id !== null && (a.migrations ?? []).length > 0);
}

function asObject(value: Json | undefined): JsonObject {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/** The new field's definition as the plan's desired fields hold it, without the manifest's hints. */
function desiredDef(after: JsonObject, m: FieldMigration): JsonObject {
  const holder = m.to.table === null ? after : asObject(asObject(after[m.to.table]).fields);
  const { renamedFrom: _r, migrate: _m, ...def } = asObject(holder[m.to.code]);
  return def;
}

/**
 * The fields with each planned migration's new field added under its temporary code: at the top
 * level, inside the existing table it moves into, or inside its new table (the table under its
 * final code, with that one column: a table needs one).
 */
export function withTemporaries(
  before: JsonObject,
  after: JsonObject,
  migrations: readonly FieldMigration[],
): JsonObject {
  const out: JsonObject = structuredClone(before);
  for (const m of migrations) {
    const def = desiredDef(after, m);
    if (m.to.table === null) {
      out[m.temporary] = def;
      continue;
    }
    const table = asObject(out[m.to.table]);
    const { renamedFrom: _r, fields: _f, ...tableDef } = asObject(after[m.to.table]);
    out[m.to.table] = {
      ...(Object.keys(table).length > 0 ? table : tableDef),
      fields: { ...asObject(table.fields), [m.temporary]: def },
    };
  }
  return out;
}

/**
 * The expand plan: for each app with migrations not begun, its fields area brought to the live
 * fields plus the temporary fields, every other area as it is; every other app and plug-in left
 * alone. Its risks are only the pending drafts (the reviewed plan's risks were judged already);
 * null when no migration is left to begin.
 */
export function expandPlan(plan: Plan, areas: ReadonlyMap<AreaKey, Area>): Plan | null {
  const fieldsArea = areas.get('fields');
  const apps = plan.apps.map((app): AppPlan => {
    const planned = (app.migrations ?? []).filter((m) => m.state === 'planned');
    const fields = app.areas.find((a) => a.key === 'fields');
    if (app.id === null || planned.length === 0 || !fields || fields.before === null || !fieldsArea)
      return { ...app, action: 'no-op', areas: app.areas.map(unchanged), risks: [] };
    const before = asObject(fields.before);
    const after = withTemporaries(before, asObject(fields.after), planned);
    const changes = fieldsArea.diff(after, before);
    return {
      ...app,
      action: 'update',
      areas: app.areas.map((a) =>
        a.key === 'fields' ? { ...a, action: 'update', changes, after, unchanged: 0 } : unchanged(a),
      ),
      risks: app.risks.filter((r) => r.kind === 'pending-draft'),
    };
  });
  if (!apps.some((a) => a.action !== 'no-op')) return null;
  const { deploySteps: _steps, check: _check, ...rest } = plan;
  return {
    ...rest,
    plugins: plan.plugins.map((p) => ({ ...p, action: 'no-op' })),
    apps,
    heldReferences: [],
  };
}

function unchanged(area: AppPlan['areas'][number]): AppPlan['areas'][number] {
  return { ...area, action: 'no-op', changes: [], after: area.before ?? area.after };
}

/**
 * What removing the temporary fields deletes, given the live fields: each temporary field, or the
 * table it is the only column of (a new table the expand added for it).
 */
export function temporaryCodes(live: JsonObject, migrations: readonly FieldMigration[]): string[] {
  const codes = new Set<string>();
  for (const m of migrations) {
    if (m.to.table === null) {
      if (m.temporary in live) codes.add(m.temporary);
      continue;
    }
    const columns = Object.keys(asObject(asObject(live[m.to.table]).fields));
    if (!columns.includes(m.temporary)) continue;
    codes.add(columns.every((c) => migrations.some((n) => n.temporary === c)) ? m.to.table : m.temporary);
  }
  return [...codes];
}

/**
 * What the swap's deletion of each old field takes out of the app's other settings, by area: the
 * views' columns and the field permissions naming it. The local service drops them as the form
 * editor does (emulator/handlers/form-layout-ops.ts dropFieldReferences), and the rename that
 * follows gives the code back to the new field but not to them. What the hosted platform's fields
 * API drops at a deletion is not documented (kintone REST docs, Delete Form Fields, say nothing of
 * other settings), so these areas are written again after the swap whatever it drops, and the
 * deploy's check reads them back.
 */
export const SWAP_DROPS: Partial<Record<AreaKey, (before: Json, gone: ReadonlySet<string>) => Json>> = {
  views: (before, gone) =>
    Object.fromEntries(
      Object.entries(asObject(before)).map(([name, view]) => {
        const v = asObject(view);
        return [
          name,
          Array.isArray(v.fields)
            ? { ...v, fields: v.fields.filter((c) => typeof c !== 'string' || !gone.has(c)) }
            : v,
        ];
      }),
    ),
  fieldAcl: (before, gone) =>
    (Array.isArray(before) ? before : []).filter((rule) => {
      const field = asObject(rule).field;
      return typeof field !== 'string' || !gone.has(field);
    }),
};

/**
 * The contract plan with the settings the swap's deletion takes a migrated field out of written
 * again (SWAP_DROPS): each such area of an app whose migration swaps now is diffed against what
 * the deletion leaves, so apply writes it after the fields and checks it once live.
 */
export function withSwapDrops(plan: Plan, areas: ReadonlyMap<AreaKey, Area>): Plan {
  return {
    ...plan,
    apps: plan.apps.map((app): AppPlan => {
      const gone = new Set((app.migrations ?? []).map((m) => m.from.code));
      if (app.id === null || gone.size === 0) return app;
      return {
        ...app,
        areas: app.areas.map((a) => {
          const drop = SWAP_DROPS[a.key];
          const area = areas.get(a.key);
          if (!drop || !area || a.before === null) return a;
          const left = drop(a.before, gone);
          const changes = area.diff(a.after, left);
          return changes.length === 0 ? a : { ...a, action: 'update', changes, before: left };
        }),
      };
    }),
  };
}

/**
 * The service's layout as the swap should leave it: a field migrated in place (a type change, at
 * the top level or in its table) where the old field was, its temporary field taken out; a field
 * moved into or out of a table where the expand put its temporary field (the end of the form, or
 * of its table), the old field's place taken out; what the contract's fields no longer hold (a
 * table removed with the move) taken out, and rows left empty dropped. The expand added each
 * temporary field in a row of its own at the end of the form or of its table (Add Form Fields;
 * the local service's form-fields.ts), so without this the swap would move a field to the bottom
 * of a layout the manifest leaves alone. `fields` is the contract's fields, as the swap leaves
 * them; `added`, what of them the service does not have yet (addedFields). Null when nothing changes.
 */
export function layoutInPlace(
  live: Json,
  migrations: readonly FieldMigration[],
  fields: Json,
  added?: JsonObject,
): Json | null {
  const kept = new Set(flatCodes(fields));
  const byTemporary = new Map(migrations.map((m) => [m.temporary, m]));
  const inPlace = new Map(
    migrations
      .filter((m) => m.from.table === m.to.table)
      .map((m) => [`${m.from.table ?? ''}/${m.from.code}`, m]),
  );
  const moved = new Set(
    migrations.filter((m) => m.from.table !== m.to.table).map((m) => `${m.from.table ?? ''}/${m.from.code}`),
  );
  const cells = (list: Json[], table: string | null): Json[] =>
    list.flatMap((element): Json[] => {
      const e = asObject(element);
      if (typeof e.code !== 'string') return [element];
      const temporary = byTemporary.get(e.code);
      if (temporary)
        return temporary.from.table === temporary.to.table
          ? []
          : [{ ...e, code: temporary.to.code, ...typed(e, temporary.to.type) }];
      const place = `${table ?? ''}/${e.code}`;
      if (moved.has(place) || !kept.has(e.code)) return [];
      const same = inPlace.get(place);
      return [same ? { ...e, ...typed(e, same.to.type) } : element];
    });
  const blocks = (list: Json, table: string | null): Json[] =>
    (Array.isArray(list) ? list : []).flatMap((block): Json[] => {
      const b = asObject(block);
      if (Array.isArray(b.layout)) return [{ ...b, layout: blocks(b.layout, table) }];
      if (!Array.isArray(b.fields)) return [block];
      if (b.type === 'SUBTABLE' && typeof b.code === 'string' && !kept.has(b.code)) return [];
      const inner = cells(b.fields, b.type === 'SUBTABLE' && typeof b.code === 'string' ? b.code : table);
      return b.type === 'ROW' && inner.length === 0 && b.fields.length > 0 ? [] : [{ ...b, fields: inner }];
    });
  const out = withAdded(blocks(live, null), added ?? {});
  return JSON.stringify(out) === JSON.stringify(live) ? null : out;
}

/**
 * The layout with the fields the contract adds (`added`: fields and table columns the service
 * does not have yet) placed as the service places a new field: a row of its own at the end, a new
 * table or group a block at the end, a new column at the end of its table's block.
 */
function withAdded(layout: Json[], added: JsonObject): Json[] {
  const out = [...layout];
  for (const [code, def] of Object.entries(added)) {
    const d = asObject(def);
    const columns = Object.entries(asObject(d.fields)).map(([c, col]) => ({
      type: asObject(col).type ?? '',
      code: c,
    }));
    const block = out.findIndex((b) => asObject(b).type === 'SUBTABLE' && asObject(b).code === code);
    if (block >= 0) {
      const b = asObject(out[block]);
      out[block] = { ...b, fields: [...(Array.isArray(b.fields) ? b.fields : []), ...columns] };
    } else if (d.type === 'SUBTABLE') out.push({ type: 'SUBTABLE', code, fields: columns });
    else if (d.type === 'GROUP') out.push({ type: 'GROUP', code, layout: [] });
    else out.push({ type: 'ROW', fields: [{ type: d.type ?? '', code }] });
  }
  return out;
}

function typed(element: JsonObject, type: string): JsonObject {
  return element.type === undefined ? {} : { type };
}

/** Every field code of a canonical fields form, table columns included. */
function flatCodes(fields: Json): string[] {
  return Object.entries(asObject(fields)).flatMap(([code, def]) => [
    code,
    ...Object.keys(asObject(asObject(def).fields)),
  ]);
}

/**
 * The fields of `after` the service does not have (`before`), migrated fields aside: top-level
 * fields whole, and for a table the service has, its new columns (as `{fields}`).
 */
export function addedFields(after: Json, before: Json, migrations: readonly FieldMigration[]): JsonObject {
  const had = asObject(before);
  // A migrated field is in the layout already, as its temporary field.
  const migrated = new Set(migrations.map((m) => m.to.code));
  const out: JsonObject = {};
  for (const [code, def] of Object.entries(asObject(after))) {
    if (migrated.has(code)) continue;
    if (!(code in had)) {
      out[code] = def;
      continue;
    }
    const hadColumns = asObject(asObject(had[code]).fields);
    const columns = Object.entries(asObject(asObject(def).fields)).filter(
      ([c]) => !(c in hadColumns) && !migrated.has(c),
    );
    if (columns.length > 0) out[code] = { fields: Object.fromEntries(columns) };
  }
  return out;
}
