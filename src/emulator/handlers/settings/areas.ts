import {
  draftPath,
  livePath,
  settingsEndpoint,
  type SettingsEndpoint,
  type SettingsKey,
} from '../../../platform/index.js';
import { nextId } from '../../model/ids.js';
import { generalSettings } from '../../validate/general.js';
import { viewsBody } from '../../validate/views.js';
import { processBody } from '../../validate/process.js';
import { customizeBody } from '../../validate/customize.js';
import { appAclBody, fieldAclBody, recordAclBody } from '../../validate/acl.js';
import {
  generalNotificationsBody,
  perRecordNotificationsBody,
  reminderNotificationsBody,
} from '../../validate/notifications.js';
import { reportsBody } from '../../validate/reports.js';
import { actionsBody } from '../../validate/actions.js';
import { adminNotesBody } from '../../validate/admin-notes.js';
import { guardCustomViews } from './custom-views.js';
import { applyGeneral, applyCustomize } from './apply.js';
import { applyProcess, stateChanges } from './process.js';
import { syncAssigneeView, viewAnswer, viewsAfterPut } from '../../model/assignee-view.js';
import { invalid } from '../../errors.js';
import type { AppPermission } from '../../access.js';
import { APPS_TABLE, type AppDoc, type AppSettings, type JsonObject } from '../../model/app.js';
import { namesApp } from '../../model/publish.js';
import type { StateChange } from '../../model/settings-write.js';
import type { Shape } from '../../validate/shape.js';
import type { ApiRequest } from '../../context.js';
import type { Dialect } from '../../auth.js';

/**
 * One settings area of the spec's App settings table: where it is read (live, draft), the shape
 * of its body, how its GET answers, and how a write changes the settings. Every area is written
 * through its draft path; the ACLs and admin notes also take a PUT on their live path, which
 * publishes (see WriteTarget). The routes are generated from this table.
 */
export interface SettingsArea {
  /**
   * Its entry in the catalogue of settings endpoints (platform/settings-catalogue.ts): a
   * `SettingsKey`, or the key of an endpoint served beside the platform's (added.ts).
   */
  readonly key: string;
  readonly live: string;
  readonly draft: string;
  /** Whether a PUT on the live path is served (and publishes the draft). */
  readonly publishes: boolean;
  /** What a user needs to read the live copy (the draft always needs manage). */
  readonly readPermission: AppPermission;
  /** Whether the GETs take `lang`. */
  readonly lang: boolean;
  /** Checks the caller against a PUT's body before anything else (custom views: custom-views.ts). */
  readonly guardWrite?: (req: ApiRequest) => void;
  readonly body: Record<string, Shape>;
  readonly required: readonly string[];
  /**
   * Whether its filters may name any status (validate/statuses.ts says which they may name
   * otherwise): views only, see their row.
   */
  readonly anyStatus?: true;
  /** The GET answer; `req` gives the caller's dialect where the answer's names depend on it. */
  readonly read: (settings: AppSettings, req: ApiRequest) => JsonObject;
  readonly apply: (
    settings: AppSettings,
    body: JsonObject,
    req: ApiRequest,
  ) => { settings: AppSettings; reply?: JsonObject; states?: StateChange };
}

type Named = Record<string, JsonObject>;

/** A stored field ACL rule (kept under `field`) as a caller of `dialect` names it. */
function fieldAclRuleFor(rule: JsonObject, dialect: Dialect): JsonObject {
  const { field, ...rest } = rule;
  return dialect === 'kintone' ? { code: field ?? null, ...rest } : { field: field ?? null, ...rest };
}

/**
 * Replaces a map of named items (views, graphs, copy actions), keeping the id of an item whose
 * name already exists and giving new ones the next id of `sequence`; answers `{name: {id}}`.
 */
function replaceNamed(
  current: Named,
  given: Named,
  req: ApiRequest,
  sequence: string,
): { items: Named; ids: Named } {
  const items: Named = {};
  const ids: Named = {};
  for (const [name, item] of Object.entries(given)) {
    const kept = current[name]?.id;
    const id = typeof kept === 'string' ? kept : nextId(req.ctx.store, sequence);
    items[name] = { ...item, name, id };
    ids[name] = { id };
  }
  return { items, ids };
}

