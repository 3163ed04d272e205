/**
 * How a field's values convert when its type changes (a migration: issue "Change a field's type,
 * or move it into or out of a table, and keep every value"). One entry per pair of types that has
 * one honest conversion; every pair without an entry stays blocked. Pure: the planner counts the
 * values that will not convert with it, apply converts with it, docs/migrations.md prints its
 * table, and a test writes every row's output into the local service.
 *
 * Values are the record API's (`value` of a record field): strings for text, numbers, one choice,
 * dates and times; string arrays for several choices; `{ code, name? }` arrays for users,
 * organizations and groups.
 */

/** What a manifest's `migrate:` on a field may say (`migrate: false` is handled by the planner). */
export interface MigrateOptions {
  /** IANA time zone for date <-> date-time; the environment's when absent. */
  readonly timeZone?: string;
  /** Separator for joining several choices, or a moved-out table's rows, into one text. */
  readonly join?: string;
  /** The value written where the old one does not convert (it must itself be valid). */
  readonly default?: unknown;
  /** Which row of an existing table receives a value moved into it. */
  readonly row?: 'first' | 'every' | 'new';
}

/** A field definition as the form API gives it: its type and properties (options, digits...). */
export interface FieldDefinition {
  readonly type: string;
  readonly [property: string]: unknown;
}

export interface ConvertContext {
  readonly from: FieldDefinition;
  readonly to: FieldDefinition;
  readonly migrate: MigrateOptions;
  /** The environment's IANA time zone (used when `migrate.timeZone` is absent). */
  readonly timeZone: string;
  /** Whether a user, organization or group code exists on the target (entity conversions). */
  readonly entityExists?: (kind: 'USER' | 'ORGANIZATION' | 'GROUP', code: string) => boolean;
}

export type Converted =
  | { readonly ok: true; readonly value: unknown }
  /** `reason`: why, in words a plan can show beside the record number ("not a number"). */
  | { readonly ok: false; readonly reason: string };

export interface Conversion {
  readonly from: string;
  readonly to: string;
  /** The rule in words, as docs/migrations.md and the plan show it. */
  readonly rule: string;
  convert(value: unknown, context: ConvertContext): Converted;
}

/** An empty value of any type converts to the target type's empty value. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

const TEXT_TYPES = ['SINGLE_LINE_TEXT', 'MULTI_LINE_TEXT', 'RICH_TEXT', 'LINK'] as const;

/** Text into text: the one rule a single line cannot keep is a newline. */
function textToText(from: string, to: string): Conversion {
  return {
    from,
    to,
    rule:
      to === 'SINGLE_LINE_TEXT' || to === 'LINK'
        ? 'the same text; one with a line break does not convert'
        : 'the same text',
    convert(value) {
      const text = typeof value === 'string' ? value : '';
      if ((to === 'SINGLE_LINE_TEXT' || to === 'LINK') && /[\r\n]/.test(text))
        return { ok: false, reason: 'holds a line break' };
      return { ok: true, value: text };
    },
  };
}

export const CONVERSIONS: readonly Conversion[] = TEXT_TYPES.flatMap((from) =>
  TEXT_TYPES.filter((to) => to !== from).map((to) => textToText(from, to)),
);

/** The conversion from one type to another; undefined where the pair stays blocked. */
export function conversionFor(from: string, to: string): Conversion | undefined {
  return CONVERSIONS.find((c) => c.from === from && c.to === to);
}
