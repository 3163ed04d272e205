/**
 * What a lookup's copies (`fieldMappings`: `field` of this app takes `relatedField` of the related
 * app) may pair, as the platform refuses at the field write (CB_VA01).
 *
 * Evidence:
 * - kintone help, "Fields That Can Be Specified for Field Mappings"
 *   (help.cybozu.cn/k/en/user/app_settings/form/lookup/otherfield_copy.html): the destinations are
 *   text, number, text area, rich text, radio button, check box, multi-choice, drop-down, link,
 *   date, time, date and time, user, department and group selection; a radio button, check box,
 *   multi-choice, drop-down, link (only when the type of the entered value is the same), date,
 *   time, department or group selection takes a copy of its own type only. For text, number, text
 *   area, rich text, date and time and user selection the page lists several sources; the stored
 *   copy of it lost which, so those pairs are taken here, but for the next point.
 * - SonicGarden/kintone-emulator doc/kintone-behavior-notes.md §10 ("フィールド定義時の制約",
 *   observed on the platform): a NUMBER copied into a SINGLE_LINE_TEXT is refused, CB_VA01
 *   "指定したフィールドの組み合わせが正しくない、または指定できない種類のフィールドを指定しています。";
 *   two lookups copying into one field are refused, CB_VA01 "コピー先のフィールドの設定が重複して
 *   います". One lookup naming one destination twice is taken as the same duplicate (the
 *   message says the destination is set twice; not observed on its own).
 */
import type { FieldType } from './field-types.js';

/** Destinations that take a copy of their own type only. */
const OWN_TYPE_ONLY: readonly FieldType[] = [
  'RADIO_BUTTON',
  'CHECK_BOX',
  'MULTI_SELECT',
  'DROP_DOWN',
  'LINK',
  'DATE',
  'TIME',
  'ORGANIZATION_SELECT',
  'GROUP_SELECT',
];
const ownTypeOnly: ReadonlySet<string> = new Set(OWN_TYPE_ONLY);

/** The field types a lookup copies into: those, and the ones taking several sources. */
export const LOOKUP_COPY_TARGET_TYPES: readonly FieldType[] = [
  'SINGLE_LINE_TEXT',
  'NUMBER',
  'MULTI_LINE_TEXT',
  'RICH_TEXT',
  'DATETIME',
  'USER_SELECT',
  ...OWN_TYPE_ONLY,
];

/** Whether a lookup may copy a field of type `source` into one of type `target` (a destination type). */
export function lookupCopyPairs(target: string, source: string): boolean {
  if (ownTypeOnly.has(target)) return source === target;
  return !(target === 'SINGLE_LINE_TEXT' && source === 'NUMBER');
}

/** What the refusal of a pair says, on every side. */
export function lookupCopyRefusal(
  target: { code: string; type: string },
  source: { code: string; type: string },
): string {
  return `the field "${target.code}" (${target.type}) cannot take a lookup copy of "${source.code}" (${source.type}): ${
    ownTypeOnly.has(target.type)
      ? `a ${target.type} takes a copy of a ${target.type} only`
      : `a ${source.type} is not copied into a ${target.type}`
  }`;
}

/** What the refusal of a destination filled twice says. */
export function copiedTwiceRefusal(code: string): string {
  return `the field "${code}" is already the destination of another lookup copy: one field takes one copy`;
}
