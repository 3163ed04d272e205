import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { FILE_FIELDS, downloadFile, uploadKey, type DownloadAuth } from './file-upload.js';
import { ALICE, BOB, REVIEW_PROCESS, USERS, appWithFields, ok, rec } from '../records/records-helpers.js';
import { keptAndDerivedIndex } from '../service/stored-docs.js';
import { ADMIN } from '../../support/users.js';

// On disk, so that each test can compare the index the writes kept with the one the records imply.
const data = mkdtempSync(join(tmpdir(), 'appdeploy-file-holders-'));
afterAll(() => rmSync(data, { recursive: true, force: true }));
const emu = useEmulator({ users: USERS, data });
// Whatever a test did, the index it left equals the one derived from its records.
afterEach(() => {
  const { kept, derived } = keptAndDerivedIndex(data);
  expect(kept).toEqual(derived);
});

async function download(fileKey: string, who: DownloadAuth = ADMIN): Promise<[number, string?]> {
  const res = await downloadFile(emu.url, fileKey, who);
  return res.code === undefined ? [res.status] : [res.status, res.code];
}

/** The status (and code when refused) of reading record `id` as `who`, next to downloading `fileKey`. */
async function readAndDownload(app: string, id: string, fileKey: string, who: DownloadAuth) {
  const auth = 'token' in who ? { token: who.token, user: null } : { user: who };
  const read = await emu.call('GET', '/k/v1/record.json', { app, id }, auth);
  return {
    read: read.status === 200 ? [200] : [read.status, read.body.code as string],
    download: await download(fileKey, who),
  };
}

/** Adds a record holding a new upload in `attachment`; returns its id and the attachment key. */
async function recordWithFile(app: string, extra: Record<string, unknown> = {}) {
  const upload = await uploadKey(emu.call, Buffer.from('report'), 'report.pdf', 'application/pdf');
  const record = rec({ attachment: [{ fileKey: upload }], ...extra });
  const { id } = await ok(emu.call('POST', '/k/v1/record.json', { app, record }));
  const read = (await ok(emu.call('GET', '/k/v1/record.json', { app, id }))).record;
  return { id: id as string, fileKey: read.attachment.value[0].fileKey as string };
}

describe('downloading a record file under record ACL rules on Status', () => {
  it('answers as reading the record does, for a record stored before the process was enabled', async () => {
    const app = await appWithFields(emu, { amount: { type: 'NUMBER' }, attachment: { type: 'FILE' } });
    const { id, fileKey } = await recordWithFile(app, { amount: 5 });
    // The record has no stored Status: reads show the first status, Open, and so must downloads.
    await ok(emu.call('PUT', '/k/v1/preview/app/status.json', { app, ...REVIEW_PROCESS }));
    expect(await emu.deploy([app])).toEqual({ [app]: 'SUCCESS' });
    const rule = (filterCond: string, code: string) => ({
      filterCond,
      entities: [{ entity: { type: 'USER', code }, viewable: true, editable: true, deletable: false }],
    });
    const rights = [rule('Status in ("Open")', 'alice'), rule('Status in ("Review")', 'bob')];
    await ok(emu.call('PUT', '/k/v1/record/acl.json', { app, rights }));
    const allowed = { read: [200], download: [200] };
    const refused = { read: [403, 'CB_NO02'], download: [403, 'CB_NO02'] };
    expect(await readAndDownload(app, id, fileKey, ALICE)).toEqual(allowed);
    expect(await readAndDownload(app, id, fileKey, BOB)).toEqual(refused);
    await ok(emu.call('PUT', '/k/v1/record/status.json', { app, id, action: 'Submit', assignee: 'bob' }));
    expect(await readAndDownload(app, id, fileKey, ALICE)).toEqual(refused);
    expect(await readAndDownload(app, id, fileKey, BOB)).toEqual(allowed);
  });
});

/** The ids the index lists for the key, first to last. */
function holdersOf(fileKey: string): string[] {
  const { kept } = keptAndDerivedIndex(data);
  const ids: string[] = [];
  for (
    let id = kept.holders.get(fileKey)?.first ?? null;
    id !== null;
    id = kept.links.get(`${fileKey}\0${id}`)!.next
  )
    ids.push(id);
  return ids;
}

