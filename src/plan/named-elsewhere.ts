/**
 * Pure: a field the plan deletes (a removal, or a migration's swap) that another app of the
 * project names in a lookup or a related-records table. The platform refuses to delete a field
 * another app's lookup or related-records table reads (GAIA_LO02, GAIA_RE07: kintone help article
 * 040792, "An error message appears and I cannot delete a field"), and apply writes the deletion
 * to the draft before anything is deployed. The other app's copy on the service counts as much as
 * its manifest: a manifest that stops naming the field changes nothing until it is deployed,
 * which comes after the deletion (whether the platform reads the draft, the live copy or both is
 * not documented; the local service reads both, see docs/migrations.md "Not settled"). Apps
 * outside the project are not read: a lookup of theirs shows as the service refusing the write.
 */
import type { Json } from '../areas/types.js';
import type { LeftOutFields } from './left-out-fields.js';
import type { AppPlan, Risk } from './types.js';

type AppLike = Pick<AppPlan, 'key' | 'id' | 'areas'>;

/** The field deleted, where the plan shows it, and what the block says of it. */
export interface Deleted {
  code: string;
  path: (string | number)[];
  /** Why it cannot happen, after the references: `and the service refuses ...`. */
  refuses: string;
  /** What to do once the references are gone: `migrate`, `remove "notes"`. */
  then: string;
  /** What to do when the manifest still names it: `migrate, then name it again`. */
  again: string;
}

/** Blocked when another app of the plan names the field, in its manifest or on the service. */
export function namedElsewhereRisk(apps: readonly AppLike[], app: AppLike, d: Deleted): Risk | null {
  const others = apps.filter((other) => other.key !== app.key);
  const inManifest = others.flatMap((other) =>
    referencesIn(fieldsOf(other, 'after'), app.id!, d.code).map((f) => `${other.key}.${f}`),
  );
  if (inManifest.length > 0)
    return {
      kind: 'blocked',
      area: 'fields',
      path: d.path,
      reason: `field "${d.code}" is named by ${inManifest.join(', ')} (a lookup or related-records table), ${d.refuses}`,
      instead: `take "${d.code}" out of those references first (apply), ${d.again}`,
    };
  const onService = others.flatMap((other) =>
    referencesIn(fieldsOf(other, 'before'), app.id!, d.code).map((f) => ({
      key: other.key,
      name: `${other.key}.${f}`,
    })),
  );
  if (onService.length === 0) return null;
  const first = [...new Set(onService.map((o) => o.key))];
  return {
    kind: 'blocked',
    area: 'fields',
    path: d.path,
    reason: `field "${d.code}" is named by ${onService.map((o) => o.name).join(', ')} (a lookup or related-records table) as the service has it: the manifest stops naming it, but that is not deployed yet, ${d.refuses}`,
    instead: `apply ${first.join(', ')} first (apply ${first.map((k) => `--app ${k}`).join(' ')}), then ${d.then}`,
  };
}

/** A project app the plan leaves out (`--app`) naming the field on the service: it is not applied. */
export function leftOutNamingRisk(leftOut: readonly LeftOutFields[], app: AppLike, d: Deleted): Risk | null {
  const naming = leftOut.flatMap((other) => {
    const fields = [...new Set(other.copies.flatMap((copy) => referencesIn(copy, app.id!, d.code)))];
    return fields.length > 0 ? [{ key: other.key, names: fields.map((f) => `${other.key}.${f}`) }] : [];
  });
  if (naming.length === 0) return null;
  const keys = naming.map((n) => n.key);
  return {
    kind: 'blocked',
    area: 'fields',
    path: d.path,
    reason: `field "${d.code}" is named by ${naming.flatMap((n) => n.names).join(', ')} (a lookup or related-records table) on the service, ${keys.join(', ')} ${keys.length === 1 ? 'is' : 'are'} left out of this plan (--app), ${d.refuses}`,
    instead: `take "${d.code}" out of those references and apply ${keys.join(', ')} first (apply ${keys.map((k) => `--app ${k}`).join(' ')}), then ${d.then}`,
  };
}

function fieldsOf(app: AppLike, side: 'before' | 'after'): Json | null {
  return app.areas.find((a) => a.key === 'fields')?.[side] ?? null;
}

/** The fields among `fields` that name `code` of app `id` in a lookup or related-records table. */
function referencesIn(fields: Json | null, id: string, code: string): string[] {
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return [];
  const found: string[] = [];
  const visit = (name: string, def: Json) => {
    if (!def || typeof def !== 'object' || Array.isArray(def)) return;
    for (const key of ['lookup', 'referenceTable'] as const) {
      const ref = def[key];
      if (ref && typeof ref === 'object' && !Array.isArray(ref) && namesField(ref, id, code))
        found.push(name);
    }
    const columns = def.fields;
    if (columns && typeof columns === 'object' && !Array.isArray(columns))
      for (const [inner, column] of Object.entries(columns)) visit(inner, column);
  };
  for (const [name, def] of Object.entries(fields)) visit(name, def);
  return found;
}

function namesField(ref: { [key: string]: Json }, id: string, code: string): boolean {
  const related = ref.relatedApp;
  const app = related && typeof related === 'object' && !Array.isArray(related) ? related.app : undefined;
  if ((typeof app === 'string' || typeof app === 'number' ? String(app) : '') !== id) return false;
  const word = new RegExp(`(^|[^\\w$])${code.replace(/[$]/g, '\\$')}($|[^\\w$])`);
  const condition = ref.condition as { relatedField?: Json } | undefined;
  const listed = [
    ref.relatedKeyField,
    condition?.relatedField,
    ...(Array.isArray(ref.fieldMappings)
      ? ref.fieldMappings.map((p) => (p as { relatedField?: Json }).relatedField)
      : []),
    ...(Array.isArray(ref.lookupPickerFields) ? ref.lookupPickerFields : []),
    ...(Array.isArray(ref.displayFields) ? ref.displayFields : []),
  ];
  if (listed.includes(code)) return true;
  return [ref.filterCond, ref.sort].some((text) => typeof text === 'string' && word.test(text));
}
