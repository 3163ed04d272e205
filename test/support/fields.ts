/**
 * Builders for the manifest pieces many tests spell the same way: a text field, a lookup field,
 * a layout row and an ACL rule with every right. Each returns plain data, written as the
 * platform's field and ACL documentation spells it, so a test still reads as the manifest it
 * writes.
 */

/** A SINGLE_LINE_TEXT field, with any further properties (unique, required, ...). */
export function text(label: string, more: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'SINGLE_LINE_TEXT', label, ...more };
}

/** What a lookup takes besides its related app and key field; absent parts stay absent. */
export interface LookupParts {
  /** Copied fields, as `field` (in this app) from `relatedField` (in the related app). */
  copies?: Record<string, string>;
  picker?: string[];
  filterCond?: string;
  sort?: string;
}

/** A SINGLE_LINE_TEXT lookup field on `relatedKeyField` of `app` (a key, or an id). */
export function lookupField(
  label: string,
  app: string | number,
  relatedKeyField: string,
  { copies = {}, picker, filterCond, sort }: LookupParts = {},
): Record<string, unknown> {
  return text(label, {
    lookup: {
      relatedApp: { app },
      relatedKeyField,
      fieldMappings: Object.entries(copies).map(([field, relatedField]) => ({ field, relatedField })),
      ...(picker !== undefined ? { lookupPickerFields: picker } : {}),
      ...(filterCond !== undefined ? { filterCond } : {}),
      ...(sort !== undefined ? { sort } : {}),
    },
  });
}

/** A layout row showing `codes`, in order. */
export const row = (...codes: string[]) => ({ type: 'ROW', fields: codes.map((code) => ({ code })) });

/** Every right an app ACL rule can grant, each granted. */
export const EVERY_APP_RIGHT: Readonly<Record<string, true>> = Object.fromEntries(
  ['appEditable', 'recordViewable', 'recordAddable', 'recordEditable', 'recordDeletable']
    .concat(['recordImportable', 'recordExportable'])
    .map((right) => [right, true]),
);

/**
 * A process Open → Review → Done, indexed in that order: Review assigned as `assignee` says,
 * `[submit, finish]` naming its two actions.
 */
export function reviewProcess(assignee: Record<string, unknown>, [submit, finish]: [string, string]) {
  const states = { Open: { index: 0 }, Review: { index: 1, assignee }, Done: { index: 2 } };
  const actions = [
    { name: submit, from: 'Open', to: 'Review' },
    { name: finish, from: 'Review', to: 'Done' },
  ];
  return { enable: true, states, actions };
}
