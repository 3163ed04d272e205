/**
 * Values into choice fields: one choice (DROP_DOWN, RADIO_BUTTON) or several (CHECK_BOX,
 * MULTI_SELECT), and several choices joined into one text (issue 36, "Conversions").
 *
 * Evidence: platform-facts-verified "Record validation": a value outside the field's options is
 * refused (`record.<code>.value` for one choice, `record.<code>.values[<i>].value` for each bad
 * item of several). platform-facts "Settings shapes": `options` is `{<name>: {label, index}}`, and
 * a value names an option by its key. An option name matches exactly (case and spaces count: the
 * documentation names no folding, and the local service folds none).
 */
import { converted, quote, refused, type ConvertContext, type Converted } from './types.js';

export const ONE_CHOICE_TYPES = ['DROP_DOWN', 'RADIO_BUTTON'] as const;
export const SEVERAL_CHOICE_TYPES = ['CHECK_BOX', 'MULTI_SELECT'] as const;

/** What joins several choices into one text when `migrate.join` does not say. */
export const DEFAULT_JOIN = ', ';

function optionNames(ctx: ConvertContext): readonly string[] {
  const map = ctx.to.options;
  return map && typeof map === 'object' && !Array.isArray(map) ? Object.keys(map) : [];
}

/** One text as one choice of the target: only a name among its options. */
export function oneInto(text: string, ctx: ConvertContext): Converted {
  return optionNames(ctx).includes(text) ? converted(text) : refused(`${quote(text)} is not an option`);
}

/** Several names as several choices of the target: each among its options, each once, in order. */
export function severalInto(names: readonly unknown[], ctx: ConvertContext): Converted {
  const options = optionNames(ctx);
  const result: string[] = [];
  for (const name of names) {
    if (typeof name !== 'string') return refused('not a list of choices');
    if (!options.includes(name)) return refused(`${quote(name)} is not an option`);
    if (!result.includes(name)) result.push(name);
  }
  return converted(result);
}

/**
 * A text as several choices: the whole text when it names an option, otherwise its parts between
 * separators (`migrate.join`, `", "` by default), each of which must name an option.
 */
export function textIntoSeveral(text: string, ctx: ConvertContext): Converted {
  if (optionNames(ctx).includes(text)) return converted([text]);
  return severalInto(text.split(ctx.migrate.join ?? DEFAULT_JOIN), ctx);
}

/** Several choices as one: a record holding at most one converts; more do not. */
export function severalIntoOne(value: unknown, ctx: ConvertContext): Converted {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    return refused('not a list of choices');
  if (value.length > 1) return refused(`holds ${value.length} choices`);
  return oneInto(value[0] as string, ctx);
}

/** Several choices as one text, in the record's order, joined by `migrate.join` (`", "` by default). */
export function joinChoices(value: unknown, ctx: ConvertContext): Converted {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    return refused('not a list of choices');
  return converted(value.join(ctx.migrate.join ?? DEFAULT_JOIN));
}
