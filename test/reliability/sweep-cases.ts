import { readFileSync } from 'node:fs';
import { APP_RIGHTS, type AppTargets, type World } from './sweep-world.js';

/** An app permission, as tokens carry them and the app ACL grants them (platform-facts, Authentication). */
export type Permission = 'view' | 'add' | 'edit' | 'delete' | 'manage';

/**
 * What a call needs, from the spec's Authorization rules and platform-facts (Authentication):
 * - `app`: one of these rights on the app (several where the spec does not say which one a read
 *   takes, so an insufficient caller is one that holds none of them);
 * - `cursor`: the cursor's maker (a cursor id belongs to no app: anyone else gets GAIA_CU01);
 * - `admin`: a service administrator (plug-in install, update, uninstall; guests);
 * - `spaceAdmin` / `spaceRead`: an administrator or a member of the space;
 * - `user`: any signed-in user, never a token (create or list apps, spaces, system plug-ins);
 * - `none`: anyone (an upload; a permission evaluation, which reports the caller's own rights).
 */
export type Need =
  | { app: Permission[] }
  | { cursor: true }
  | { admin: true }
  | { spaceAdmin: true }
  | { spaceRead: true }
  | { user: true }
  | { none: true };

export interface Case {
  method: string;
  /** The spec's path (`/k/v1/...`); app calls are sent through the app's own base. */
  path: string;
  need: Need;
  /** Valid parameters: the administrator's own call with them succeeds. */
  params(t: AppTargets, w: World): Record<string, unknown>;
  /** Whether the call names an app (guests and other apps' tokens are swept over these). */
  appScoped: boolean;
  /**
   * A call no token may make (platform-facts: creating, listing or moving apps, spaces, guests,
   * system plug-ins; kintone.dev per endpoint: customization too).
   */
  tokenless?: true;
}

const text = (value: string) => ({ t: { value } });
const app = (t: AppTargets) => ({ app: t.app });
const view: Need = { app: ['view'] };
// Live settings reads: the spec does not say whether view or manage rights let one read them.
const read: Need = { app: ['view', 'manage'] };
const manage: Need = { app: ['manage'] };
const LIVE_AREAS = [
  'app/views',
  'app/settings',
  'app/status',
  'app/customize',
  'app/acl',
  'record/acl',
  'field/acl',
  'app/notifications/general',
  'app/notifications/perRecord',
  'app/notifications/reminder',
  'app/reports',
  'app/actions',
];

/** A PUT body per settings area that changes nothing anyone else's call relies on. */
function settingsBody(area: string): Record<string, unknown> {
  const bodies: Record<string, Record<string, unknown>> = {
    // The world's apps have process management on: their built-in view must stay named.
    'app/views': { views: { '(Assigned to me)': { type: 'LIST', index: 0 } } },
    'app/settings': { name: 'Renamed' },
    'app/status': { enable: true },
    'app/customize': { scope: 'ALL' },
    'app/acl': { rights: APP_RIGHTS },
    'record/acl': { rights: [] },
    'field/acl': { rights: [] },
    'app/notifications/general': { notifications: [] },
    'app/notifications/perRecord': { notifications: [] },
    'app/notifications/reminder': { notifications: [] },
    'app/reports': { reports: {} },
    'app/actions': { actions: {} },
  };
  return bodies[area]!;
}

/** The ACL areas are written live (spec table); the others through their draft path. */
const putPath = (area: string) =>
  area.includes('acl') ? `/k/v1/${area}.json` : `/k/v1/preview/${area}.json`;

/**
 * Get and Update Customization take no API token, live or pre-live (kintone.dev, each page's
 * Permissions: "API Tokens cannot be used with this API"); every other settings API does
 * (cybozu.dev, API update of April 2020).
 */
const tokenless = (area: string) => (area === 'app/customize' ? { tokenless: true as const } : {});

const settingsCases: Case[] = LIVE_AREAS.flatMap((area) => [
  { method: 'GET', path: `/k/v1/${area}.json`, need: read, params: app, appScoped: true, ...tokenless(area) },
  {
    method: 'GET',
    path: `/k/v1/preview/${area}.json`,
    need: manage,
    params: app,
    appScoped: true,
    ...tokenless(area),
  },
  {
    method: 'PUT',
    path: putPath(area),
    need: manage,
    params: (t: AppTargets) => ({ ...app(t), ...settingsBody(area) }),
    appScoped: true,
    ...tokenless(area),
  },
]);

const appCase = (method: string, path: string, need: Need, params: Case['params']): Case => ({
  method,
  path,
  need,
  params,
  appScoped: true,
});
const otherCase = (method: string, path: string, need: Need, params: Case['params'] = () => ({})): Case => ({
  method,
  path,
  need,
  params,
  appScoped: false,
  ...('none' in need ? {} : { tokenless: true as const }),
});

