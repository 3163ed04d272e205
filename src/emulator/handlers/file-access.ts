import { ApiError, errors } from '../errors.js';
import { findApp, hasAppPermission } from '../access.js';
import { describeOwner, type FileOwner, type StoredFile } from '../model/files.js';
import { openScope, requireRight } from './records/scope.js';
import { readableSpace, spaces } from './spaces/model.js';
import type { Json } from '../model/app.js';
import type { StoredRecord } from '../records/model.js';
import type { ApiRequest } from '../context.js';

/**
 * Refuses a download unless the caller may see what the file is attached to (its owner):
 * - a record FILE field: the record must be viewable (app ACL, record ACL) and the field not
 *   hidden from the caller (field ACL), exactly as reading the record would show the key;
 * - app settings (icon, customization): an administrator, a user the app ACL lets view records
 *   or manage the app, or an API token of that app;
 * - a thread comment: the space must be readable (and still exist);
 * - a plug-in package: administrators only; a guest's profile image: administrators and that guest.
 * Calls through a guest-space path reach only files of that guest space (findApp, readableSpace).
 */
export function requireDownloadRight(req: ApiRequest, file: StoredFile): void {
  const owner = file.owner;
  if (owner === undefined) return requireAdministrator(req, 'an attachment from before owners were recorded');
  switch (owner.kind) {
    case 'record':
      return requireRecordView(req, owner.app, file.fileKey);
    case 'app-settings': {
      const app = findApp(req, owner.app, 'draft');
      const p = req.principal;
      if (!hasAppPermission(p, app, 'view') && !hasAppPermission(p, app, 'manage'))
        throw forbiddenDownload(owner);
      return;
    }
    case 'space-comment':
      // Deleting a space deletes its comments: their files are gone with them.
      if (!spaces(req).has(owner.space)) throw fileGone(file.fileKey, owner);
      readableSpace(req, owner.space);
      return;
    case 'plugin':
      return requireAdministrator(req, describeOwner(owner));
    case 'guest-image':
      if (req.principal.kind === 'user' && req.principal.login === owner.guest) return;
      return requireAdministrator(req, describeOwner(owner));
    default: {
      const never: never = owner;
      return never;
    }
  }
}

function requireRecordView(req: ApiRequest, appId: string, fileKey: string): void {
  const scope = openScope(req, appId);
  requireRight(scope, 'view');
  const owner: FileOwner = { kind: 'record', app: appId };
  let holders = 0;
  for (const record of scope.table.values()) {
    const field = fieldHolding(record, fileKey);
    if (field === undefined) continue;
    holders++;
    if (scope.access.rights(record).viewable && scope.access.fieldAccess(field, record) !== 'NONE') return;
  }
  if (holders === 0) throw fileGone(fileKey, owner);
  throw forbiddenDownload(owner);
}

/** The top-level field of the record (a FILE field, or the subtable around one) holding the key. */
function fieldHolding(record: StoredRecord, fileKey: string): string | undefined {
  for (const [code, field] of Object.entries(record)) {
    if (field.type === 'FILE' && holdsKey(field.value, fileKey)) return code;
    if (field.type === 'SUBTABLE' && Array.isArray(field.value))
      for (const row of field.value as { value?: Record<string, { type: string; value: Json }> }[])
        for (const cell of Object.values(row.value ?? {}))
          if (cell.type === 'FILE' && holdsKey(cell.value, fileKey)) return code;
  }
  return undefined;
}

function holdsKey(value: Json, fileKey: string): boolean {
  return (
    Array.isArray(value) &&
    value.some((v) => typeof v === 'object' && v !== null && !Array.isArray(v) && v.fileKey === fileKey)
  );
}

function requireAdministrator(req: ApiRequest, what: string): void {
  if (req.principal.kind === 'user' && req.principal.admin) return;
  throw errors.forbidden(`downloading ${what} (administrators only)`);
}

function forbiddenDownload(owner: FileOwner): ApiError {
  return errors.forbidden(
    `downloading this file: it is attached to ${describeOwner(owner)}, which you cannot view`,
  );
}

function fileGone(fileKey: string, owner: FileOwner): ApiError {
  return new ApiError(
    404,
    'GAIA_BL01',
    `The file (key "${fileKey}") is no longer attached to ${describeOwner(owner)}; read the attachment again for its current fileKey.`,
  );
}
