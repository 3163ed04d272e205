/**
 * backupFieldValues then restoreFieldValues against the local service: the values of fields about
 * to be deleted (a top-level text, a file field, a table's column) are written to the backup and
 * the files downloaded beside it; the fields are deleted and deployed (values gone), added again,
 * and restore brings every value back, files uploaded again, except a record edited since (not
 * overwritten) and a record deleted since (reported). A restore stopped half-way resumes.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient, type Client, type FileAttachment, type SubtableRow } from '../../src/client/index.js';
import {
  backupFieldValues,
  catchUpBackup,
  progressFileOf,
  restoreFieldValues,
  type BackupField,
  type BackupLine,
} from '../../src/records/index.js';
import {
  addRecords,
  deploy,
  deployedApp,
  otherClient,
  recordsById,
  removeAndAddAgain,
  table,
  text,
  useRecordsService,
} from './harness.js';

const service = useRecordsService();

const FIELDS = {
  title: text('title'),
  note: text('note'),
  contract: { type: 'FILE', code: 'contract', label: 'contract' },
  items: table('items', { item: text('item'), qty: text('qty') }),
};
const DESTROYED: BackupField[] = [
  { code: 'note', table: null, type: 'SINGLE_LINE_TEXT' },
  { code: 'contract', table: null, type: 'FILE' },
  { code: 'qty', table: 'items', type: 'SINGLE_LINE_TEXT' },
];

/** Deletes the backed-up fields (deployed: their values are gone), then adds them again. */
async function deleteAndAddAgain(client: Client, app: string) {
  const { properties } = await client.form.getFields({ app, copy: 'draft' });
  const items = properties.items as unknown as { fields: Record<string, unknown> };
  const { qty: _qty, ...otherCells } = items.fields;
  await client.form.deleteFields({ app, fields: ['note', 'contract'] });
  await client.form.updateFields({ app, properties: { items: { ...items, fields: otherCells } } as never });
  await deploy(client, app);
  const gone = await recordsById(client, app);
  expect([...gone.values()].every((r) => r.note === undefined)).toBe(true);
  await client.form.addFields({ app, properties: { note: FIELDS.note, contract: FIELDS.contract } as never });
  await client.form.updateFields({ app, properties: { items: { ...items } } as never });
  await deploy(client, app);
}

async function setUp(client: Client) {
  const app = await deployedApp(client, FIELDS);
  const { fileKey } = await client.files.upload(Buffer.from('signed contract bytes'), {
    name: 'contract.pdf',
    contentType: 'application/pdf',
  });
  const ids = await addRecords(client, app, [
    { title: { value: 'a' }, note: { value: 'note a' }, contract: { value: [{ fileKey }] } },
    {
      title: { value: 'b' },
      note: { value: 'note b' },
      items: {
        value: [
          { value: { item: { value: 'x' }, qty: { value: '1' } } },
          { value: { item: { value: 'y' }, qty: { value: '2' } } },
        ],
      },
    },
    { title: { value: 'c' }, note: { value: 'note c' } },
    { title: { value: 'd' }, note: { value: 'note d' } },
    { title: { value: 'e' } },
  ]);
  return { app, ids };
}