const recordCases: Case[] = [
  appCase('GET', '/k/v1/record.json', view, (t) => ({ ...app(t), id: t.records.main })),
  appCase('GET', '/k/v1/records.json', view, (t) => ({ ...app(t), query: 't = "main"', fields: ['t'] })),
  appCase('POST', '/k/v1/record.json', { app: ['add'] }, (t) => ({ ...app(t), record: text('new') })),
  appCase('POST', '/k/v1/records.json', { app: ['add'] }, (t) => ({ ...app(t), records: [text('new')] })),
  appCase('PUT', '/k/v1/record.json', { app: ['edit'] }, (t) => ({
    ...app(t),
    id: t.records.main,
    record: text('main'),
  })),
  appCase('PUT', '/k/v1/records.json', { app: ['edit'] }, (t) => ({
    ...app(t),
    records: [{ id: t.records.main, record: text('main') }],
  })),
  appCase('DELETE', '/k/v1/records.json', { app: ['delete'] }, (t) => ({
    ...app(t),
    ids: [t.records.spare],
  })),
  appCase('POST', '/k/v1/records/cursor.json', view, (t) => ({ ...app(t), fields: ['t'], size: 1 })),
  appCase('GET', '/k/v1/records/cursor.json', { cursor: true }, (t) => ({ id: t.cursor })),
  appCase('DELETE', '/k/v1/records/cursor.json', { cursor: true }, (t) => ({ id: t.cursor })),
  appCase('GET', '/k/v1/record/comments.json', view, (t) => ({ ...app(t), record: t.records.main })),
  appCase('POST', '/k/v1/record/comment.json', view, (t) => ({
    ...app(t),
    record: t.records.main,
    comment: { text: 'hello' },
  })),
  appCase('DELETE', '/k/v1/record/comment.json', view, (t) => ({
    ...app(t),
    record: t.records.main,
    comment: t.comments.spare,
  })),
  appCase('PUT', '/k/v1/record/status.json', { app: ['edit'] }, (t) => ({
    ...app(t),
    id: t.records.status,
    action: 'Submit',
  })),
  appCase('PUT', '/k/v1/records/status.json', { app: ['edit'] }, (t) => ({
    ...app(t),
    records: [{ id: t.records.statuses, action: 'Submit' }],
  })),
  // kintone Update Assignees: the app management permission (cybozu.dev, records/update-assignees).
  appCase('PUT', '/k/v1/record/assignees.json', manage, (t) => ({
    ...app(t),
    id: t.records.assignees,
    assignees: ['admin'],
  })),
  appCase('GET', '/k/v1/records/acl/evaluate.json', { none: true }, (t) => ({
    ...app(t),
    ids: [t.records.main],
  })),
  appCase('POST', '/k/v1/bulkRequest.json', { app: ['add'] }, (t) => ({
    requests: [
      { method: 'POST', api: `${t.base}/record.json`, payload: { ...app(t), record: text('bulk') } },
    ],
  })),
  appCase('GET', '/k/v1/file.json', view, (t) => ({ fileKey: t.fileKey })),
  otherCase('POST', '/k/v1/file.json', { none: true }),
];

const formCases: Case[] = [
  ...['fields', 'layout'].flatMap((area) => [
    appCase('GET', `/k/v1/app/form/${area}.json`, read, app),
    appCase('GET', `/k/v1/preview/app/form/${area}.json`, manage, app),
  ]),
  appCase('POST', '/k/v1/preview/app/form/fields.json', manage, (t) => ({
    ...app(t),
    properties: { added: { code: 'added', label: 'Added', type: 'SINGLE_LINE_TEXT' } },
  })),
  appCase('PUT', '/k/v1/preview/app/form/fields.json', manage, (t) => ({
    ...app(t),
    properties: { t: { label: 'T' } },
  })),
  appCase('DELETE', '/k/v1/preview/app/form/fields.json', manage, (t) => ({ ...app(t), fields: ['spare'] })),
  appCase('PUT', '/k/v1/preview/app/form/layout.json', manage, (t) => ({ ...app(t), layout: [] })),
  appCase('GET', '/k/v1/preview/form.json', manage, app),
];

