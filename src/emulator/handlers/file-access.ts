import { ApiError, errors } from '../errors.js';
import { canSeeApp, findApp } from '../access.js';
import { describeOwner, type FileOwner, type StoredFile } from '../model/files.js';
import { fieldHolding, recordsHolding } from '../file-index/record-files.js';
import { openScope, requireRight, storedRecord } from './records/scope.js';
import { onlyViewable } from './records/read.js';
import { readableSpace } from './spaces/model.js';
import type { ApiRequest } from '../context.js';

type RecordOwner = Extract<FileOwner, { kind: 'record' }>;

/**
 * Refuses a download unless the caller may see what the file is attached to (its owner):
 * - a record FILE field: a record holding the key (the file index) must be one the caller can
 *   read, with the field holding it shown, judged by the functions GET record.json uses
 *   (storedRecord, onlyViewable, hiddenFields): download rights are read rights;
 * - app settings (icon, customization): an administrator, a user the app ACL lets view records
 *   or manage the app, or an API token of that app;
 * - a thread comment: the space must be readable (deleting a space deletes its comments and
 *   their files, so a key of a deleted space is not found before it gets here);
 * - a plug-in package: administrators only; a guest's profile image: administrators and that guest.
 * Calls through a guest-space path reach only files of that guest space (findApp, readableSpace).
 */
export function requireDownloadRight(req: ApiRequest, file: StoredFile): void {
  const owner = file.owner;
  switch (owner.kind) {
    case 'record':
      return requireRecordView(req, owner, file.fileKey);
    case 'app-settings': {
      const app = findApp(req, owner.app, 'draft');
      if (!canSeeApp(req.principal, app)) throw forbiddenDownload(owner);
      return;
    }
    case 'space-comment':
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

function requireRecordView(req: ApiRequest, owner: RecordOwner, fileKey: string): void {
  const scope = openScope(req, owner.app);
  requireRight(scope, 'view');
  const holders = recordsHolding(req.ctx, owner.app, fileKey).map((id) => {
    // The index is kept in the same transactions as the records, so a holder that is no record is
    // a bug: refuse the download as one (500 CB_IL01, nothing sent, reported as an emulator bug)
    // rather than skip it, which would hide the drift, or read it, which would answer 404
    // GAIA_RE01 as if the caller had named a wrong record.
    if (!scope.table.has(id))
      throw new Error(`the record file index names record ${id} of app ${owner.app}, which does not exist`);
    return storedRecord(scope, id);
  });
  if (holders.length === 0) throw fileGone(fileKey, owner);
  for (const record of onlyViewable(scope, holders)) {
    const field = fieldHolding(record, fileKey);
    if (field !== undefined && !scope.access.hiddenFields(record).has(field)) return;
  }
  throw forbiddenDownload(owner);
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
