import type { NumberPrecision } from '../../../platform/conversions/types.js';
import { errors, Problems } from '../../errors.js';
import { findApp } from '../../access.js';
import { principalEntity } from '../../auth.js';
import { RecordAccess, type RecordRights } from '../../permissions/record-access.js';
import { filterMatcher } from '../../records/query.js';
import { withInitialStatus } from '../../records/process.js';
import { findRecord, recordTable, type StoredRecord } from '../../records/model.js';
import type { WriteEnv } from '../../records/compose.js';
import type { Stamp } from '../../records/system-fields.js';
import type { Table } from '../../store/store.js';
import type { ApiRequest } from '../../context.js';
import type { AppDoc, AppSettings, JsonObject } from '../../model/app.js';

/** What every record handler works from: the deployed app, its live form, the caller's rights. */
export interface RecordScope {
  readonly req: ApiRequest;
  readonly appId: string;
  readonly app: AppDoc;
  readonly live: AppSettings;
  readonly fields: Record<string, JsonObject>;
  readonly access: RecordAccess;
  readonly table: Table<StoredRecord>;
}

/** The app named by `app` (deployed, or 404 GAIA_AP01) and the caller's rights on it. */
export function openScope(req: ApiRequest, appId = req.params.id('app')): RecordScope {
  const app = findApp(req, appId, 'live');
  const live = app.live!;
  return {
    req,
    appId,
    app,
    live,
    fields: live.properties,
    access: new RecordAccess(req.principal, app, filterMatcher(req, live)),
    table: recordTable(req.ctx, appId),
  };
}

type Right = 'view' | 'add' | 'edit' | 'delete';

/** 403 CB_NO02 unless the app ACL (or the token) grants `right` on this app's records. */
export function requireRight(scope: RecordScope, right: Right): void {
  if (!scope.access.canApp(right, scope.app))
    throw errors.forbidden(`${right} on records of app ${scope.appId}`);
}

const RIGHT_FLAG: Record<Exclude<Right, 'add'>, keyof RecordRights> = {
  view: 'viewable',
  edit: 'editable',
  delete: 'deletable',
};

/** The record by id, refused with 403 unless the caller's record rights allow `right` on it. */
export function recordFor(scope: RecordScope, id: string, right: Exclude<Right, 'add'>): StoredRecord {
  requireRight(scope, right);
  const record = storedRecord(scope, id);
  if (!scope.access.rights(record)[RIGHT_FLAG[right]])
    throw errors.forbidden(`${right} on record ${id} of app ${scope.appId} (record access rules)`);
  return record;
}

/** A record by id (404 GAIA_RE01 when absent), as the live process settings show it. */
export function storedRecord(scope: RecordScope, id: string): StoredRecord {
  return withInitialStatus(scope.live, findRecord(scope.req.ctx, scope.appId, id));
}

/** The environment record writes are checked in; `previous` decides per-record field rules. */
export function writeEnv(scope: RecordScope, problems: Problems, previous?: StoredRecord): WriteEnv {
  return {
    ctx: scope.req.ctx,
    appId: scope.appId,
    fields: scope.fields,
    principal: scope.req.principal,
    problems,
    numberPrecision: scope.live.general.numberPrecision as NumberPrecision | undefined,
    canWrite: (code) => scope.access.fieldAccess(code, previous) === 'WRITE',
  };
}

export function stampOf(req: ApiRequest): Stamp {
  return { who: principalEntity(req.principal), now: req.ctx.clock.iso() };
}
