import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { downloadFile, uploadKey, type DownloadAuth } from './file-upload.js';
import { manifest, newPluginKey, pluginPackage } from '../plugins/plugin-packages.js';
import { storedDocs } from '../service/stored-docs.js';
import { ADMIN } from '../../support/users.js';

const data = mkdtempSync(join(tmpdir(), 'appdeploy-file-owners-'));
afterAll(() => rmSync(data, { recursive: true, force: true }));

const ALICE = { login: 'alice', password: 'alice' };
const BOB = { login: 'bob', password: 'bob' };
const GUEST = { login: 'gina@example.com', password: 'guest-pw' };
const emu = useEmulator({
  data,
  users: [
    { ...ADMIN, admin: true },
    { ...ALICE, admin: false },
    { ...BOB, admin: false },
  ],
});

const stored = <T>(table: string): T[] => storedDocs<T>(data, table);

async function download(fileKey: string, who: DownloadAuth, prefix?: string): Promise<[number, string?]> {
  const res = await downloadFile(emu.url, fileKey, who, prefix);
  return res.code === undefined ? [res.status] : [res.status, res.code];
}

async function newSpace(extra: Record<string, unknown>): Promise<{ space: string; thread: string }> {
  const members = [{ entity: { type: 'USER', code: 'alice' }, isAdmin: true }];
  const created = await emu.call(
    'POST',
    '/k/v1/template/space.json',
    { id: 1, name: 'S', members, ...extra },
    { user: ALICE },
  );
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  const space = created.body.id as string;
  const thread = (await emu.call('GET', '/k/v1/space.json', { id: space })).body.threadIds[0] as string;
  return { space, thread };
}

/** Posts a comment with one file in the space's first thread; returns the file's attachment key. */
async function commentFile(space: string, thread: string, prefix = '/k/v1'): Promise<string> {
  const fileKey = await uploadKey(emu.call, Buffer.from('minutes'), 'minutes.txt', 'text/plain');
  const posted = await emu.call('POST', `${prefix}/space/thread/comment.json`, {
    space,
    thread,
    comment: { text: 'notes', files: [{ fileKey }] },
  });
  if (posted.status !== 200) throw new Error(JSON.stringify(posted.body));
  const comment = stored<{ id: string; files: { fileKey: string }[] }>('threadComments').find(
    (c) => c.id === posted.body.id,
  );
  return comment!.files[0]!.fileKey;
}

describe('files of thread comments', () => {
  it('download for whoever can read the space, and answer GAIA_BL01 once the space is deleted', async () => {
    const { space, thread } = await newSpace({});
    const fileKey = await commentFile(space, thread);
    const res = await downloadFile(emu.url, fileKey, BOB);
    expect([res.status, res.bytes.toString(), res.headers.get('content-type')]).toEqual([
      200,
      'minutes',
      'text/plain',
    ]);
    expect(await download(fileKey, ALICE)).toEqual([200]);
    expect(await emu.call('DELETE', '/k/v1/space.json', { id: space }, { user: ALICE })).toMatchObject({
      status: 200,
    });
    expect(await download(fileKey, ALICE)).toEqual([404, 'GAIA_BL01']);
    expect(await download(fileKey, ADMIN)).toEqual([404, 'GAIA_BL01']);
  });

  it('of a private space download for its members only', async () => {
    const { space, thread } = await newSpace({ isPrivate: true });
    const fileKey = await commentFile(space, thread);
    expect(await download(fileKey, ALICE)).toEqual([200]);
    expect(await download(fileKey, BOB)).toEqual([404, 'GAIA_SP01']);
  });

  it('of a guest space download for its guests, and only through that guest space path', async () => {
    await emu.call('POST', '/k/v1/guests.json', {
      guests: [{ code: GUEST.login, password: GUEST.password, name: 'Gina', timezone: 'UTC' }],
    });
    const guestSpace = await newSpace({ isGuest: true });
    const plain = await newSpace({});
    await emu.call('PUT', `/k/guest/${guestSpace.space}/v1/space/guests.json`, { guests: [GUEST.login] });
    const own = await commentFile(guestSpace.space, guestSpace.thread, `/k/guest/${guestSpace.space}/v1`);
    const elsewhere = await commentFile(plain.space, plain.thread);
    expect(await download(own, GUEST, `/k/guest/${guestSpace.space}/v1`)).toEqual([200]);
    expect(await download(elsewhere, GUEST)).toEqual([403, 'CB_NO02']);
    expect(await download(elsewhere, ADMIN, `/k/guest/${guestSpace.space}/v1`)).toEqual([404, 'GAIA_SP01']);
  });
});

describe('plug-in packages', () => {
  it('download for administrators only', async () => {
    const bytes = pluginPackage({ key: newPluginKey(), manifest: manifest('Owned', 1) });
    const install = await emu.call('POST', '/k/v1/plugin.json', {
      fileKey: await uploadKey(emu.call, bytes, 'p.zip', 'application/zip'),
    });
    expect(install.status).toBe(200);
    const [plugin] = stored<{ id: string; fileKey: string }>('plugins');
    const res = await downloadFile(emu.url, plugin!.fileKey);
    expect([res.status, res.bytes.equals(bytes)]).toEqual([200, true]);
    expect(await download(plugin!.fileKey, ALICE)).toEqual([403, 'CB_NO02']);
  });
});

describe('guest profile images', () => {
  it('download for administrators and for that guest', async () => {
    const image = await uploadKey(emu.call, Buffer.from('png'), 'me.png', 'image/png');
    const created = await emu.call('POST', '/k/v1/guests.json', {
      guests: [{ code: GUEST.login, password: GUEST.password, name: 'Gina', timezone: 'UTC', image }],
    });
    expect(created.status).toBe(200);
    const [guest] = stored<{ image: { fileKey: string } }>('guests');
    const fileKey = guest!.image.fileKey;
    expect([await download(fileKey, ADMIN), await download(fileKey, GUEST)]).toEqual([[200], [200]]);
    expect(await download(fileKey, ALICE)).toEqual([403, 'CB_NO02']);
  });
});
