/**
 * The size keys of a layout element, by its type. The official client's layout types
 * (`KintoneFields/types/fieldLayout.d.ts`): MULTI_LINE_TEXT and RICH_TEXT have `width` and
 * `innerHeight`, SPACER has `width` and `height`, every other element only `width`; kintone's
 * Get/Update Form Layout documentation names the same three keys.
 */
const SIZE_KEYS: Readonly<Record<string, readonly string[]>> = {
  MULTI_LINE_TEXT: ['width', 'innerHeight'],
  RICH_TEXT: ['width', 'innerHeight'],
  SPACER: ['width', 'height'],
};

export const LAYOUT_SIZE_KEYS_DEFAULT: readonly string[] = ['width'];

/** The size keys an element of `type` has (a field's type, or LABEL, SPACER, HR). */
export function layoutSizeKeys(type: string): readonly string[] {
  return SIZE_KEYS[type] ?? LAYOUT_SIZE_KEYS_DEFAULT;
}
