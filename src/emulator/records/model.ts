import { ApiError, errors, invalid } from '../errors.js';
import { nextId, nextIds } from '../model/ids.js';
import { recordsTable, type AppSettings, type Json, type JsonObject } from '../model/app.js';
import type { EmulatorContext } from '../context.js';
import type { Table } from '../store/store.js';
import { SYSTEM_FIELD_TYPES } from '../../platform/index.js';

/** One field of a stored record, exactly as GET returns it. */
export interface FieldValue {
  readonly type: string;
  readonly value: Json;
}

/**
 * A field value to store, built on an empty object rather than written as a literal. A literal
 * allocates through an allocation site, and once V8 finds that a site's objects live long (a
 * stored record's do) it discards every optimized function that inlined the site, to compile
 * them again: a bulk load paid those compiles more than once.
 */
export function fieldValue(type: string, value: Json): FieldValue {
  const field = {} as { type: string; value: Json };
  field.type = type;
  field.value = value;
  return field;
}

/** A stored record: field code -> `{type, value}`, including `$id` and `$revision`. */
export type StoredRecord = Readonly<Record<string, FieldValue>>;

/** A subtable row as stored and returned. */
export interface SubtableRow {
  readonly id: string;
  readonly value: Record<string, FieldValue>;
}

/**
 * Field types the service fills and that a record write never sets: the system fields, CALC
 * (computed), and the record's `$id` and `$revision`. Not the platform's system types alone.
 */
export const SERVICE_FILLED_TYPES: ReadonlySet<string> = new Set([
  ...SYSTEM_FIELD_TYPES,
  'CALC',
  '__ID__',
  '__REVISION__',
]);

/** Form elements that hold no record value. */
export const NO_VALUE_TYPES: ReadonlySet<string> = new Set([
  'REFERENCE_TABLE',
  'GROUP',
  'LABEL',
  'SPACER',
  'HR',
]);

export function recordTable(ctx: EmulatorContext, appId: string): Table<StoredRecord> {
  return ctx.store.table<StoredRecord>(recordsTable(appId));
}

/** The record, or 404 GAIA_RE01. */
export function findRecord(ctx: EmulatorContext, appId: string, id: string): StoredRecord {
  const record = recordTable(ctx, appId).get(id);
  if (!record) throw recordNotFound(id);
  return record;
}

export function recordNotFound(id: string): ApiError {
  return new ApiError(404, 'GAIA_RE01', `The record (id: ${id}) was not found.`);
}

export function revisionOf(record: StoredRecord): number {
  return Number(record.$revision?.value ?? 1);
}

/** An optional revision inside a batch item (`records[3].revision`): absent -> undefined. */
export function parseRevision(value: unknown, path: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : /^-?\d+$/.test(text(value)) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < -1)
    throw invalid({ [path]: 'Enter a revision number (or -1 to skip the check).' });
  return n;
}

/** 409 GAIA_CO02 when a revision was given and differs (records: absent or -1 skips). */
export function checkRecordRevision(given: number | undefined, record: StoredRecord): void {
  if (given === undefined || given === -1) return;
  const current = revisionOf(record);
  if (given !== current) throw errors.revision(String(given), String(current));
}

/** The live field definitions, keyed by code. */
export function liveFields(settings: AppSettings): Record<string, JsonObject> {
  return settings.properties;
}

/** The code of the (first) field of a system type, e.g. the record number field; undefined when absent. */
export function codeOfType(fields: Record<string, JsonObject>, type: string): string | undefined {
  for (const [code, field] of Object.entries(fields)) if (field.type === type) return code;
  return undefined;
}

/** New record ids (each also its record number), `count` of them for one batch. */
export function newRecordIds(ctx: EmulatorContext, appId: string, count: number): string[] {
  return nextIds(ctx.store, `record:${appId}`, count);
}

export function newRowId(ctx: EmulatorContext, appId: string): string {
  return nextId(ctx.store, `subtable-row:${appId}`);
}

/** A JSON scalar as text (ids, revisions, field types); anything else is ''. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** A field definition's type. */
export function typeOf(field: JsonObject): string {
  return text(field.type);
}

/**
 * Whether the service computes the field's value from its `expression`: a CALC, or a single-line
 * text field set to calculate automatically (a non-empty expression).
 */
export function isComputedField(field: JsonObject): boolean {
  const type = typeOf(field);
  return type === 'CALC' || (type === 'SINGLE_LINE_TEXT' && text(field.expression).trim() !== '');
}

/** A stored record's id. */
export function idOf(record: StoredRecord): string {
  return text(record.$id?.value);
}

export function isEmptyValue(value: Json | undefined): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}
