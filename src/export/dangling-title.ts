/**
 * A title field the app no longer has. The live general settings may name, as the record title
 * (`titleField: {selectionMode: MANUAL, code}`), a field the form does not hold: the manifest
 * stopped managing the title when it removed that field, and the local service keeps the setting
 * as it was. What the hosted platform does with the title setting when its field is deleted, its
 * documentation does not say (Get General Settings names only the two modes). A manifest naming
 * the field would not validate (the title field must be a field of the app, validate's
 * GENERAL.TITLE_FIELD place), so export leaves `titleField` out, unmanaged as it was in the
 * project, and says so.
 */
import { fieldItems } from '../areas/fields/items.js';
import type { FieldsCanonical } from '../areas/fields/canonical.js';
import type { AreaKey, Json } from '../areas/types.js';

const isObject = (v: unknown): v is Record<string, Json> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Takes a dangling title field out of the general settings read; returns the note, or null. */
export function dropDanglingTitleField(read: Map<AreaKey, Json>): string | null {
  const general = read.get('general');
  const fields = read.get('fields');
  if (!isObject(general) || !isObject(fields) || !isObject(general.titleField)) return null;
  const code = general.titleField.code;
  if (general.titleField.selectionMode !== 'MANUAL' || typeof code !== 'string') return null;
  if (fieldItems(fields as FieldsCanonical).has(code)) return null;
  const { titleField: _, ...rest } = general;
  void _;
  read.set('general', rest);
  return `general: the title field names field "${code}", which the app does not have: titleField left out`;
}
