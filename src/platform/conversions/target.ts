/**
 * What any field type a conversion writes can hold: a plain text read into it, an empty value,
 * and a value given as it is (a `migrate.default`). The one dispatch from type to family.
 */
import { oneInto, joinChoices, severalInto, textIntoSeveral } from './choice.js';
import { dateInto, dateTimeInto, timeInto } from './date.js';
import { entitiesInto } from './entity.js';
import { numberInto } from './number.js';
import { checkText, plainIntoText, textOfText } from './text.js';
import { converted, isEmptyValue, refused, type ConvertContext, type Converted } from './types.js';

type TextInto = (text: string, ctx: ConvertContext, to: string) => Converted;

/** How a plain text goes into each type that can take one. */
const TEXT_INTO: Readonly<Record<string, TextInto>> = {
  SINGLE_LINE_TEXT: (t, c, to) => plainIntoText(to, t, c),
  MULTI_LINE_TEXT: (t, c, to) => plainIntoText(to, t, c),
  RICH_TEXT: (t, c, to) => plainIntoText(to, t, c),
  LINK: (t, c, to) => plainIntoText(to, t, c),
  NUMBER: (t, c) => numberInto(t, c),
  DROP_DOWN: (t, c) => oneInto(t, c),
  RADIO_BUTTON: (t, c) => oneInto(t, c),
  CHECK_BOX: (t, c) => textIntoSeveral(t, c),
  MULTI_SELECT: (t, c) => textIntoSeveral(t, c),
  DATE: (t) => dateInto(t),
  TIME: (t) => timeInto(t),
  DATETIME: (t, c) => dateTimeInto(t, c),
};

/** A plain text into a field of type `to`. */
export function intoTarget(to: string, text: string, ctx: ConvertContext): Converted {
  const into = Object.hasOwn(TEXT_INTO, to) ? TEXT_INTO[to] : undefined;
  return into ? into(text, ctx, to) : refused(`a ${to} field takes no text`);
}

/** The plain text a source value reads as: text (rich text without markup), a scalar as stored, several choices joined. */
export function sourceText(from: string, value: unknown, ctx: ConvertContext): Converted {
  if (from === 'CHECK_BOX' || from === 'MULTI_SELECT') return joinChoices(value, ctx);
  if (typeof value !== 'string') return refused('not a text');
  return textOfText(from, value);
}

/**
 * The empty value of each type as the record API gives it back (platform-facts "Records": DROP_DOWN,
 * DATE and TIME are null when empty; other scalars `""`; lists `[]`). The record API takes each
 * of these on write.
 */
const EMPTY: Readonly<Record<string, unknown>> = {
  DROP_DOWN: null,
  DATE: null,
  TIME: null,
  CHECK_BOX: [],
  MULTI_SELECT: [],
  USER_SELECT: [],
  ORGANIZATION_SELECT: [],
  GROUP_SELECT: [],
  FILE: [],
};

export function emptyOf(type: string): unknown {
  return Object.hasOwn(EMPTY, type) ? EMPTY[type] : '';
}

/**
 * An empty value into a field of type `to`: its empty value, unless the field cannot be empty.
 * - `required`: the record API refuses an empty value (platform-facts-verified "Required").
 * - `minLength`: checked on `""` too (platform-facts-verified "Required, unique, lengths").
 * - RADIO_BUTTON: a radio button always has one option chosen; the form offers no "none"
 *   (developer.kintone.io "Default Choice Restriction Plug-in" works around the default that is
 *   always selected; consulting.o-ht.com "選択肢を選ばない" is not possible for radio buttons). The
 *   record API's answer to `""` is not documented; an empty value here does not convert, so a
 *   plan shows it and `migrate.default` names the option it becomes.
 */
export function emptyInto(to: string, ctx: ConvertContext): Converted {
  if (to === 'RADIO_BUTTON') return refused('empty (a radio button always holds one of its options)');
  if (ctx.to.required === true) return refused('empty (the new field is required)');
  const length = to === 'SINGLE_LINE_TEXT' || to === 'LINK' ? checkText(to, '', ctx) : converted('');
  if (!length.ok) return refused(`empty (${length.reason})`);
  return converted(emptyOf(to));
}

type Accepts = (value: unknown, ctx: ConvertContext, to: string) => Converted;

const asText =
  (into: (text: string, ctx: ConvertContext, to: string) => Converted): Accepts =>
  (value, ctx, to) =>
    typeof value === 'string' ? into(value, ctx, to) : refused(`not a text for a ${to} field`);

/** A value written as the target type holds it (rich text as HTML, several choices as a list). */
const ACCEPTS: Readonly<Record<string, Accepts>> = {
  SINGLE_LINE_TEXT: asText((t, c, to) => checkText(to, t, c)),
  MULTI_LINE_TEXT: asText((t, c, to) => checkText(to, t, c)),
  RICH_TEXT: asText((t, c, to) => checkText(to, t, c)),
  LINK: asText((t, c, to) => checkText(to, t, c)),
  NUMBER: (v, c) =>
    typeof v === 'number' || typeof v === 'string' ? numberInto(String(v), c) : refused('not a number'),
  DROP_DOWN: asText((t, c) => oneInto(t, c)),
  RADIO_BUTTON: asText((t, c) => oneInto(t, c)),
  CHECK_BOX: (v, c) => (Array.isArray(v) ? severalInto(v, c) : refused('not a list of choices')),
  MULTI_SELECT: (v, c) => (Array.isArray(v) ? severalInto(v, c) : refused('not a list of choices')),
  DATE: asText((t) => dateInto(t)),
  TIME: asText((t) => timeInto(t)),
  DATETIME: asText((t, c) => dateTimeInto(t, c)),
  USER_SELECT: (v, c, to) => entitiesInto(to, v, c),
  ORGANIZATION_SELECT: (v, c, to) => entitiesInto(to, v, c),
  GROUP_SELECT: (v, c, to) => entitiesInto(to, v, c),
};

/** Whether a value, as written, is one a field of type `to` holds; the value as it is stored. */
export function acceptsValue(to: string, value: unknown, ctx: ConvertContext): Converted {
  if (isEmptyValue(value)) return emptyInto(to, ctx);
  const accepts = Object.hasOwn(ACCEPTS, to) ? ACCEPTS[to] : undefined;
  return accepts ? accepts(value, ctx, to) : refused(`a ${to} field takes no value here`);
}
