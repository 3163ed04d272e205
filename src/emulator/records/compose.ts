import { errors, type Problems } from '../errors.js';
import { defaultInput } from './defaults.js';
import { runLookups } from './lookup.js';
import { checkValue, INVALID, parseNumber, valuePath, type FieldPlace, type ValueEnv } from './values.js';
import {
  NO_VALUE_TYPES,
  SERVICE_FILLED_TYPES,
  isComputedField,
  fieldValue,
  isEmptyValue,
  newRowId,
  text,
  typeOf,
  type FieldValue,
  type StoredRecord,
  type SubtableRow,
} from './model.js';
import type { Principal } from '../auth.js';
import type { EmulatorContext } from '../context.js';
import type { Json, JsonObject } from '../model/app.js';

/** Everything a record write is checked against: the live form, the caller, the field rights. */
export interface WriteEnv extends ValueEnv {
  readonly ctx: EmulatorContext;
  readonly appId: string;
  readonly fields: Record<string, JsonObject>;
  readonly principal: Principal;
  readonly problems: Problems;
  /** Whether the caller may write this top-level field (field ACL). */
  readonly canWrite: (code: string) => boolean;
}

/**
 * The fields a write may set: input fields of the live form (system fields are the service's,
 * and so is a text field that calculates automatically: what a write sends for it is ignored).
 */
function isWritable(field: JsonObject): boolean {
  const type = typeOf(field);
  return !SERVICE_FILLED_TYPES.has(type) && !NO_VALUE_TYPES.has(type) && !isComputedField(field);
}

/** A form's fields as writes go through them: the writable ones, with their codes and types. */
interface FormPlan {
  readonly writable: readonly (readonly [code: string, field: JsonObject])[];
  readonly codes: readonly string[];
  /** The fields a lookup copies into: what a write sends for them is ignored (lookup.ts fills them). */
  readonly copies: ReadonlySet<string>;
}

/**
 * Form definitions are stored values, never changed in place (store/store.ts), so what a write
 * derives from one is kept with it: a batch of 100 records went through the whole form 100 times.
 */
const plans = new WeakMap<Record<string, JsonObject>, FormPlan>();

function planOf(fields: Record<string, JsonObject>): FormPlan {
  let plan = plans.get(fields);
  if (!plan) {
    plan = {
      writable: Object.entries(fields).filter(([, field]) => isWritable(field)),
      codes: Object.keys(fields),
      copies: lookupCopies(fields),
    };
    plans.set(fields, plan);
  }
  return plan;
}

/** The codes the lookups of a form copy into (their `fieldMappings`' `field`s). */
function lookupCopies(fields: Record<string, JsonObject>): ReadonlySet<string> {
  const copies = new Set<string>();
  for (const field of Object.values(fields)) {
    const mappings = (field.lookup as JsonObject | undefined)?.fieldMappings;
    if (Array.isArray(mappings)) for (const m of mappings) copies.add(text((m as JsonObject | null)?.field));
  }
  return copies;
}

/**
 * The values of a new record (system fields not yet stamped): given values checked, the others
 * at their defaults, then `required` checked. Unknown field codes and system fields in the
 * input are ignored, as on the hosted platform. Problems are reported under `path`.
 */
export function composeNew(input: unknown, path: string, env: WriteEnv): Record<string, FieldValue> {
  const given = inputObject(input, path, env);
  const record: Record<string, FieldValue> = {};
  const plan = planOf(env.fields);
  for (const [code, field] of plan.writable) {
    const supplied = given && code in given;
    if (supplied) guardFieldWrite(code, env);
    const place = { prefix: path, code };
    const value = supplied
      ? valueOf(given[code], place, env)
      : { value: defaultInput(field, env.ctx, env.principal) };
    if (value === INVALID) continue;
    const checked = checkField(field, value.value, place, undefined, env);
    if (checked !== INVALID) record[code] = fieldValue(typeOf(field), checked);
  }
  if (env.problems.empty) runLookups(record, plan.codes, env);
  return record;
}

