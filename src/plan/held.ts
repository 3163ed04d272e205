/**
 * Pure: the lookups and related-records tables of a plan that name fields not live yet.
 *
 * The hosted platform checks such a reference against the related app's live form when the
 * field is written to the draft (see src/emulator/validate/related.ts for the evidence): an app
 * this apply creates, an app never deployed, or a field this apply adds there cannot be named
 * before a deploy has made it live. Apply writes everything else first, deploys, then writes
 * these references and deploys again; a reference naming another held reference's field waits
 * one deploy more (a related-records table in `customers` showing `deals` by the `customer_code`
 * lookup that `deals` itself gets in the second step).
 */
import type { Json, JsonObject } from '../areas/types.js';
import { equalJson } from '../areas/diff.js';
import type { AppPlan, HeldReference } from './types.js';
import { appPlaceholder } from '../readers/index.js';

type Fields = Record<string, JsonObject>;

/** Every field of a canonical form, table columns included, by code. */
export function flatFields(fields: Json | null | undefined): Map<string, JsonObject> {
  const out = new Map<string, JsonObject>();
  if (!isObject(fields)) return out;
  for (const [code, def] of Object.entries(fields as Fields)) {
    out.set(code, def);
    if (def.type === 'SUBTABLE' && isObject(def.fields))
      for (const [column, inner] of Object.entries(def.fields as Fields)) out.set(column, inner);
  }
  return out;
}

/** Whether a string of `value` names `code`: equals it, or holds it as a word (a query, a formula). */
export function mentions(value: Json | undefined, code: string): boolean {
  if (typeof value === 'string') {
    if (value === code) return true;
    const escaped = code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(^|[^\\p{L}\\p{N}_$])${escaped}($|[^\\p{L}\\p{N}_])`, 'u').test(value);
  }
  if (Array.isArray(value)) return value.some((v) => mentions(v, code));
  if (isObject(value)) return Object.values(value).some((v) => mentions(v, code));
  return false;
}

interface Related {
  app: AppPlan;
  /** Null when every field it names counts as live (its fields are not managed, or unchanged). */
  notLive: ((code: string) => boolean) | null;
  reason: HeldReference['reason'] | null;
}

function relatedOf(app: AppPlan): Related {
  if (app.id === null) return { app, notLive: () => true, reason: 'app-created' };
  if (app.revisions?.live === '') return { app, notLive: () => true, reason: 'app-not-deployed' };
  const fields = app.areas.find((a) => a.key === 'fields');
  if (!fields || fields.action === 'no-op') return { app, notLive: null, reason: null };
  const live = flatFields(fields.before);
  return { app, notLive: (code) => !live.has(code), reason: 'fields-not-live' };
}

/** The related app's fields a reference names: keys, mappings, pickers, shown fields, filter and sort. */
function namedFields(part: JsonObject, candidates: Iterable<string>): string[] {
  const named = new Set<string>();
  const add = (v: Json | undefined) => {
    if (typeof v === 'string' && v !== '') named.add(v);
  };
  add(part.relatedKeyField);
  for (const m of list(part.fieldMappings)) add((m as JsonObject).relatedField);
  for (const f of list(part.lookupPickerFields)) add(f);
  if (isObject(part.condition)) add(part.condition.relatedField);
  for (const f of list(part.displayFields)) add(f);
  for (const code of candidates)
    if (mentions(part.filterCond, code) || mentions(part.sort, code)) named.add(code);
  return [...named].sort();
}

/** The held references of a plan, each with the deploy step it is written after. */
export function heldReferences(apps: readonly AppPlan[]): HeldReference[] {
  const related = new Map<string, Related>();
  for (const app of apps) {
    const r = relatedOf(app);
    if (app.id !== null) related.set(app.id, r);
    related.set(appPlaceholder(app.key), r);
  }
  const found: (HeldReference & { names: string[] })[] = [];
  for (const app of apps) {
    const fields = app.areas.find((a) => a.key === 'fields');
    if (!fields || fields.action === 'no-op') continue;
    const before = flatFields(fields.before);
    for (const [code, def] of flatFields(fields.after)) {
      const part = (def.lookup ?? def.referenceTable) as JsonObject | undefined;
      if (!isObject(part) || equal(before.get(code), def)) continue;
      const ref = (part.relatedApp ?? {}) as JsonObject;
      const target = typeof ref.app === 'string' ? related.get(ref.app) : undefined;
      if (!target?.notLive || !target.reason) continue;
      const names = namedFields(part, flatFields(fieldsAfter(target.app)).keys());
      const notLive = names.filter(target.notLive);
      if (notLive.length === 0) continue;
      found.push({
        app: app.key,
        field: code,
        kind: def.lookup !== undefined ? 'lookup' : 'related-records',
        relatedApp: target.app.key,
        reason: target.reason,
        fields: notLive,
        step: 2,
        names,
      });
    }
  }
  assignSteps(found);
  return found.map(({ names: _names, ...held }) => held);
}

/**
 * A reference naming a field that is itself held goes one deploy after it. References that name
 * each other (a cycle) share the last step: the service says which write it refuses.
 */
function assignSteps(found: (HeldReference & { names: string[] })[]): void {
  const needs = found.map((h) =>
    found.filter((other) => other !== h && other.app === h.relatedApp && h.names.includes(other.field)),
  );
  const placed = new Set<HeldReference>();
  let step = 2;
  while (placed.size < found.length) {
    const ready = found.filter((h, i) => !placed.has(h) && needs[i]!.every((n) => placed.has(n)));
    const level = ready.length > 0 ? ready : found.filter((h) => !placed.has(h));
    for (const h of level) h.step = step;
    for (const h of level) placed.add(h);
    step += 1;
  }
}

function fieldsAfter(app: AppPlan): Json | null {
  return app.areas.find((a) => a.key === 'fields')?.after ?? null;
}

function equal(a: Json | undefined, b: Json): boolean {
  return a !== undefined && equalJson(a, b);
}

function list(value: Json | undefined): Json[] {
  return Array.isArray(value) ? value : [];
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
