import { RECORDS_PER_WRITE } from '../../../platform/index.js';
import { Problems, invalid } from '../../errors.js';
import { composeNew, composeUpdate } from '../../records/compose.js';
import { givenStamp, withGiven } from '../../records/given-stamp.js';
import { hasAppPermission } from '../../access.js';
import { checkUnique, type Candidate } from '../../records/unique.js';
import { deleteRecord, putRecord, recordHolding } from '../../records/unique-index.js';
import { stampNew, stampUpdate, systemFieldsOf } from '../../records/system-fields.js';
import { initialStatus } from '../../records/process.js';
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
    const env = writeEnv(scope, problems);
    const stamp = stampOf(req);
    const calculate = calculator(scope.fields, precisionOf(scope.live.general));
    const system = systemFieldsOf(scope.fields);
    const ids = newRecordIds(req.ctx, scope.appId, inputs.length);
    const mayManage = hasAppPermission(req.principal, scope.app, 'manage');
    const candidates: Candidate[] = inputs.map((input, i) => {
      const values = composeNew(input, pathOf(i), env);
      const given = givenStamp(input, pathOf(i), env, mayManage);
      const id = ids[i]!;
      // A given creator is the record's creator from the start: the first status's assignee
      // (the creator field, as a FIELD_ENTITY) is read from it.
      const draft = withGiven(stampNew(values, system, id, stamp, null), given);
      const status = initialStatus(scope.live, draft, req.ctx);
      const stamped = status ? withGiven(stampNew(values, system, id, stamp, status), given) : draft;
      const record = calculate(stamped);
      return { id, record, path: pathOf(i) };
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

/** Finds the record an update names: by `id`, or by `updateKey` on a unique text or number field. */
function targetOf(scope: RecordScope, item: UpdateItem): string {
  const { raw, prefix } = item;
  const hasId = raw.id !== undefined && raw.id !== null;
  // kintone REST API, Update Record / Update Records (cybozu.dev, records/update-record,
  // records/update-records): "updateKeyを指定する場合は、idを指定できません" (with updateKey, no id).
  // The pages name no error code; CB_VA01 at `updateKey` is our choice (platform-facts: CB_VA01
  // for an invalid parameter).
  if (hasId && raw.updateKey !== undefined && raw.updateKey !== null)
    throw invalid({ [`${prefix}updateKey`]: 'Give id or updateKey, not both.' });
  if (hasId) return toId(raw.id, `${prefix}id`);
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
  if (id === undefined) throw recordNotFound(`${String(code)} = "${wanted}"`);
  return id;
}

/** Updates records (one batch, all or nothing); later items see earlier items' changes. */
function updateAll(scope: RecordScope, items: readonly UpdateItem[]): { id: string; revision: string }[] {
  const { req } = scope;
  return req.ctx.store.transaction(() => {
    const problems = new Problems();
    const stamp = stampOf(req);
    const calculate = calculator(scope.fields, precisionOf(scope.live.general));
    const system = systemFieldsOf(scope.fields);
    const candidates: Candidate[] = items.map((item) => {
      const id = targetOf(scope, item);
      const previous = recordFor(scope, id, 'edit');
      checkRecordRevision(parseRevision(item.raw.revision, `${item.prefix}revision`), previous);
      // platform-facts-verified: a bulk write keys a value's error `records[i].<code>.value`, as
      // an add does; one record's update keys it `record.<code>.value`.
      const path = item.prefix === '' ? 'record' : item.prefix.slice(0, -1);
      const values = composeUpdate(previous, item.raw.record, path, writeEnv(scope, problems, previous));
      const record = calculate(stampUpdate(values, system, stamp, 1));
      putRecord(scope.table, id, record);
      reindexRecordFiles(req.ctx, scope.appId, previous, record);
      return { id, record, path };
    });
    checkUnique(scope.fields, scope.table, candidates, problems);
    problems.throwIfAny();
    return candidates.map((c) => ({ id: c.id, revision: text(c.record.$revision?.value) }));
  });
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
  return { records: updateAll(scope, items) };
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
