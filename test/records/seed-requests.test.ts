/**
 * The requests a seed sends, counted through the client's logger against the local service: the
 * read by `$id` slices (read-all.ts: the newest page with how many there are, then the rest
 * together), and the writes' bulk requests in flight together up to the client's concurrency
 * (issue 37's benchmark, bench/seed.bench.mjs, measures the time; this pins the pattern).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient, type RecordForWrite } from '../../src/client/index.js';
import { applySeed, planFromService, readAllRecords } from '../../src/records/index.js';
import { ADMIN } from '../support/users.js';
import {
  addRecords,
  countingClient as countingAt,
  deployedApp,
  table,
  text,
  useRecordsService,
} from './harness.js';

const service = useRecordsService();

/** A client whose requests are counted by method and path, with the most ever in flight at once. */
const countingClient = (concurrency?: number) => countingAt(service, concurrency);

const codes = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `K${String(from + i).padStart(5, '0')}`);
const seedRecords = (keys: string[]) =>
  keys.map((key) => ({ code: { value: key }, name: { value: `N ${key}` } }));
const written = (keys: string[]): RecordForWrite[] => seedRecords(keys);

describe('readAllRecords', () => {
  it.each([
    // deleteEvery: every how manyth record is deleted after the adds (holes in the ids).
    { name: 'no records', records: 0, deleteEvery: 0, calls: 1 },
    { name: '500 records: the newest page alone', records: 500, deleteEvery: 0, calls: 1 },
    { name: '501 records: one slice more', records: 501, deleteEvery: 0, calls: 2 },
    // 2,228 left: the newest 500, then slices sized by the mean density (one takes a second page).
    { name: '2,600 records, every 7th deleted', records: 2600, deleteEvery: 7, calls: 6 },
  ])('$name: each record once, oldest first, in $calls calls', async (c) => {
    const app = await deployedApp(service.client, { code: text('code'), name: text('name') });
    const ids = await addRecords(service.client, app, written(codes(c.records)));
    const gone = c.deleteEvery ? ids.filter((_, i) => i % c.deleteEvery === 0) : [];
    if (gone.length > 0) await service.client.records.deleteAll(app, gone);
    const { client, counts } = countingClient();
    const read = await readAllRecords(client, { app, fields: ['code'] });
    await client.close();
    const kept = ids.filter((id) => !gone.includes(id));
    expect(read.map((r) => r.$id!.value)).toEqual(kept);
    expect(Object.keys(read[0] ?? { $id: 1, code: 1 }).sort()).toEqual(['$id', 'code']);
    expect([...counts]).toEqual([[`GET /k/v1/records.json`, c.calls]]);
  });
});

/** An app keyed by a unique `code`, and a seed of `count` records into it. */
async function codeApp(count: number) {
  const app = await deployedApp(service.client, {
    code: text('code', { unique: true }),
    name: text('name'),
  });
  return { app, target: { app, key: 'code', records: seedRecords(codes(count)), clean: false } };
}

/** Bulk requests answer 500 (not retried: their fate unknown to the client). */
async function failBulkRequests(when: { skip?: number; times: number }): Promise<void> {
  await service.control('POST', '/_emulator/faults', {
    method: 'POST',
    path: '^/k/v1/bulkRequest\\.json',
    status: 500,
    ...when,
  });
}

/** The app holds `count` records, each code once. */
async function expectEachOnce(app: string, count: number): Promise<void> {
  const read = await readAllRecords(service.client, { app, fields: ['code'] });
  expect(new Set(read.map((r) => r.code!.value)).size).toBe(count);
  expect(read).toHaveLength(count);
}

