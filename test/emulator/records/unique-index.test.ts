// The unique-value index kept across calls (records/unique-index.ts): whatever wrote the table
// since the last check (the tracked writes of the record handlers, a handler's own table.put, a
// rolled-back transaction, a reload from the journal, a new field definition), a check refuses
// exactly the values the stored records hold. Each case writes, then checks a batch; the
// expected refusals are read off the records the case leaves, by hand.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Store, type Table } from '../../../src/emulator/store/store.js';
import { ApiError, Problems } from '../../../src/emulator/errors.js';
import { checkUnique, type Candidate } from '../../../src/emulator/records/unique.js';
import { deleteRecord, putRecord } from '../../../src/emulator/records/unique-index.js';
import type { StoredRecord } from '../../../src/emulator/records/model.js';
import type { JsonObject } from '../../../src/emulator/model/app.js';

const TEXT = { code: { type: 'SINGLE_LINE_TEXT', code: 'code', unique: true } };
const NUMBER = { code: { type: 'NUMBER', code: 'code', unique: true } };

/** Record id → its `code` value; null deletes the record. */
type Writes = Record<string, string | null>;

type Step =
  /** Through putRecord / deleteRecord, as the record handlers write. */
  | { tracked: Writes }
  /** Through the table itself, as other handlers (status changes, deploys) write. */
  | { untracked: Writes }
  /** Tracked writes in a transaction that then fails: the store rolls them back. */
  | { undone: Writes }
  /** A check of one batch, refusing the values of these candidate indexes. */
  | { check: [id: string, value: string][]; refused: number[]; fields?: Record<string, JsonObject> };

function record(value: string): StoredRecord {
  return { code: { type: 'SINGLE_LINE_TEXT', value } };
}

function write(table: Table<StoredRecord>, writes: Writes, tracked: boolean): void {
  for (const [id, value] of Object.entries(writes)) {
    if (tracked) {
      if (value === null) deleteRecord(table, id);
      else putRecord(table, id, record(value));
    } else if (value === null) table.delete(id);
    else table.put(id, record(value));
  }
}

/** The candidate indexes checkUnique refuses. */
function refusedOf(
  fields: Record<string, JsonObject>,
  table: Table<StoredRecord>,
  batch: [string, string][],
): number[] {
  const problems = new Problems();
  const candidates: Candidate[] = batch.map(([id, value], i) => ({
    id,
    record: record(value),
    path: `records[${i}]`,
  }));
  checkUnique(fields, table, candidates, problems);
  try {
    problems.throwIfAny();
    return [];
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return Object.keys(error.errors ?? {}).map((key) => Number(/^records\[(\d+)\]/u.exec(key)![1]));
  }
}

function run(store: Store, table: Table<StoredRecord>, steps: readonly Step[]): void {
  let fields: Record<string, JsonObject> = TEXT;
  for (const [n, step] of steps.entries()) {
    if ('tracked' in step) store.transaction(() => write(table, step.tracked, true));
    else if ('untracked' in step) store.transaction(() => write(table, step.untracked, false));
    else if ('undone' in step)
      expect(() =>
        store.transaction(() => {
          write(table, step.undone, true);
          throw new Error('undo');
        }),
      ).toThrow('undo');
    else {
      fields = step.fields ?? fields;
      expect(refusedOf(fields, table, step.check), `step ${n}`).toEqual(step.refused);
    }
  }
}

