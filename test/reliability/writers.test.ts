import { afterEach, describe, expect, it } from 'vitest';
import { allRecords, call, startDataEmulator, stop, tempDir, textApp } from './emulator-process.js';

/**
 * 50 writers at once against an emulator with --data: ids are never lost or given twice, the
 * revisions a record's writers are answered rise strictly, and every write answered 2xx is there
 * after a restart (docs/local-service.md: each write is fsynced before it is answered).
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const WRITERS = 50;
const ROUNDS = 4;

describe('parallel record writers', () => {
  it('50 writers: no lost or duplicated ids, revisions rising, all acknowledged writes after a restart', async () => {
    const dir = tempDir('appdeploy-writers-');
    cleanups.push(() => dir.remove());
    let emu = await startDataEmulator(dir.path);
    cleanups.push(() => stop(emu));
    const app = await textApp(emu.url);
    const shared = (await call(emu.url, 'POST', '/k/v1/record.json', { app, record: { t: { value: 's' } } }))
      .body.id as string;

    const acked = new Map<string, { t: string; revision: number }>();
    const sharedRevisions: number[] = [];
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        for (let round = 0; round < ROUNDS; round++) {
          const value = `w${w}r${round}`;
          const added = await call(emu.url, 'POST', '/k/v1/record.json', { app, record: { t: { value } } });
          expect(added.status, JSON.stringify(added.body)).toBe(200);
          const id = added.body.id as string;
          expect(acked.has(id), `id ${id} given twice`).toBe(false);
          expect(added.body.revision).toBe('1');
          acked.set(id, { t: value, revision: 1 });
          // An update with the revision just read must succeed: nobody else writes this record.
          const updated = await call(emu.url, 'PUT', '/k/v1/record.json', {
            app,
            id,
            revision: 1,
            record: { t: { value: `${value}u` } },
          });
          expect(updated.status, JSON.stringify(updated.body)).toBe(200);
          expect(Number(updated.body.revision)).toBe(2);
          acked.set(id, { t: `${value}u`, revision: 2 });
          // Everyone also writes one shared record without a revision check: none may be lost.
          const bumped = await call(emu.url, 'PUT', '/k/v1/record.json', {
            app,
            id: shared,
            record: { t: { value } },
          });
          expect(bumped.status, JSON.stringify(bumped.body)).toBe(200);
          sharedRevisions.push(Number(bumped.body.revision));
        }
      }),
    );
    expect(acked.size).toBe(WRITERS * ROUNDS);
    // Each shared write got its own revision, and they are exactly 2..N+1: no write was lost.
    expect([...sharedRevisions].sort((a, b) => a - b)).toEqual(
      Array.from({ length: WRITERS * ROUNDS }, (_, i) => i + 2),
    );

    // kill -9: nothing gets a chance to flush; what was answered must already be on disk.
    await stop(emu, 'SIGKILL');
    emu = await startDataEmulator(dir.path);
    const records = await allRecords(emu.url, app);
    expect(records.size).toBe(WRITERS * ROUNDS + 1);
    for (const [id, want] of acked)
      expect(records.get(id), id).toEqual({ t: want.t, revision: String(want.revision) });
    expect(records.get(shared)!.revision).toBe(String(WRITERS * ROUNDS + 1));
    // Ids are 1..N: none skipped, none repeated.
    expect([...records.keys()].map(Number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: WRITERS * ROUNDS + 1 }, (_, i) => i + 1),
    );
  }, 60_000);
});