/** The record after an update: only the given fields change, each checked as on add. */
export function composeUpdate(
  previous: StoredRecord,
  input: unknown,
  path: string,
  env: WriteEnv,
): Record<string, FieldValue> {
  const given = inputObject(input, path, env) ?? {};
  const record: Record<string, FieldValue> = { ...previous };
  requireStoredValues(previous, given, path, env);
  const { copies } = planOf(env.fields);
  for (const [code, raw] of Object.entries(given)) {
    const field = env.fields[code];
    // A copy keeps its value unless the update names the lookup's key (platform-facts-verified
    // "Lookups": values sent for the copies are ignored; runLookups below fills them then).
    if (!field || !isWritable(field) || copies.has(code)) continue;
    guardFieldWrite(code, env);
    const place = { prefix: path, code };
    const value = valueOf(raw, place, env);
    if (value === INVALID) continue;
    const checked = checkField(field, value.value, place, previous[code], env);
    if (checked !== INVALID) record[code] = fieldValue(typeOf(field), checked);
  }
  // A lookup runs again when the update names its key; left out, the copies stay.
  if (env.problems.empty) runLookups(record, Object.keys(given), env);
  return record;
}

/**
 * A field made `required` after records were written: those records keep their empty value, and
 * any update of them (of whatever field) is refused until the update gives the field a value, as
 * the hosted platform does.
 */
function requireStoredValues(
  previous: StoredRecord,
  given: Record<string, unknown>,
  path: string,
  env: WriteEnv,
): void {
  for (const [code, field] of planOf(env.fields).writable)
    if (field.required === true && !(code in given) && isEmptyValue(previous[code]?.value))
      env.problems.add(requiredKey(field, { prefix: path, code }), 'Required.');
}

function inputObject(input: unknown, path: string, env: WriteEnv): Record<string, unknown> | undefined {
  if (input === undefined || input === null) return undefined;
  if (typeof input !== 'object' || Array.isArray(input)) {
    env.problems.add(path, 'Enter the record as an object of field code -> {value}.');
    return undefined;
  }
  return input as Record<string, unknown>;
}

/** The `{value}` a field is sent as (reported at `<prefix>.<code>.value` when it is not one). */
function valueOf(raw: unknown, place: FieldPlace, env: WriteEnv): { value: unknown } | typeof INVALID {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || !('value' in raw)) {
    env.problems.add(valuePath(place), 'Enter the field as {"value": ...}.');
    return INVALID;
  }
  return { value: raw.value };
}

function guardFieldWrite(code: string, env: WriteEnv): void {
  if (!env.canWrite(code)) throw errors.forbidden(`writing the field "${code}" (field access rules)`);
}

/** Where a field's value sits in the request: `<prefix>.<code>.value`, and whether in a table row. */
interface Place extends FieldPlace {
  readonly inTable?: boolean;
}

/** The key under which `required` is reported: array types name `.values` (selections `.values.value`). */
function requiredKey(field: JsonObject, place: Place): string {
  const base = `${place.prefix}.${place.code}`;
  switch (typeOf(field)) {
    case 'CHECK_BOX':
    case 'MULTI_SELECT':
    case 'FILE':
      return `${base}.values`;
    case 'USER_SELECT':
    case 'ORGANIZATION_SELECT':
    case 'GROUP_SELECT':
      return `${base}.values.value`;
    default:
      return `${base}.value`;
  }
}

/** One field's checked value, plus `required`; subtables check their rows. */
function checkField(
  field: JsonObject,
  given: unknown,
  place: Place,
  previous: FieldValue | undefined,
  env: WriteEnv,
): Json | typeof INVALID {
  let value: Json | typeof INVALID;
  if (field.type === 'SUBTABLE') value = checkRows(field, given, valuePath(place), previous, env);
  else if (field.type === 'NUMBER' && parseNumber(given) === undefined) {
    // A number that does not parse: inside a table the platform stores "" without a word; at top
    // level it names the field twice, in brackets (the type) and as a missing value.
    if (!place.inTable) {
      env.problems.add(`${place.prefix}[${place.code}].value`, 'Only numbers are allowed.');
      env.problems.add(valuePath(place), 'Required.');
      return INVALID;
    }
    value = '';
  } else value = checkValue(field, given, place, env);
  if (value !== INVALID && field.required === true && isEmptyValue(value)) {
    env.problems.add(requiredKey(field, place), 'Required.');
    return INVALID;
  }
  return value;
}

