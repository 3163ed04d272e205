import { uploadKey } from '../emulator/files/file-upload.js';
import type { useEmulator } from '../emulator/harness.js';
import {
  manifest,
  newPluginKey,
  pluginIdOf,
  pluginPackage,
  type PluginKey,
} from '../emulator/plugins/plugin-packages.js';
import { appRights, ok } from '../emulator/records/records-helpers.js';

type Emulator = ReturnType<typeof useEmulator>;

/**
 * The world the permission sweeps call every endpoint in, built by the administrator. Each
 * endpoint gets real targets (a record, a comment, a cursor, a file, a plug-in...) so that the
 * administrator's own call of it succeeds: a refusal seen for anyone else is then the permission
 * check, not bad input. Destructive calls get targets of their own (a spare record, comment,
 * field, space, plug-in, guest), so every endpoint's call leaves the others' targets in place.
 */
export interface World {
  /** An app outside every space, one in the ordinary space, one in each guest space. */
  apps: { plain: AppTargets; inSpace: AppTargets; guest: AppTargets; otherGuest: AppTargets };
  space: { id: string; thread: string; spare: string };
  guestSpace: { id: string; other: string };
  plugin: { installed: string; spare: string; newKey: string; updateKey: string };
  /** The guest of `guestSpace.id`, and a spare one to delete. */
  guests: { member: string; spare: string };
}

/** What one app holds; `base` is the API root it is called through (`/k/v1` or its guest path). */
export interface AppTargets {
  app: string;
  base: string;
  /** Record 1 holds the file and the comments; the others serve one destructive call each. */
  records: { main: string; spare: string; status: string; statuses: string; assignees: string };
  comments: { kept: string; spare: string };
  cursor: string;
  fileKey: string;
}

export const USERS = [
  { login: 'admin', password: 'admin', admin: true },
  { login: 'alice', password: 'alice-pw', admin: false },
];
export const ALICE = { login: 'alice', password: 'alice-pw' };
export const GUEST = { login: 'gina@example.com', password: 'guest-pw' };
const SPARE_GUEST = 'spare@example.com';

/** Every flag of an app ACL rule, set. */
const ALL_RIGHTS = { ...appRights(true), appEditable: true };
/**
 * Only the app's creator (the administrator) and the guest hold any right: alice matches no rule.
 * The guest is named in every app, so what refuses them outside their guest space is the guest-space rule,
 * not a missing right.
 */
export const APP_RIGHTS = [
  { entity: { type: 'CREATOR', code: null }, ...ALL_RIGHTS },
  { entity: { type: 'USER', code: GUEST.login }, ...ALL_RIGHTS },
];

/** A process anyone with edit rights may run: Open (no assignee) -Submit-> Done. */
const PROCESS = {
  enable: true,
  states: {
    Open: { name: 'Open', index: '0', assignee: { type: 'ONE', entities: [] } },
    Done: { name: 'Done', index: '1', assignee: { type: 'ONE', entities: [] } },
  },
  actions: [{ name: 'Submit', from: 'Open', to: 'Done', filterCond: '', type: 'PRIMARY' }],
};