describe('backup and restore', () => {
  it('backs up the values and files, and restores them into the fields added again', async () => {
    const { client } = service;
    const { app, ids } = await setUp(client);
    const dir = join(await mkdtemp(join(tmpdir(), 'appdeploy-backup-')), '.appdeploy', 'backups', 'dev');
    const at = new Date('2026-01-02T03:04:05.678Z');
    const backup = await backupFieldValues(client, { app, appKey: 'orders', fields: DESTROYED, dir, at });
    expect(backup).toEqual({
      file: join(dir, '2026-01-02T03-04-05-678Z-orders.jsonl'),
      records: 4,
      values: 7,
      files: 1,
      // Where bringing it up to date starts (backup-catch-up.ts): every record read, at its revision.
      since: {
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) as unknown,
        updatedCode: 'Updated_datetime',
        lastId: ids.at(-1),
        revisions: new Map(ids.map((id) => [id, '1'])),
      },
    });
    const lines = (await readFile(backup.file, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as BackupLine);
    expect(lines.find((l) => l.field === 'note')).toEqual({
      app,
      id: ids[0],
      revision: '1',
      field: 'note',
      type: 'SINGLE_LINE_TEXT',
      value: 'note a',
    });
    const qty = lines.filter((l) => l.field === 'qty');
    expect(qty.map((l) => [l.id, l.table, l.value])).toEqual([
      [ids[1], 'items', '1'],
      [ids[1], 'items', '2'],
    ]);
    const file = (
      lines.find((l) => l.field === 'contract')!.value as (FileAttachment & { path: string })[]
    )[0]!;
    expect(file).toMatchObject({ name: 'contract.pdf', contentType: 'application/pdf' });
    expect(await readFile(join(dir, file.path), 'utf8')).toBe('signed contract bytes');
    // Nothing half-written is left beside it.
    expect((await readdir(dir)).sort()).toEqual([
      '2026-01-02T03-04-05-678Z-orders',
      '2026-01-02T03-04-05-678Z-orders.jsonl',
    ]);

    await deleteAndAddAgain(client, app);
    // Someone edits one record, and deletes another, after the backup.
    await client.records.updateRecord({ app, id: ids[2]!, record: { title: { value: 'c edited' } } });
    await client.records.deleteRecords({ app, ids: [ids[3]!] });

    const restored = await restoreFieldValues(client, { backupFile: backup.file });
    expect(restored).toEqual({
      app,
      records: 4,
      restored: 2,
      written: 2,
      editedSince: [ids[2]],
      deletedSince: [ids[3]],
    });
    const after = await recordsById(client, app);
    expect(after.get(ids[0]!)!.note!.value).toBe('note a');
    const contract = after.get(ids[0]!)!.contract!.value as FileAttachment[];
    expect(contract.map((f) => [f.name, f.contentType])).toEqual([['contract.pdf', 'application/pdf']]);
    const { data } = await client.files.download({ fileKey: contract[0]!.fileKey });
    expect(data.toString()).toBe('signed contract bytes');
    const rows = after.get(ids[1]!)!.items!.value as SubtableRow[];
    expect(rows.map((r) => [r.value.item!.value, r.value.qty!.value])).toEqual([
      ['x', '1'],
      ['y', '2'],
    ]);
    // Not overwritten: empty (the local service leaves a field added after a record out of it;
    // the platform gives it empty).
    expect(after.get(ids[2]!)!.note?.value ?? '').toBe('');
    expect(after.get(ids[4]!)!.title!.value).toBe('e');
    // A second run finds every value in place and writes nothing.
    const again = await restoreFieldValues(client, { backupFile: backup.file });
    expect(again).toMatchObject({ restored: 2, written: 0, editedSince: [ids[2]] });
    await expect(readFile(progressFileOf(backup.file))).rejects.toThrow();
  });

  it('takes a file of the backed-up name and size but other content, attached since, for an edit: compared by content', async () => {
    const { client } = service;
    const { app, ids } = await setUp(client);
    const dir = await mkdtemp(join(tmpdir(), 'appdeploy-backup-'));
    const backup = await backupFieldValues(client, { app, appKey: 'orders', fields: DESTROYED, dir });
    await deleteAndAddAgain(client, app);
    // Someone types the first record's note again and attaches another contract.pdf of the
    // backed-up one's size (21 bytes): by name and size, it holds every backed-up value.
    const other = Buffer.from('SIGNED CONTRACT BYTES');
    const { fileKey } = await client.files.upload(other, {
      name: 'contract.pdf',
      contentType: 'application/pdf',
    });
    await client.records.updateRecord({
      app,
      id: ids[0]!,
      record: { note: { value: 'note a' }, contract: { value: [{ fileKey }] } },
    });

    const restored = await restoreFieldValues(client, { backupFile: backup.file });
    // Not "restored" (holding its backed-up values): edited since, and left as it is.
    expect(restored).toEqual({
      app,
      records: 4,
      restored: 3,
      written: 3,
      editedSince: [ids[0]],
      deletedSince: [],
    });
    const [held] = (await recordsById(client, app)).get(ids[0]!)!.contract!.value as FileAttachment[];
    expect((await client.files.download({ fileKey: held!.fileKey })).data.toString()).toBe(other.toString());
  });

  it('counts the rows of a table removed whole, restored as new rows, as restored when run again', async () => {
    const { client } = service;
    const app = await deployedApp(client, {
      title: text('title'),
      items: table('items', { item: text('item') }),
    });
    const rows = (...items: string[]) => ({
      value: items.map((item) => ({ value: { item: { value: item } } })),
    });
    const ids = await addRecords(client, app, [
      { title: { value: 'a' }, items: rows('x', 'y') },
      { title: { value: 'b' }, items: rows('z') },
    ]);
    const dir = await mkdtemp(join(tmpdir(), 'appdeploy-backup-'));
    const fields: BackupField[] = [{ code: 'item', table: 'items', type: 'SINGLE_LINE_TEXT' }];
    const backup = await backupFieldValues(client, { app, appKey: 'orders', fields, dir });
    // The table deleted with its rows, then added again: no record has the rows' ids any more.
    await removeAndAddAgain(client, app, { items: table('items', { item: text('item') }) });
    const first = await restoreFieldValues(client, { backupFile: backup.file });
    expect(first).toEqual({ app, records: 2, restored: 2, written: 2, editedSince: [], deletedSince: [] });
    const items = async () => {
      const byId = await recordsById(client, app);
      return ids.map((id) =>
        (byId.get(id)!.items!.value as SubtableRow[]).map((row) => row.value.item!.value),
      );
    };
    expect(await items()).toEqual([['x', 'y'], ['z']]);
    // docs/migrations.md: "a record that already holds its backed-up values counts as restored
    // without being written again": the rows came back under new ids, holding the values.
    const again = await restoreFieldValues(client, { backupFile: backup.file });
    expect(again).toEqual({ app, records: 2, restored: 2, written: 0, editedSince: [], deletedSince: [] });
    expect(await items()).toEqual([['x', 'y'], ['z']]);
  });

  it('says a restore stopped by a failed write stopped, and that running it again resumes', async () => {
    const { client } = service;
    const { app, ids } = await setUp(client);
    const dir = await mkdtemp(join(tmpdir(), 'appdeploy-backup-'));
    const backup = await backupFieldValues(client, { app, appKey: 'orders', fields: DESTROYED, dir });
    await deleteAndAddAgain(client, app);
    // The bulk request answers 500 (a write is not retried: it may have been carried out).
    await service.control('POST', '/_emulator/faults', {
      method: 'POST',
      path: '^/k/v1/bulkRequest\\.json$',
      status: 500,
      times: 1,
    });
    const stopped = await restoreFieldValues(client, { backupFile: backup.file }).catch((e: unknown) => e);
    expect(stopped).toMatchObject({
      code: 'RESTORE.STOPPED',
      hint: 'Run the same restore again once the service answers: it resumes where it stopped, and a record already holding its backed-up values counts as restored without being written again.',
    });
    // What failed, in the service's words; not the client's advice to its caller (read back the
    // records and retry), which restore does itself when run again.
    expect((stopped as Error).message).toMatch(
      new RegExp(
        `^The restore into app ${app} stopped part way: a request failed \\(\\[500\\] .*\\)\\. What was written stays\\.$`,
      ),
    );
    const again = await restoreFieldValues(client, { backupFile: backup.file });
    expect(again).toMatchObject({ records: 4, restored: 4, editedSince: [], deletedSince: [] });
    expect((await recordsById(client, app)).get(ids[2]!)!.note!.value).toBe('note c');
  });

  // A refused record no longer holds back the others of its bulk request (isolate-refusals.ts):
  // before, one record the field did not take stopped the whole restore with none written.
  it('restores every record the field takes, then names each record refused and what to change', async () => {
    const { client } = service;
    const drop = (options: string[]) => ({
      type: 'DROP_DOWN',
      code: 'stage',
      label: 'stage',
      options: Object.fromEntries(options.map((o, i) => [o, { label: o, index: String(i) }])),
    });
    const app = await deployedApp(client, { title: text('title'), stage: drop(['Open', 'Won']) });
    const ids = await addRecords(client, app, [
      { title: { value: 'a' }, stage: { value: 'Won' } },
      { title: { value: 'b' }, stage: { value: 'Open' } },
      { title: { value: 'c' }, stage: { value: 'Won' } },
    ]);
    const dir = await mkdtemp(join(tmpdir(), 'appdeploy-backup-'));
    const fields: BackupField[] = [{ code: 'stage', table: null, type: 'DROP_DOWN' }];
    const backup = await backupFieldValues(client, { app, appKey: 'deals', fields, dir });
    // Added again without the option two records held.
    await removeAndAddAgain(client, app, { stage: drop(['Open']) });
    const error = await restoreFieldValues(client, { backupFile: backup.file }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'RESTORE.REFUSED',
      hint: 'Give stage the settings it had when the backup was taken (its options, length or value limits, unique) and apply, or bring back the user, organization or group the service names; then run the same restore again: it writes just these records.',
    });
    // Each refused record by its id (the service keys it by the record's place in its call).
    expect((error as Error).message).toBe(
      [
        `The service refused the backed-up values of 2 records of app ${app}, which were not restored; every other record was (1 of 3 hold their backed-up values, 1 written now):`,
        `  record ${ids[0]}: stage: "Won" is not an option. Options: "Open".`,
        `  record ${ids[2]}: stage: "Won" is not an option. Options: "Open".`,
        '',
      ].join('\n'),
    );
    const held = await recordsById(client, app);
    expect(ids.map((id) => held.get(id)!.stage?.value ?? null)).toEqual([null, 'Open', null]);
    // The option given back: the same restore writes just the two refused.
    await client.form.updateFields({ app, properties: { stage: drop(['Open', 'Won']) } as never });
    await deploy(client, app);
    expect(await restoreFieldValues(client, { backupFile: backup.file })).toMatchObject({
      restored: 3,
      written: 2,
    });
  });

  it('names the records and fields of a write refused for a right (403), and the right to give', async () => {
    const { client } = service;
    const { app, ids } = await setUp(client);
    const dir = await mkdtemp(join(tmpdir(), 'appdeploy-backup-'));
    const backup = await backupFieldValues(client, { app, appKey: 'orders', fields: DESTROYED, dir });
    await deleteAndAddAgain(client, app);
    // A token that may view the records and the app's settings, not edit records.
    const { token } = (await service.control('POST', '/_emulator/tokens', {
      app,
      permissions: { view: true, manage: true },
    })) as { token: string };
    const viewer = createClient({ baseUrl: service.url, auth: { apiToken: token } });
    const error = await restoreFieldValues(viewer, { backupFile: backup.file }).catch((e: unknown) => e);
    await viewer.close();
    expect(error).toMatchObject({
      code: 'RESTORE.REFUSED',
      hint: "Give the user or API token restore runs as the right to edit the app's records and these fields (the app's, the records' and the fields' permissions, or the token's); then run the same restore again: it resumes where it stopped.",
    });
    expect((error as Error).message.replace(/: [^:]+ \(GAIA/, ': <the service> (GAIA')).toBe(
      `The service refused the restore's write of note, contract, items.qty into app ${app} (records ${ids.slice(0, 4).join(', ')}): <the service> (GAIA_NO01, HTTP 403). ` +
        `Of that bulk request's 4 records, 0 written before the refusal, the rest not; what other bulk requests wrote stays.`,
    );
  });

  it('refuses to restore into an app that lacks a backed-up field, naming it', async () => {
    const { client } = service;
    const { app } = await setUp(client);
    const dir = await mkdtemp(join(tmpdir(), 'appdeploy-backup-'));
    const backup = await backupFieldValues(client, { app, appKey: 'orders', fields: DESTROYED, dir });
    await client.form.deleteFields({ app, fields: ['note'] });
    await deploy(client, app);
    await expect(restoreFieldValues(client, { backupFile: backup.file })).rejects.toMatchObject({
      code: 'RESTORE.FIELD_MISSING',
      message: `App ${app} has no field note to restore into.`,
    });
  });

  it('resumes a restore stopped half-way: the records it wrote are not taken for edited ones', async () => {
    const { client } = service;
    const app = await deployedApp(client, { title: text('title'), note: text('note') });
    await addRecords(
      client,
      app,
      Array.from({ length: 4500 }, (_, i) => ({ title: { value: `t${i}` }, note: { value: `n${i}` } })),
    );
    const dir = await mkdtemp(join(tmpdir(), 'appdeploy-backup-'));
    const fields: BackupField[] = [{ code: 'note', table: null, type: 'SINGLE_LINE_TEXT' }];
    const backup = await backupFieldValues(client, { app, appKey: 'big', fields, dir });
    expect(backup).toMatchObject({ records: 4500, values: 4500, files: 0 });
    await removeAndAddAgain(client, app, { note: text('note') });
    // One range at a time, stopped after the first: the rest is left for the second run.
    const stop = new AbortController();
    const oneAtATime = otherClient(service, 1);
    try {
      await expect(
        restoreFieldValues(
          oneAtATime,
          { backupFile: backup.file },
          { signal: stop.signal, onProgress: () => stop.abort() },
        ),
      ).rejects.toThrow();
    } finally {
      await oneAtATime.close();
    }
    const saved = JSON.parse(await readFile(progressFileOf(backup.file), 'utf8')) as { lastId: string };
    expect(Number(saved.lastId)).toBeGreaterThan(0);
    const resumed = await restoreFieldValues(client, { backupFile: backup.file });
    expect(resumed).toMatchObject({ records: 4500, restored: 4500, editedSince: [], deletedSince: [] });
    expect(resumed.written).toBeLessThan(4500);
    const after = await recordsById(client, app);
    expect([...after.values()].every((r) => r.note!.value === `n${Number(r.$id!.value) - 1}`)).toBe(true);
  });

  it('starts over from a progress file cut short (a crash mid-write): every value restored, none taken for edited', async () => {
    const { client } = service;
    const app = await deployedApp(client, { title: text('title'), note: text('note') });
    await addRecords(
      client,
      app,
      Array.from({ length: 600 }, (_, i) => ({ title: { value: `t${i}` }, note: { value: `n${i}` } })),
    );
    const dir = await mkdtemp(join(tmpdir(), 'appdeploy-backup-'));
    const fields: BackupField[] = [{ code: 'note', table: null, type: 'SINGLE_LINE_TEXT' }];
    const backup = await backupFieldValues(client, { app, appKey: 'cut', fields, dir });
    await removeAndAddAgain(client, app, { note: text('note') });
    await writeFile(progressFileOf(backup.file), '{"lastId":"3');
    const restored = await restoreFieldValues(client, { backupFile: backup.file });
    expect(restored).toMatchObject({
      records: 600,
      restored: 600,
      written: 600,
      editedSince: [],
      deletedSince: [],
    });
    await expect(readFile(progressFileOf(backup.file))).rejects.toThrow();
  });

  it("removes what the app's backups killed half-way left, and no other app's or running process's", async () => {
    const { client } = service;
    const { app } = await setUp(client);
    const dir = await mkdtemp(join(tmpdir(), 'appdeploy-backup-'));
    // A backup killed (kill -9) while it downloaded: its folder under its temporary name.
    const killed = ['2025-12-31T23-59-59-999Z-orders.partial', '2026-01-01T00-00-00-000Z-orders.partial'];
    const others = ['2025-12-31T23-59-59-999Z-big-orders.partial', '2025-12-31T23-59-59-999Z-orders'];
    for (const folder of [...killed, ...others]) {
      await mkdir(join(dir, folder));
      await writeFile(join(dir, folder, '1-contract-0-a.pdf'), 'half a file');
    }
    // And one killed while its lines were written (atomic-write.ts's temporary name, a pid no
    // longer running), beside one a running process writes and another app's.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const lines = `2025-12-31T23-59-59-999Z-orders.jsonl.${dead}.0123456789ab.tmp`;
    const writing = `2025-12-31T23-59-59-999Z-orders.jsonl.${process.pid}.0123456789ab.tmp`;
    const otherApp = `2025-12-31T23-59-59-999Z-big-orders.jsonl.${dead}.0123456789ab.tmp`;
    for (const name of [lines, writing, otherApp]) await writeFile(join(dir, name), '{"app":');
    others.push(writing, otherApp);
    // A finished backup's folder, where a catch-up killed mid-download left an attachment's
    // temporary file (atomicWriteStreamed's), beside one a running process writes.
    const finished = join(dir, '2025-12-31T23-59-59-999Z-orders');
    const caughtUp = `1-contract-r3-0-a.pdf.${dead}.0123456789ab.tmp`;
    const downloading = `1-contract-r4-0-a.pdf.${process.pid}.0123456789ab.tmp`;
    for (const name of [caughtUp, downloading]) await writeFile(join(finished, name), 'half a file');
    const at = new Date('2026-01-02T03:04:05.678Z');
    await backupFieldValues(client, { app, appKey: 'orders', fields: DESTROYED, dir, at });
    expect((await readdir(dir)).sort()).toEqual(
      [...others, '2026-01-02T03-04-05-678Z-orders', '2026-01-02T03-04-05-678Z-orders.jsonl'].sort(),
    );
    expect((await readdir(finished)).sort()).toEqual(['1-contract-0-a.pdf', downloading]);
  });

  it('leaves nothing behind when it fails (a file that cannot be downloaded)', async () => {
    const { client } = service;
    const { app } = await setUp(client);
    const dir = await mkdtemp(join(tmpdir(), 'appdeploy-backup-'));
    // The download answers 403 (not retried): the backup cannot be complete.
    await service.control('POST', '/_emulator/faults', {
      method: 'GET',
      path: '^/k/v1/file\\.json',
      status: 403,
    });
    await expect(
      backupFieldValues(client, { app, appKey: 'orders', fields: DESTROYED, dir }),
    ).rejects.toThrow();
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('a backup brought up to date (catchUpBackup)', () => {
  it('reads again the records changed or added since, each once at its revision; the others as they were', async () => {
    const { client } = service;
    const { app, ids } = await setUp(client);
    const dir = join(await mkdtemp(join(tmpdir(), 'appdeploy-backup-')), '.appdeploy', 'backups', 'dev');
    const request = { app, appKey: 'orders', fields: DESTROYED, dir };
    const backup = await backupFieldValues(client, request);
    const linesOf = async () =>
      (await readFile(backup.file, 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as BackupLine);
    const untouched = (await linesOf()).filter((l) => l.id === ids[0] || l.id === ids[3]);
    // Nobody edited: nothing read again, the backup as it was.
    expect(await catchUpBackup(client, request, backup)).toBe(backup);

    // A table cell edited, a value emptied, and a record added by an administrator who gives it
    // an update time older than the backup (the platform takes one on add: kintone.dev "Add
    // Records", Limitations): found by its id, not its time.
    const [, second, third] = ids as [string, string, string];
    const { record } = await client.records.getRecord({ app, id: second });
    const rows = record.items!.value as SubtableRow[];
    await client.records.updateRecord({
      app,
      id: second,
      record: {
        items: { value: rows.map((r, i) => ({ id: r.id, value: { qty: { value: i === 0 ? '10' : '2' } } })) },
      },
    });
    await client.records.updateRecord({ app, id: third, record: { note: { value: '' } } });
    const addedIds = await addRecords(client, app, [
      { note: { value: 'added since' }, Updated_datetime: { value: '2000-01-01T00:00:00Z' } },
    ]);
    const added = String(addedIds[0]);
    const stamped = await client.records.getRecord({ app, id: added });
    expect(stamped.record.Updated_datetime!.value).toBe('2000-01-01T00:00:00Z');
    const caught = await catchUpBackup(client, request, backup);
    const lines = await linesOf();
    expect(caught).toMatchObject({ file: backup.file, records: 4, values: 7, files: 1 });
    expect(lines.filter((l) => l.id === ids[0] || l.id === ids[3])).toEqual(untouched);
    expect(lines.filter((l) => l.id === second).map((l) => [l.row, l.value, l.revision])).toEqual([
      [undefined, 'note b', '2'],
      [rows[0]!.id, '10', '2'],
      [rows[1]!.id, '2', '2'],
    ]);
    expect(lines.filter((l) => l.id === third)).toEqual([]);
    expect(lines.filter((l) => l.id === added).map((l) => [l.field, l.value, l.revision])).toEqual([
      ['note', 'added since', '1'],
    ]);
    expect(caught.since.revisions.get(second)).toBe('2');
  });
});
