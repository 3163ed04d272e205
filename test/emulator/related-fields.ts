/**
 * The settings of fields that read another app (kintone "Add Form Fields": `lookup` and
 * `referenceTable`), so a test names only what it is about: the app, the keys and what is copied
 * or shown.
 */

/** `lookup` on app `related`, keyed by its field `key`, copying `copies` ({ field here: field there }). */
export function lookupOf(
  related: string | number,
  key: string,
  copies: Record<string, string>,
  more: Record<string, unknown> = {},
) {
  return {
    relatedApp: { app: related },
    relatedKeyField: key,
    fieldMappings: Object.entries(copies).map(([field, relatedField]) => ({ field, relatedField })),
    ...more,
  };
}

/** `referenceTable` of app `related`: its records whose `relatedField` equals `field` here, showing `shown`. */
export function referenceTableOf(
  related: string | number,
  [field, relatedField]: [string, string],
  shown: string[],
  more: Record<string, unknown> = {},
) {
  return {
    relatedApp: { app: related },
    condition: { field, relatedField },
    displayFields: shown,
    ...more,
  };
}