const CASES: [string, Step[]][] = [
  [
    'a value freed by a delete is free again; the others stay taken',
    [
      { tracked: { 1: 'a', 2: 'b' } },
      { check: [['3', 'a']], refused: [0] },
      { tracked: { 1: null } },
      {
        check: [
          ['3', 'a'],
          ['4', 'b'],
        ],
        refused: [1],
      },
    ],
  ],
  [
    'a value freed by an update is free again; the new value is taken',
    [
      { tracked: { 1: 'a' } },
      { check: [['2', 'b']], refused: [] },
      { tracked: { 1: 'b' } },
      {
        check: [
          ['2', 'a'],
          ['3', 'b'],
        ],
        refused: [1],
      },
    ],
  ],
  [
    'a rolled-back write takes nothing and frees nothing',
    [
      { tracked: { 1: 'a', 2: 'b' } },
      { check: [['9', 'z']], refused: [] },
      { undone: { 1: 'x', 2: null, 3: 'y' } },
      {
        check: [
          ['9', 'x'],
          ['8', 'y'],
          ['7', 'a'],
          ['6', 'b'],
        ],
        refused: [2, 3],
      },
    ],
  ],
  [
    "writes that bypass the tracked path (the control API's seed, a rollback, a journal replay) still count",
    [
      { tracked: { 1: 'a' } },
      { check: [['9', 'z']], refused: [] },
      { untracked: { 1: 'b', 2: 'c' } },
      {
        check: [
          ['9', 'a'],
          ['8', 'b'],
          ['7', 'c'],
        ],
        refused: [1, 2],
      },
      { tracked: { 3: 'd' } },
      { untracked: { 2: null } },
      {
        check: [
          ['9', 'c'],
          ['8', 'd'],
        ],
        refused: [1],
      },
    ],
  ],
  [
    'a tracked write after an untracked one does not revive the index the untracked one outdated',
    [
      { tracked: { 1: 'a' } },
      { check: [['9', 'z']], refused: [] },
      { untracked: { 1: 'b' } },
      { tracked: { 2: 'c' } },
      {
        check: [
          ['9', 'a'],
          ['8', 'b'],
          ['7', 'c'],
        ],
        refused: [1, 2],
      },
    ],
  ],
  [
    'a record updating its own value, and candidates already stored (an update writes first)',
    [
      { tracked: { 1: 'a', 2: 'b' } },
      { check: [['1', 'a']], refused: [] },
      { tracked: { 1: 'b', 2: 'a' } },
      {
        check: [
          ['1', 'b'],
          ['2', 'a'],
        ],
        refused: [],
      },
      { check: [['1', 'a']], refused: [0] },
    ],
  ],
  [
    'the same value twice in one batch: the second is refused, the refused batch takes nothing',
    [
      {
        check: [
          ['1', 'a'],
          ['2', 'a'],
          ['1', 'a'],
        ],
        refused: [1],
      },
      { check: [['3', 'a']], refused: [] },
    ],
  ],
  [
    'a new field definition rebuilds: a text "1" and "1.0" differ, as numbers they clash',
    [
      { tracked: { 1: '1' } },
      { check: [['2', '1.0']], refused: [] },
      { tracked: { 2: '1.0' } },
      { check: [['3', '01']], refused: [0], fields: NUMBER },
      { check: [['3', '1.5']], refused: [] },
      { check: [['3', '01']], refused: [], fields: TEXT },
    ],
  ],
  [
    'two records holding one number ("1" and "1.0", kept from before it was unique): freeing one leaves it taken',
    [
      { tracked: { 1: '1', 2: '1.0' } },
      { check: [['3', '1']], refused: [0], fields: NUMBER },
      { tracked: { 1: null } },
      { check: [['3', '1.00']], refused: [0] },
      { tracked: { 2: '2' } },
      { check: [['3', '1']], refused: [] },
    ],
  ],
  [
    'a field made unique after records exist, and one no longer unique meanwhile',
    [
      { tracked: { 1: 'a' } },
      { check: [['2', 'a']], refused: [], fields: {} },
      { check: [['2', 'a']], refused: [0], fields: { code: { ...TEXT.code } } },
      { check: [['2', 'b']], refused: [], fields: { code: { ...TEXT.code, unique: false } } },
      { tracked: { 2: 'b' } },
      { check: [['3', 'b']], refused: [0], fields: { code: { ...TEXT.code } } },
    ],
  ],
];

describe('the unique-value index', () => {
  it.each(CASES)('%s', (_name, steps) => {
    const store = Store.open(null);
    run(store, store.table<StoredRecord>('records:1'), steps);
  });

  it('empty values never clash', () => {
    const store = Store.open(null);
    const table = store.table<StoredRecord>('records:1');
    store.transaction(() => putRecord(table, '1', record('')));
    expect(
      refusedOf(TEXT, table, [
        ['2', ''],
        ['3', ''],
      ]),
    ).toEqual([]);
    expect(
      refusedOf(NUMBER, table, [
        ['2', ''],
        ['3', ''],
      ]),
    ).toEqual([]);
  });
});

describe('the unique-value index after a restart', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('counts the values the journal brings back, and none a rolled-back write left out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'appdeploy-unique-'));
    dirs.push(dir);
    const first = Store.open(dir);
    run(first, first.table<StoredRecord>('records:1'), [
      { tracked: { 1: 'a', 2: 'b' } },
      { check: [['9', 'z']], refused: [] },
      { tracked: { 2: null } },
      { undone: { 3: 'c' } },
    ]);
    first.close();
    const second = Store.open(dir);
    const table = second.table<StoredRecord>('records:1');
    expect(
      refusedOf(TEXT, table, [
        ['9', 'a'],
        ['8', 'b'],
        ['7', 'c'],
      ]),
    ).toEqual([0]);
    second.close();
  });
});
