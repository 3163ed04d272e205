import { RECORDS_PER_WRITE } from '../../../platform/index.js';
import { Problems, invalid } from '../../errors.js';
import { composeUpdate } from '../../records/compose.js';
import { checkUnique, type Candidate } from '../../records/unique.js';
import { deleteRecord, putRecord, recordHolding } from '../../records/unique-index.js';
import { stampUpdate, systemFieldsOf } from '../../records/system-fields.js';
import { calculator, precisionOf } from '../../formula/calculate.js';
import { toId } from '../../http/params.js';
import {
  checkRecordRevision,
  newRecordIds,
  parseRevision,
  text,
  typeOf,
  recordNotFound,
  type StoredRecord,
} from '../../records/model.js';
import { deleteComments } from './comments.js';
import { newRecordMaker, type NewRecordMaker } from './new-record.js';
import { reindexRecordFiles } from '../../file-index/record-files.js';
import { openScope, recordFor, requireRight, stampOf, writeEnv, type RecordScope } from './scope.js';
import type { ApiRequest } from '../../context.js';

/** Adds records (one batch, all or nothing) and returns their ids. */
function addAll(
  scope: RecordScope,
  inputs: readonly unknown[],
  pathOf: (i: number) => string,
): StoredRecord[] {
  requireRight(scope, 'add');
  const { req } = scope;
  return req.ctx.store.transaction(() => {
    const problems = new Problems();
    const make = newRecordMaker(scope, problems);
    const ids = newRecordIds(req.ctx, scope.appId, inputs.length);
    const candidates: Candidate[] = inputs.map((input, i) => {
      const id = ids[i]!;
      return { id, record: make(input, pathOf(i), id), path: pathOf(i) };
    });
    checkUnique(scope.fields, scope.table, candidates, problems);
    problems.throwIfAny();
    for (const c of candidates) putRecord(scope.table, c.id, c.record);
    for (const c of candidates) reindexRecordFiles(req.ctx, scope.appId, undefined, c.record);
    return candidates.map((c) => c.record);
  });
}

function addRecord(req: ApiRequest): unknown {
  const scope = openScope(req);
  const [record] = addAll(scope, [req.params.raw.record], () => 'record');
  return { id: record!.$id!.value, revision: '1' };
}

function addRecords(req: ApiRequest): unknown {
  const scope = openScope(req);
  const inputs = req.params.array('records', {
    max: RECORDS_PER_WRITE,
    required: true,
    tooMany: `A maximum of ${RECORDS_PER_WRITE} records can be added at one time.`,
  });
  const added = addAll(scope, inputs, (i) => `records[${i}]`);
  return { ids: added.map((r) => r.$id!.value), revisions: added.map(() => '1') };
}

/** One update as the request names it: by id or by a unique field's value. */
interface UpdateItem {
  readonly raw: Record<string, unknown>;
  /** Where the item's parameters live in the request (`` for the single call, `records[3].` in a batch). */
  readonly prefix: string;
}

/** An upsert's item that names no record: added, with the key's value when named by updateKey. */
interface Insert {
  readonly key?: { readonly code: string; readonly value: unknown };
}

/**
 * Finds the record an update names: by `id`, or by `updateKey` on a unique text or number field.
 * In UPSERT mode a record that is not there is an Insert instead of 404 GAIA_RE01.
 */
function targetOf(scope: RecordScope, item: UpdateItem, upsert: boolean): string | Insert {
  const { raw, prefix } = item;
  const hasId = raw.id !== undefined && raw.id !== null;
  // kintone REST API, Update Record / Update Records (cybozu.dev, records/update-record,
  // records/update-records): "updateKeyを指定する場合は、idを指定できません" (with updateKey, no id).
  // The pages name no error code; CB_VA01 at `updateKey` is our choice (platform-facts: CB_VA01
  // for an invalid parameter).
  if (hasId && raw.updateKey !== undefined && raw.updateKey !== null)
    throw invalid({ [`${prefix}updateKey`]: 'Give id or updateKey, not both.' });
  if (hasId) {
    const id = toId(raw.id, `${prefix}id`);
    return upsert && scope.table.get(id) === undefined ? {} : id;
  }
  const key = raw.updateKey as { field?: unknown; value?: unknown } | undefined;
  if (!key || typeof key !== 'object') throw invalid({ [`${prefix}id`]: 'Give id or updateKey.' });
  const code = key.field;
  const field = typeof code === 'string' ? scope.fields[code] : undefined;
  if (!field || field.unique !== true || !['SINGLE_LINE_TEXT', 'NUMBER'].includes(typeOf(field)))
    throw invalid({
      [`${prefix}updateKey.field`]: 'Name a SINGLE_LINE_TEXT or NUMBER field that is unique.',
    });
  const wanted = text(key.value);
  if (wanted === '') throw invalid({ [`${prefix}updateKey.value`]: 'Required.' });
  // From the field's unique-value index: a scan of every record cost a batch of 100 updates by
  // key 100 passes over the app.
  const id = recordHolding(scope.table, code as string, field, wanted);
  if (id !== undefined) return id;
  if (upsert) return { key: { code: code as string, value: key.value } };
  throw recordNotFound(`${String(code)} = "${wanted}"`);
}

