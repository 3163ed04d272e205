/**
 * Pure: a plan cut into deploy steps when it holds references back (plan/held.ts). Step 1 is
 * every change except the held lookups and related-records tables; each later step adds the
 * references of its number. A held field is left out of the earlier steps whole (kept as it was
 * where it existed before), and so is every field whose definition names it (a formula); any
 * other area naming a held field (layout, views, ACLs, notifications, reports, process) waits
 * for that field's step, so no write ever names a field the draft does not have.
 */
import type { Area, AreaKey, Json, JsonObject } from '../areas/types.js';
import { mentions } from './held.js';
import type { AppPlan, AreaPlan, HeldReference } from './types.js';
import { appPlaceholder } from '../readers/index.js';

/** The deploy steps when apply deploys more than once (or holds references back), else null. */
export function stepsIfMany(
  apps: readonly AppPlan[],
  held: readonly HeldReference[],
  table: ReadonlyMap<AreaKey, Area>,
): AppPlan[][] | null {
  const steps = deploySteps(apps, held, table);
  return held.length === 0 && steps.length === 1 ? null : steps;
}

/** The changed apps of each deploy step, their areas going from one step's state to the next. */
export function deploySteps(
  apps: readonly AppPlan[],
  held: readonly HeldReference[],
  table: ReadonlyMap<AreaKey, Area>,
): AppPlan[][] {
  const changed = apps.filter((app) => app.action !== 'no-op');
  const heldBy = new Map(apps.map((app) => [app.key, heldFieldSteps(app, held)]));
  const addedBy = new Map(apps.map((app) => [app.key, addedToLiveApp(app)]));
  // Other apps' fields not live yet: their held fields, and those this apply adds to a live app.
  const foreignOf = (app: AppPlan): ForeignHeld[] =>
    apps
      .filter((other) => other.key !== app.key)
      .map((other) => ({
        refs: [other.id, appPlaceholder(other.key)],
        held: heldBy.get(other.key)!,
        added: addedBy.get(other.key)!,
      }));
  const foreignBy = new Map(changed.map((app) => [app.key, foreignOf(app)]));
  const waits = changed.some((app) => {
    const actions = app.areas.find((a) => a.key === 'actions');
    return actions !== undefined && actionsWaitFor(actions.after, foreignBy.get(app.key)!) > 1;
  });
  if (held.length === 0 && !waits) return [changed];
  // One step more than the references need: a copy action naming another app's held field waits
  // until that field is live.
  // A fold, not Math.max(...): the references grow with the plan (an argument each would not fit).
  const last = held.reduce((most, h) => Math.max(most, h.step), 1) + 1;
  const steps: AppPlan[][] = Array.from({ length: last }, () => []);
  for (const app of changed) {
    const heldHere = heldBy.get(app.key)!;
    // Fields of other apps not live yet that this app's areas name with the app (a copy action's destination).
    const foreign = foreignBy.get(app.key)!;
    let previous = new Map(app.areas.map((a) => [a.key, a.before]));
    for (let step = 1; step <= last; step++) {
      const areas: AreaPlan[] = app.areas.map((area) => {
        const before = previous.get(area.key) ?? null;
        const after = valueAt(area, heldHere, foreign, step);
        // The area's own diff decides: a desired form leaves out what the service keeps (system fields).
        const described = table.get(area.key);
        const same =
          after === null ||
          (before !== null && described !== undefined && described.diff(after, before).length === 0);
        return {
          ...area,
          action: same ? 'no-op' : area.action,
          before,
          after: after ?? area.after,
        };
      });
      previous = new Map(areas.map((a) => [a.key, a.action === 'no-op' ? a.before : a.after]));
      const writes = areas.some((a) => a.action !== 'no-op');
      // A created app is created in the first step even when all it gets then is its name, and an
      // app never deployed (one an interrupted apply created) is deployed in it with nothing
      // written: a later step's reference to it is refused until it is live (held.ts).
      const first = step === 1 && (app.id === null || app.revisions?.live === '');
      if (writes || first)
        steps[step - 1]!.push({ ...app, action: writes || first ? app.action : 'no-op', areas });
    }
  }
  return steps.filter((s) => s.length > 0);
}

/**
 * The app's held fields with their step: the held references, then (until nothing moves) each
 * other field whose definition names one of them, at the latest step it names.
 */
function heldFieldSteps(app: AppPlan, held: readonly HeldReference[]): Map<string, number> {
  const steps = new Map(held.filter((h) => h.app === app.key).map((h) => [h.field, h.step]));
  if (steps.size === 0) return steps;
  const fields = eachField(app.areas.find((a) => a.key === 'fields')?.after ?? null);
  for (let moved = true; moved;) {
    moved = false;
    for (const { code, def } of fields) {
      if (def.type === 'SUBTABLE') continue;
      for (const [other, step] of steps)
        if (other !== code && step > (steps.get(code) ?? 1) && mentions(def, other)) {
          steps.set(code, step);
          moved = true;
        }
    }
  }
  return steps;
}

