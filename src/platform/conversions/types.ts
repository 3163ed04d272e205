/**
 * The shapes a field value conversion works with (a migration: issue "Change a field's type, or
 * move it into or out of a table, and keep every value"). Values are the record API's (`value` of
 * a record field): strings for text, numbers, one choice, dates and times; string arrays for
 * several choices; `{ code, name? }` arrays for users, organizations and groups.
 */

/** What a manifest's `migrate:` on a field may say (`migrate: false` is handled by the planner). */
export interface MigrateOptions {
  /** IANA time zone for date <-> date-time and text without an offset; the plan's default zone when absent. */
  readonly timeZone?: string;
  /** Separator for joining several choices, or a moved-out table's rows, into one text (and splitting back). */
  readonly join?: string;
  /** The value written where the old one does not convert (it must itself be valid in the target). */
  readonly default?: unknown;
  /** Which row of an existing table receives a value moved into it. */
  readonly row?: 'first' | 'every' | 'new';
}

/** A field definition as the form API gives it: its type and properties (options, digits...). */
export interface FieldDefinition {
  readonly type: string;
  readonly [property: string]: unknown;
}

/**
 * The target app's `numberPrecision` (general settings): how many digits a NUMBER holds in all
 * (`digits`, 1 to 30) and after the point (`decimalPlaces`, 0 to 10). Strings or numbers, as the
 * settings API gives them.
 */
export interface NumberPrecision {
  readonly digits?: string | number;
  readonly decimalPlaces?: string | number;
  readonly roundingMode?: string;
}

export interface ConvertContext {
  readonly from: FieldDefinition;
  readonly to: FieldDefinition;
  readonly migrate: MigrateOptions;
  /**
   * The IANA time zone used when `migrate.timeZone` is absent: the environment's `timeZone`, else
   * the planning machine's (plan/migration-zone.ts).
   */
  readonly timeZone: string;
  /** Whether a user, organization or group code exists on the target (entity conversions). */
  readonly entityExists?: (kind: 'USER' | 'ORGANIZATION' | 'GROUP', code: string) => boolean;
  /** The target app's number precision; a new app's (16 digits, 4 after the point) when absent. */
  readonly numberPrecision?: NumberPrecision;
}

export type Converted =
  /** `defaulted`: the value did not convert and `migrate.default` stands in for it. */
  | { readonly ok: true; readonly value: unknown; readonly defaulted?: true }
  /** `reason`: why, in words a plan can show beside the record number ("not a number"). */
  | { readonly ok: false; readonly reason: string };

export interface Conversion {
  readonly from: string;
  readonly to: string;
  /** The rule in words, as docs/migrations.md and the plan show it. */
  readonly rule: string;
  /** The time zone decides its values (a date and a date-time, text read as a date-time). */
  readonly zoned?: true;
  convert(value: unknown, context: ConvertContext): Converted;
}

export const converted = (value: unknown): Converted => ({ ok: true, value });
export const refused = (reason: string): Converted => ({ ok: false, reason });

/** An empty value of any type converts to the target type's empty value. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** A short quote of a value for a reason a plan shows: at most 40 characters. */
export function quote(value: string): string {
  const chars = [...value];
  return JSON.stringify(chars.length > 40 ? chars.slice(0, 39).join('') + '…' : value);
}
