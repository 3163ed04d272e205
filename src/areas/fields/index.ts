/**
 * Form fields (`fields` in a manifest): `/k/v1/app/form/fields.json`, draft at `preview/`,
 * written with POST (add), PUT (change, rename) and DELETE (remove) on the draft. A map by code;
 * a table's columns are items of their own. Order is not part of the fields: the layout has it.
 */
import { FIELD_TYPES, newFieldDefaults, type FieldType } from '../../platform/index.js';
import type { FieldManifest } from '../../project/manifest.js';
import { attributeChanges, equalJson } from '../diff.js';
import type { Area, Change, ExportContext, Json, JsonObject } from '../types.js';
import { asRecord } from '../canonical.js';
import { canonicalFields, type FieldsCanonical } from './canonical.js';
import { itemPath, planFields, typeOf, type FieldPlan } from './items.js';
import { fieldBlocks, fieldProbes } from './risks.js';
import { fieldWrites, type FieldsPhase } from './writes.js';
import { reverseFields } from './reverse.js';

export const fieldsArea: Area<FieldsCanonical, FieldsPhase> = {
  key: 'fields',
  phases: [
    // A migration's swap (the old field deleted, the temporary one given its code) and a
    // `migrate: false` replace's deletion: the code must be free before anything names it.
    { name: 'fields-swap' },
    // The app's own fields: added, renamed and changed.
    { name: 'fields-upsert', after: ['fields-swap'] },
    // Lookups and related-records tables name fields of other apps: every app of one apply gets
    // its own fields first, then its lookups, then its related-records tables (which may show or
    // match another app's lookup field), so two apps may refer to each other.
    { name: 'fields-lookups', after: ['fields-upsert'] },
    { name: 'fields-references', after: ['fields-lookups'] },
    // Once neither the layout shows them nor general settings name one as the title.
    { name: 'fields-remove', after: ['layout', 'general'] },
  ],
  itemNoun: 'field',
  fromManifest: (manifest, ctx) =>
    manifest.fields === undefined ? undefined : canonicalFields(manifest.fields, ctx),
  toManifest: (canonical, ctx) => ({ fields: manifestFields(canonical, ctx) }),
  read: async ({ client, app, copy }) => {
    const { properties, revision } = await client.form.getFields({ app, copy });
    return { value: canonicalFields(properties, null), revision };
  },
  diff: (desired, current) => planFields(desired, current).map(toChange),
  unchangedCount: (desired, current) => {
    const plans = planFields(desired, current).filter((p) => p.kind !== 'remove');
    let items = 0;
    for (const field of Object.values(desired)) {
      items += 1;
      if (field.type === 'SUBTABLE') items += Object.keys(asRecord(field.fields)).length;
    }
    return items - plans.length;
  },
  writes: fieldWrites,
  reverse: reverseFields,
  probes: fieldProbes,
  blocked: fieldBlocks,
};

function toChange(plan: FieldPlan): Change {
  const path = itemPath(plan.item);
  switch (plan.kind) {
    case 'add':
      return { action: 'add', path, after: plan.item.def };
    case 'remove':
      return { action: 'remove', path, before: plan.item.def };
    case 'change':
    case 'replace': {
      const before = plan.before.def;
      const after = plan.item.def;
      return { action: plan.kind, path, before, after, details: attributeChanges(before, after) };
    }
    case 'rename': {
      const before = plan.before.def;
      const after = plan.item.def;
      return {
        action: 'rename',
        path,
        from: plan.before.code,
        before,
        after,
        details: attributeChanges(before, after),
      };
    }
    default: {
      const unreachable: never = plan;
      return unreachable;
    }
  }
}

/** Canonical fields as a manifest writes them: defaults left out, other apps by project key. */
function manifestFields(fields: FieldsCanonical, ctx: ExportContext): Record<string, FieldManifest> {
  const out: Record<string, FieldManifest> = {};
  for (const [code, field] of Object.entries(fields)) {
    const written = manifestField(field, ctx);
    if (!isFieldManifest(written))
      throw new Error(
        `export: the service's field ${code} has type ${JSON.stringify(written.type)}, which no manifest holds`,
      );
    out[code] = written;
  }
  return out;
}

/**
 * A definition the service gave, as a manifest writes it: a field of one of the platform's types.
 * Its other keys are the service's own, which the app schema describes in both places (a manifest
 * holds the form's definitions, defaults left out), so its type is what tells the shape.
 */
function isFieldManifest(def: JsonObject): def is JsonObject & FieldManifest {
  return typeof def.type === 'string' && (FIELD_TYPES as readonly string[]).includes(def.type);
}

function manifestField(field: JsonObject, ctx: ExportContext): JsonObject {
  const defaults = newFieldDefaults(typeOf(field) as FieldType);
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(field)) {
    if (
      key !== 'type' &&
      key !== 'label' &&
      equalJson(value, (defaults[key] ?? undefined) as Json | undefined)
    )
      continue;
    if (key === 'fields' && value && typeof value === 'object' && !Array.isArray(value))
      out.fields = Object.fromEntries(
        Object.entries(value).map(([c, inner]) => [c, manifestField(asRecord(inner), ctx)]),
      );
    else out[key] = exportApps(value, ctx);
  }
  return out;
}

function exportApps(value: Json, ctx: ExportContext): Json {
  if (Array.isArray(value)) return value.map((v) => exportApps(v, ctx));
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, inner] of Object.entries(value)) {
    if (
      key === 'relatedApp' &&
      inner &&
      typeof inner === 'object' &&
      !Array.isArray(inner) &&
      typeof inner.app === 'string'
    )
      out[key] = { app: ctx.appKey(inner.app) ?? Number(inner.app) };
    else out[key] = exportApps(inner, ctx);
  }
  return out;
}