/**
 * The fields this apply adds to a live app (or renames to): not live there before the first
 * deploy. An app created or never deployed has none: the service checks a copy action's
 * destination against such an app's draft (the local service: emulator/handlers/settings/routes.ts).
 */
function addedToLiveApp(app: AppPlan): ReadonlySet<string> {
  const fields = app.areas.find((a) => a.key === 'fields');
  if (app.id === null || app.revisions?.live === '' || !fields || fields.action === 'no-op') return new Set();
  const live = new Set(eachField(fields.before).map((f) => f.code));
  return new Set(
    eachField(fields.after)
      .map((f) => f.code)
      .filter((code) => !live.has(code)),
  );
}

/**
 * The step a copy-action area waits for: after the deploy that makes live every field of another
 * app its actions copy into (`destApp` and `mappings[].destField`, areas/actions.ts), 1 if none
 * waits. The service checks a copy action's destination field against the destination's live form.
 */
function actionsWaitFor(after: Json, foreign: readonly ForeignHeld[]): number {
  let waitsFor = 1;
  if (!isObject(after)) return waitsFor;
  for (const action of Object.values(after)) {
    if (!isObject(action) || !isObject(action.destApp)) continue;
    const dest = action.destApp.app;
    const other = foreign.find((f) => typeof dest === 'string' && f.refs.includes(dest));
    if (!other || !Array.isArray(action.mappings)) continue;
    for (const mapping of action.mappings) {
      const field = isObject(mapping) ? mapping.destField : undefined;
      if (typeof field !== 'string') continue;
      const live = other.held.get(field) ?? (other.added.has(field) ? 1 : 0);
      waitsFor = Math.max(waitsFor, live + 1);
    }
  }
  return waitsFor;
}

interface ForeignHeld {
  refs: (string | null)[];
  held: ReadonlyMap<string, number>;
  /** Fields this apply adds to that app while it is live: live after the first deploy. */
  added: ReadonlySet<string>;
}

/** An area's value once `step` is written: null where nothing of it is written yet. */
function valueAt(
  area: AreaPlan,
  held: ReadonlyMap<string, number>,
  foreign: readonly ForeignHeld[],
  step: number,
): Json | null {
  if (area.key === 'fields') return fieldsAt(area, held, step);
  let waitsFor = 1;
  for (const [code, s] of held) if (s > waitsFor && mentions(area.after, code)) waitsFor = s;
  for (const other of foreign)
    if (other.refs.some((ref) => ref !== null && mentions(area.after, ref)))
      for (const [code, s] of other.held)
        if (s + 1 > waitsFor && mentions(area.after, code)) waitsFor = s + 1;
  if (area.key === 'actions') waitsFor = Math.max(waitsFor, actionsWaitFor(area.after, foreign));
  return step >= waitsFor ? area.after : area.before;
}

/** The fields once `step` is written: each field held to a later step as it was before, or absent. */
function fieldsAt(area: AreaPlan, held: ReadonlyMap<string, number>, step: number): Json {
  const later = new Set([...held].filter(([, s]) => s > step).map(([code]) => code));
  if (later.size === 0) return area.after;
  const before = new Map(eachField(area.before).map((f) => [f.code, f.def]));
  const keep = (code: string, def: JsonObject): [string, JsonObject] | null => {
    if (!later.has(code)) return [code, def];
    const from = typeof def.renamedFrom === 'string' ? def.renamedFrom : code;
    const old = before.get(from) ?? before.get(code);
    return old ? [before.has(from) ? from : code, old] : null;
  };
  const out: Record<string, JsonObject> = {};
  for (const [code, def] of Object.entries(area.after as Record<string, JsonObject>)) {
    const kept = keep(code, def);
    if (!kept) continue;
    const [key, value] = kept;
    if (value.type === 'SUBTABLE' && isObject(value.fields) && value === def) {
      const columns = Object.entries(value.fields as Record<string, JsonObject>)
        .map(([c, d]) => keep(c, d))
        .filter((c): c is [string, JsonObject] => c !== null);
      out[key] = { ...value, fields: Object.fromEntries(columns) };
    } else out[key] = value;
  }
  return out;
}

function eachField(fields: Json | null): { code: string; def: JsonObject }[] {
  if (!isObject(fields)) return [];
  return Object.entries(fields as Record<string, JsonObject>).flatMap(([code, def]) => [
    { code, def },
    ...(def.type === 'SUBTABLE' && isObject(def.fields)
      ? Object.entries(def.fields as Record<string, JsonObject>).map(([c, d]) => ({ code: c, def: d }))
      : []),
  ]);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
