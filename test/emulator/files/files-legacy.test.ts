import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/emulator/index.js';
import { downloadFile, uploadKey, type DownloadAuth } from './file-upload.js';
import { manifest, newPluginKey, pluginPackage } from '../plugins/plugin-packages.js';
import { ALICE, BOB, USERS, appRights } from '../records/records-helpers.js';
import { appWithFile, caller, fileRecord, must, recordWithFile, type Call } from '../own-emulator.js';
import { keptAndDerivedIndex, storedDocs, storedEntries } from '../service/stored-docs.js';
import { ADMIN } from '../../support/users.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function newDataDir(): string {
  dirs.push(mkdtempSync(join(tmpdir(), 'appdeploy-legacy-files-')));
  return dirs.at(-1)!;
}
const GUEST = { login: 'gina@example.com', password: 'guest-pw' };
const start = (data: string) => startEmulator({ port: 0, deployMs: 20, data, users: USERS });
const download = async (url: string, fileKey: string, who: DownloadAuth) => {
  const res = await downloadFile(url, fileKey, who);
  return res.code === undefined ? [res.status] : [res.status, res.code];
};
const forbidden = [403, 'CB_NO02'];

type Change = [table: string, key: string, value: Record<string, unknown> | null];

/** What a version without file owners, the record file index and the format marker did not write. */
const NEWER_TABLES = new Set(['meta', 'recordFiles', 'recordFileLinks']);

/**
 * Rewrites the journal and snapshot as a version without file owners and the record file index
 * wrote them; `edit` may change each change further (older data that today's checks refuse).
 */
function forgetOwners(data: string, edit: (change: Change) => Change = (change) => change): void {
  const journal = join(data, 'journal.jsonl');
  const lines = readFileSync(journal, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
  const older = lines.map((line) => JSON.stringify(olderChanges(JSON.parse(line) as Change[]).map(edit)));
  writeFileSync(journal, older.map((line) => `${line}\n`).join(''));
  const snapshot = join(data, 'snapshot.json');
  if (!existsSync(snapshot)) return;
  const { tables } = JSON.parse(readFileSync(snapshot, 'utf8')) as {
    tables: Record<string, [string, any][]>;
  };
  for (const table of NEWER_TABLES) delete tables[table];
  for (const entry of tables.files ?? []) delete entry[1].owner;
  writeFileSync(snapshot, JSON.stringify({ tables }));
}

function olderChanges(changes: Change[]): Change[] {
  return changes
    .filter(([table]) => !NEWER_TABLES.has(table))
    .map(([table, key, value]) => {
      if (table !== 'files' || value === null) return [table, key, value];
      const { owner: _owner, ...rest } = value;
      return [table, key, rest];
    });
}

/**
 * Files of every owner kind: a record of app X (readable by alice only), X's icon, a file no
 * record holds any more, a thread comment, a plug-in package and a guest's image.
 */
async function populate(call: Call, data: string) {
  const stored = <T>(table: string): T[] => storedDocs<T>(data, table);
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
    const data = newDataDir();
    const stored = <T>(table: string): T[] => storedDocs<T>(data, table);
    const first = await start(data);
    const old = await populate(caller(first), data);
    await first.close();
    forgetOwners(data);
    const files = stored<{ owner?: unknown }>('files');
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((f) => f.owner === undefined)).toBe(true);
    expect(storedEntries(data, 'recordFiles').size).toBe(0);

    const second = await start(data);
    try {
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
        expect([what, who, await download(second.url, fileKey, who)]).toEqual([what, who, answer]);
      // Another owner cannot take the key (no "first writer claims it"); its own app keeps it.
      const call = caller(second);
      const intoY = await call('POST', '/k/v1/record.json', {
        app: old.y,
        record: fileRecord(old.record.key),
      });
      expect([intoY.status, intoY.body.code]).toEqual([404, 'GAIA_BL01']);
      expect(intoY.body.errors['record.attachment.value[0].fileKey'].messages[0]).toContain(
        `is attached to a record of app ${old.x}`,
      );
      const asIcon = { type: 'FILE', file: { fileKey: old.record.key } };
      const intoSettings = await call('PUT', '/k/v1/preview/app/settings.json', { app: old.x, icon: asIcon });
      expect([intoSettings.status, intoSettings.body.code]).toEqual([404, 'GAIA_BL01']);
      const kept = fileRecord(old.record.key);
      expect(
        (await call('PUT', '/k/v1/record.json', { app: old.x, id: old.record.id, record: kept })).status,
      ).toBe(200);
    } finally {
      await second.close();
    }
    // Owners and the index were derived once: they are in the journal now, with the format
    // marker, and a third start writes nothing.
    const owned = stored<{ owner?: unknown }>('files');
    expect(owned.length).toBeGreaterThan(0);
    expect(owned.every((f) => f.owner !== undefined)).toBe(true);
    const { kept, derived } = keptAndDerivedIndex(data);
    expect(kept).toEqual(derived);
    expect([...kept.holders.keys()]).toEqual([old.record.key]);
    expect(stored('meta')).toEqual([{ version: 1 }]);
    const size = statSync(join(data, 'journal.jsonl')).size;
    await (await start(data)).close();
    expect(statSync(join(data, 'journal.jsonl')).size).toBe(size);
  });

  it('held by records of two apps go to the lowest app id, for the owner and the index alike', async () => {
    const data = newDataDir();
    const first = await start(data);
    const call = caller(first);
    const x = await appWithFile(call, 'X');
    const y = await appWithFile(call, 'Y');
    const rights = [{ entity: { type: 'USER', code: 'alice' }, ...appRights(true) }];
    await must(call('PUT', '/k/v1/app/acl.json', { app: x, rights }));
    // Y's record first, so that the store meets Y's records before X's.
    const inY = await recordWithFile(call, y);
    const inX = await recordWithFile(call, x);
    await first.close();
    // Older data let Y's record name X's key.
    const yRecords = `records:${y}`;
    forgetOwners(data, ([table, key, value]) =>
      table === yRecords && value
        ? [table, key, JSON.parse(JSON.stringify(value).replaceAll(inY.key, inX.key))]
        : [table, key, value],
    );

    const second = await start(data);
    try {
      // X's reader downloads; Y's reader, who cannot read X, is refused (the owner is X).
      expect(await download(second.url, inX.key, ALICE)).toEqual([200]);
      expect(await download(second.url, inX.key, BOB)).toEqual(forbidden);
      expect(await download(second.url, inY.key, ADMIN)).toEqual([404, 'GAIA_BL01']);
      // Y's record still names the key, but cannot send it back.
      const update = await caller(second)('PUT', '/k/v1/record.json', {
        app: y,
        id: inY.id,
        record: fileRecord(inX.key),
      });
      expect([update.status, update.body.code]).toEqual([404, 'GAIA_BL01']);
    } finally {
      await second.close();
    }
    const owners = storedEntries<{ owner: unknown }>(data, 'files');
    expect(owners.get(inX.key)?.owner).toEqual({ kind: 'record', app: x });
    expect(owners.has(inY.key)).toBe(false);
    const { kept, derived } = keptAndDerivedIndex(data);
    expect(kept).toEqual(derived);
    expect(kept.holders.get(inX.key)).toEqual({ app: x, first: inX.id, last: inX.id });
  });
});
