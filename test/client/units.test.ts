/** The small pieces: query strings, the semaphore. */
import { describe, expect, it } from 'vitest';
import { encodeQuery, queryAsJson } from '../../src/client/query-string.js';
import { Semaphore } from '../../src/client/semaphore.js';

describe('encodeQuery', () => {
  it.each([
    [{ app: 1, id: '2' }, 'brackets', 'app=1&id=2'],
    [{ fields: ['a', 'b c'] }, 'brackets', 'fields[]=a&fields[]=b%20c'],
    [{ ids: [5, 6] }, 'indexed', 'ids[0]=5&ids[1]=6'],
    [{ a: undefined, b: [], c: false }, 'brackets', 'c=false'],
    [{ query: 'x = "1" & y' }, 'brackets', 'query=x%20%3D%20%221%22%20%26%20y'],
  ] as const)('%j (%s) -> %s', (params, style, expected) => {
    expect(encodeQuery(params, style)).toBe(expected);
  });

  it('gives the same parameters as a JSON body for a method override', () => {
    expect(queryAsJson({ app: 1, fields: ['a'], skip: undefined })).toEqual({ app: 1, fields: ['a'] });
  });
});

describe('Semaphore', () => {
  it('grants in arrival order and hands a released slot to the next waiter', async () => {
    const semaphore = new Semaphore(1);
    const order: string[] = [];
    const first = await semaphore.acquire();
    const second = semaphore.acquire().then((release) => (order.push('second'), release));
    const third = semaphore.acquire().then((release) => (order.push('third'), release));
    first();
    first(); // a second release of the same slot changes nothing
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect(semaphore.active).toBe(0);
  });

  it('drops a waiter whose signal fires', async () => {
    const semaphore = new Semaphore(1);
    const held = await semaphore.acquire();
    const controller = new AbortController();
    const waiting = semaphore.acquire(controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    held();
    expect(semaphore.active).toBe(0);
  });

  it('refuses a limit below 1', () => {
    expect(() => new Semaphore(0)).toThrow(/at least 1/);
  });
});