/**
 * Subtable rows: a row naming the id of an existing row keeps that id and the values it leaves
 * out; any other row is new, gets its own id, and takes defaults for the fields it leaves out.
 */
function checkRows(
  table: JsonObject,
  given: unknown,
  path: string,
  previous: FieldValue | undefined,
  env: WriteEnv,
): Json | typeof INVALID {
  if (given === null || given === undefined) return [];
  if (!Array.isArray(given)) {
    env.problems.add(path, 'Enter an array of rows, each {"value": {...}} (with "id" to keep a row).');
    return INVALID;
  }
  const inner = (table.fields ?? {}) as Record<string, JsonObject>;
  const before = new Map(
    (Array.isArray(previous?.value) ? (previous.value as unknown as SubtableRow[]) : []).map((r) => [
      r.id,
      r,
    ]),
  );
  const rows: Json[] = [];
  let ok = true;
  given.forEach((row: unknown, i) => {
    const rowPath = `${path}[${i}]`;
    const values = (row as { value?: unknown } | null)?.value;
    if (!row || typeof row !== 'object' || !values || typeof values !== 'object' || Array.isArray(values)) {
      env.problems.add(rowPath, 'Enter the row as {"value": {<code>: {"value": ...}}}.');
      ok = false;
      return;
    }
    const rawId = (row as { id?: unknown }).id;
    const old = rawId === undefined || rawId === null ? undefined : before.get(text(rawId));
    const cells = checkCells(inner, values as Record<string, unknown>, old, rowPath, env);
    if (cells === INVALID) ok = false;
    // Lookups inside a table work per row, among the row's own fields: a new row runs them all, a
    // kept row those whose key it sends (the copies of the others stay, a snapshot).
    if (cells === INVALID) return;
    if (ok && env.problems.empty) {
      const keys = old ? Object.keys(values) : Object.keys(inner);
      runLookups(cells, keys, { ...env, fields: inner });
    }
    rows.push({ id: old ? old.id : newRowId(env.ctx, env.appId), value: cellsJson(cells) });
  });
  return ok ? rows : INVALID;
}

/**
 * One row's cells: each writable field of the table from what the row sends, else (a kept row)
 * its old value, else (a new row) its default; INVALID once any cell is refused (all reported).
 */
function checkCells(
  inner: Record<string, JsonObject>,
  values: Record<string, unknown>,
  old: SubtableRow | undefined,
  rowPath: string,
  env: WriteEnv,
): Record<string, FieldValue> | typeof INVALID {
  const cells: Record<string, FieldValue> = {};
  let ok = true;
  const { copies } = planOf(inner);
  for (const [code, field] of Object.entries(inner)) {
    if (!isWritable(field)) continue;
    // A kept row's copy keeps its value unless the row sends the key (runLookups then fills it); a
    // new row runs every lookup, which fills the copies whatever was sent.
    const supplied = code in values && !(old && copies.has(code));
    const place = { prefix: `${rowPath}.value`, code, inTable: true };
    const raw = supplied ? valueOf(values[code], place, env) : INVALID;
    if (supplied && raw === INVALID) {
      ok = false;
      continue;
    }
    const oldCell = old?.value[code];
    const input =
      raw !== INVALID ? raw.value : (oldCell?.value ?? defaultInput(field, env.ctx, env.principal));
    const checked = checkField(field, input, place, oldCell, env);
    if (checked === INVALID) ok = false;
    else cells[code] = fieldValue(typeOf(field), checked);
  }
  return ok ? cells : INVALID;
}

/** A row's cells as stored JSON. */
function cellsJson(cells: Record<string, FieldValue>): JsonObject {
  return Object.fromEntries(
    Object.entries(cells).map(([code, c]) => [code, { type: c.type, value: c.value }]),
  );
}
