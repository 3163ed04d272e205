import { invalid } from '../../errors.js';
import { recordView } from '../../records/output.js';
import { selectRecords, type RecordSource } from '../../records/query.js';
import { idBounds, recordsWithin, storedInIdOrder } from '../../records/id-index.js';
import { withInitialStatus } from '../../records/process.js';
import { openScope, recordFor, requireRight, type RecordScope } from './scope.js';
import { idOf, type StoredRecord } from '../../records/model.js';
import type { ApiRequest } from '../../context.js';

function getRecord(req: ApiRequest): unknown {
  const scope = openScope(req);
  const record = recordFor(scope, req.params.id('id'), 'view');
  return { record: recordView(record, null, scope.access.hiddenFields(record), scope.app.code) };
}

/** The `fields[]` parameter: null (every field) when absent. */
export function wantedFields(req: ApiRequest, name = 'fields'): Set<string> | null {
  const list = req.params.array(name, { max: 1000 });
  if (list.length === 0) return null;
  const bad = list.findIndex((f) => typeof f !== 'string');
  if (bad !== -1) throw invalid({ [`${name}[${bad}]`]: 'Enter a field code.' });
  return new Set(list as string[]);
}

/** The app's records this caller may view (record access rules applied), in storage order. */
export function viewableRecords(scope: RecordScope): StoredRecord[] {
  return onlyViewable(
    scope,
    [...scope.table.values()].map((r) => withInitialStatus(scope.live, r)),
  );
}

/**
 * The viewable records a query's condition may match: those within its `$id` bounds, taken from
 * the app's id index, when it has bounds; every viewable record otherwise. Record access rules
 * and the initial status are per record, so applying them to the candidates alone changes nothing.
 */
export function viewableSource(scope: RecordScope): RecordSource {
  return (condition) => {
    const bounds = idBounds(condition);
    if (!bounds) return { records: viewableRecords(scope), idOrdered: storedInIdOrder(scope.table) };
    const within = recordsWithin(scope.table, bounds);
    const shown = within.records.map((r) => withInitialStatus(scope.live, r));
    return { records: onlyViewable(scope, shown), idOrdered: within.idOrdered };
  };
}

/** Those of `records` (as the live process shows them) that the caller's record access rules let them view. */
export function onlyViewable(scope: RecordScope, records: StoredRecord[]): StoredRecord[] {
  if (!scope.access.restricted) return records;
  const rights = scope.access.rightsFor(records);
  return records.filter((r) => rights.get(idOf(r))?.viewable === true);
}

function listRecords(req: ApiRequest): unknown {
  const scope = openScope(req);
  requireRight(scope, 'view');
  const wanted = wantedFields(req);
  const query = req.params.optStr('query') ?? '';
  const withTotal = req.params.bool('totalCount', false);
  const selection = selectRecords(req, scope.live, viewableSource(scope), query, 'list', withTotal);
  return {
    records: selection.records.map((r) =>
      recordView(r, wanted, scope.access.hiddenFields(r), scope.app.code),
    ),
    totalCount: selection.total === null ? null : String(selection.total),
  };
}

export const readHandlers = { getRecord, listRecords };
