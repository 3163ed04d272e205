/**
 * App settings: every row of the spec's App settings table. A read names its copy, `'draft'`
 * (`/k/v1/preview/...`) or `'live'`, with no default: mixing them up is how a deploy tool lies.
 * Writes go to the draft. The three ACLs and admin notes name their copy too: the service takes
 * them on the preview paths, and a write on the live path publishes the app's whole pending draft
 * at once (the hosted platform's behaviour), so a deployer writes `'draft'` and deploys.
 */
import {
  draftEndpoint,
  settingsEndpoint,
  type SettingsEndpoint,
  type SettingsKey,
} from '../platform/index.js';
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

/** The live endpoint of a settings area, under `/k/v1/` (platform/settings-catalogue.ts). */
export function endpointOf(key: SettingsKey): string {
  return settingsEndpoint(key).endpoint;
}

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

  // Views; written to the draft.
  getViews(params: LocalizedReadParams, options?: CallOptions): Promise<ViewsResult> {
    return this.#get(endpointOf('views'), params, options);
  }
  updateViews(params: WriteParams & { views: Views }, options?: CallOptions): Promise<UpdateViewsResult> {
    return this.#put(draftEndpoint(endpointOf('views')), params, options);
  }

  // General settings; written to the draft, only the keys given change.
  getGeneralSettings(params: LocalizedReadParams, options?: CallOptions): Promise<GeneralSettingsResult> {
    return this.#get(endpointOf('general'), params, options);
  }
  updateGeneralSettings(
    params: WriteParams & GeneralSettingsUpdate,
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return this.#put(draftEndpoint(endpointOf('general')), params, options);
  }

  // Process management; written to the draft.
  getProcessManagement(params: LocalizedReadParams, options?: CallOptions): Promise<ProcessSettingsResult> {
    return this.#get(endpointOf('process'), params, options);
  }
  updateProcessManagement(
    params: WriteParams & ProcessSettingsUpdate,
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return this.#put(draftEndpoint(endpointOf('process')), params, options);
  }

  // JavaScript and CSS customization; written to the draft.
  getCustomize(params: ReadParams, options?: CallOptions): Promise<CustomizeResult> {
    return this.#get(endpointOf('customize'), params, options);
  }
  updateCustomize(params: WriteParams & CustomizeUpdate, options?: CallOptions): Promise<RevisionResult> {
    return this.#put(draftEndpoint(endpointOf('customize')), params, options);
  }

  // App ACL; written to the copy named (live publishes the whole draft).
  getAppAcl(params: ReadParams, options?: CallOptions): Promise<AclResult<AppRight>> {
    return this.#get(endpointOf('appAcl'), params, options);
  }
  updateAppAcl(
    params: CopyWriteParams & { rights: AppRight[] },
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return writeCopy(this.#ctx, endpointOf('appAcl'), params, options);
  }

  // Record ACL; written to the copy named (live publishes the whole draft).
  getRecordAcl(params: ReadParams, options?: CallOptions): Promise<AclResult<RecordRight>> {
    return this.#get(endpointOf('recordAcl'), params, options);
  }
  updateRecordAcl(
    params: CopyWriteParams & { rights: RecordRight[] },
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return writeCopy(this.#ctx, endpointOf('recordAcl'), params, options);
  }

  // Field ACL; written to the copy named (live publishes the whole draft).
  /**
   * A field ACL rule names its field `field` here, as the spec does. The hosted platform names it
   * `code` (official types, app/right.d.ts): for a `kintone` client the rules are sent with `code`,
   * and an answer's rules are read under either name (field-rights.ts).
   */
  async getFieldAcl(params: ReadParams, options?: CallOptions): Promise<AclResult<FieldRight>> {
    const result = await this.#get<AclResult<FieldRight>>(endpointOf('fieldAcl'), params, options);
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
    return writeCopy(this.#ctx, endpointOf('fieldAcl'), sent, options);
  }

  // General notifications; written to the draft.
  getGeneralNotifications(
    params: ReadParams,
    options?: CallOptions,
  ): Promise<WithRevision<GeneralNotifications>> {
    return this.#get(endpointOf('notificationsGeneral'), params, options);
  }
  updateGeneralNotifications(
    params: WriteParams & Partial<GeneralNotifications>,
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return this.#put(draftEndpoint(endpointOf('notificationsGeneral')), params, options);
  }

  // Per-record notifications; written to the draft.
  getPerRecordNotifications(
    params: LocalizedReadParams,
    options?: CallOptions,
  ): Promise<WithRevision<PerRecordNotifications>> {
    return this.#get(endpointOf('notificationsPerRecord'), params, options);
  }
  updatePerRecordNotifications(
    params: WriteParams & Partial<PerRecordNotifications>,
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return this.#put(draftEndpoint(endpointOf('notificationsPerRecord')), params, options);
  }

  // Reminder notifications; written to the draft.
  getReminderNotifications(
    params: LocalizedReadParams,
    options?: CallOptions,
  ): Promise<WithRevision<ReminderNotifications>> {
    return this.#get(endpointOf('notificationsReminder'), params, options);
  }
  updateReminderNotifications(
    params: WriteParams & Partial<ReminderNotifications>,
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return this.#put(draftEndpoint(endpointOf('notificationsReminder')), params, options);
  }

  // Graphs; written to the draft.
  getReports(params: LocalizedReadParams, options?: CallOptions): Promise<ReportsResult> {
    return this.#get(endpointOf('reports'), params, options);
  }
  updateReports(
    params: WriteParams & { reports: Reports },
    options?: CallOptions,
  ): Promise<UpdateReportsResult> {
    return this.#put(draftEndpoint(endpointOf('reports')), params, options);
  }

  // Copy-record actions; written to the draft.
  getActions(params: LocalizedReadParams, options?: CallOptions): Promise<CopyActionsResult> {
    return this.#get(endpointOf('actions'), params, options);
  }
  updateActions(
    params: WriteParams & { actions: CopyActions },
    options?: CallOptions,
  ): Promise<UpdateCopyActionsResult> {
    return this.#put(draftEndpoint(endpointOf('actions')), params, options);
  }

  // Admin notes; written to the copy named (live publishes the whole draft).
  getAdminNotes(params: ReadParams, options?: CallOptions): Promise<AdminNotesResult> {
    return this.#get(endpointOf('adminNotes'), params, options);
  }
  updateAdminNotes(
    params: CopyWriteParams & AdminNotesUpdate,
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return writeCopy(this.#ctx, endpointOf('adminNotes'), params, options);
  }

  // Any endpoint of a catalogue by its entry (platform/settings-catalogue.ts): one the platform's
  // catalogue lists, or one added beside them (settingsCatalogue), whose content this client has
  // no type for: the answer is the service's JSON, which `T` names.
  read<T extends object = Record<string, unknown>>(
    entry: Pick<SettingsEndpoint<string>, 'endpoint'>,
    params: LocalizedReadParams,
    options?: CallOptions,
  ): Promise<T & { revision: string }> {
    return this.#get(entry.endpoint, params, options);
  }
  /**
   * Writes the body's keys (the content under the entry's `bodyKey`, or the content's own keys) to
   * the draft, or to the live copy where the entry says a live PUT is taken (it publishes).
   */
  async write(
    entry: Pick<SettingsEndpoint<string>, 'key' | 'endpoint' | 'livePutPublishes'>,
    params: CopyWriteParams & { readonly [key: string]: unknown },
    options?: CallOptions,
  ): Promise<RevisionResult> {
    if (params.copy === 'live' && !entry.livePutPublishes)
      throw new TypeError(
        `the ${entry.key} settings are written to the draft only (the catalogue's livePutPublishes is false): write copy 'draft' and deploy`,
      );
    return writeCopy(this.#ctx, entry.endpoint, params, options);
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

/** The live endpoint for the live copy, its `preview/` twin for the draft (platform/settings-catalogue.ts). */
export function copySelect(copy: Copy, liveEndpoint: string): string {
  switch (copy) {
    case 'live':
      return liveEndpoint;
    case 'draft':
      return draftEndpoint(liveEndpoint);
    default: {
      const unreachable: never = copy;
      throw new TypeError(`copy must be 'draft' or 'live', got ${JSON.stringify(unreachable)}`);
    }
  }
}
