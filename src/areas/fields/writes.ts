/**
 * The writes of a fields change, in the service's terms: POST the new fields (a new table with
 * its columns), PUT the changed and renamed ones (a rename is keyed by the old code with the new
 * one in `code`, which keeps the data), and, after the layout no longer shows them, DELETE the
 * removed ones.
 */
import type { Json, JsonObject, WriteContext, WriteStep } from '../types.js';
import { asRecord } from '../canonical.js';
import type { FieldsCanonical } from './canonical.js';
import { fieldItems, isFixedFieldChange, planFields, type FieldItem, type FieldPlan } from './items.js';
import { replaceHow, type ReplacePlan } from './migrations.js';

/** The phases of the fields' writes (their order: the area's `phases`, fields/index.ts). */
export type FieldsPhase =
  'fields-swap' | 'fields-upsert' | 'fields-lookups' | 'fields-references' | 'fields-remove';

export function fieldWrites(desired: FieldsCanonical, current: FieldsCanonical): WriteStep<FieldsPhase>[] {
  // A change of a fixed system field is blocked, and so is a replace that is neither a migration
  // nor `migrate: false`: apply refuses the plan before any write, and none goes out for them.
  const all = planFields(desired, current).filter((p) => !isFixedFieldChange(p));
  const swapped = swaps(all, desired, current);
  const plans = [
    ...all.filter((p) => p.kind !== 'replace'),
    // `migrate: false`: the new field is added once the old one is gone (the swap step).
    ...swapped.filter((p) => p.temporary === null).map((p): FieldPlan => ({ kind: 'add', item: p.item })),
  ];
  const steps: WriteStep<FieldsPhase>[] = swapped.length > 0 ? [swapStep(swapped)] : [];
  const upserts = plans.filter((p): p is Upsert => p.kind !== 'remove');
  const lookups = upserts.filter((p) => p.item.def.lookup !== undefined);
  const references = upserts.filter((p) => p.item.def.referenceTable !== undefined);
  const own = upserts.filter((p) => !lookups.includes(p) && !references.includes(p));
  const phases = [
    ['fields-upsert', own, 'fields'],
    ['fields-lookups', lookups, 'lookup fields'],
    ['fields-references', references, 'related-records fields'],
  ] as const;
  for (const [phase, group, noun] of phases)
    if (group.length > 0)
      steps.push({
        phase,
        describe: `${noun}: ${counts(group)}`,
        calls: upsertCalls(group),
        run: (ctx, revision) => upsert(ctx, revision, group),
      });
  const removals = plans.filter((p) => p.kind === 'remove').map((p) => p.item.code);
  if (removals.length > 0)
    steps.push({
      phase: 'fields-remove',
      describe: `fields: remove ${removals.length}`,
      run: async (ctx, revision) =>
        (await ctx.client.form.deleteFields({ app: ctx.app, fields: removals, revision })).revision,
    });
  return steps;
}

type Upsert = Exclude<FieldPlan, { kind: 'remove' | 'replace' }>;

/**
 * The replaces written here: `migrate: false` ones (deleted, then added as new), and migrations
 * whose new field an apply already added under its temporary code and filled (apply/migrate.ts):
 * their swap. A migration not begun writes nothing here: apply adds its temporary field and
 * copies the values first, then plans again.
 */
function swaps(
  plans: readonly FieldPlan[],
  desired: FieldsCanonical,
  current: FieldsCanonical,
): ReplacePlan[] {
  const have = fieldItems(current);
  const want = fieldItems(desired);
  return plans.filter((p): p is ReplacePlan => {
    if (p.kind !== 'replace') return false;
    const how = replaceHow(p, have, want).how;
    return how === 'replace' || (how === 'migrate' && p.temporary !== null);
  });
}

/**
 * The swap, before any other write of the fields: the old fields deleted (the service drops them
 * from the layout, views and field permissions with them), then each temporary field renamed to
 * its final code (Update Form Fields' `code`, which keeps the values), with its definition. The
 * final code is free only once the old field is gone, hence first, and in this order.
 */
