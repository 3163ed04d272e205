// The `$id` pre-filter of Get Records (records/id-index.ts): whatever the query, running it over
// the records within its `$id` bounds gives what running it over every record (the full scan)
// gives: the same page in the same order and the same count. Ids are sparse (records deleted),
// storage order is ascending or not (a rolled-back delete puts the record back at the end), and
// sort keys other than `$id` tie, so the storage-order tie-break shows.
import { describe, expect, it } from 'vitest';
import { compileQuery, fieldsFromProperties, parseQuery, runQuery } from '../../../src/query/index.js';
import { idBounds, recordsWithin, storedInIdOrder } from '../../../src/emulator/records/id-index.js';
import { countMatches, pageById } from '../../../src/emulator/records/query.js';
import { Store, type Table } from '../../../src/emulator/store/store.js';
import type { StoredRecord } from '../../../src/emulator/records/model.js';

const FIELDS = fieldsFromProperties({
  n: { type: 'NUMBER', code: 'n' },
  t: { type: 'SINGLE_LINE_TEXT', code: 't' },
});
const CONTEXT = { now: new Date('2024-05-01T12:00:00Z'), user: 'alice' };

function record(id: number): StoredRecord {
  return {
    $id: { type: '__ID__', value: String(id) },
    n: { type: 'NUMBER', value: String(id % 5) },
    t: { type: 'SINGLE_LINE_TEXT', value: id % 3 === 0 ? `x${id}` : `y${id}` },
  };
}

/** Ids 1..60 put in `order`; every 7th and 20..25 then deleted, so ids are sparse. */
function tableOf(order: readonly number[]): { store: Store; table: Table<StoredRecord> } {
  const store = Store.open(null);
  const table = store.table<StoredRecord>('records:1');
  store.transaction(() => {
    for (const id of order) table.put(String(id), record(id));
    for (const id of order) if (id % 7 === 0 || (id >= 20 && id <= 25)) table.delete(String(id));
  });
  return { store, table };
}

const ASCENDING = Array.from({ length: 60 }, (_, i) => i + 1);
/** A fixed shuffle: storage order is not id order. */
const SHUFFLED = ASCENDING.map((id) => ({ id, k: (id * 37) % 61 }))
  .sort((a, b) => a.k - b.k)
  .map((e) => e.id);

/** A table whose storage order was ascending until a rolled-back delete moved record 10 to the end. */
function rolledBack(): Table<StoredRecord> {
  const { store, table } = tableOf(ASCENDING);
  expect(() =>
    store.transaction(() => {
      table.delete('10');
      throw new Error('undo');
    }),
  ).toThrow('undo');
  expect([...table.raw.keys()].at(-1)).toBe('10');
  return table;
}

const TABLES: [string, () => Table<StoredRecord>][] = [
  ['ascending storage', () => tableOf(ASCENDING).table],
  ['shuffled storage', () => tableOf(SHUFFLED).table],
  ['a rolled-back delete', rolledBack],
];

const QUERIES: readonly string[] = [
  '$id > 10 and $id <= 30 order by $id asc limit 500',
  '$id >= 10 and $id < 30 order by $id desc limit 5 offset 3',
  '$id > 10 and $id <= 30',
  '$id in (3, 7, 14, 21, 99, 8, 10) order by $id asc',
  '$id in (4, 5, 6) and $id in (5, 6, 9)',
  '$id = 12',
  '$id = 21',
  '$id = 10',
  '$id > 10 or n = 3',
  '($id < 5 or $id > 50) and n >= 2',
  '$id > 10 and $id > 20 and $id <= 40 and n != 4 order by n asc, $id desc limit 7 offset 2',
  '$id > 15 order by n asc limit 10',
  '$id > 15 order by n desc limit 10 offset 4',
  '$id > 40 and $id < 10',
  '$id >= 10.5 and $id <= 30.0 order by $id asc',
  '$id >= "1e1" and $id < " 2E1 "',
  '$id != 5 and $id < 12',
  '$id not in (1, 2, 3) and $id <= 6',
  '$id > 5 and ($id < 19 and t like "x")',
  '$id >= 10 and $id >= 10 and $id > 9 and $id <= 12 and $id < 13 and $id <= 11',
  '$id < 30 limit 1',
  '$id <= 60 offset 50',
  'order by $id desc limit 3',
  'n = 2 order by t asc',
];

function ids(records: readonly StoredRecord[]): string[] {
  return records.map((r) => r.$id!.value as string);
}

