/**
 * A migration's values, one record at a time (pure): which values the record holds in the old
 * field (one, or one per row of a table), and what the new field receives. The planner counts
 * with it (plan/migrations.ts) and apply converts with it (apply/migrate.ts), so the plan's
 * counts are what the copy does.
 */
import {
  isEmptyValue,
  type Conversion,
  type ConvertContext,
  type Converted,
  type FieldDefinition,
  type MigrateOptions,
} from '../../platform/conversions.js';

/** Types whose value is one text: the rows of a table moved out may be joined into one. */
const TEXT_TYPES = new Set(['SINGLE_LINE_TEXT', 'MULTI_LINE_TEXT', 'RICH_TEXT', 'LINK']);

export interface Place {
  code: string;
  table: string | null;
}

/** A record as the records API gives it: field code -> `{ type?, value }`. */
export type RecordFields = Record<string, { value?: unknown } | undefined>;

/** The values of `place` in a record that hold something: one for a field, one per filled row for a column. */
export function heldValues(record: RecordFields, place: Place): unknown[] {
  if (place.table === null) {
    const value = record[place.code]?.value;
    return isEmptyValue(value) ? [] : [value];
  }
  const rows = record[place.table]?.value;
  if (!Array.isArray(rows)) return [];
  return rows
    .map((row) => (row as { value?: RecordFields } | null)?.value?.[place.code]?.value)
    .filter((value) => !isEmptyValue(value));
}

export type RecordOutcome =
  | { kind: 'empty' }
  | { kind: 'converted'; value: unknown; defaulted: boolean }
  | { kind: 'not-converted'; value: unknown; reason: string }
  /** A move out of a table with more than one filled row and nothing to join them with. */
  | { kind: 'several-rows'; rows: number };

/**
 * What the new field gets from one record's values: nothing (empty), the one value converted, or
 * (a move out of a table with `migrate.join` into text) the rows' texts joined in row order.
 */
export function recordOutcome(
  values: readonly unknown[],
  conversion: Conversion,
  context: ConvertContext,
): RecordOutcome {
  if (values.length === 0) return { kind: 'empty' };
  const join = context.migrate.join;
  if (values.length > 1 && (join === undefined || !TEXT_TYPES.has(conversion.to)))
    return { kind: 'several-rows', rows: values.length };
  // The table writes `migrate.default` for a value that does not convert, and says so (defaulted).
  const converted = values.map((value) => conversion.convert(value, context));
  const failed = converted.findIndex((c) => !c.ok);
  if (failed >= 0) {
    const bad = converted[failed] as Extract<Converted, { ok: false }>;
    return { kind: 'not-converted', value: values.length === 1 ? values[0] : values, reason: bad.reason };
  }
  const kept = converted as Extract<Converted, { ok: true }>[];
  const defaulted = converted.some((c) => c.ok && c.defaulted === true);
  if (kept.length === 1) return { kind: 'converted', value: kept[0]!.value, defaulted };
  const joined = kept.map((c) => String(c.value)).join(join);
  // The joined text must itself be one the new field holds (a line break joining single lines).
  const whole = conversion.convert(joined, context);
  return whole.ok
    ? { kind: 'converted', value: joined, defaulted }
    : { kind: 'not-converted', value: joined, reason: whole.reason };
}

/**
 * A column whose type changes in its table: each row's cell converts on its own (records/
 * copy-rules.ts withinTable), so several rows are no choice to make. The record's outcome is the
 * first cell that does not convert, else converted (defaulted where any cell was).
 */
export function cellsOutcome(
  values: readonly unknown[],
  conversion: Conversion,
  context: ConvertContext,
): RecordOutcome {
  const cells = values.map((value) => recordOutcome([value], conversion, context));
  const failed = cells.find((c) => c.kind === 'not-converted');
  if (failed) return failed;
  const converted = cells.filter((c) => c.kind === 'converted');
  if (converted.length === 0) return { kind: 'empty' };
  return {
    kind: 'converted',
    value: converted.map((c) => c.value),
    defaulted: converted.some((c) => c.defaulted),
  };
}

/**
 * The conversion's context. `timeZone` is the zone the plan resolved for it (plan/migration-zone.ts:
 * `migrate.timeZone`, else the environment's, else the planning machine's). `entityExists`
 * is the target's directory (plan/entity-directory.ts), for a user, organization or group target;
 * `numberPrecision` the app's (plan/number-precision.ts), for a NUMBER target.
 */
export function convertContext(
  from: FieldDefinition,
  to: FieldDefinition,
  migrate: MigrateOptions,
  timeZone: string,
  entityExists?: ConvertContext['entityExists'],
  numberPrecision?: ConvertContext['numberPrecision'],
): ConvertContext {
  return {
    from,
    to,
    migrate,
    timeZone,
    ...(entityExists ? { entityExists } : {}),
    ...(numberPrecision ? { numberPrecision } : {}),
  };
}
