import { RECORDS_PER_WRITE } from '../../../platform/index.js';
import { ApiError, errors, invalid } from '../../errors.js';
import { toId } from '../../http/params.js';
import { requireAppPermission } from '../../access.js';
import { bypassesRules, findUser } from '../../directory/users.js';
import {
  checkRecordRevision,
  idOf,
  parseRevision,
  text,
  type FieldValue,
  type StoredRecord,
} from '../../records/model.js';
import {
  assigneeCandidates,
  automaticAssignees,
  currentAssignees,
  currentStatus,
  processActions,
  processEnabled,
  processStates,
  type ProcessAction,
} from '../../records/process.js';
import { recordMatches } from '../../records/query.js';
import { stampUpdate, systemFieldsOf } from '../../records/system-fields.js';
import { putRecord } from '../../records/unique-index.js';
import { openScope, recordFor, stampOf, type RecordScope } from './scope.js';
import type { ApiRequest } from '../../context.js';
import type { UserRef } from '../../model/app.js';

/**
 * GAIA_ST02 and the words of the action refused for its status (GAIA_IL03) are the hosted
 * platform's own, in en and ja (SonicGarden/kintone-emulator docs/real-kintone-notes.md,
 * "アクション実行 API (updateRecordStatus) の制約", seen on the platform 2026-04-30).
 */
const PROCESS_OFF = 'Your request failed. The process management feature has been disabled.';
const NOT_FROM_HERE =
  'Failed to update the status. The settings or the status itself may have been changed by someone.';

function requireProcess(scope: RecordScope): void {
  if (!processEnabled(scope.live)) throw new ApiError(400, 'GAIA_ST02', PROCESS_OFF);
}

/** Sets the STATUS and STATUS_ASSIGNEE system fields of a record (whatever their codes). */
function withStatus(
  scope: RecordScope,
  record: StoredRecord,
  status: string | null,
  assignees: UserRef[],
): Record<string, FieldValue> {
  const next: Record<string, FieldValue> = { ...record };
  for (const [code, field] of Object.entries(scope.fields)) {
    if (field.type === 'STATUS' && status !== null) next[code] = { type: 'STATUS', value: status };
    if (field.type === 'STATUS_ASSIGNEE')
      next[code] = { type: 'STATUS_ASSIGNEE', value: assignees.map((u) => ({ code: u.code, name: u.name })) };
  }
  return next;
}

interface StatusItem {
  readonly raw: Record<string, unknown>;
  readonly prefix: string;
}

/**
 * Runs one process action on one record: the action must start from the record's current
 * status (else 400 GAIA_IL03) and its filterCond must select the record (else GAIA_IL03 too);
 * when the next status lets the user choose ONE assignee, `assignee` is required and must be
 * one of its candidates. The revision rises by 2 (the status, and the history entry).
 */
function runAction(scope: RecordScope, item: StatusItem): { id: string; revision: string } {
  const { raw, prefix } = item;
  const id = toId(raw.id, `${prefix}id`);
  const actionName = raw.action;
  if (typeof actionName !== 'string' || actionName === '')
    throw invalid({ [`${prefix}action`]: 'Required.' });
  const record = recordFor(scope, id, 'edit');
  checkRecordRevision(parseRevision(raw.revision, `${prefix}revision`), record);
  const status = currentStatus(scope.live, record) ?? '';
  const named = processActions(scope.live).filter((a) => a.name === actionName);
  const fromHere = named.filter((a) => a.from === status);
  // kintone REST API, Update Status (cybozu.dev, records/update-status, `action`): naming an action
  // of which the current status has several of that name is an error. The page names no code;
  // CB_VA01 at `action` is ours.
  if (fromHere.length > 1)
    throw invalid({
      [`${prefix}action`]: `The status "${status}" has ${fromHere.length} actions named "${actionName}"; rename them in the process settings so that the name picks one.`,
    });
  const action = fromHere[0];
  if (!action) {
    if (named.length > 0) throw new ApiError(400, 'GAIA_IL03', NOT_FROM_HERE);
    // An action the settings do not have at all: the platform's answer is not recorded; ours names it.
    const why = `the process settings have no action "${actionName}"`;
    throw new ApiError(400, 'GAIA_IL03', `The action "${actionName}" cannot run on record ${id}: ${why}.`);
  }
  if (action.filterCond !== '' && !recordMatches(scope.req, scope.live, record, action.filterCond))
    throw new ApiError(
      400,
      'GAIA_IL03',
      `The action "${actionName}" cannot run on record ${id}: the record does not meet its condition (${action.filterCond}).`,
    );
  requireActor(scope, record, action);
  const next = processStates(scope.live).find((s) => s.name === action.to);
  if (!next)
    throw new ApiError(
      400,
      'GAIA_IL03',
      `The action "${actionName}" leads to "${action.to}", which is not a status.`,
    );
  let assignees = automaticAssignees(next, record, scope.req.ctx);
  const candidates = assigneeCandidates(next, record, scope.req.ctx);
  const chosen = raw.assignee;
  if (next.assigneeType === 'ONE' && candidates.length > 0) {
    // The hosted platform answers a missing assignee with 400 GAIA_SA01, "作業者を指定してください。"
    // (SonicGarden/kintone-emulator docs/real-kintone-notes.md, seen on the platform 2026-04-30);
    // its English wording is not recorded, so ours names the status and the candidates.
    if (typeof chosen !== 'string' || chosen === '')
      throw new ApiError(
        400,
        'GAIA_SA01',
        `Specify the assignee: the status "${next.name}" needs one chosen from ${candidates.map((c) => c.code).join(', ')}.`,
      );
    const pick = candidates.find((c) => c.code === chosen);
    if (!pick)
      throw invalid({
        [`${prefix}assignee`]: `"${chosen}" is not a candidate for "${next.name}"; choose from ${candidates.map((c) => c.code).join(', ')}.`,
      });
    assignees = [pick];
  }
  const updated = stampUpdate(
    withStatus(scope, record, next.name, assignees),
    systemFieldsOf(scope.fields),
    stampOf(scope.req),
    2,
  );
  putRecord(scope.table, id, updated);
  return { id, revision: text(updated.$revision?.value) };
}

