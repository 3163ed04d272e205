import type { Json, JsonObject, UserRef } from '../model/app.js';
import { typeOf, type FieldValue, type StoredRecord } from './model.js';

/** Who and when, for the creator/modifier and time system fields. */
export interface Stamp {
  readonly who: UserRef;
  readonly now: string;
}

/**
 * A new record as stored: its checked values plus every system field of the live form, filled
 * by the service (record number = id, creator and modifier = the caller, both times = now),
 * `$id`, and `$revision` 1. `status` is the process's first status when process management is on.
 */
export function stampNew(
  values: Record<string, FieldValue>,
  fields: Record<string, JsonObject>,
  id: string,
  stamp: Stamp,
  status: { status: string; assignees: UserRef[] } | null,
): StoredRecord {
  const record: Record<string, FieldValue> = { ...values };
  const who = { code: stamp.who.code, name: stamp.who.name };
  for (const [code, field] of Object.entries(fields)) {
    const type = typeOf(field);
    const set = (value: Json): void => {
      record[code] = { type, value };
    };
    switch (type) {
      case 'RECORD_NUMBER':
        set(id);
        break;
      case 'CREATOR':
      case 'MODIFIER':
        set(who);
        break;
      case 'CREATED_TIME':
      case 'UPDATED_TIME':
        set(stamp.now);
        break;
      case 'STATUS':
        if (status) set(status.status);
        break;
      case 'STATUS_ASSIGNEE':
        if (status) set(status.assignees.map((u) => ({ code: u.code, name: u.name })));
        break;
      case 'CATEGORY':
        set([]);
        break;
      default:
        break;
    }
  }
  record.$id = { type: '__ID__', value: id };
  record.$revision = { type: '__REVISION__', value: '1' };
  return record;
}

/** An updated record: modifier and update time moved, revision raised by `bump` (1 per update, 2 per status action). */
export function stampUpdate(
  values: Record<string, FieldValue>,
  fields: Record<string, JsonObject>,
  stamp: Stamp,
  bump: number,
): StoredRecord {
  const record: Record<string, FieldValue> = { ...values };
  for (const [code, field] of Object.entries(fields)) {
    if (field.type === 'MODIFIER') record[code] = { type: 'MODIFIER', value: { ...stamp.who } };
    if (field.type === 'UPDATED_TIME') record[code] = { type: 'UPDATED_TIME', value: stamp.now };
  }
  const revision = Number(values.$revision?.value ?? 1) + bump;
  record.$revision = { type: '__REVISION__', value: String(revision) };
  return record;
}