describe('the $id pre-filter gives the full scan answer', () => {
  for (const [shape, make] of TABLES) {
    it.each(QUERIES)(`${shape}: %s`, (text) => {
      const table = make();
      const query = parseQuery(text);
      const compiled = compileQuery<StoredRecord>(query, FIELDS, CONTEXT);
      const full = runQuery([...table.values()], compiled);
      const bounds = idBounds(query.condition);
      const candidates = bounds
        ? recordsWithin(table, bounds)
        : { records: [...table.values()], idOrdered: storedInIdOrder(table) };
      const fast = runQuery(candidates.records, compiled);
      expect({ ids: ids(fast.records), total: fast.total }).toEqual({
        ids: ids(full.records),
        total: full.total,
      });
      // Sorted by $id alone and not counted, the page is read off one end and stops early.
      const early = candidates.idOrdered ? pageById(candidates.records, compiled) : null;
      if (early) expect(ids(early)).toEqual(ids(full.records));
      expect(countMatches(candidates.records, compiled)).toBe(full.total);
    });
  }

  it('takes the candidates of a range from the index, in storage order, and only those', () => {
    const table = tableOf(SHUFFLED).table;
    const bounds = idBounds(parseQuery('$id > 10 and $id <= 30 and n > 0').condition)!;
    const storageOrder = [...table.raw.keys()].filter((k) => Number(k) > 10 && Number(k) <= 30);
    expect(ids(recordsWithin(table, bounds).records)).toEqual(storageOrder);
    expect(storageOrder.length).toBeLessThan(table.size);
  });

  it('sees writes made after an index was built', () => {
    const { store, table } = tableOf(ASCENDING);
    const bounds = idBounds(parseQuery('$id >= 60 and $id <= 62').condition)!;
    expect(ids(recordsWithin(table, bounds).records)).toEqual(['60']);
    store.transaction(() => {
      table.put('61', record(61));
      table.delete('60');
    });
    expect(ids(recordsWithin(table, bounds).records)).toEqual(['61']);
  });

  it('sees a record replaced under its key: its new values, and its new $id when that moved', () => {
    const { store, table } = tableOf(ASCENDING);
    const bounds = idBounds(parseQuery('$id > 10 and $id <= 12').condition)!;
    const within = () => recordsWithin(table, bounds).records.map((r) => [r.$id!.value, r.t!.value]);
    expect(within()).toEqual([
      ['11', 'y11'],
      ['12', 'x12'],
    ]);
    // An update: same key, same $id, new values.
    store.transaction(() =>
      table.put('12', { ...record(12), t: { type: 'SINGLE_LINE_TEXT', value: 'new' } }),
    );
    expect(within()).toEqual([
      ['11', 'y11'],
      ['12', 'new'],
    ]);
    expect(storedInIdOrder(table)).toBe(true);
    // A value whose $id is not its key's (no handler writes one): the index follows the $id.
    store.transaction(() => table.put('11', record(5)));
    expect(within()).toEqual([['12', 'new']]);
    expect(storedInIdOrder(table)).toBe(false);
  });

  it('reads a page off the id order only where storage order is ascending $id', () => {
    expect(TABLES.map(([shape, make]) => [shape, storedInIdOrder(make())])).toEqual([
      ['ascending storage', true],
      ['shuffled storage', false],
      ['a rolled-back delete', false],
    ]);
    const table = tableOf(ASCENDING).table;
    const full = (text: string): string[] =>
      ids(
        runQuery([...table.values()], compileQuery<StoredRecord>(parseQuery(text), FIELDS, CONTEXT)).records,
      );
    const early = (text: string): string[] | null => {
      const page = pageById(
        [...table.values()],
        compileQuery<StoredRecord>(parseQuery(text), FIELDS, CONTEXT),
      );
      return page && ids(page);
    };
    // The default order is $id desc: the last records come first.
    expect(early('limit 3')).toEqual(['60', '59', '58']);
    for (const text of [
      'limit 3',
      'n = 1 order by $id asc limit 4 offset 2',
      'order by $id desc offset 40 limit 9',
    ])
      expect(early(text)).toEqual(full(text));
    // Any other sort, or no limit (a cursor), takes the full run.
    expect(early('order by n asc limit 3')).toBeNull();
    expect(early('order by $id asc, n desc limit 3')).toBeNull();
  });
});

describe('idBounds: what a condition says of every match', () => {
  const cases: [string, ReturnType<typeof idBounds>][] = [
    ['$id > 10 and $id <= 30', { low: 10, lowOpen: true, high: 30, highOpen: false, only: null }],
    ['$id >= 3', { low: 3, lowOpen: false, high: Infinity, highOpen: false, only: null }],
    ['$id = 4', { low: -Infinity, lowOpen: false, high: Infinity, highOpen: false, only: new Set([4]) }],
    [
      '$id in (1, 2) and $id in (2, 3) and $id < 9',
      { low: -Infinity, lowOpen: false, high: 9, highOpen: true, only: new Set([2]) },
    ],
    // An `or` at the top: a record may match through either side, so nothing narrows.
    ['$id > 10 or n = 3', null],
    ['($id > 10 and n = 1) or $id < 3', null],
    // Tests the bounds cannot state are left to the query.
    ['$id != 5', null],
    ['$id not in (1, 2)', null],
    ['$id in (1, "")', null],
    ['n = 3', null],
    // A nested `and` is still a conjunct; an `or` inside the `and` is not.
    [
      'n = 1 and ($id < 5 and t = "a")',
      { low: -Infinity, lowOpen: false, high: 5, highOpen: true, only: null },
    ],
    [
      '$id > 2 and ($id < 5 or n = 1)',
      { low: 2, lowOpen: true, high: Infinity, highOpen: false, only: null },
    ],
  ];
  it.each(cases)('%s', (text, expected) => {
    expect(idBounds(parseQuery(text).condition)).toEqual(expected);
  });

  it('has none for a query with no condition', () => {
    expect(idBounds(parseQuery('order by $id asc limit 5').condition)).toBeNull();
  });
});
