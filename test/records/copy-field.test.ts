/**
 * copyFieldValues against the local service: every value copied and converted, values that do
 * not convert reported and left alone, a re-run writing nothing, an edit made by someone else
 * during the copy kept along with its converted value, a copy resumed from its progress, and the
 * moves into and out of a table.
 */
import { describe, expect, it } from 'vitest';
import { conversionFor, type ConvertContext } from '../../src/platform/index.js';
import { copyFieldValues, type CopyProgress, type CopySpec } from '../../src/records/index.js';
import type { AppRecord, SubtableRow } from '../../src/client/index.js';
import {
  addRecords,
  deployedApp,
  multiText,
  otherClient,
  recordsById,
  table,
  text,
  useRecordsService,
} from './harness.js';

const service = useRecordsService();

/** Several lines into one: the platform's text rule (a line break does not convert). */
const toSingleLine = (() => {
  const conversion = conversionFor('MULTI_LINE_TEXT', 'SINGLE_LINE_TEXT')!;
  const ctx: ConvertContext = {
    from: { type: 'MULTI_LINE_TEXT' },
    to: { type: 'SINGLE_LINE_TEXT' },
    migrate: {},
    timeZone: 'UTC',
  };
  return (value: unknown) => conversion.convert(value, ctx);
})();

const valueOf = (record: AppRecord | undefined, code: string) => record?.[code]?.value;
const rows = (record: AppRecord | undefined, code: string) => (record?.[code]?.value ?? []) as SubtableRow[];

