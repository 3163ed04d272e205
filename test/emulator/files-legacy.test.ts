import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { downloadFile, uploadKey, type DownloadAuth } from './file-upload.js';
import { manifest, newPluginKey, pluginPackage } from './plugin-packages.js';
import { ALICE, BOB, USERS, appRights, rec } from './records-helpers.js';
import { storedDocs } from './stored-docs.js';
import type { CallOptions, Reply } from './harness.js';

const data = mkdtempSync(join(tmpdir(), 'appdeploy-legacy-files-'));
afterAll(() => rmSync(data, { recursive: true, force: true }));
const ADMIN = { login: 'admin', password: 'admin' };
const GUEST = { login: 'gina@example.com', password: 'guest-pw' };
const start = () => startEmulator({ port: 0, deployMs: 20, data, users: USERS });

type Change = [table: string, key: string, value: Record<string, unknown> | null];

/** Rewrites the journal and snapshot as a version without file owners and the record file index wrote them. */
function forgetOwners(): void {
  const journal = join(data, 'journal.jsonl');
  const lines = readFileSync(journal, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
  const older = lines.map((line) => JSON.stringify(olderChanges(JSON.parse(line) as Change[])));
  writeFileSync(journal, older.map((line) => `${line}\n`).join(''));
  const snapshot = join(data, 'snapshot.json');
  if (!existsSync(snapshot)) return;
  const { tables } = JSON.parse(readFileSync(snapshot, 'utf8')) as {
    tables: Record<string, [string, any][]>;
  };
  delete tables.recordFiles;
  for (const entry of tables.files ?? []) delete entry[1].owner;
  writeFileSync(snapshot, JSON.stringify({ tables }));
}

function olderChanges(changes: Change[]): Change[] {
  return changes
    .filter(([table]) => table !== 'recordFiles')
    .map(([table, key, value]) => {
      if (table !== 'files' || value === null) return [table, key, value];
      const { owner: _owner, ...rest } = value;
      return [table, key, rest];
    });
}

const stored = <T>(table: string): T[] => storedDocs<T>(data, table);

/** The harness's `call`, against an emulator started here (it is restarted mid-test). */
function caller(emu: RunningEmulator) {
  return async (method: string, path: string, params?: unknown, opts: CallOptions = {}): Promise<Reply> => {
    const user = opts.user === undefined ? ADMIN : opts.user!;
    const headers: Record<string, string> = {
      ...opts.headers,
      'X-Service-Authorization': Buffer.from(`${user.login}:${user.password}`).toString('base64'),
    };
    const json = params !== undefined && opts.rawBody === undefined;
    if (json) headers['Content-Type'] = 'application/json';
    // A GET with parameters goes as the service allows long queries: POST with the override header.
    if (json && method === 'GET') headers['X-HTTP-Method-Override'] = 'GET';
    const sent = json && method === 'GET' ? 'POST' : method;
    const body = opts.rawBody ?? (json ? JSON.stringify(params) : undefined);
    const res = await fetch(emu.url + path, {
      method: sent,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    return { status: res.status, body: await res.json(), headers: res.headers };
  };
}

type Call = ReturnType<typeof caller>;

async function must(reply: Promise<Reply>): Promise<any> {
  const res = await reply;
  if (res.status !== 200) throw new Error(`setup: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A deployed app with one FILE field, `attachment`. */
async function appWithFile(call: Call, name: string): Promise<string> {
  const { app } = await must(call('POST', '/k/v1/preview/app.json', { name }));
  const attachment = { type: 'FILE', code: 'attachment', label: 'File' };
  await must(call('POST', '/k/v1/preview/app/form/fields.json', { app, properties: { attachment } }));
  await must(call('POST', '/k/v1/preview/app/deploy.json', { apps: [{ app }] }));
  for (;;) {
    const { apps } = await must(call('GET', '/k/v1/preview/app/deploy.json', { apps: [app] }));
    if (apps[0].status !== 'PROCESSING') return app as string;
    await new Promise((r) => setTimeout(r, 10));
  }
}

const record = (fileKey: string) => rec({ attachment: [{ fileKey }] });

/** Adds a record of `app` holding a new file; returns the record id and the file's attachment key. */
async function recordWithFile(call: Call, app: string): Promise<{ id: string; key: string }> {
  const upload = await uploadKey(call, Buffer.from('report'), 'report.txt', 'text/plain');
  const { id } = await must(call('POST', '/k/v1/record.json', { app, record: record(upload) }));
  const read = await must(call('GET', '/k/v1/record.json', { app, id }));
  return { id, key: read.record.attachment.value[0].fileKey as string };
}

/**
 * Files of every owner kind: a record of app X (readable by alice only), X's icon, a file no
 * record holds any more, a thread comment, a plug-in package and a guest's image.
 */
async function populate(call: Call) {
  const upload = (name: string) => uploadKey(call, Buffer.from(name), name, 'text/plain');
  const x = await appWithFile(call, 'X');
  const y = await appWithFile(call, 'Y');
  const rights = [{ entity: { type: 'USER', code: 'alice' }, ...appRights(true) }];
  await must(call('PUT', '/k/v1/app/acl.json', { app: x, rights }));
  const icon = { type: 'FILE', file: { fileKey: await upload('icon.png') } };
  await must(call('PUT', '/k/v1/preview/app/settings.json', { app: x, icon }));
  const iconKey = (await must(call('GET', '/k/v1/preview/app/settings.json', { app: x }))).icon.file.fileKey;
  const held = await recordWithFile(call, x);
  const gone = await recordWithFile(call, x);
  await must(call('DELETE', '/k/v1/records.json', { app: x, ids: [gone.id] }));
  const members = [{ entity: { type: 'USER', code: 'admin' }, isAdmin: true }];
  const { id: space } = await must(call('POST', '/k/v1/template/space.json', { id: 1, name: 'S', members }));
  const { threadIds } = await must(call('GET', '/k/v1/space.json', { id: space }));
  const comment = { text: 'notes', files: [{ fileKey: await upload('minutes') }] };
  await must(call('POST', '/k/v1/space/thread/comment.json', { space, thread: threadIds[0], comment }));
  const plugin = pluginPackage({ key: newPluginKey(), manifest: manifest('Legacy', 1) });
  await must(call('POST', '/k/v1/plugin.json', { fileKey: await uploadKey(call, plugin, 'p.zip') }));
  const guest = { code: GUEST.login, password: GUEST.password, name: 'Gina', timezone: 'UTC' };
  await must(call('POST', '/k/v1/guests.json', { guests: [{ ...guest, image: await upload('me.png') }] }));
  return {
    x,
    y,
    record: held,
    iconKey: iconKey as string,
    goneKey: gone.key,
    commentKey: stored<{ files: { fileKey: string }[] }>('threadComments')[0]!.files[0]!.fileKey,
    pluginKey: stored<{ fileKey: string }>('plugins')[0]!.fileKey,
    imageKey: stored<{ image: { fileKey: string } }>('guests')[0]!.image.fileKey,
  };
}

describe('attachments stored before owners were recorded', () => {
  it('get their owners when the store opens: the right users download, other owners cannot take them', async () => {
    const first = await start();
    const old = await populate(caller(first));
    await first.close();
    forgetOwners();
    expect(stored<{ owner?: unknown }>('files').every((f) => f.owner === undefined)).toBe(true);

    const second = await start();
    try {
      const download = async (fileKey: string, who: DownloadAuth) => {
        const res = await downloadFile(second.url, fileKey, who);
        return res.code === undefined ? [res.status] : [res.status, res.code];
      };
      const forbidden = [403, 'CB_NO02'];
      const expected: [string, string, DownloadAuth, unknown[]][] = [
        ['record file', old.record.key, ALICE, [200]],
        ['record file', old.record.key, BOB, forbidden],
        ['icon', old.iconKey, ALICE, [200]],
        ['icon', old.iconKey, BOB, forbidden],
        ['comment file', old.commentKey, BOB, [200]],
        ['plug-in package', old.pluginKey, ADMIN, [200]],
        ['plug-in package', old.pluginKey, ALICE, forbidden],
        ['guest image', old.imageKey, GUEST, [200]],
        ['guest image', old.imageKey, ALICE, forbidden],
        ['file no record holds', old.goneKey, ADMIN, [404, 'GAIA_BL01']],
      ];
      for (const [what, fileKey, who, answer] of expected)
        expect([what, who, await download(fileKey, who)]).toEqual([what, who, answer]);
      // Another owner cannot take the key (no "first writer claims it"); its own app keeps it.
      const call = caller(second);
      const intoY = await call('POST', '/k/v1/record.json', { app: old.y, record: record(old.record.key) });
      expect([intoY.status, intoY.body.code]).toEqual([404, 'GAIA_BL01']);
      expect(intoY.body.errors['record.attachment.value[0].fileKey'].messages[0]).toContain(
        `is attached to a record of app ${old.x}`,
      );
      const asIcon = { type: 'FILE', file: { fileKey: old.record.key } };
      const intoSettings = await call('PUT', '/k/v1/preview/app/settings.json', { app: old.x, icon: asIcon });
      expect([intoSettings.status, intoSettings.body.code]).toEqual([404, 'GAIA_BL01']);
      const kept = record(old.record.key);
      expect(
        (await call('PUT', '/k/v1/record.json', { app: old.x, id: old.record.id, record: kept })).status,
      ).toBe(200);
    } finally {
      await second.close();
    }
    // Owners were derived once: they are in the journal now, and a third start writes nothing.
    expect(stored<{ owner?: unknown }>('files').every((f) => f.owner !== undefined)).toBe(true);
    const size = statSync(join(data, 'journal.jsonl')).size;
    await (await start()).close();
    expect(statSync(join(data, 'journal.jsonl')).size).toBe(size);
  });
});