/**
 * Copy actions as answered: each `destApp` with both the app's id and its app code, "" when it
 * has none, however it was written (`{app}` or `{code}`): kintone "Get Action Settings"
 * (cybozu.dev): destApp.app the app id, destApp.code the app code, "アプリコードを設定していない
 * 場合は、空文字列が返ります"; the official client's DestAppForResponse (app/action.d.ts) has
 * both as plain strings. A reference to no app is answered as written.
 */
function withDestApps(actions: Named, req: ApiRequest): Named {
  const apps = [...req.ctx.store.table<AppDoc>(APPS_TABLE).values()];
  return Object.fromEntries(
    Object.entries(actions).map(([name, action]) => {
      const dest = apps.find((app) => namesApp(action.destApp, app));
      return [name, dest ? { ...action, destApp: { app: dest.id, code: dest.code } } : action];
    }),
  );
}

/** An area's paths, whether a live PUT publishes, and which calls a token may make: the catalogue's. */
function fromCatalogue(
  key: SettingsKey,
): Pick<SettingsArea, 'key' | 'live' | 'draft' | 'publishes' | 'guardWrite'> {
  return fromEntry(settingsEndpoint(key));
}

/** The same from a catalogue entry, the platform's or one added beside them (added.ts). */
export function fromEntry(
  entry: SettingsEndpoint<string>,
): Pick<SettingsArea, 'key' | 'live' | 'draft' | 'publishes' | 'guardWrite'> {
  return {
    key: entry.key,
    live: livePath(entry),
    draft: draftPath(entry),
    publishes: entry.livePutPublishes,
    // A write carrying a Customize view is refused to a token, and to all but administrators.
    ...(entry.token === 'no-custom-view-writes' ? { guardWrite: guardCustomViews } : {}),
  };
}