describe('copying a top-level field into another', () => {
  it('copies and converts every value, reports those that do not convert, and a re-run writes nothing', async () => {
    const { client } = service;
    const app = await deployedApp(client, { memo: multiText('memo'), memo_new: text('memo_new') });
    const source = (i: number) => (i % 10 === 0 ? '' : i % 25 === 0 ? `line ${i}\nsecond` : `memo ${i}`);
    const ids = await addRecords(
      client,
      app,
      Array.from({ length: 1200 }, (_, i) => ({ memo: { value: source(i) } })),
    );
    const spec: CopySpec = {
      app,
      from: { code: 'memo', table: null },
      to: { code: 'memo_new', table: null },
      convert: toSingleLine,
    };
    const result = await copyFieldValues(client, spec);
    const broken = ids.filter((_, i) => i % 10 !== 0 && i % 25 === 0);
    expect(result).toMatchObject({
      copied: 1200 - 120 - broken.length,
      unchanged: 0,
      empty: 120,
      converged: true,
    });
    expect(result.notConverted.map((n) => n.id)).toEqual(broken);
    expect(result.notConverted[0]).toEqual({
      id: broken[0],
      value: 'line 25\nsecond',
      reason: 'holds a line break',
    });
    const after = await recordsById(client, app);
    ids.forEach((id, i) => {
      const expected = i % 10 === 0 || i % 25 === 0 ? '' : `memo ${i}`;
      expect(valueOf(after.get(id), 'memo_new')).toBe(expected);
      expect(valueOf(after.get(id), 'memo')).toBe(source(i));
    });
    const again = await copyFieldValues(client, spec);
    expect(again).toMatchObject({ copied: 0, unchanged: 1200 - 120 - broken.length, empty: 120 });
    // Each record written once at most: by the first run, when it held a value that converts.
    const final = await recordsById(client, app);
    ids.forEach((id, i) =>
      expect(final.get(id)!.$revision!.value).toBe(i % 10 === 0 || i % 25 === 0 ? '1' : '2'),
    );
  });

  it('keeps an edit another client makes during the copy, and copies the edited value', async () => {
    const { client } = service;
    const app = await deployedApp(client, {
      memo: multiText('memo'),
      memo_new: text('memo_new'),
      note: text('note'),
    });
    const ids = await addRecords(
      client,
      app,
      Array.from({ length: 4500 }, (_, i) => ({ memo: { value: `memo ${i}` } })),
    );
    const other = otherClient(service);
    const [early, late] = [ids[10]!, ids[4400]!];
    let edited = false;
    try {
      const result = await copyFieldValues(
        client,
        {
          app,
          from: { code: 'memo', table: null },
          to: { code: 'memo_new', table: null },
          convert: toSingleLine,
        },
        {
          onProgress: async () => {
            if (edited) return;
            edited = true;
            // A record the copy has done (its range reported first) and one it may not have read yet.
            await other.records.updateRecord({ app, id: early, record: { memo: { value: 'edited early' } } });
            await other.records.updateRecord({
              app,
              id: late,
              record: { memo: { value: 'edited late' }, note: { value: 'kept' } },
            });
          },
        },
      );
      expect(result.converged).toBe(true);
      expect(result.sweeps).toBeGreaterThanOrEqual(1);
    } finally {
      await other.close();
    }
    const after = await recordsById(client, app);
    expect(valueOf(after.get(early), 'memo')).toBe('edited early');
    expect(valueOf(after.get(early), 'memo_new')).toBe('edited early');
    expect(valueOf(after.get(late), 'memo')).toBe('edited late');
    expect(valueOf(after.get(late), 'note')).toBe('kept');
    expect(valueOf(after.get(late), 'memo_new')).toBe('edited late');
    expect(valueOf(after.get(ids[0]!), 'memo_new')).toBe('memo 0');
  });

  it('copies a record another client adds during the copy with an update time older than the copy (an administrator may give one)', async () => {
    const { client } = service;
    const app = await deployedApp(client, { memo: multiText('memo'), memo_new: text('memo_new') });
    const ids = await addRecords(
      client,
      app,
      Array.from({ length: 2500 }, (_, i) => ({ memo: { value: `memo ${i}` } })),
    );
    const other = otherClient(service);
    let added: string | undefined;
    try {
      const result = await copyFieldValues(
        client,
        {
          app,
          from: { code: 'memo', table: null },
          to: { code: 'memo_new', table: null },
          convert: toSingleLine,
        },
        {
          onProgress: async () => {
            if (added !== undefined) return;
            // Add Records takes an update time from a caller who manages the app (kintone.dev
            // "Add Records"): a record imported with its old time, after the copy read its highest id.
            const { id } = await other.records.addRecord({
              app,
              record: {
                memo: { value: 'imported during the copy' },
                Updated_datetime: { value: '2001-02-03T04:05:00Z' },
              },
            });
            added = id;
            const { record } = await other.records.getRecord({ app, id });
            expect(record.Updated_datetime?.value).toBe('2001-02-03T04:05:00Z');
          },
        },
      );
      expect(result.converged).toBe(true);
    } finally {
      await other.close();
    }
    expect(Number(added)).toBeGreaterThan(Number(ids[ids.length - 1]));
    const after = await recordsById(client, app);
    expect(valueOf(after.get(added!), 'memo_new')).toBe('imported during the copy');
  });

  it('resumes from the progress reported before a stop, and ends with every value copied', async () => {
    const { client } = service;
    const app = await deployedApp(client, { memo: multiText('memo'), memo_new: text('memo_new') });
    const ids = await addRecords(
      client,
      app,
      Array.from({ length: 6500 }, (_, i) => ({ memo: { value: `memo ${i}` } })),
    );
    const spec: CopySpec = {
      app,
      from: { code: 'memo', table: null },
      to: { code: 'memo_new', table: null },
      convert: toSingleLine,
    };
    const stop = new AbortController();
    let saved: CopyProgress | undefined;
    await expect(
      copyFieldValues(client, spec, {
        signal: stop.signal,
        onProgress: (progress) => {
          saved ??= progress;
          stop.abort(new Error('killed'));
        },
      }),
    ).rejects.toThrow();
    expect(saved).toMatchObject({ phase: 'copy' });
    expect(Number(saved!.lastId)).toBeGreaterThan(0);
    expect(saved!.written).toBeGreaterThan(0);
    const resumed = await copyFieldValues(client, spec, { progress: saved });
    expect(resumed.converged).toBe(true);
    // The resumed run reads only past the saved id in its copy pass, and keeps the copy's start.
    expect(resumed.copied).toBeLessThanOrEqual(6500 - saved!.written);
    expect(resumed.progress.startedAt).toBe(saved!.startedAt);
    const after = await recordsById(client, app);
    ids.forEach((id, i) => expect(valueOf(after.get(id), 'memo_new')).toBe(`memo ${i}`));
  });

  it('reads past 10,000 records by $id ranges (the platform refuses offsets past 10,000)', async () => {
    const { client } = service;
    const app = await deployedApp(client, { memo: multiText('memo'), memo_new: text('memo_new') });
    const ids = await addRecords(
      client,
      app,
      Array.from({ length: 10_600 }, (_, i) => ({ memo: { value: `m${i}` } })),
    );
    const result = await copyFieldValues(client, {
      app,
      from: { code: 'memo', table: null },
      to: { code: 'memo_new', table: null },
      convert: toSingleLine,
    });
    expect(result.copied).toBe(10_600);
    const after = await recordsById(client, app);
    expect(after.size).toBe(10_600);
    ids.forEach((id, i) => expect(valueOf(after.get(id), 'memo_new')).toBe(`m${i}`));
  }, 60_000);
});

