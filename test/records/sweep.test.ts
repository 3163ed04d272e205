/**
 * The sweep: `$id` ranges that cover every record (dense or sparse ids), a frontier that moves
 * only past ranges done in a row, and, against the local service, a record edited between its
 * read and its write refused for its revision (409 GAIA_CO02 inside the bulk request), read again
 * and written with the edit kept.
 */
import { describe, expect, it } from 'vitest';
import { Frontier, idRanges } from '../../src/records/ranges.js';
import { sweepRecords } from '../../src/records/index.js';
import { addRecords, deployedApp, otherClient, recordsById, text, useRecordsService } from './harness.js';

const service = useRecordsService();

describe('idRanges', () => {
  it.each([
    // [after, maxId, count, ranges, slices of the first range]
    [
      'dense ids: slices of 500 ids, four to a range (one bulk request of 2,000)',
      0,
      4500,
      4500,
      3,
      [
        [0, 500],
        [500, 1000],
        [1000, 1500],
        [1500, 2000],
      ],
    ],
    [
      'sparse ids: slices as wide as hold 500 at the mean density',
      0,
      100_000,
      1000,
      1,
      [
        [0, 50_000],
        [50_000, 100_000],
      ],
    ],
    [
      'resumed past an id',
      2000,
      2600,
      600,
      1,
      [
        [2000, 2500],
        [2500, 2600],
      ],
    ],
  ])('%s', (_, after, maxId, count, ranges, firstSlices) => {
    const got = idRanges(after, maxId, count);
    expect(got).toHaveLength(ranges);
    expect(got[0]!.slices.map((s) => [s.after, s.last])).toEqual(firstSlices);
    // Together the slices cover after < $id <= maxId, without a gap or an overlap.
    const slices = got.flatMap((r) => r.slices);
    expect(slices[0]!.after).toBe(after);
    expect(slices.at(-1)!.last).toBe(maxId);
    slices.slice(1).forEach((s, i) => expect(s.after).toBe(slices[i]!.last));
  });

  it('has nothing to read when no record is past the id', () => {
    expect(idRanges(10, 10, 0)).toEqual([]);
  });
});

describe('Frontier', () => {
  it('moves past ranges done in a row only', () => {
    const ranges = idRanges(0, 6000, 6000);
    const frontier = new Frontier(ranges, 0);
    expect(frontier.finish(1)).toBe(0);
    expect(frontier.finish(0)).toBe(4000);
    expect(frontier.finish(2)).toBe(6000);
  });
});

describe('sweepRecords', () => {
  it('reads again a record edited between its read and its write, and keeps the edit', async () => {
    const { client } = service;
    const app = await deployedApp(client, { name: text('name'), upper: text('upper'), note: text('note') });
    const ids = await addRecords(
      client,
      app,
      Array.from({ length: 450 }, (_, i) => ({ name: { value: `n${i}` } })),
    );
    const other = otherClient(service);
    const victim = ids[250]!;
    let edited = false;
    try {
      const result = await sweepRecords(client, {
        app,
        fields: ['name', 'upper'],
        update: async (record) => {
          const id = record.$id!.value as string;
          if (id === victim && !edited) {
            edited = true;
            // Someone edits the record after this read: the update computed here is stale.
            await other.records.updateRecord({
              app,
              id,
              record: { name: { value: 'renamed' }, note: { value: 'kept' } },
            });
          }
          const name = record.name!.value as string;
          return name.toUpperCase() === record.upper?.value
            ? undefined
            : { upper: { value: name.toUpperCase() } };
        },
      });
      // Calls of 100 records: the victim (the 251st) is in the third; that call and the two
      // after it (100 + 100 + 50 records) were not written. Every record was read again; the
      // 200 of the first two calls were found right and not written twice.
      expect(result.conflicts).toBe(250);
      expect(result.written).toBe(450);
    } finally {
      await other.close();
    }
    const after = await recordsById(client, app);
    expect(after.get(victim)).toMatchObject({
      name: { value: 'renamed' },
      note: { value: 'kept' },
      upper: { value: 'RENAMED' },
    });
    ids.forEach((id, i) => {
      if (id !== victim) expect(after.get(id)!.upper!.value).toBe(`N${i}`);
      // Each record written once (the victim twice: the other client's edit and the sweep).
      expect(after.get(id)!.$revision!.value).toBe(id === victim ? '3' : '2');
    });
  });
});
