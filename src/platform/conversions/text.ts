/**
 * Text into text: what a one-line, several-line, rich or link field can hold (issue 36,
 * "Conversions"). Rich text is HTML; plain text goes into it escaped, and comes out of it only when
 * the HTML holds nothing but text, line breaks and character references: no markup is ever
 * stripped silently.
 */
import { TEXT_LIMITS, textLength } from '../text-length.js';
import { converted, quote, refused, type ConvertContext, type Converted } from './types.js';

export const TEXT_TYPES = ['SINGLE_LINE_TEXT', 'MULTI_LINE_TEXT', 'RICH_TEXT', 'LINK'] as const;

/**
 * Types whose value is one line: the form gives them a one-line input, which cannot show a line
 * break (issue 36: "a newline ... that the target cannot hold does not convert"). What the record
 * API answers to a line break there is not documented; the local service takes it.
 */
const ONE_LINE: ReadonlySet<string> = new Set(['SINGLE_LINE_TEXT', 'LINK']);

const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** `<br>`, `<br/>`, `<br />` in any case: a line break in rich text. */
const BREAK = /^<br\s*\/?>/i;
const REFERENCE = /^&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+);/i;

function decodeReference(body: string): string | undefined {
  if (body.startsWith('#')) {
    const point = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
    return point <= 0x10ffff ? String.fromCodePoint(point) : undefined;
  }
  return NAMED_REFERENCES[body.toLowerCase()];
}

/**
 * The plain text a rich-text value shows, when it holds no markup but line breaks and character
 * references; otherwise the first tag or reference it cannot read. A `&` or `<` that starts
 * neither is itself markup the platform's editor would not write, so it does not convert either.
 */
export function richToPlain(html: string): { text: string } | { markup: string } {
  let text = '';
  let rest = html;
  while (rest !== '') {
    const at = rest.search(/[<&]/);
    if (at === -1) return { text: text + rest };
    text += rest.slice(0, at);
    rest = rest.slice(at);
    const br = BREAK.exec(rest);
    const ref = br ? null : REFERENCE.exec(rest);
    const decoded = ref ? decodeReference(ref[1]!) : undefined;
    if (br) text += '\n';
    else if (ref && decoded !== undefined) text += decoded;
    else return { markup: /^<\/?[a-z][^>]*>?|^&[^;\s]*;?/i.exec(rest)?.[0] ?? rest[0]! };
    rest = rest.slice((br ?? ref)![0].length);
  }
  return { text };
}

/** Plain text as rich text showing the same characters: `&`, `<`, `>` escaped, each line break a `<br />`. */
export function plainToRich(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r\n|\r|\n/g, '<br />');
}

function limit(field: Readonly<Record<string, unknown>>, name: string): number | undefined {
  const raw = field[name];
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The characters a text or link field holds: its minLength and maxLength, and at most 64 where it
 * is unique (get.kintone.help 040528). Counted by `textLength`, as validate and the local service
 * count them (platform/text-length.ts, where the evidence is silent).
 */
export function textLengths(field: Readonly<Record<string, unknown>>): {
  min: number | undefined;
  max: number | undefined;
} {
  const max =
    field.unique === true
      ? Math.min(limit(field, 'maxLength') ?? Infinity, TEXT_LIMITS.uniqueText)
      : limit(field, 'maxLength');
  return { min: limit(field, 'minLength'), max };
}

/** Why a text is not within the field's lengths (textLengths), or undefined when it is. */
export function lengthProblem(field: Readonly<Record<string, unknown>>, text: string): string | undefined {
  const length = textLength(text);
  const { min, max } = textLengths(field);
  if (min !== undefined && length < min) return `shorter than ${min} characters`;
  if (max !== undefined && length > max) return `longer than ${max} characters`;
  return undefined;
}

/**
 * Whether a text value fits the target text field as written: one line for one-line types, and
 * the field's lengths (textLengths).
 */
export function checkText(to: string, text: string, ctx: ConvertContext): Converted {
  if (ONE_LINE.has(to) && /[\r\n]/.test(text)) return refused('holds a line break');
  const length = lengthProblem(ctx.to, text);
  return length === undefined ? converted(text) : refused(length);
}

/** Plain text into a text field: escaped for rich text, then checked as the field holds it. */
export function plainIntoText(to: string, text: string, ctx: ConvertContext): Converted {
  return checkText(to, to === 'RICH_TEXT' ? plainToRich(text) : text, ctx);
}

/** The plain text of a text field's value (rich text read by `richToPlain`). */
export function textOfText(from: string, value: unknown): Converted {
  if (typeof value !== 'string') return refused('not a text');
  if (from !== 'RICH_TEXT') return converted(value);
  const plain = richToPlain(value);
  return 'text' in plain ? converted(plain.text) : refused(`holds markup ${quote(plain.markup)}`);
}