describe('the records that hold a file', () => {
  let app: string;
  beforeEach(async () => {
    app = await appWithFields(emu, FILE_FIELDS);
  });

  it('follow adds, updates and deletes: the file downloads while any record of its app holds it', async () => {
    const first = await recordWithFile(app);
    const second = await ok(
      emu.call('POST', '/k/v1/record.json', {
        app,
        record: rec({ attachment: [{ fileKey: first.fileKey }] }),
      }),
    );
    expect(holdersOf(first.fileKey)).toEqual([first.id, second.id]);
    await ok(emu.call('DELETE', '/k/v1/records.json', { app, ids: [first.id] }));
    expect(await download(first.fileKey)).toEqual([200]);
    expect(holdersOf(first.fileKey)).toEqual([second.id]);
    await ok(emu.call('PUT', '/k/v1/record.json', { app, id: second.id, record: rec({ attachment: [] }) }));
    expect(await download(first.fileKey)).toEqual([404, 'GAIA_BL01']);
    expect(holdersOf(first.fileKey)).toEqual([]);
  });

  it('are listed in id order, whichever record came to hold the key last', async () => {
    const { id, fileKey } = await recordWithFile(app);
    const held = rec({ attachment: [{ fileKey }] });
    const ids = [
      id,
      ...(await ok(emu.call('POST', '/k/v1/records.json', { app, records: [held, held, held] }))).ids,
    ];
    expect(holdersOf(fileKey)).toEqual(ids);
    // The middle ones let go of the key and take it back, the later one first.
    const without = (i: number) => ({ id: ids[i], record: rec({ attachment: [] }) });
    await ok(emu.call('PUT', '/k/v1/records.json', { app, records: [without(1), without(2)] }));
    expect(holdersOf(fileKey)).toEqual([ids[0], ids[3]]);
    for (const i of [2, 1]) await ok(emu.call('PUT', '/k/v1/record.json', { app, id: ids[i], record: held }));
    expect(holdersOf(fileKey)).toEqual(ids);
    await ok(emu.call('DELETE', '/k/v1/records.json', { app, ids: [ids[0], ids[3]] }));
    expect(holdersOf(fileKey)).toEqual([ids[1], ids[2]]);
    expect(await download(fileKey)).toEqual([200]);
  });

  it('are kept by a write that fails: a batch undone after removing the file from a record', async () => {
    const { id, fileKey } = await recordWithFile(app);
    const batch = await emu.call('PUT', '/k/v1/records.json', {
      app,
      records: [
        { id, record: rec({ attachment: [] }) },
        { id: 999, record: rec({ title: 'missing' }) },
      ],
    });
    expect([batch.status, batch.body.code]).toEqual([404, 'GAIA_RE01']);
    const refusedDelete = await emu.call('DELETE', '/k/v1/records.json', { app, ids: [id, 999] });
    expect(refusedDelete.status).toBe(404);
    expect(await download(fileKey)).toEqual([200]);
    expect(holdersOf(fileKey)).toEqual([id]);
  });

  it('lose the file when its field leaves the form at deploy', async () => {
    const { fileKey } = await recordWithFile(app);
    await ok(emu.call('DELETE', '/k/v1/preview/app/form/fields.json', { app, fields: ['attachment'] }));
    expect(await download(fileKey)).toEqual([200]);
    expect(await emu.deploy([app])).toEqual({ [app]: 'SUCCESS' });
    expect(await download(fileKey)).toEqual([404, 'GAIA_BL01']);
    expect(holdersOf(fileKey)).toEqual([]);
  });

  it('lose the file when its table column leaves the form at deploy', async () => {
    const upload = await uploadKey(emu.call, Buffer.from('scan'), 'scan.png', 'image/png');
    const record = rec({ items: [{ value: { scan: { value: [{ fileKey: upload }] } } }] });
    const { id } = await ok(emu.call('POST', '/k/v1/record.json', { app, record }));
    const read = (await ok(emu.call('GET', '/k/v1/record.json', { app, id }))).record;
    const cellKey = read.items.value[0].value.scan.value[0].fileKey as string;
    expect(holdersOf(cellKey)).toEqual([id]);
    await ok(emu.call('DELETE', '/k/v1/preview/app/form/fields.json', { app, fields: ['scan'] }));
    expect(await emu.deploy([app])).toEqual({ [app]: 'SUCCESS' });
    expect(await download(cellKey)).toEqual([404, 'GAIA_BL01']);
    expect(holdersOf(cellKey)).toEqual([]);
  });
});