function swapStep(swapped: readonly ReplacePlan[]): WriteStep<FieldsPhase> {
  const removed = swapped.map((p) => p.before.code);
  const renames = swapped.flatMap((p): Upsert[] =>
    p.temporary === null ? [] : [{ kind: 'rename', item: p.item, before: p.temporary }],
  );
  return {
    phase: 'fields-swap',
    describe: `fields: replace ${swapped.length}`,
    calls: 1 + (renames.length > 0 ? 1 : 0),
    run: async (ctx, revision) => {
      const next = (await ctx.client.form.deleteFields({ app: ctx.app, fields: removed, revision })).revision;
      return renames.length > 0 ? upsert(ctx, next, renames) : next;
    },
  };
}

/**
 * The calls `upsert` makes for these plans: a POST when something is added (a field, or a
 * column of a table added with it), a PUT when something else changes (a column added to an
 * existing table goes in the PUT of its table).
 */
function upsertCalls(plans: readonly Upsert[]): number {
  const tableAdded = new Set(
    plans.filter((p) => p.kind === 'add' && p.item.table === null).map((p) => p.item.code),
  );
  const posted = (p: Upsert) => (p.item.table === null ? p.kind === 'add' : tableAdded.has(p.item.table));
  return (plans.some(posted) ? 1 : 0) + (plans.some((p) => !posted(p)) ? 1 : 0);
}

async function upsert(ctx: WriteContext, revision: string, plans: Upsert[]): Promise<string> {
  const added = new Map<string, JsonObject>();
  const changed = new Map<string, JsonObject>();
  // Tables by their code on the service now, so a column lands in the table that holds it.
  const currentTableCode = new Map<string, string>();
  for (const plan of plans)
    if (plan.kind === 'rename' && plan.item.def.type === 'SUBTABLE')
      currentTableCode.set(plan.item.code, plan.before.code);
  const tableAdded = new Set(
    plans.filter((p) => p.kind === 'add' && p.item.table === null).map((p) => p.item.code),
  );

  for (const plan of plans) {
    const { item } = plan;
    const def = body(item, ctx);
    const key = plan.kind === 'add' ? item.code : plan.before.code;
    if (item.table === null) {
      const into = plan.kind === 'add' ? added : changed;
      into.set(key, { ...into.get(key), ...def });
    } else if (tableAdded.has(item.table)) {
      const table = added.get(item.table) ?? {};
      added.set(item.table, { ...table, fields: { ...asRecord(table.fields), [key]: def } });
    } else {
      const tableKey = currentTableCode.get(item.table) ?? item.table;
      const table = changed.get(tableKey) ?? { type: 'SUBTABLE', code: item.table };
      changed.set(tableKey, { ...table, fields: { ...asRecord(table.fields), [key]: def } });
    }
  }
  let next = revision;
  if (added.size > 0)
    next = (
      await ctx.client.form.addFields({
        app: ctx.app,
        properties: Object.fromEntries(added) as never,
        revision: next,
      })
    ).revision;
  if (changed.size > 0)
    next = (
      await ctx.client.form.updateFields({
        app: ctx.app,
        properties: Object.fromEntries(changed) as never,
        revision: next,
      })
    ).revision;
  return next;
}

/** A field definition as the service takes it: its (new) code, other apps resolved to ids. */
function body(item: FieldItem, ctx: WriteContext): JsonObject {
  return { ...asRecord(resolveApps(item.def, ctx)), code: item.code };
}

function resolveApps(value: Json, ctx: WriteContext): Json {
  if (Array.isArray(value)) return value.map((v) => resolveApps(v, ctx));
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, inner] of Object.entries(value))
    out[key] =
      key === 'relatedApp' && inner && typeof inner === 'object' && !Array.isArray(inner)
        ? relatedApp(inner, ctx)
        : resolveApps(inner, ctx);
  return out;
}

function relatedApp(ref: JsonObject, ctx: WriteContext): JsonObject {
  return typeof ref.app === 'string' ? { app: ctx.resolveApp(ref.app) } : ref;
}

function counts(plans: readonly FieldPlan[]): string {
  const by = new Map<string, number>();
  for (const p of plans) by.set(p.kind, (by.get(p.kind) ?? 0) + 1);
  return [...by].map(([kind, n]) => `${kind} ${n}`).join(', ');
}
