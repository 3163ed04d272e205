import type { JsonObject, UserRef } from '../model/app.js';
import { fieldValue, typeOf, type FieldValue, type StoredRecord } from './model.js';

/** Who and when, for the creator/modifier and time system fields. */
export interface Stamp {
  readonly who: UserRef;
  readonly now: string;
}

/** The types of system field a new record's stamp fills. */
const STAMPED_ON_ADD: ReadonlySet<string> = new Set([
  'RECORD_NUMBER',
  'CREATOR',
  'MODIFIER',
  'CREATED_TIME',
  'UPDATED_TIME',
  'STATUS',
  'STATUS_ASSIGNEE',
  'CATEGORY',
]);

/**
 * The live form's system fields a stamp fills, in form order: looked up once per batch of
 * records, not once per record (a write of 100 records read the whole form 100 times).
 */
export interface SystemFields {
  /** Those a new record gets, with their types. */
  readonly onAdd: readonly (readonly [code: string, type: string])[];
  /** The modifier and update-time fields an update moves. */
  readonly onUpdate: readonly (readonly [code: string, type: 'MODIFIER' | 'UPDATED_TIME'])[];
}

export function systemFieldsOf(fields: Record<string, JsonObject>): SystemFields {
  const onAdd: [string, string][] = [];
  const onUpdate: [string, 'MODIFIER' | 'UPDATED_TIME'][] = [];
  for (const [code, field] of Object.entries(fields)) {
    const type = typeOf(field);
    // A record carries a CATEGORY value only while the app's categories are on: the hosted
    // platform's records of an app with them off have no such key (SonicGarden/kintone-emulator,
    // docs/real-kintone-notes.md, "プロセス管理が無効なアプリのステータスフィールド"). A new app has
    // them off (`enabled: false`) and no API turns them on; a seeded copy of an app may.
    if (type === 'CATEGORY' && field.enabled !== true) continue;
    if (STAMPED_ON_ADD.has(type)) onAdd.push([code, type]);
    if (field.type === 'MODIFIER' || field.type === 'UPDATED_TIME') onUpdate.push([code, field.type]);
  }
  return { onAdd, onUpdate };
}

/**
 * What a stamp fills, as stored field values, made once per stamp (one per write, however many
 * records it writes): stored values are never changed in place (store/store.ts), so the records
 * of a batch hold the same objects, as an update's copy already holds its predecessor's. Each
 * record made, kept and had collected six objects of its own for them.
 */
interface StampValues {
  readonly creator: FieldValue;
  readonly modifier: FieldValue;
  readonly created: FieldValue;
  readonly updated: FieldValue;
  readonly category: FieldValue;
  /** The modifier an update writes (the stamp's own entity copied, as it always was). */
  readonly updatedBy: FieldValue;
}

const stampValues = new WeakMap<Stamp, StampValues>();

/** Every new record's `$revision`, one object for all of them (stored values are never changed in place). */
const FIRST_REVISION: FieldValue = { type: '__REVISION__', value: '1' };

function valuesOf(stamp: Stamp): StampValues {
  let values = stampValues.get(stamp);
  if (!values) {
    const who = { code: stamp.who.code, name: stamp.who.name };
    values = {
      creator: { type: 'CREATOR', value: who },
      modifier: { type: 'MODIFIER', value: who },
      created: { type: 'CREATED_TIME', value: stamp.now },
      updated: { type: 'UPDATED_TIME', value: stamp.now },
      category: { type: 'CATEGORY', value: [] },
      updatedBy: { type: 'MODIFIER', value: { ...stamp.who } },
    };
    stampValues.set(stamp, values);
  }
  return values;
}

/**
 * A new record as stored: its checked values plus every system field of the live form, filled
 * by the service (record number = id, creator and modifier = the caller, both times = now),
 * `$id`, and `$revision` 1. `status` is the process's first status when process management is on.
 */
export function stampNew(
  values: Record<string, FieldValue>,
  system: SystemFields,
  id: string,
  stamp: Stamp,
  status: { status: string; assignees: UserRef[] } | null,
): StoredRecord {
  // Object.assign, not a spread: fields added to a spread's copy each made V8 a map of its own
  // (~10 µs a record, and 20,000 records of 20,000 shapes that every later read and
  // serialization of them paid for); this copy takes the same keys in the same order.
  const record: Record<string, FieldValue> = Object.assign({}, values);
  const shared = valuesOf(stamp);
  for (const [code, type] of system.onAdd) {
    switch (type) {
      case 'RECORD_NUMBER':
        record[code] = fieldValue(type, id);
        break;
      case 'CREATOR':
        record[code] = shared.creator;
        break;
      case 'MODIFIER':
        record[code] = shared.modifier;
        break;
      case 'CREATED_TIME':
        record[code] = shared.created;
        break;
      case 'UPDATED_TIME':
        record[code] = shared.updated;
        break;
      case 'STATUS':
        if (status) record[code] = fieldValue(type, status.status);
        break;
      case 'STATUS_ASSIGNEE':
        if (status)
          record[code] = { type, value: status.assignees.map((u) => ({ code: u.code, name: u.name })) };
        break;
      default: // CATEGORY
        record[code] = shared.category;
        break;
    }
  }
  record.$id = fieldValue('__ID__', id);
  record.$revision = FIRST_REVISION;
  return record;
}

/**
 * An updated record: modifier and update time moved, revision raised by `bump` (1 per update, 2
 * per status action). `values` is the copy of the record the caller has just made for this write
 * (never a stored record): it is stamped in place and returned, not copied a second time.
 */
export function stampUpdate(
  values: Record<string, FieldValue>,
  system: SystemFields,
  stamp: Stamp,
  bump: number,
): StoredRecord {
  const record = values;
  const shared = valuesOf(stamp);
  for (const [code, type] of system.onUpdate)
    record[code] = type === 'MODIFIER' ? shared.updatedBy : shared.updated;
  const revision = Number(values.$revision?.value ?? 1) + bump;
  record.$revision = fieldValue('__REVISION__', String(revision));
  return record;
}
