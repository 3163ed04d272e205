/**
 * The lines inside one item: every attribute of an added or removed item, and the attributes
 * that differ inside a changed one. Short values stay on one line; longer objects and lists open
 * a nested block, so that a reviewer reads one attribute per line, as in Terraform's plans.
 */
import type { AttributeChange, Json } from '../plan/types.js';
import type { Line, Marker } from './lines.js';
import { formatName, formatPath, inlineValue, isContainer } from './values.js';
import { displayWidth } from '../text-width.js';

/**
 * Values longer than this open a block. Short entities (`{ type: "GROUP", code: "sales" }`) and
 * option lists stay on one line; a whole layout row or an ACL rule does not.
 */
const INLINE_LIMIT = 60;

function fitsInline(value: Json): boolean {
  return !isContainer(value) || inlineValue(value).length <= INLINE_LIMIT;
}

/** The column the values of a block start in: block openers (`options: {`) do not count. */
function valueColumn(entries: readonly (readonly [string, Json | undefined])[]): number {
  const inline = entries.filter(([, value]) => value === undefined || fitsInline(value));
  return inline.reduce((widest, [key]) => Math.max(widest, displayWidth(key)), 0);
}

/** `key: value` with the values of one block starting in one column. */
function keyed(key: string | null, width: number, value: string): string {
  // A detail with an empty path is the item's own value: no key to show.
  if (key === null || key === '') return value;
  return `${key}:${' '.repeat(width - displayWidth(key) + 1)}${value}`;
}

/**
 * One attribute (or list element, with a null key), on one line or as a block. `suffix` is the
 * comma after a list element.
 */
function valueLines(
  marker: Marker,
  key: string | null,
  width: number,
  value: Json,
  depth: number,
  suffix = '',
): Line[] {
  if (fitsInline(value))
    return [{ depth, marker, text: `${keyed(key, width, inlineValue(value))}${suffix}` }];
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return [
    { depth, marker, text: key === null ? open : `${key}: ${open}` },
    ...contentLines(marker, value, depth + 1),
    { depth, marker: null, text: `${close}${suffix}` },
  ];
}

/** The attributes of an object, or the elements of a list, one below the other. */
export function contentLines(marker: Marker, value: Json, depth: number): Line[] {
  if (Array.isArray(value)) return value.flatMap((item) => valueLines(marker, null, 0, item, depth, ','));
  if (!isContainer(value)) return valueLines(marker, null, 0, value, depth);
  const entries = Object.entries(value).map(([key, item]) => [formatName(key), item] as const);
  const width = valueColumn(entries);
  return entries.flatMap(([key, item]) => valueLines(marker, key, width, item, depth));
}

/** An item added or removed whole: `+ amount {` and its attributes, or `+ name: value`. */
export function wholeItemLines(marker: Marker, label: string, value: Json, depth: number): Line[] {
  if (!isContainer(value) || Array.isArray(value) || Object.keys(value).length === 0)
    return valueLines(marker, label, displayWidth(label), value, depth);
  return [
    { depth, marker, text: `${label} {` },
    ...contentLines(marker, value, depth + 1),
    { depth, marker: null, text: '}' },
  ];
}

/**
 * The attributes that differ inside a changed item: `~ label: "Stage" -> "Phase"`,
 * `+ unique: true`, `- defaultValue: "x"`. `forces` names the attribute that forces a replacement.
 */
export function detailLines(details: AttributeChange[], depth: number, forces?: string): Line[] {
  const keys = details.map((detail) => formatPath(detail.path));
  // A detail with both sides is one line; one with a single side may open a block.
  const width = valueColumn(
    details.map((detail, i) => [
      keys[i] ?? '',
      detail.before === undefined ? detail.after : detail.after === undefined ? detail.before : undefined,
    ]),
  );
  return details.flatMap((detail, i): Line[] => {
    const key = keys[i] ?? '';
    const { before, after } = detail;
    if (before !== undefined && after !== undefined) {
      const line: Line = {
        depth,
        marker: '~',
        text: keyed(key, width, `${inlineValue(before)} -> ${inlineValue(after)}`),
      };
      return [key === forces ? { ...line, note: 'forces replacement' } : line];
    }
    if (after !== undefined) return valueLines('+', key, width, after, depth);
    if (before !== undefined) return valueLines('-', key, width, before, depth);
    return [{ depth, marker: '~', text: key }];
  });
}