describe('moving a value into a table', () => {
  const setUp = async () => {
    const { client } = service;
    const app = await deployedApp(client, {
      memo: multiText('memo'),
      items: table('items', { item: text('item'), memo_row: text('memo_row') }),
    });
    const ids = await addRecords(client, app, [
      { memo: { value: 'a' } },
      { memo: { value: 'b' }, items: { value: [{ value: { item: { value: 'x' } } }] } },
      {
        memo: { value: 'c' },
        items: { value: [{ value: { item: { value: 'y' } } }, { value: { item: { value: 'z' } } }] },
      },
      { memo: { value: '' }, items: { value: [{ value: { item: { value: 'w' } } }] } },
    ]);
    return { app, ids };
  };
  const into = (app: string, row?: 'first' | 'every' | 'new'): CopySpec => ({
    app,
    from: { code: 'memo', table: null },
    to: { code: 'memo_row', table: 'items' },
    convert: toSingleLine,
    ...(row ? { row } : {}),
  });
  /** Each record's rows as [item, memo_row] pairs. */
  const cells = async (app: string, ids: string[]) => {
    const after = await recordsById(service.client, app);
    return ids.map((id) =>
      rows(after.get(id), 'items').map((r) => [r.value.item?.value, r.value.memo_row?.value]),
    );
  };

  it.each([
    [
      'a new table (no row): one row per record holding a value',
      undefined,
      [
        [['', 'a']],
        [['x', 'b']],
        [
          ['y', 'c'],
          ['z', ''],
        ],
        [['w', '']],
      ],
    ],
    [
      'the first row',
      'first' as const,
      [
        [['', 'a']],
        [['x', 'b']],
        [
          ['y', 'c'],
          ['z', ''],
        ],
        [['w', '']],
      ],
    ],
    [
      'every row',
      'every' as const,
      [
        [['', 'a']],
        [['x', 'b']],
        [
          ['y', 'c'],
          ['z', 'c'],
        ],
        [['w', '']],
      ],
    ],
    [
      'a new row',
      'new' as const,
      [
        [['', 'a']],
        [
          ['x', ''],
          ['', 'b'],
        ],
        [
          ['y', ''],
          ['z', ''],
          ['', 'c'],
        ],
        [['w', '']],
      ],
    ],
  ])('into %s, keeping the rows and their cells; a second run changes nothing', async (_, row, expected) => {
    const { app, ids } = await setUp();
    const before = await recordsById(service.client, app);
    const first = await copyFieldValues(service.client, into(app, row));
    expect(first).toMatchObject({ copied: 3, empty: 1 });
    expect(await cells(app, ids)).toEqual(expected);
    // Existing rows keep their ids.
    const after = await recordsById(service.client, app);
    const keptIds = (id: string) => rows(before.get(id), 'items').map((r) => r.id);
    for (const id of ids)
      expect(
        rows(after.get(id), 'items')
          .map((r) => r.id)
          .slice(0, keptIds(id).length),
      ).toEqual(keptIds(id));
    const second = await copyFieldValues(service.client, into(app, row));
    expect(second).toMatchObject({ copied: 0, unchanged: 3, empty: 1 });
    expect(await cells(app, ids)).toEqual(expected);
  });
  it('into a new row: a value edited after a pass is written into the row that pass added, not a second one; one emptied takes its row away', async () => {
    const { app, ids } = await setUp();
    await copyFieldValues(service.client, into(app, 'new'));
    await service.client.records.updateRecord({ app, id: ids[1]!, record: { memo: { value: 'b2' } } });
    await service.client.records.updateRecord({ app, id: ids[2]!, record: { memo: { value: '' } } });
    const again = await copyFieldValues(service.client, into(app, 'new'));
    expect(again).toMatchObject({ copied: 2, unchanged: 1, empty: 1 });
    expect(await cells(app, ids)).toEqual([
      [['', 'a']],
      [
        ['x', ''],
        ['', 'b2'],
      ],
      [
        ['y', ''],
        ['z', ''],
      ],
      [['w', '']],
    ]);
    const third = await copyFieldValues(service.client, into(app, 'new'));
    expect(third).toMatchObject({ copied: 0 });
  });
});

