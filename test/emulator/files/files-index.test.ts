import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/emulator/index.js';
import { downloadFile } from './file-upload.js';
import { appWithFile, caller, fileRecord, must, recordWithFile } from '../own-emulator.js';
import { keptAndDerivedIndex, storedDocs } from '../service/stored-docs.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const start = (data: string) => startEmulator({ port: 0, deployMs: 20, data });
const journalSize = (data: string) => statSync(join(data, 'journal.jsonl')).size;

/** A data directory holding an app whose records hold two files, one of them shared by three records. */
async function populated(): Promise<{
  data: string;
  app: string;
  shared: string;
  ids: string[];
  own: string;
}> {
  dirs.push(mkdtempSync(join(tmpdir(), 'appdeploy-file-index-')));
  const data = dirs.at(-1)!;
  const emu = await start(data);
  try {
    const call = caller(emu);
    const app = await appWithFile(call, 'Files');
    const first = await recordWithFile(call, app);
    const more = await must(
      call('POST', '/k/v1/records.json', { app, records: [1, 2].map(() => fileRecord(first.key)) }),
    );
    const own = await recordWithFile(call, app);
    return { data, app, shared: first.key, ids: [first.id, ...more.ids], own: own.key };
  } finally {
    await emu.close();
  }
}

async function download(data: string, fileKey: string): Promise<unknown[]> {
  const emu = await start(data);
  try {
    const res = await downloadFile(emu.url, fileKey);
    return res.code === undefined ? [res.status] : [res.status, res.code];
  } finally {
    await emu.close();
  }
}

describe('the record file index across restarts', () => {
  it('is kept, not derived again: a restart writes nothing and the index equals the derived one', async () => {
    const { data, shared, own } = await populated();
    const size = journalSize(data);
    expect(await download(data, shared)).toEqual([200]);
    expect(await download(data, own)).toEqual([200]);
    expect(journalSize(data)).toBe(size);
    const { kept, derived } = keptAndDerivedIndex(data);
    expect(kept).toEqual(derived);
    expect(kept.holders.size).toBe(2);
  });

  it('of a store at the current format is trusted as kept: a holder that is no record fails as a bug', async () => {
    const { data, app, shared, ids } = await populated();
    // Damage the index as an upkeep mistake would: a holder before the first, which no record is.
    const link = (id: string) => `${shared}\u0000${id}`;
    const damage = [
      ['recordFiles', shared, { app, first: '999', last: ids.at(-1) }],
      ['recordFileLinks', link('999'), { prev: null, next: ids[0] }],
      ['recordFileLinks', link(ids[0]!), { prev: '999', next: ids[1] }],
    ];
    appendFileSync(join(data, 'journal.jsonl'), `${JSON.stringify(damage)}\n`);
    // Not repaired on start (the derivation ran once, for the store's first start), and not skipped
    // over either: the download is refused as an internal error, which the emulator reports as a bug.
    expect(await download(data, shared)).toEqual([500, 'CB_IL01']);
    const { kept, derived } = keptAndDerivedIndex(data);
    expect(kept).not.toEqual(derived);
  });

  it('in its first form (one document listing every holder) is derived once more, in linked form', async () => {
    const { data, app, shared, ids, own } = await populated();
    const first = new Map([
      [shared, { app, records: [...ids].reverse() }],
      [own, { app, records: [String(ids.length + 1)] }],
    ]);
    const journal = join(data, 'journal.jsonl');
    const lines = readFileSync(journal, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    const older = lines.map((line) =>
      (JSON.parse(line) as [string, string, unknown][])
        .filter(([table]) => table !== 'meta' && table !== 'recordFileLinks')
        .map(([table, key, value]) => [
          table,
          key,
          table === 'recordFiles' && value ? first.get(key) : value,
        ]),
    );
    writeFileSync(journal, older.map((changes) => `${JSON.stringify(changes)}\n`).join(''));
    expect(storedDocs(data, 'recordFiles')).toEqual([...first.values()]);

    expect(await download(data, shared)).toEqual([200]);
    const { kept, derived } = keptAndDerivedIndex(data);
    expect(kept).toEqual(derived);
    expect(kept.holders.get(shared)).toEqual({ app, first: ids[0], last: ids.at(-1) });
    expect(storedDocs(data, 'meta')).toEqual([{ version: 1 }]);
    const size = journalSize(data);
    expect(await download(data, own)).toEqual([200]);
    expect(journalSize(data)).toBe(size);
  });
});
