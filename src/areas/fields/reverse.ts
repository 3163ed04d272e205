/**
 * The before-state of a fields change, made to undo it: each field the change renamed says
 * `renamedFrom` its new code, so restoring it renames it back (`PUT` keyed by the new code), and
 * the records keep their values, where a plain before-state would remove the renamed field and add
 * the old one empty.
 */
import { asRecord } from '../canonical.js';
import type { FieldsCanonical } from './canonical.js';
import { planFields } from './items.js';

export function reverseFields(before: FieldsCanonical, applied: FieldsCanonical): FieldsCanonical {
  const out: FieldsCanonical = structuredClone(before);
  for (const plan of planFields(applied, before)) {
    if (plan.kind !== 'rename') continue;
    const { code, table } = plan.before;
    // The canonical value is written in place: a column's holder is its table's own `fields`.
    const holder = table === null ? out : asRecord(out[table]?.fields);
    const field = holder[code];
    if (field) holder[code] = { ...asRecord(field), renamedFrom: plan.item.code };
  }
  return out;
}
