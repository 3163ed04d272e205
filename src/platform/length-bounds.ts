/**
 * When a change of a field's `minLength`/`maxLength` makes a deploy fail: the bounds are tighter
 * than the live ones, and a record's value falls outside them (platform-facts-verified, "Required,
 * unique, lengths": a tighter length that existing records break can make the deploy fail;
 * `minLength` is checked on `""` too). One rule for the plan, which predicts it (areas/fields and
 * plan/probes.ts), and the local service, which refuses the deploy (emulator/model/tighter-lengths.ts).
 */
import { textLengths } from './conversions/text.js';
import { textLength } from './text-length.js';

export interface LengthBounds {
  minLength?: number;
  maxLength?: number;
}

/** A bound as the service stores it: a number as text, or "" (or nothing) for none. */
function bound(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** The types whose `unique` caps their length (get.kintone.help 040528: 64 characters at most). */
const UNIQUE_CAPPED = new Set(['SINGLE_LINE_TEXT', 'LINK']);

/**
 * The most characters a field holds: its maxLength, and for a unique text the 64-character cap of
 * textLengths (platform/conversions/text.ts), the one rule a record write is checked by. Adding `unique` to a text
 * field lowers it so: found with the local service, whose deploy failed for a value of 70
 * characters under `unique` with `maxLength: 80` while the plan saw 80 and promised the deploy.
 */
function effectiveMax(field: Readonly<Record<string, unknown>> | undefined): number | undefined {
  if (field === undefined) return undefined;
  return UNIQUE_CAPPED.has(String(field.type)) ? textLengths(field).max : bound(field.maxLength);
}

/**
 * The new bounds of `after` when they are tighter than those of `before` (a minimum raised or
 * added, a maximum lowered or added, `unique` added to a text (its 64-character cap); a field
 * with none before counts as unbounded); undefined when they are not.
 */
export function tighterLengthBounds(
  after: Readonly<Record<string, unknown>>,
  before: Readonly<Record<string, unknown>> | undefined,
): LengthBounds | undefined {
  const min = bound(after.minLength);
  const max = effectiveMax(after);
  const tighter =
    (min !== undefined && min > (bound(before?.minLength) ?? 0)) ||
    (max !== undefined && max < (effectiveMax(before) ?? Infinity));
  if (!tighter) return undefined;
  return {
    ...(min !== undefined ? { minLength: min } : {}),
    ...(max !== undefined ? { maxLength: max } : {}),
  };
}

/** Whether a value (not a text, or none: 0 characters) falls outside the bounds. */
export function outsideLengthBounds(bounds: LengthBounds, value: unknown): boolean {
  const length = typeof value === 'string' ? textLength(value) : 0;
  return (
    (bounds.minLength !== undefined && length < bounds.minLength) ||
    (bounds.maxLength !== undefined && length > bounds.maxLength)
  );
}