export async function buildWorld(emu: Emulator): Promise<World> {
  const members = [
    { entity: { type: 'USER', code: 'admin' }, isAdmin: true },
    { entity: { type: 'USER', code: 'alice' }, isAdmin: false },
  ];
  const newSpace = async (isGuest: boolean) => {
    const id = (
      await ok(emu.call('POST', '/k/v1/template/space.json', { id: 1, name: 'S', members, isGuest }))
    ).id as string;
    const thread = (await ok(emu.call('GET', '/k/v1/space.json', { id }))).threadIds[0] as string;
    return { id, thread };
  };
  const space = await newSpace(false);
  const spare = await newSpace(false);
  const guestSpace = await newSpace(true);
  const otherGuest = await newSpace(true);
  const guest = (code: string) => ({ code, password: GUEST.password, name: code, timezone: 'Asia/Tokyo' });
  await ok(emu.call('POST', '/k/v1/guests.json', { guests: [guest(GUEST.login), guest(SPARE_GUEST)] }));
  await ok(emu.call('PUT', `/k/guest/${guestSpace.id}/v1/space/guests.json`, { guests: [GUEST.login] }));

  const key = newPluginKey();
  const installed = await install(emu, key, 1);
  // Every app uses the spare plug-in: whom `plugin/apps.json` names is then telling.
  const spareId = await install(emu, newPluginKey(), 1);
  const apps = {
    plain: await appTargets(emu, null, spareId),
    inSpace: await appTargets(emu, space, spareId),
    guest: await appTargets(emu, guestSpace, spareId, true),
    otherGuest: await appTargets(emu, otherGuest, spareId, true),
  };
  return {
    apps,
    space: { id: space.id, thread: space.thread, spare: spare.id },
    guestSpace: { id: guestSpace.id, other: otherGuest.id },
    plugin: {
      installed,
      spare: spareId,
      newKey: await uploadKey(emu.call, pluginPackage({ key: newPluginKey(), manifest: manifest('New', 1) })),
      updateKey: await uploadKey(emu.call, pluginPackage({ key, manifest: manifest('Kept', 2) })),
    },
    guests: { member: GUEST.login, spare: SPARE_GUEST },
  };
}

async function install(emu: Emulator, key: PluginKey, version: number): Promise<string> {
  const fileKey = await uploadKey(emu.call, pluginPackage({ key, manifest: manifest('Kept', version) }));
  await ok(emu.call('POST', '/k/v1/plugin.json', { fileKey }));
  return pluginIdOf(key);
}

/**
 * An app (in `space`'s first thread when given) using `plugin`, with fields, a process, records,
 * comments, a cursor and a file.
 */
async function appTargets(
  emu: Emulator,
  space: { id: string; thread: string } | null,
  plugin: string,
  isGuest = false,
): Promise<AppTargets> {
  const base = isGuest ? `/k/guest/${space!.id}/v1` : '/k/v1';
  const call = (method: string, path: string, params: unknown) => ok(emu.call(method, base + path, params));
  const where = space ? { space: space.id, thread: space.thread } : {};
  const app = (await call('POST', '/preview/app.json', { name: 'Swept', ...where })).app as string;
  const field = (code: string, type: string) => ({ code, label: code, type });
  await call('POST', '/preview/app/form/fields.json', {
    app,
    properties: { t: field('t', 'SINGLE_LINE_TEXT'), f: field('f', 'FILE'), spare: field('spare', 'NUMBER') },
  });
  await call('PUT', '/preview/app/status.json', { app, ...PROCESS });
  await call('PUT', '/preview/app/acl.json', { app, rights: APP_RIGHTS });
  await call('POST', '/preview/app/plugins.json', { app, ids: [plugin] });
  await emu.deploy([app], false, base);
  const upload = await uploadKey(emu.call, Buffer.from('attached'), 'a.txt', 'text/plain');
  const records = [{ t: { value: 'main' }, f: { value: [{ fileKey: upload }] } }, {}, {}, {}, {}];
  const [main, spare, status, statuses, assignees] = (await call('POST', '/records.json', { app, records }))
    .ids as string[];
  const comment = async () =>
    (await call('POST', '/record/comment.json', { app, record: main, comment: { text: 'c' } })).id as string;
  const comments = { kept: await comment(), spare: await comment() };
  const cursor = (await call('POST', '/records/cursor.json', { app, size: 1 })).id as string;
  const read = await call('GET', '/record.json', { app, id: main });
  const fileKey = read.record.f.value[0].fileKey as string;
  return {
    app,
    base,
    records: { main: main!, spare: spare!, status: status!, statuses: statuses!, assignees: assignees! },
    comments,
    cursor,
    fileKey,
  };
}