const appsCases: Case[] = [
  appCase('GET', '/k/v1/app.json', read, (t) => ({ id: t.app })),
  otherCase('GET', '/k/v1/apps.json', { user: true }),
  otherCase('POST', '/k/v1/preview/app.json', { user: true }, () => ({ name: 'Another' })),
  appCase('POST', '/k/v1/preview/app/deploy.json', manage, (t) => ({ apps: [app(t)] })),
  appCase('GET', '/k/v1/preview/app/deploy.json', manage, (t) => ({ apps: [t.app] })),
  // Moving takes managing the app and administering the space it enters (spec rule 3). A guest
  // space's app is moved into its own space again, so that its guest path keeps reaching it.
  {
    ...appCase('POST', '/k/v1/app/move.json', manage, (t, w) => ({
      ...app(t),
      space: /^\/k\/guest\/(\d+)\/v1$/.exec(t.base)?.[1] ?? w.space.spare,
    })),
    tokenless: true,
  },
  appCase('GET', '/k/v1/app/adminNotes.json', manage, app),
  appCase('PUT', '/k/v1/app/adminNotes.json', manage, (t) => ({ ...app(t), content: 'notes' })),
  appCase('GET', '/k/v1/app/plugins.json', manage, app),
  appCase('POST', '/k/v1/app/plugins.json', manage, (t, w) => ({ ...app(t), ids: [w.plugin.installed] })),
];

const systemCases: Case[] = [
  otherCase('GET', '/k/v1/plugins.json', { user: true }),
  otherCase('POST', '/k/v1/plugin.json', { admin: true }, (_t, w) => ({ fileKey: w.plugin.newKey })),
  otherCase('PUT', '/k/v1/plugin.json', { admin: true }, (_t, w) => ({
    id: w.plugin.installed,
    fileKey: w.plugin.updateKey,
  })),
  otherCase('DELETE', '/k/v1/plugin.json', { admin: true }, (_t, w) => ({ id: w.plugin.spare })),
  // The spec states both "administrator only" and "no special permission": only `user` is sure.
  otherCase('GET', '/k/v1/plugin/apps.json', { user: true }, (_t, w) => ({ id: w.plugin.spare })),
  otherCase('GET', '/k/v1/plugins/required.json', { user: true }),
  otherCase('GET', '/k/v1/space.json', { spaceRead: true }, (_t, w) => ({ id: w.space.id })),
  otherCase('POST', '/k/v1/template/space.json', { user: true }, () => ({
    id: 1,
    name: 'Another',
    members: [{ entity: { type: 'USER', code: 'admin' }, isAdmin: true }],
  })),
  otherCase('PUT', '/k/v1/space/body.json', { spaceAdmin: true }, (_t, w) => ({
    id: w.space.id,
    body: '<b>x</b>',
  })),
  otherCase('DELETE', '/k/v1/space.json', { spaceAdmin: true }, (_t, w) => ({ id: w.space.spare })),
  otherCase('GET', '/k/v1/space/members.json', { spaceRead: true }, (_t, w) => ({ id: w.space.id })),
  otherCase('PUT', '/k/v1/space/members.json', { spaceAdmin: true }, (_t, w) => ({
    id: w.space.id,
    members: [
      { entity: { type: 'USER', code: 'admin' }, isAdmin: true },
      { entity: { type: 'USER', code: 'alice' }, isAdmin: false },
    ],
  })),
  otherCase('POST', '/k/v1/space/thread/comment.json', { spaceRead: true }, (_t, w) => ({
    space: w.space.id,
    thread: w.space.thread,
    comment: { text: 'hi' },
  })),
  otherCase('POST', '/k/v1/space/thread.json', { spaceRead: true }, (_t, w) => ({
    space: w.space.id,
    name: 'T',
  })),
  otherCase('PUT', '/k/v1/space/thread.json', { spaceRead: true }, (_t, w) => ({
    id: w.space.thread,
    name: 'T',
  })),
  otherCase('POST', '/k/v1/guests.json', { admin: true }, () => ({
    guests: [{ code: 'new@example.com', password: 'new-pw-1', name: 'New', timezone: 'Asia/Tokyo' }],
  })),
  otherCase('PUT', '/k/guest/{spaceId}/v1/space/guests.json', { spaceAdmin: true }, (_t, w) => ({
    guests: [w.guests.member],
  })),
  otherCase('DELETE', '/k/v1/guests.json', { admin: true }, (_t, w) => ({ guests: [w.guests.spare] })),
];

export const CASES: readonly Case[] = [
  ...recordCases,
  ...appsCases,
  ...settingsCases,
  ...formCases,
  ...systemCases,
];

/** Every endpoint of the spec list has exactly one case (checked by the sweep itself). */
export const SPEC_ENDPOINTS = (
  JSON.parse(readFileSync(new URL('../client/spec-endpoints.json', import.meta.url), 'utf8')) as {
    method: string;
    path: string;
  }[]
).map((e) => `${e.method} ${e.path}`);