describe('seed requests', () => {
  it('5,000 records into an empty app: one read, then the three bulk requests in flight together; again: a read alone', async () => {
    const { target } = await codeApp(5000);
    const first = countingClient();
    const result = await applySeed(first.client, target, await planFromService(first.client, target));
    await first.client.close();
    expect(result).toEqual({ added: 5000, changed: 0, deleted: 0, replans: 0 });
    expect([...first.counts]).toEqual([
      ['GET /k/v1/records.json', 1],
      ['POST /k/v1/bulkRequest.json', 3],
    ]);
    expect(first.most()).toBe(3);
    const again = countingClient();
    const plan = await planFromService(again.client, target);
    await again.client.close();
    expect({ adds: plan.adds.length, changes: plan.changes.length, unchanged: plan.unchanged }).toEqual({
      adds: 0,
      changes: 0,
      unchanged: 5000,
    });
    // The newest 500 with the count, then 4,500 in nine slices of 500 ids.
    expect([...again.counts]).toEqual([['GET /k/v1/records.json', 10]]);
  });

  it('adds, changes and deletes go out together, at most the client concurrency at once', async () => {
    const app = await deployedApp(service.client, {
      code: text('code', { unique: true }),
      name: text('name'),
    });
    await addRecords(service.client, app, written(codes(6000)));
    // Of 6,000: 2,000 kept as they are, 2,000 changed, 2,000 deleted (--clean); 2,000 added: one bulk request each.
    const records = [
      ...seedRecords(codes(2000)),
      ...codes(2000, 2000).map((key) => ({ code: { value: key }, name: { value: 'changed' } })),
      ...seedRecords(codes(2000, 6000)),
    ];
    const target = { app, key: 'code', records, clean: true };
    const seeding = countingClient(2);
    const plan = await planFromService(seeding.client, target);
    const before = seeding.counts.get('POST /k/v1/bulkRequest.json') ?? 0;
    const result = await applySeed(seeding.client, target, plan);
    await seeding.client.close();
    expect(before).toBe(0);
    expect(result).toEqual({ added: 2000, changed: 2000, deleted: 2000, replans: 0 });
    expect(seeding.counts.get('POST /k/v1/bulkRequest.json')).toBe(3);
    expect(seeding.most()).toBe(2);
    const after = await planFromService(service.client, target);
    expect(after.adds.length + after.changes.length + after.deletes.length).toBe(0);
  });

  it('a bulk request of several in flight failing (no answer): the others land; the same run reads again and writes just the rest', async () => {
    const { app, target } = await codeApp(5000);
    // Whichever of the three bulk requests arrives first fails (bulk requests are not retried
    // after a 500): its fate unknown to the client, the seed reads by key and plans again.
    await failBulkRequests({ times: 1 });
    const result = await applySeed(service.client, target, await planFromService(service.client, target));
    expect(result).toEqual({ added: 5000, changed: 0, deleted: 0, replans: 1 });
    await expectEachOnce(app, 5000);
  });

  it('bulk requests failing run after run: stops after 3 re-plans; the next seed writes just the rest', async () => {
    const { app, target } = await codeApp(5000);
    // The first bulk request lands; every later one fails, on the first run and its 3 re-plans.
    await failBulkRequests({ skip: 1, times: 100 });
    const error = await applySeed(
      service.client,
      target,
      await planFromService(service.client, target),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SEED.STOPPED' });
    await service.control('DELETE', '/_emulator/faults');
    const rest = await planFromService(service.client, target);
    expect(rest.adds.length + rest.unchanged).toBe(5000);
    // The one that landed held 2,000 records (the first two) or 1,000 (the last).
    expect([3000, 4000]).toContain(rest.adds.length);
    expect(await applySeed(service.client, target, rest)).toMatchObject({
      added: rest.adds.length,
      replans: 0,
    });
    await expectEachOnce(app, 5000);
  });

  it("no answer, and the read after it failing too: stops with the write's error, naming what to do", async () => {
    const { app, target } = await codeApp(300);
    const plan = await planFromService(service.client, target);
    // Retries off, so that the lost connections are the client's answer at once.
    const client = createClient({ baseUrl: service.url, auth: ADMIN, retry: { retries: 0 } });
    await service.control('POST', '/_emulator/faults', { path: '^/k/v1/', drop: true });
    const error = await applySeed(client, target, plan).catch((e: unknown) => e);
    await service.control('DELETE', '/_emulator/faults');
    await client.close();
    expect(error).toMatchObject({ code: 'SEED.STOPPED' });
    expect((error as Error).message).toContain(`seed of app ${app} stopped: addAll`);
    expect((error as { hint?: string }).hint).toContain('Run seed again once the service answers');
    expect((await planFromService(service.client, target)).adds).toHaveLength(300);
  });
});

describe('seed compares attachments by content', () => {
  it('downloads each attachment alike by name and size, none of records without one, at most the client concurrency at once', async () => {
    const app = await deployedApp(service.client, {
      code: text('code', { unique: true }),
      name: text('name'),
      doc: { type: 'FILE', code: 'doc', label: 'doc' },
      rows: table('rows', { cell: text('cell'), scan: { type: 'FILE', code: 'scan', label: 'scan' } }),
    });
    const folder = await mkdtemp(join(tmpdir(), 'appdeploy-seed-files-'));
    try {
      const file = async (name: string, content: string) => {
        await writeFile(join(folder, name), content);
        return { path: join(folder, name), name, size: Buffer.byteLength(content) };
      };
      const [a, b, c] = [
        await file('a.txt', 'alpha'),
        await file('b.txt', 'bravo'),
        await file('c.txt', 'charlie'),
      ];
      // 300 records: 40 with one file, 20 with two and a table row holding a third; 240 with none.
      const records = codes(300).map((key, i) => ({
        code: { value: key },
        name: { value: `N ${key}` },
        ...(i < 40 ? { doc: { value: [a] } } : {}),
        ...(i >= 40 && i < 60
          ? {
              doc: { value: [a, b] },
              rows: { value: [{ value: { cell: { value: 'x' }, scan: { value: [c] } } }] },
            }
          : {}),
      }));
      const target = { app, key: 'code', records, clean: false };
      await applySeed(service.client, target, await planFromService(service.client, target));

      const again = countingClient(3);
      const plan = await planFromService(again.client, target);
      await again.client.close();
      expect(plan.unchanged).toBe(300);
      // 40 + 20 x 3 attachments, each downloaded once; records without one cost nothing more.
      expect([...again.counts]).toEqual([
        ['GET /k/v1/records.json', 1],
        ['GET /k/v1/file.json', 100],
      ]);
      expect(again.most()).toBeLessThanOrEqual(3);

      // b of the same size, other content: the 20 records naming it change (their doc alone).
      await writeFile(b.path, 'BRAVO');
      const changed = await planFromService(service.client, target);
      expect(changed.changes.map((ch) => [ch.key, ch.changes.map((f) => f.code)])).toEqual(
        codes(20, 40).map((key) => [key, ['doc']]),
      );
      await applySeed(service.client, target, changed);
      // A file of another size differs by its size alone: nothing downloaded for it.
      await writeFile(c.path, 'charlie!');
      c.size = 8; // as the seed's load stats it
      const bySize = countingClient();
      const plan2 = await planFromService(bySize.client, target);
      await bySize.client.close();
      expect(plan2.changes.map((ch) => ch.changes.map((f) => f.code))).toEqual(codes(20).map(() => ['rows']));
      expect(bySize.counts.get('GET /k/v1/file.json')).toBe(80);
      await applySeed(service.client, target, plan2);
      const settled = await planFromService(service.client, target);
      expect(settled.changes).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('seed refused', () => {
  it('a refusal no re-plan settles (a token that may view and edit, not add): stops at once, naming the refusal and what to fix', async () => {
    const { app, target } = await codeApp(2500);
    const { token } = (await service.control('POST', '/_emulator/tokens', {
      app,
      permissions: { view: true, edit: true },
    })) as { token: string };
    const seeding = createClient({ baseUrl: service.url, auth: { apiToken: token } });
    let bulkRequests = 0;
    const counting = createClient({
      baseUrl: service.url,
      auth: { apiToken: token },
      logger: (event) => {
        if (event.type === 'request' && event.path === '/k/v1/bulkRequest.json') bulkRequests++;
      },
    });
    const error = await applySeed(counting, target, await planFromService(seeding, target)).catch(
      (e: unknown) => e,
    );
    await Promise.all([seeding.close(), counting.close()]);
    expect(error).toMatchObject({ code: 'SEED.REFUSED' });
    // 403 GAIA_NO01 (platform-facts: a token without the right): refused again however often it is planned.
    expect((error as Error).message).toMatch(
      new RegExp(
        `^seed of app ${app}: the service refused a bulk request: .+ \\(GAIA_NO01, HTTP 403\\); ` +
          'of its 2,500 records to add, 0 written before the refusal, the rest not$',
      ),
    );
    expect((error as { hint?: string }).hint).toBe(
      "Give the user or API token seed runs as the right to add, edit and delete records in the app (the app's permissions, or the token's), then seed again: it writes only what is left.",
    );
    // The two bulk requests in flight together, no re-plan after them.
    expect(bulkRequests).toBe(2);
    expect((await planFromService(service.client, target)).adds).toHaveLength(2500);
  });

  it('a value the service refuses (a number field given text): refused at once, the hint pointing at validate', async () => {
    const app = await deployedApp(service.client, {
      code: text('code', { unique: true }),
      amount: { type: 'NUMBER', code: 'amount', label: 'amount' },
    });
    const records = [
      ...codes(150).map((key) => ({ code: { value: key }, amount: { value: '1' } })),
      { code: { value: 'K99999' }, amount: { value: 'twelve' } },
    ];
    const target = { app, key: 'code', records, clean: false };
    const error = await applySeed(
      service.client,
      target,
      await planFromService(service.client, target),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SEED.REFUSED' });
    // The service's own words for each value it refused, by the record's key (not only "Missing
    // or invalid input."): the record is the 51st of the second call, `records[50]` in its errors.
    expect((error as Error).message.replace(`app ${app}`, 'app APP')).toMatchInlineSnapshot(`
      "seed of app APP: the service refused a bulk request: Missing or invalid input. (CB_VA01, HTTP 400); of its 151 records to add, 100 written before the refusal, the rest not:
        code K99999: amount.value: Only numbers are allowed.
        code K99999: amount.value: Required."
    `);
    expect((error as { hint?: string }).hint).toContain('`npx appdeploy validate` checks the record file');
  });
});
