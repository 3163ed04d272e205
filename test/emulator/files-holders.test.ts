import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from './harness.js';
import { downloadFile, uploadKey, type DownloadAuth } from './file-upload.js';
import { ALICE, BOB, REVIEW_PROCESS, USERS, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator({ users: USERS });
const ADMIN = { login: 'admin', password: 'admin' };

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

describe('the records that hold a file', () => {
  let app: string;
  beforeEach(async () => {
    app = await appWithFields(emu, { title: { type: 'SINGLE_LINE_TEXT' }, attachment: { type: 'FILE' } });
  });

  it('follow adds, updates and deletes: the file downloads while any record of its app holds it', async () => {
    const first = await recordWithFile(app);
    const second = await ok(
      emu.call('POST', '/k/v1/record.json', {
        app,
        record: rec({ attachment: [{ fileKey: first.fileKey }] }),
      }),
    );
    await ok(emu.call('DELETE', '/k/v1/records.json', { app, ids: [first.id] }));
    expect(await download(first.fileKey)).toEqual([200]);
    await ok(emu.call('PUT', '/k/v1/record.json', { app, id: second.id, record: rec({ attachment: [] }) }));
    expect(await download(first.fileKey)).toEqual([404, 'GAIA_BL01']);
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
  });

  it('lose the file when its field leaves the form at deploy', async () => {
    const { fileKey } = await recordWithFile(app);
    await ok(emu.call('DELETE', '/k/v1/preview/app/form/fields.json', { app, fields: ['attachment'] }));
    expect(await download(fileKey)).toEqual([200]);
    expect(await emu.deploy([app])).toEqual({ [app]: 'SUCCESS' });
    expect(await download(fileKey)).toEqual([404, 'GAIA_BL01']);
  });
});
