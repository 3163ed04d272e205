// Get Records over HTTP with and without `$id` bounds (the index path of records/id-index.ts and
// the full scan): the records, their order and totalCount are what the query says of the stored
// records, worked out here in plain code. Ids are sparse (records deleted), and totalCount is a
// string when asked for and null otherwise (platform-facts-verified: "`totalCount` is `null`
// unless `totalCount=true` was asked for"; rest-interface.md GET /k/v1/records.json).
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator();

/** Records 1..30 with n = id mod 4; 3, 4, 5 and 17 deleted. */
const DELETED = new Set([3, 4, 5, 17]);
const KEPT = Array.from({ length: 30 }, (_, i) => i + 1).filter((id) => !DELETED.has(id));
const n = (id: number): number => id % 4;

interface Case {
  readonly query: string;
  /** The stored records the condition selects. */
  readonly where: (id: number) => boolean;
  readonly order: 'asc' | 'desc' | 'n asc';
  readonly offset?: number;
  readonly limit: number;
}

const CASES: readonly Case[] = [
  {
    query: '$id > 2 and $id <= 20 order by $id asc limit 5',
    where: (id) => id > 2 && id <= 20,
    order: 'asc',
    limit: 5,
  },
  {
    query: '$id > 2 and $id <= 20 order by $id desc limit 4 offset 3',
    where: (id) => id > 2 && id <= 20,
    order: 'desc',
    offset: 3,
    limit: 4,
  },
  {
    query: '$id in (1, 4, 17, 18, 40) order by $id asc',
    where: (id) => [1, 18].includes(id),
    order: 'asc',
    limit: 100,
  },
  {
    query: '$id > 20 or n = 0 order by $id asc limit 500',
    where: (id) => id > 20 || n(id) === 0,
    order: 'asc',
    limit: 500,
  },
  {
    query: '$id >= 6 and n = 2 order by n asc, $id desc',
    where: (id) => id >= 6 && n(id) === 2,
    order: 'desc',
    limit: 100,
  },
  { query: '$id < 16 order by n asc limit 6', where: (id) => id < 16, order: 'n asc', limit: 6 },
  { query: '$id = 17', where: () => false, order: 'desc', limit: 100 },
  { query: '$id != 2 and $id < 8', where: (id) => id !== 2 && id < 8, order: 'desc', limit: 100 },
  { query: 'n = 1 limit 3', where: (id) => n(id) === 1, order: 'desc', limit: 3 },
  { query: 'limit 2 offset 1', where: () => true, order: 'desc', offset: 1, limit: 2 },
];

/** The page the query should answer, from the kept records: ties on n keep id order (storage order). */
function expected(c: Case): { ids: string[]; total: number } {
  const matches = KEPT.filter(c.where);
  const sorted =
    c.order === 'asc'
      ? matches
      : c.order === 'desc'
        ? [...matches].reverse()
        : [...matches].sort((a, b) => n(a) - n(b) || a - b);
  const from = c.offset ?? 0;
  return { ids: sorted.slice(from, from + c.limit).map(String), total: matches.length };
}

describe('Get Records by $id ranges', () => {
  it('answers every query with the records, order and count the query selects', async () => {
    const app = await appWithFields(emu, { n: { type: 'NUMBER' } });
    const ids = await addRecords(
      emu,
      app,
      Array.from({ length: 30 }, (_, i) => rec({ n: String(n(i + 1)) })),
    );
    expect(ids).toEqual(Array.from({ length: 30 }, (_, i) => String(i + 1)));
    await ok(emu.call('DELETE', '/k/v1/records.json', { app, ids: [...DELETED] }));
    for (const c of CASES) {
      for (const totalCount of [true, false]) {
        const body = await ok(
          emu.call('GET', '/k/v1/records.json', { app, query: c.query, fields: ['$id'], totalCount }),
        );
        const want = expected(c);
        expect({
          query: c.query,
          ids: (body.records as { $id: { value: string } }[]).map((r) => r.$id.value),
          totalCount: body.totalCount,
        }).toEqual({
          query: c.query,
          ids: want.ids,
          totalCount: totalCount ? String(want.total) : null,
        });
      }
    }
  });
});