export const SETTINGS_AREAS: readonly SettingsArea[] = [
  {
    ...fromCatalogue('views'),
    readPermission: 'view',
    // A view's filter naming a status the process lacks is taken. Whether the hosted platform
    // refuses it is not recorded (Update Views' documentation, the official client's types and
    // SonicGarden/kintone-emulator's notes are silent), and apply writes the views before the
    // process (a views PUT must carry the built-in view the process brings): refusing it here
    // would fail a valid manifest that adds a status and a view naming it. validate refuses a
    // view naming a status the manifest's process lacks (QUERY.OPTION).
    anyStatus: true,
    lang: true,
    body: viewsBody,
    required: ['views'],
    read: (s) => ({ views: Object.fromEntries(Object.entries(s.views).map(([n, v]) => [n, viewAnswer(v)])) }),
    apply: (s, body, req) => {
      const { items, ids } = replaceNamed(s.views, body.views as Named, req, 'view');
      const { views, missing } = viewsAfterPut(s.views, items, s.process.enable === true);
      if (missing !== undefined)
        throw invalid({ views: `Include the view "${missing}": process management is enabled.` });
      return { settings: { ...s, views }, reply: { views: ids } };
    },
  },
  {
    ...fromCatalogue('general'),
    readPermission: 'view',
    lang: true,
    body: generalSettings,
    required: [],
    read: (s) => s.general,
    apply: (s, body, req) => ({ settings: { ...s, general: applyGeneral(s.general, body, req) } }),
  },
  {
    ...fromCatalogue('process'),
    readPermission: 'view',
    lang: true,
    body: processBody,
    required: [],
    read: (s) => s.process,
    // The built-in view "(Assigned to me)" comes and goes with process management.
    apply: (s, body, req) => ({
      settings: syncAssigneeView(applyProcess(s, body), req.lang, () => nextId(req.ctx.store, 'view')),
      // Records in a renamed status follow it when the draft goes live (model/renames/states.ts).
      states: stateChanges(s, body),
    }),
  },
  {
    ...fromCatalogue('customize'),
    readPermission: 'manage',
    lang: false,
    body: customizeBody,
    required: [],
    read: (s) => s.customize,
    apply: (s, body, req) => ({ settings: { ...s, customize: applyCustomize(s.customize, body, req) } }),
  },
  {
    ...fromCatalogue('appAcl'),
    readPermission: 'manage',
    lang: false,
    body: appAclBody,
    required: ['rights'],
    read: (s) => ({ rights: s.appAcl }),
    apply: (s, body) => ({ settings: { ...s, appAcl: body.rights as JsonObject[] } }),
  },
  {
    ...fromCatalogue('recordAcl'),
    readPermission: 'manage',
    lang: false,
    body: recordAclBody,
    required: ['rights'],
    read: (s) => ({ rights: s.recordAcl }),
    apply: (s, body) => ({ settings: { ...s, recordAcl: body.rights as JsonObject[] } }),
  },
  {
    ...fromCatalogue('fieldAcl'),
    readPermission: 'manage',
    lang: false,
    body: fieldAclBody,
    required: ['rights'],
    // A rule names its field `code` on the hosted platform (official client's types, app/right.d.ts
    // FieldRightForResponse) and `field` in our spec: each caller gets its own dialect's name.
    read: (s, req) => ({ rights: s.fieldAcl.map((rule) => fieldAclRuleFor(rule, req.dialect)) }),
    apply: (s, body) => ({ settings: { ...s, fieldAcl: body.rights as JsonObject[] } }),
  },
  {
    ...fromCatalogue('notificationsGeneral'),
    readPermission: 'manage',
    lang: false,
    body: generalNotificationsBody,
    required: [],
    read: (s) => s.notificationsGeneral,
    apply: (s, body) => ({
      settings: { ...s, notificationsGeneral: { ...s.notificationsGeneral, ...body } },
    }),
  },
  {
    ...fromCatalogue('notificationsPerRecord'),
    readPermission: 'manage',
    lang: true,
    body: perRecordNotificationsBody,
    required: [],
    read: (s) => ({ notifications: s.notificationsPerRecord }),
    apply: (s, body) => ({
      settings: {
        ...s,
        notificationsPerRecord: (body.notifications as JsonObject[] | undefined) ?? s.notificationsPerRecord,
      },
    }),
  },
  {
    ...fromCatalogue('notificationsReminder'),
    readPermission: 'manage',
    lang: true,
    body: reminderNotificationsBody,
    required: [],
    read: (s) => s.notificationsReminder,
    apply: (s, body) => ({
      settings: { ...s, notificationsReminder: { ...s.notificationsReminder, ...body } },
    }),
  },
  {
    ...fromCatalogue('reports'),
    readPermission: 'manage',
    lang: true,
    body: reportsBody,
    required: ['reports'],
    read: (s) => ({ reports: s.reports }),
    apply: (s, body, req) => {
      // A graph added takes its groups (cybozu.dev "アプリのグラフ設定の変更する": groups
      // "グラフを追加する場合は必須です"); one updated keeps them when left out.
      const added = Object.entries(body.reports as Named).filter(
        ([name, r]) => !(name in s.reports) && r.groups === undefined,
      );
      if (added.length > 0)
        throw invalid(
          Object.fromEntries(
            added.map(([name]) => [`reports.${name}.groups`, 'Required field for a new graph.']),
          ),
        );
      const { items, ids } = replaceNamed(s.reports, body.reports as Named, req, 'report');
      return { settings: { ...s, reports: items }, reply: { reports: ids } };
    },
  },
  {
    ...fromCatalogue('actions'),
    readPermission: 'manage',
    lang: true,
    body: actionsBody,
    required: ['actions'],
    read: (s, req) => ({ actions: withDestApps(s.actions, req) }),
    apply: (s, body, req) => {
      const { items, ids } = replaceNamed(s.actions, body.actions as Named, req, 'action');
      return { settings: { ...s, actions: items }, reply: { actions: ids } };
    },
  },
  {
    ...fromCatalogue('adminNotes'),
    readPermission: 'manage',
    lang: false,
    body: adminNotesBody,
    required: [],
    read: (s) => s.adminNotes,
    apply: (s, body) => ({ settings: { ...s, adminNotes: { ...s.adminNotes, ...body } } }),
  },
];
