/** The worker pool (client/in-parallel.ts) that the bulk writers, records and plan and apply share. */
import { describe, expect, it } from 'vitest';
import { inParallel, mapLimit } from '../../src/client/in-parallel.js';

/** Pieces that wait until the test lets each finish, noting when each starts and ends. */
function pieces() {
  const started: number[] = [];
  const ended: number[] = [];
  const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  const work = (index: number) =>
    new Promise<void>((resolve, reject) => {
      started.push(index);
      waiting.set(index, { resolve, reject });
    }).finally(() => ended.push(index));
  const settle = async (index: number, error?: Error) => {
    const piece = waiting.get(index)!;
    waiting.delete(index);
    if (error) piece.reject(error);
    else piece.resolve();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { started, ended, work, settle, running: () => [...waiting.keys()] };
}

describe('inParallel', () => {
  it('starts pieces in index order, at most `limit` at once, each as one ends', async () => {
    const p = pieces();
    const done = inParallel(5, 2, p.work);
    expect(p.running()).toEqual([0, 1]);
    await p.settle(1);
    expect(p.running()).toEqual([0, 2]);
    await p.settle(0);
    await p.settle(2);
    expect(p.running()).toEqual([3, 4]);
    await p.settle(4);
    await p.settle(3);
    await done;
    expect(p.started).toEqual([0, 1, 2, 3, 4]);
  });

  it('after a failure starts nothing more, lets those under way end, then throws that failure', async () => {
    const p = pieces();
    let thrown: unknown;
    const done = inParallel(6, 3, p.work).catch((e: unknown) => (thrown = e));
    await p.settle(1, new Error('piece 1'));
    expect(p.running()).toEqual([0, 2]);
    expect(thrown).toBeUndefined();
    await p.settle(2, new Error('piece 2'));
    await p.settle(0);
    await done;
    expect(p.started).toEqual([0, 1, 2]);
    expect(p.ended.sort()).toEqual([0, 1, 2]);
    expect(thrown).toEqual(new Error('piece 1'));
  });

  it('an aborted signal: no piece starts after it, and its reason is thrown', async () => {
    const p = pieces();
    const abort = new AbortController();
    const done = inParallel(4, 1, p.work, abort.signal).catch((e: unknown) => e);
    await p.settle(0);
    abort.abort(new Error('stopped'));
    await p.settle(1);
    expect(await done).toEqual(new Error('stopped'));
    expect(p.started).toEqual([0, 1]);
  });

  it('no pieces: nothing runs', async () => {
    const p = pieces();
    await inParallel(0, 3, p.work);
    expect(p.started).toEqual([]);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses limit %s before anything runs', async (limit) => {
    const p = pieces();
    await expect(inParallel(3, limit, p.work)).rejects.toThrow(RangeError);
    expect(p.started).toEqual([]);
  });
});

describe('mapLimit', () => {
  it('answers results in the order of the items, whatever order they end in', async () => {
    const p = pieces();
    const mapped = mapLimit(['a', 'b', 'c'], 3, async (item) => {
      await p.work(['a', 'b', 'c'].indexOf(item));
      return item.toUpperCase();
    });
    await p.settle(2);
    await p.settle(0);
    await p.settle(1);
    expect(await mapped).toEqual(['A', 'B', 'C']);
  });
});