/** One item's outcome: `operation` only in UPSERT mode. */
interface Updated {
  id: string;
  revision: string;
  operation?: 'INSERT' | 'UPDATE';
}

/**
 * Updates records (one batch, all or nothing); later items see earlier items' changes. In UPSERT
 * mode (kintone REST API, Update Records, `upsert`: cybozu.dev, records/update-records) an item
 * naming a record that is not there adds one instead, with a new id (not the one given), its
 * updateKey's value in the key field, and the add permission as well as edit; each answer says
 * `operation`, `INSERT` or `UPDATE`.
 */
function updateAll(scope: RecordScope, items: readonly UpdateItem[], upsert = false): Updated[] {
  const { req } = scope;
  if (upsert) requireRight(scope, 'add');
  return req.ctx.store.transaction(() => {
    const problems = new Problems();
    const stamp = stampOf(req);
    const calculate = calculator(scope.fields, precisionOf(scope.live.general));
    const system = systemFieldsOf(scope.fields);
    const make = upsert ? newRecordMaker(scope, problems) : undefined;
    const operations: ('INSERT' | 'UPDATE')[] = [];
    const candidates: Candidate[] = items.map((item) => {
      const target = targetOf(scope, item, upsert);
      // platform-facts-verified: a bulk write keys a value's error `records[i].<code>.value`, as
      // an add does; one record's update keys it `record.<code>.value`.
      const path = item.prefix === '' ? 'record' : item.prefix.slice(0, -1);
      if (typeof target !== 'string') {
        operations.push('INSERT');
        return insert(scope, make!, item, target, path);
      }
      operations.push('UPDATE');
      const id = target;
      const previous = recordFor(scope, id, 'edit');
      checkRecordRevision(parseRevision(item.raw.revision, `${item.prefix}revision`), previous);
      const values = composeUpdate(previous, item.raw.record, path, writeEnv(scope, problems, previous));
      const record = calculate(stampUpdate(values, system, stamp, 1));
      putRecord(scope.table, id, record);
      reindexRecordFiles(req.ctx, scope.appId, previous, record);
      return { id, record, path };
    });
    checkUnique(scope.fields, scope.table, candidates, problems);
    problems.throwIfAny();
    return candidates.map((c, i) => {
      const result: Updated = { id: c.id, revision: text(c.record.$revision?.value) };
      if (upsert) result.operation = operations[i]!;
      return result;
    });
  });
}

/** An upsert's insert: the item's record (the key's value over it) added under a new id, stored at once. */
function insert(
  scope: RecordScope,
  make: NewRecordMaker,
  item: UpdateItem,
  target: Insert,
  path: string,
): Candidate {
  const given = item.raw.record;
  const input =
    target.key === undefined
      ? given
      : {
          ...(given && typeof given === 'object' ? given : {}),
          [target.key.code]: { value: target.key.value },
        };
  const [id] = newRecordIds(scope.req.ctx, scope.appId, 1);
  const record = make(input, path, id!);
  putRecord(scope.table, id!, record);
  reindexRecordFiles(scope.req.ctx, scope.appId, undefined, record);
  return { id: id!, record, path };
}

function updateRecord(req: ApiRequest): unknown {
  const scope = openScope(req);
  const [result] = updateAll(scope, [{ raw: req.params.raw, prefix: '' }]);
  return { revision: result!.revision };
}

function updateRecords(req: ApiRequest): unknown {
  const scope = openScope(req);
  const tooMany = `A maximum of ${RECORDS_PER_WRITE} records can be updated at one time.`;
  const items = req.params
    .array('records', { max: RECORDS_PER_WRITE, required: true, tooMany })
    .map((raw, i) => {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw))
        throw invalid({ [`records[${i}]`]: 'Enter {id or updateKey, record, revision?}.' });
      return { raw: raw as Record<string, unknown>, prefix: `records[${i}].` };
    });
  return { records: updateAll(scope, items, req.params.bool('upsert', false)) };
}

function deleteRecords(req: ApiRequest): unknown {
  const scope = openScope(req);
  const ids = req.params.ids('ids', { max: RECORDS_PER_WRITE, required: true });
  const revisions = req.params.array('revisions', { max: RECORDS_PER_WRITE });
  if (revisions.length > 0 && revisions.length !== ids.length)
    throw invalid({ revisions: `Give one revision per id (${ids.length}), or none.` });
  req.ctx.store.transaction(() => {
    ids.forEach((id, i) => {
      const record = recordFor(scope, id, 'delete');
      if (revisions.length > 0) checkRecordRevision(parseRevision(revisions[i], `revisions[${i}]`), record);
      deleteRecord(scope.table, id);
      reindexRecordFiles(req.ctx, scope.appId, record, undefined);
      deleteComments(req.ctx, scope.appId, id);
    });
  });
  return {};
}

export const writeHandlers = { addRecord, addRecords, updateRecord, updateRecords, deleteRecords };
