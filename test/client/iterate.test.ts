/** records.iterate: every page through a cursor, and the cursor never left open behind it. */
import { afterEach, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const rec = (id: number) => ({ $id: { type: '__ID__', value: String(id) } });

describe('records.iterate', () => {
  it('reads every page and leaves the deletion of the finished cursor to the service', async () => {
    h = harness();
    h.reply(200, { id: 'c1', totalCount: '3' });
    h.reply(200, { records: [rec(1), rec(2)], next: true });
    h.reply(200, { records: [rec(3)], next: false });
    const ids: string[] = [];
    for await (const record of h.client.records.iterate(5, {
      query: 'x > 1 order by $id asc',
      fields: ['$id'],
      pageSize: 2,
    })) {
      ids.push(record.$id!.value as string);
    }
    expect(ids).toEqual(['1', '2', '3']);
    expect(h.calls().map((c) => [c.method, c.path, c.query, c.body])).toEqual([
      [
        'POST',
        '/k/v1/records/cursor.json',
        '',
        { app: 5, size: 2, query: 'x > 1 order by $id asc', fields: ['$id'] },
      ],
      ['GET', '/k/v1/records/cursor.json', 'id=c1', undefined],
      ['GET', '/k/v1/records/cursor.json', 'id=c1', undefined],
    ]);
  });

  it('deletes the cursor when the loop stops early', async () => {
    h = harness();
    h.reply(200, { id: 'c2', totalCount: '1000' });
    h.reply(200, { records: [rec(1), rec(2)], next: true });
    h.reply(200, {});
    for await (const record of h.client.records.iterate(5)) {
      if (record.$id!.value === '1') break;
    }
    const last = h.calls().at(-1)!;
    expect([last.method, last.path, last.body]).toEqual([
      'DELETE',
      '/k/v1/records/cursor.json',
      { id: 'c2' },
    ]);
    h.assertAllUsed();
  });

  it('deletes the cursor when the caller throws, and the caller sees its own error', async () => {
    h = harness();
    h.reply(200, { id: 'c3', totalCount: '1000' });
    h.reply(200, { records: [rec(1)], next: true });
    h.reply(200, {});
    const loop = async () => {
      for await (const _record of h!.client.records.iterate(5)) throw new Error('caller failed');
    };
    await expect(loop()).rejects.toThrow('caller failed');
    expect(h.calls().at(-1)).toMatchObject({ method: 'DELETE', body: { id: 'c3' } });
  });

  it('deletes the cursor when reading a page fails, and reports that error, not a failed delete', async () => {
    h = harness();
    h.reply(200, { id: 'c4', totalCount: '1000' });
    h.reply(200, { records: [rec(1)], next: true });
    h.reply(500, { code: 'CB_IJ01', id: 'e', message: 'Internal error.' });
    h.reply(404, { code: 'GAIA_CU01', id: 'e2', message: 'Cursor not found.' });
    const seen: string[] = [];
    const loop = async () => {
      for await (const record of h!.client.records.iterate(5)) seen.push(record.$id!.value as string);
    };
    await expect(loop()).rejects.toMatchObject({ code: 'CB_IJ01' });
    expect(seen).toEqual(['1']);
    expect(h.calls().map((c) => c.method)).toEqual(['POST', 'GET', 'GET', 'DELETE']);
    expect(h.events.at(-1)).toMatchObject({ type: 'cleanup-failed', path: '/k/v1/records/cursor.json' });
  });

  it('deletes the cursor even when the signal that ended the loop has fired', async () => {
    h = harness();
    const controller = new AbortController();
    h.reply(200, { id: 'c5', totalCount: '1000' });
    h.reply(200, { records: [rec(1)], next: true });
    h.reply(200, {});
    for await (const _record of h.client.records.iterate(5, {}, { signal: controller.signal })) {
      controller.abort();
      break;
    }
    expect(h.calls().at(-1)).toMatchObject({ method: 'DELETE', body: { id: 'c5' } });
  });
});
