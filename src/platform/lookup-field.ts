/**
 * What the hosted platform keeps of a lookup field (a SINGLE_LINE_TEXT or NUMBER with `lookup`):
 * Get Form Fields answers it with these keys only, whatever else was sent (no unique,
 * defaultValue, maxLength, ...). Evidence: SonicGarden/kintone-emulator
 * `doc/kintone-behavior-notes.md` §10 (a lookup field as the hosted platform stores it).
 */
export const LOOKUP_FIELD_KEYS: readonly string[] = [
  'type',
  'code',
  'label',
  'noLabel',
  'required',
  'lookup',
];
