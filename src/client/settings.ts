/**
 * App settings: every row of the spec's App settings table. A read names its copy, `'draft'`
 * (`/k/v1/preview/...`) or `'live'`, with no default: mixing them up is how a deploy tool lies.
 * Writes go to the draft. The three ACLs and admin notes name their copy too: the service takes
 * them on the preview paths, and a write on the live path publishes the app's whole pending draft
 * at once (the hosted platform's behaviour), so a deployer writes `'draft'` and deploys.
 */
import { callJson, type ClientContext } from './context.js';
import { fieldRightsFromAnswer, fieldRightsToSend } from './field-rights.js';
import type { CallOptions } from './options.js';
import type { AclResult, AppRight, FieldRight, RecordRight } from './types/acl.js';
import type { AdminNotesResult, AdminNotesUpdate } from './types/admin-notes.js';
import type { CopyActions, CopyActionsResult, UpdateCopyActionsResult } from './types/actions.js';
import type { Copy, Id, Lang, Revision, RevisionResult } from './types/common.js';
import type { CustomizeResult, CustomizeUpdate } from './types/customize.js';
import type { GeneralSettingsResult, GeneralSettingsUpdate } from './types/general-settings.js';
import type {
  GeneralNotifications,
  PerRecordNotifications,
  ReminderNotifications,
  WithRevision,
} from './types/notifications.js';
import type { ProcessSettingsResult, ProcessSettingsUpdate } from './types/process.js';
import type { Reports, ReportsResult, UpdateReportsResult } from './types/reports.js';
import type { UpdateViewsResult, Views, ViewsResult } from './types/views.js';

/** A settings read: which app, and which copy. */
export interface ReadParams {
  app: Id;
  copy: Copy;
}

/** A settings read whose live copy can be localized. */
export type LocalizedReadParams = { app: Id } & ({ copy: 'live'; lang?: Lang } | { copy: 'draft' });

/** Every settings write: the app, and the revision it must find (-1 or none skips the check). */
export interface WriteParams {
  app: Id;
  revision?: Revision | undefined;
}

/**
 * A write of the ACLs or admin notes: `'draft'` writes the preview copy; `'live'` writes the live
 * path, which also publishes every pending draft change of the app. `copy` itself is not sent.
 */
export type CopyWriteParams = WriteParams & { copy: Copy };

export class SettingsClient {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  // Views: app/views.json; written to the draft.
  getViews(params: LocalizedReadParams, options?: CallOptions): Promise<ViewsResult> {
    return this.#get('app/views.json', params, options);
  }
  updateViews(params: WriteParams & { views: Views }, options?: CallOptions): Promise<UpdateViewsResult> {
    return this.#put('preview/app/views.json', params, options);
  }

  // General settings: app/settings.json; written to the draft, only the keys given change.
  getGeneralSettings(params: LocalizedReadParams, options?: CallOptions): Promise<GeneralSettingsResult> {
    return this.#get('app/settings.json', params, options);
  }
  updateGeneralSettings(
    params: WriteParams & GeneralSettingsUpdate,
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return this.#put('preview/app/settings.json', params, options);
  }

  // Process management: app/status.json; written to the draft.
  getProcessManagement(params: LocalizedReadParams, options?: CallOptions): Promise<ProcessSettingsResult> {
    return this.#get('app/status.json', params, options);
  }
  updateProcessManagement(
    params: WriteParams & ProcessSettingsUpdate,
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return this.#put('preview/app/status.json', params, options);
  }

  // JavaScript and CSS customization: app/customize.json; written to the draft.
  getCustomize(params: ReadParams, options?: CallOptions): Promise<CustomizeResult> {
    return this.#get('app/customize.json', params, options);
  }
  updateCustomize(params: WriteParams & CustomizeUpdate, options?: CallOptions): Promise<RevisionResult> {
    return this.#put('preview/app/customize.json', params, options);
  }

