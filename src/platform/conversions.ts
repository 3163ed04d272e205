/**
 * How a field's values convert when its type changes (a migration: issue "Change a field's type,
 * or move it into or out of a table, and keep every value"). One entry per pair of types that has
 * one honest conversion; every pair without an entry stays blocked, with the hint
 * `conversionHint` gives. Pure: the planner counts the values that will not convert with it, apply
 * converts with it, docs/migrations.md prints its table, and a test writes every row's output
 * into the local service.
 *
 * The rows live by family in `conversions/` (text, number, choice, date, entity); `table.ts`
 * assembles them.
 */
import { INPUT_FIELD_TYPES } from './field-types.js';
import { CONVERSION_TABLE } from './conversions/table.js';
import { acceptsValue } from './conversions/target.js';
import type { Conversion, ConvertContext, Converted } from './conversions/types.js';

export type {
  Conversion,
  ConvertContext,
  Converted,
  FieldDefinition,
  MigrateOptions,
  NumberPrecision,
} from './conversions/types.js';
export { isEmptyValue } from './conversions/types.js';
export { DEFAULT_JOIN } from './conversions/choice.js';
export { emptyOf } from './conversions/target.js';
export { checkText as fitsTextField, TEXT_TYPES } from './conversions/text.js';

export const CONVERSIONS: readonly Conversion[] = CONVERSION_TABLE;

/** The conversion from one type to another; undefined where the pair stays blocked. */
export function conversionFor(from: string, to: string): Conversion | undefined {
  return CONVERSIONS.find((c) => c.from === from && c.to === to);
}

/** What the plan says of a type change that keeps no values: why, and what to do instead. */
export interface ConversionHint {
  readonly reason: string;
  readonly instead: string;
}

/**
 * The hint for a pair without a conversion; undefined where the pair converts. A field of a type
 * that holds no value the record API writes (CALC, FILE) is named as such.
 */
export function conversionHint(from: string, to: string): ConversionHint | undefined {
  if (conversionFor(from, to)) return undefined;
  const why =
    from === 'CALC' || to === 'CALC'
      ? 'a calculated field is computed, not written'
      : from === 'FILE' || to === 'FILE'
        ? 'files convert to no other type'
        : `no value of a ${from} field has one honest ${to} value`;
  return {
    reason: `${from} -> ${to} keeps no values: ${why}`,
    instead:
      'add a field with a new code and type, copy the values over, then remove the old one; or write `migrate: false` to replace the field and lose its values',
  };
}

/** Every pair of distinct input field types without a conversion, in the field types' order. */
export function blockedPairs(): readonly { from: string; to: string }[] {
  const types = [...INPUT_FIELD_TYPES];
  return types.flatMap((from) =>
    types.filter((to) => to !== from && !conversionFor(from, to)).map((to) => ({ from, to })),
  );
}

/**
 * Whether `migrate.default` is a value the target field holds (the plan checks it before any
 * record is read): the default as it would be written, or why it does not fit.
 */
export function checkDefault(context: ConvertContext): Converted | undefined {
  if (context.migrate.default === undefined) return undefined;
  return acceptsValue(context.to.type, context.migrate.default, context);
}
