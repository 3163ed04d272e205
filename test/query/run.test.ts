// runQuery: filter, order over several fields, stable ties, empty values, offset and limit.
import { describe, expect, it } from 'vitest';
import {
  compileQuery,
  parseQuery,
  runQuery,
  type FieldInfo,
  type QueryRecord,
} from '../../src/query/index.js';
import { CONTEXT } from './helpers.js';

const fields: Record<string, FieldInfo> = {
  name: { type: 'SINGLE_LINE_TEXT' },
  amount: { type: 'NUMBER' },
  due: { type: 'DATE' },
  at: { type: 'DATETIME' },
  owner: { type: 'CREATOR' },
};

function row(id: number, name: string, amount: string, due: string | null, at = ''): QueryRecord {
  return {
    $id: { value: String(id) },
    name: { value: name },
    amount: { value: amount },
    due: { value: due },
    at: { value: at },
    owner: { value: { code: name.toLowerCase(), name } },
  };
}

const records = [
  row(1, 'Ann', '30', '2024-05-02', '2024-05-01T10:00:00Z'),
  row(2, 'Bob', '5', '2024-05-01', '2024-05-01T09:00:00.000Z'),
  row(3, 'Cid', '100', null, '2024-05-01T18:00:00+09:00'),
  row(4, 'Dee', '5', '2024-05-03', ''),
  row(5, 'Eve', '', '2024-05-01', '2024-04-30T23:00:00Z'),
];

function ids(query: string, from: readonly QueryRecord[] = records): string[] {
  return runQuery(from, compileQuery(parseQuery(query), fields, CONTEXT)).records.map((r) =>
    String(r.$id?.value),
  );
}

describe('runQuery', () => {
  it.each([
    ['', ['5', '4', '3', '2', '1']],
    ['amount >= 5', ['4', '3', '2', '1']],
    ['order by amount asc', ['5', '2', '4', '1', '3']],
    ['order by amount desc', ['3', '1', '2', '4', '5']],
    ['order by amount asc, due desc', ['5', '4', '2', '1', '3']],
    ['order by amount asc, name desc', ['5', '4', '2', '1', '3']],
    ['order by due asc', ['3', '2', '5', '1', '4']],
    ['order by due desc, $id asc', ['4', '1', '2', '5', '3']],
    ['order by at asc', ['4', '5', '2', '3', '1']],
    ['order by name desc', ['5', '4', '3', '2', '1']],
    ['order by owner asc', ['1', '2', '3', '4', '5']],
    ['amount > 0 order by amount asc limit 2', ['2', '4']],
    ['amount > 0 order by amount asc limit 2 offset 1', ['4', '1']],
    ['order by amount asc offset 3', ['1', '3']],
    ['limit 0', []],
    ['offset 10', []],
    ['limit 100', ['5', '4', '3', '2', '1']],
    ['name in ("Ann", "Eve") or amount = 100 order by $id asc', ['1', '3', '5']],
    ['(name = "Ann" or name = "Bob") and amount < 10', ['2']],
  ])('%s', (query, expected) => {
    expect(ids(query)).toEqual(expected);
  });

  it('counts every match before offset and limit', () => {
    const result = runQuery(
      records,
      compileQuery(parseQuery('amount >= 5 limit 1 offset 1'), fields, CONTEXT),
    );
    expect([result.total, result.records.length]).toEqual([4, 1]);
  });

  it('keeps the input order of equal keys', () => {
    const shuffled = [records[3]!, records[1]!, records[0]!];
    expect(ids('order by amount asc', shuffled)).toEqual(['4', '2', '1']);
  });

  it('the limited page is the prefix of the fully sorted result, whatever the input order', () => {
    let seed = 7;
    const next = (): number => (seed = (seed * 48_271) % 2_147_483_647);
    const many = Array.from({ length: 3000 }, (_, i) =>
      row(i + 1, `n${next() % 50}`, String(next() % 200), null),
    );
    // 'due desc': every key ties (no record has a due date), so the input order alone decides.
    for (const order of ['amount desc, name asc', '$id desc', '$id asc', 'name asc', 'due desc']) {
      const all = ids(`order by ${order}`, many);
      for (const [limit, offset] of [
        [1, 0],
        [100, 0],
        [100, 250],
        [700, 1000],
        [50, 2990],
      ] as const) {
        expect(ids(`order by ${order} limit ${limit} offset ${offset}`, many)).toEqual(
          all.slice(offset, offset + limit),
        );
      }
    }
  });

  it('compare applies the same order, $id desc by default', () => {
    const compiled = compileQuery(parseQuery(''), fields, CONTEXT);
    expect([...records].sort(compiled.compare).map((r) => r.$id?.value)).toEqual(['5', '4', '3', '2', '1']);
    expect(compiled.orderBy).toEqual([{ field: { code: '$id', position: 0 }, direction: 'desc' }]);
  });
});