  // App ACL: app/acl.json; written to the copy named (live publishes the whole draft).
  getAppAcl(params: ReadParams, options?: CallOptions): Promise<AclResult<AppRight>> {
    return this.#get('app/acl.json', params, options);
  }
  updateAppAcl(
    params: CopyWriteParams & { rights: AppRight[] },
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return writeCopy(this.#ctx, 'app/acl.json', params, options);
  }

  // Record ACL: record/acl.json; written to the copy named (live publishes the whole draft).
  getRecordAcl(params: ReadParams, options?: CallOptions): Promise<AclResult<RecordRight>> {
    return this.#get('record/acl.json', params, options);
  }
  updateRecordAcl(
    params: CopyWriteParams & { rights: RecordRight[] },
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return writeCopy(this.#ctx, 'record/acl.json', params, options);
  }

  // Field ACL: field/acl.json; written to the copy named (live publishes the whole draft).
  /**
   * A field ACL rule names its field `field` here, as the spec does. The hosted platform names it
   * `code` (official types, app/right.d.ts): for a `kintone` client the rules are sent with `code`,
   * and an answer's rules are read under either name (field-rights.ts).
   */
  async getFieldAcl(params: ReadParams, options?: CallOptions): Promise<AclResult<FieldRight>> {
    const result = await this.#get<AclResult<FieldRight>>('field/acl.json', params, options);
    return { ...result, rights: fieldRightsFromAnswer(result.rights) };
  }
  updateFieldAcl(
    params: CopyWriteParams & { rights: FieldRight[] },
    options?: CallOptions,
  ): Promise<RevisionResult> {
    const sent: CopyWriteParams & { rights: unknown[] } = {
      ...params,
      rights: fieldRightsToSend(params.rights, this.#ctx.platform),
    };
    return writeCopy(this.#ctx, 'field/acl.json', sent, options);
  }

  // General notifications: app/notifications/general.json; written to the draft.
  getGeneralNotifications(
    params: ReadParams,
    options?: CallOptions,
  ): Promise<WithRevision<GeneralNotifications>> {
    return this.#get('app/notifications/general.json', params, options);
  }
  updateGeneralNotifications(
    params: WriteParams & Partial<GeneralNotifications>,
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return this.#put('preview/app/notifications/general.json', params, options);
  }

  // Per-record notifications: app/notifications/perRecord.json; written to the draft.
  getPerRecordNotifications(
    params: LocalizedReadParams,
    options?: CallOptions,
  ): Promise<WithRevision<PerRecordNotifications>> {
    return this.#get('app/notifications/perRecord.json', params, options);
  }
  updatePerRecordNotifications(
    params: WriteParams & Partial<PerRecordNotifications>,
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return this.#put('preview/app/notifications/perRecord.json', params, options);
  }

  // Reminder notifications: app/notifications/reminder.json; written to the draft.
  getReminderNotifications(
    params: LocalizedReadParams,
    options?: CallOptions,
  ): Promise<WithRevision<ReminderNotifications>> {
    return this.#get('app/notifications/reminder.json', params, options);
  }
  updateReminderNotifications(
    params: WriteParams & Partial<ReminderNotifications>,
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return this.#put('preview/app/notifications/reminder.json', params, options);
  }

  // Graphs: app/reports.json; written to the draft.
  getReports(params: LocalizedReadParams, options?: CallOptions): Promise<ReportsResult> {
    return this.#get('app/reports.json', params, options);
  }
  updateReports(
    params: WriteParams & { reports: Reports },
    options?: CallOptions,
  ): Promise<UpdateReportsResult> {
    return this.#put('preview/app/reports.json', params, options);
  }

  // Copy-record actions: app/actions.json; written to the draft.
  getActions(params: LocalizedReadParams, options?: CallOptions): Promise<CopyActionsResult> {
    return this.#get('app/actions.json', params, options);
  }
  updateActions(
    params: WriteParams & { actions: CopyActions },
    options?: CallOptions,
  ): Promise<UpdateCopyActionsResult> {
    return this.#put('preview/app/actions.json', params, options);
  }

  // Admin notes: app/adminNotes.json; written to the copy named (live publishes the whole draft).
  getAdminNotes(params: ReadParams, options?: CallOptions): Promise<AdminNotesResult> {
    return this.#get('app/adminNotes.json', params, options);
  }
  updateAdminNotes(
    params: CopyWriteParams & AdminNotesUpdate,
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return writeCopy(this.#ctx, 'app/adminNotes.json', params, options);
  }

  #get<T>(liveEndpoint: string, params: ReadParams | LocalizedReadParams, options?: CallOptions): Promise<T> {
    return readCopy(this.#ctx, liveEndpoint, params, options);
  }

  #put<T>(endpoint: string, body: WriteParams, options?: CallOptions): Promise<T> {
    return callJson(this.#ctx, 'PUT', this.#ctx.api(endpoint), body, options);
  }
}

/**
 * GET of the live endpoint, or of its `preview/` twin for the draft; `copy` itself is not sent.
 * Async, so that an unknown `copy` rejects the promise rather than throwing at the caller.
 */
export async function readCopy<T>(
  ctx: ClientContext,
  liveEndpoint: string,
  params: ReadParams | LocalizedReadParams,
  options: CallOptions | undefined,
): Promise<T> {
  const { copy, ...query } = params;
  const path = ctx.api(copySelect(copy, liveEndpoint));
  return await callJson<T>(ctx, 'GET', path, query, options);
}

/**
 * PUT of the live endpoint, or of its `preview/` twin for the draft; `copy` itself is not sent.
 * Async for the same reason as readCopy.
 */
async function writeCopy<T>(
  ctx: ClientContext,
  liveEndpoint: string,
  params: CopyWriteParams,
  options: CallOptions | undefined,
): Promise<T> {
  const { copy, ...body } = params;
  const path = ctx.api(copySelect(copy, liveEndpoint));
  return await callJson<T>(ctx, 'PUT', path, body, options);
}

/** `app/views.json` for the live copy, `preview/app/views.json` for the draft. */
export function copySelect(copy: Copy, liveEndpoint: string): string {
  switch (copy) {
    case 'live':
      return liveEndpoint;
    case 'draft':
      return `preview/${liveEndpoint}`;
    default: {
      const unreachable: never = copy;
      throw new TypeError(`copy must be 'draft' or 'live', got ${JSON.stringify(unreachable)}`);
    }
  }
}