describe('moving a value out of a table', () => {
  it('takes the one row holding a value; more rows are reported, or joined when asked', async () => {
    const { client } = service;
    const app = await deployedApp(client, {
      items: table('items', { item: text('item') }),
      item_top: multiText('item_top'),
    });
    const row = (item: string) => ({ value: { item: { value: item } } });
    const ids = await addRecords(client, app, [
      { items: { value: [row('only')] } },
      { items: { value: [row(''), row('second')] } },
      { items: { value: [row('p'), row('q')] } },
      { items: { value: [] } },
    ]);
    const spec: CopySpec = {
      app,
      from: { code: 'item', table: 'items' },
      to: { code: 'item_top', table: null },
      convert: (value) => ({ ok: true, value }),
    };
    const result = await copyFieldValues(client, spec);
    expect(result).toMatchObject({ copied: 2, empty: 1 });
    expect(result.notConverted).toEqual([
      {
        id: ids[2],
        value: ['p', 'q'],
        reason: '2 rows hold a value (at most one can move out of the table)',
      },
    ]);
    let after = await recordsById(client, app);
    expect(ids.map((id) => valueOf(after.get(id), 'item_top'))).toEqual(['only', 'second', '', '']);
    const joined = await copyFieldValues(client, { ...spec, join: '\n' });
    expect(joined).toMatchObject({ copied: 1, unchanged: 2, notConverted: [] });
    after = await recordsById(client, app);
    expect(valueOf(after.get(ids[2]!), 'item_top')).toBe('p\nq');
  });
});

describe('changing a column inside a table', () => {
  // docs/migrations.md: "each row's cell converts on its own": a row that does not convert takes
  // nothing from the record's other rows, which the swap would otherwise drop.
  it('converts row by row, each row keeping its id, and reports a row that does not convert, its other rows converted', async () => {
    const { client } = service;
    const app = await deployedApp(client, {
      items: table('items', { memo: multiText('memo'), memo_line: text('memo_line') }),
    });
    const row = (memo: string, line?: string) => ({
      value: { memo: { value: memo }, ...(line !== undefined ? { memo_line: { value: line } } : {}) },
    });
    const ids = await addRecords(client, app, [
      { items: { value: [row('one'), row(''), row('three')] } },
      { items: { value: [row('fine'), row('two\nlines')] } },
      { items: { value: [] } },
      // A cell an earlier pass filled, whose value was edited since into one that does not convert.
      { items: { value: [row('x\ny', 'stale')] } },
    ]);
    const before = await recordsById(client, app);
    const result = await copyFieldValues(client, {
      app,
      from: { code: 'memo', table: 'items' },
      to: { code: 'memo_line', table: 'items' },
      convert: toSingleLine,
    });
    const second = rows(before.get(ids[1]!), 'items')[1]!.id;
    expect(result).toMatchObject({ copied: 1, empty: 1 });
    const stale = rows(before.get(ids[3]!), 'items')[0]!.id;
    expect(result.notConverted).toEqual([
      { id: ids[1], value: 'two\nlines', reason: `row ${second}: holds a line break` },
      { id: ids[3], value: 'x\ny', reason: `row ${stale}: holds a line break` },
    ]);
    const after = await recordsById(client, app);
    const first = rows(after.get(ids[0]!), 'items');
    expect(first.map((r) => [r.id, r.value.memo_line?.value])).toEqual(
      rows(before.get(ids[0]!), 'items').map((r, i) => [r.id, ['one', '', 'three'][i]]),
    );
    expect(rows(after.get(ids[1]!), 'items').map((r) => r.value.memo_line?.value ?? '')).toEqual([
      'fine',
      '',
    ]);
    expect(rows(after.get(ids[3]!), 'items').map((r) => r.value.memo_line?.value)).toEqual(['']);
    // Converged: a second copy writes nothing.
    const again = await copyFieldValues(client, {
      app,
      from: { code: 'memo', table: 'items' },
      to: { code: 'memo_line', table: 'items' },
      convert: toSingleLine,
    });
    expect(again).toMatchObject({ copied: 0, notConverted: [{ id: ids[1] }, { id: ids[3] }] });
    expect(await recordsById(client, app)).toEqual(after);
  });
});

describe('a field not live', () => {
  it('is named before anything is read or written', async () => {
    const { client } = service;
    const app = await deployedApp(client, { memo: multiText('memo') });
    await expect(
      copyFieldValues(client, {
        app,
        from: { code: 'memo', table: null },
        to: { code: 'memo_new', table: 'items' },
        convert: toSingleLine,
      }),
    ).rejects.toThrow(`copyFieldValues: app ${app} has no live field memo_new in the table items`);
  });
});