/**
 * Who may run an action: while a record has assignees only they may act on it, and an action
 * with `executableUser` only the users it names. Administrators and API tokens may always.
 */
function requireActor(scope: RecordScope, record: StoredRecord, action: ProcessAction): void {
  const principal = scope.req.principal;
  if (bypassesRules(principal) || principal.kind !== 'user') return;
  const id = idOf(record);
  const assignees = currentAssignees(record);
  if (assignees.length > 0 && !assignees.includes(principal.login))
    throw errors.forbidden(
      `running "${action.name}" on record ${id}: only its assignees (${assignees.join(', ')}) can`,
    );
  if (action.executors.length > 0 && !action.executors.some((e) => scope.access.names(e.entity, record)))
    throw errors.forbidden(`running "${action.name}": its executableUser setting does not name you`);
}

function updateStatus(req: ApiRequest): unknown {
  const scope = openScope(req);
  requireProcess(scope);
  const result = req.ctx.store.transaction(() => runAction(scope, { raw: req.params.raw, prefix: '' }));
  return { revision: result.revision };
}

function updateStatuses(req: ApiRequest): unknown {
  const scope = openScope(req);
  requireProcess(scope);
  const items = req.params.array('records', { max: RECORDS_PER_WRITE, required: true });
  const records = req.ctx.store.transaction(() =>
    items.map((raw, i) => {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw))
        throw invalid({ [`records[${i}]`]: 'Enter {id, action, assignee?, revision?}.' });
      return runAction(scope, { raw: raw as Record<string, unknown>, prefix: `records[${i}].` });
    }),
  );
  return { records };
}

function updateAssignees(req: ApiRequest): unknown {
  const scope = openScope(req);
  requireProcess(scope);
  const id = req.params.id('id');
  const logins = req.params.array('assignees', { max: 100 });
  if (req.params.raw.assignees === undefined)
    throw invalid({ assignees: 'Required (an empty array removes all).' });
  const assignees = logins.map((login, i) => {
    const user = typeof login === 'string' ? findUser(req.ctx, login) : undefined;
    if (!user) throw invalid({ [`assignees[${i}]`]: `No user has the login name "${String(login)}".` });
    return user;
  });
  // kintone REST API, Update Assignees (cybozu.dev, records/update-assignees, "必要なアクセス権"):
  // the app management permission, and view rights on the app's records and on this record; not
  // the edit right.
  requireAppPermission(req, scope.app, 'manage');
  return req.ctx.store.transaction(() => {
    const record = recordFor(scope, id, 'view');
    checkRecordRevision(req.params.revision(), record);
    const unique = [...new Map(assignees.map((u) => [u.code, u])).values()];
    // kintone REST API, Update Assignees (cybozu.dev, records/update-assignees): two or more
    // assignees for a status that takes one are an error. The page names no code; CB_VA01 at
    // `assignees` is ours.
    const state = processStates(scope.live).find((s) => s.name === currentStatus(scope.live, record));
    if (state?.assigneeType === 'ONE' && unique.length > 1)
      throw invalid({
        assignees: `The status "${state.name}" takes one assignee; give one login name, or none.`,
      });
    const updated = stampUpdate(
      withStatus(scope, record, null, unique),
      systemFieldsOf(scope.fields),
      stampOf(req),
      1,
    );
    putRecord(scope.table, id, updated);
    return { revision: text(updated.$revision?.value) };
  });
}

export const processHandlers = { updateStatus, updateStatuses, updateAssignees };
