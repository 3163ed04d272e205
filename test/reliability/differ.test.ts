import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffList, diffMap, diffSingle, equalJson } from '../../src/areas/diff.js';
import { AREAS } from '../../src/areas/index.js';
import type { Change, Json } from '../../src/areas/types.js';
import { fuzz } from './fuzz.js';

/**
 * The plan differ: a plan with no changes must mean the app already holds the manifest, and the
 * changes of a plan must be exactly what turns the current settings into the desired ones.
 */
const item = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;
/** Small pools of values so that equal items (and duplicates in lists) are common. */
const pooled = fc.constantFrom<Json>(1, 'a', null, { x: 1 }, { x: 1, y: [2] }, [1, 2], [2, 1], true);
const value = fc.oneof(item, pooled);
const map = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), value, { maxKeys: 6 });
const list = fc.array(value, { maxLength: 8 });

/** A pair where the second is often a small edit of the first, so that "equal" cases occur. */
function pairOf<T>(arb: fc.Arbitrary<T>, edit: (a: T) => fc.Arbitrary<T>): fc.Arbitrary<[T, T]> {
  return arb.chain((a) =>
    fc.oneof(
      fc.constant<[T, T]>([a, structuredClone(a)]),
      edit(a).map((b) => [a, b] as [T, T]),
      arb.map((b) => [a, b] as [T, T]),
    ),
  );
}
const mapPair = pairOf(map, (a) =>
  fc.tuple(fc.constantFrom(...'abcdef'), fc.option(value)).map(([k, v]) => {
    const b: Record<string, Json> = structuredClone(a);
    if (v === null) delete b[k];
    else b[k] = v;
    return b;
  }),
);
const listPair = pairOf(list, (a) =>
  fc.tuple(fc.nat(8), fc.option(value)).map(([i, v]) => {
    const b = structuredClone(a);
    if (v === null) b.splice(i, 1);
    else b.splice(i, 0, v);
    return b;
  }),
);

/** Applies diffMap's changes to `current`: adds and changes set the item, removes delete it. */
function applyMapChanges(current: Record<string, Json>, changes: Change[]): Record<string, Json> {
  const out = structuredClone(current);
  for (const change of changes) {
    const name = String(change.path[0]);
    if (change.action === 'remove') {
      expect(out[name]).toEqual(change.before);
      delete out[name];
    } else if (change.action === 'add' || change.action === 'change') out[name] = change.after;
    else throw new Error(`diffMap made a ${change.action}`);
  }
  return out;
}

/**
 * Applies diffList's changes to `current`, by its documented meaning: add and change paths are
 * indexes in the desired list, remove paths indexes in the current list; a change replaces the
 * next current item not removed, and every other desired position keeps the next current item
 * not removed, in order.
 */
function applyListChanges(current: Json[], changes: Change[]): Json[] {
  const removed = new Set<number>();
  const at = new Map<number, Change>();
  for (const change of changes) {
    const index = change.path[0] as number;
    if (change.action === 'remove') {
      expect(current[index]).toEqual(change.before);
      removed.add(index);
    } else at.set(index, change);
  }
  const length = current.length - removed.size + changes.filter((c) => c.action === 'add').length;
  const out: Json[] = [];
  let c = 0;
  const nextKept = (): Json => {
    while (removed.has(c)) c++;
    if (c >= current.length) throw new Error('the changes consume more items than the list has');
    return current[c++]!;
  };
  for (let i = 0; i < length; i++) {
    const change = at.get(i);
    if (!change) out.push(nextKept());
    else if (change.action === 'add') out.push(change.after);
    else if (change.action === 'change') {
      expect(nextKept()).toEqual(change.before);
      out.push(change.after);
    } else throw new Error(`diffList made a ${change.action}`);
  }
  return out;
}

describe('plan differ fuzz', () => {
  it('diffMap: empty iff equal; applying its changes to current gives desired', async (context) => {
    await fuzz(context, mapPair, ([desired, current]) => {
      const changes = diffMap(desired, current);
      expect(changes.length === 0).toBe(equalJson(desired, current));
      expect(equalJson(applyMapChanges(current, changes), desired)).toBe(true);
    });
  });

  it('diffList: empty iff equal; applying its changes to current gives desired', async (context) => {
    await fuzz(context, listPair, ([desired, current]) => {
      const changes = diffList(desired, current);
      expect(changes.length === 0).toBe(equalJson(desired, current));
      expect(applyListChanges(current, changes)).toEqual(desired);
    });
  });

  it('diffSingle: empty iff equal; one change whose after is desired', async (context) => {
    await fuzz(
      context,
      pairOf(value, () => value),
      ([desired, current]) => {
        const changes = diffSingle(desired, current);
        expect(changes.length === 0).toBe(equalJson(desired, current));
        if (changes.length > 0)
          expect(changes).toEqual([expect.objectContaining({ after: desired, before: current })]);
      },
    );
  });

  it('equalJson ignores key order and nothing else', async (context) => {
    await fuzz(context, map, (a) => {
      const reversed = Object.fromEntries(Object.entries(a).reverse());
      expect(equalJson(a, reversed)).toBe(true);
      expect(diffMap(a, reversed)).toEqual([]);
    });
  });

  // Two real areas: views (a map of named views) and the app ACL (an ordered list of rules).
  const views = AREAS.find((a) => a.key === 'views')!;
  const appAcl = AREAS.find((a) => a.key === 'appAcl')!;
  const view = fc.record({
    type: fc.constantFrom('LIST', 'CALENDAR'),
    index: fc.nat(5),
    fields: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }),
    filterCond: fc.constantFrom('', 'a = 1'),
  });
  const rule = fc.record({
    entity: fc.record({
      type: fc.constantFrom('USER', 'GROUP', 'CREATOR'),
      code: fc.constantFrom('u1', 'g1', ''),
    }),
    appEditable: fc.boolean(),
    recordViewable: fc.boolean(),
  });
  const viewsPair = pairOf(fc.dictionary(fc.constantFrom('All', 'Mine', 'Open'), view, { maxKeys: 3 }), (a) =>
    fc.constant(structuredClone(a)),
  );
  const aclPair = pairOf(fc.array(rule, { maxLength: 4 }), (a) => fc.constant(a.slice(1)));

  it('views area: diff empty iff equal, and its changes lead to desired', async (context) => {
    await fuzz(context, viewsPair, ([desired, current]) => {
      const changes = views.diff(desired, current);
      expect(changes.length === 0).toBe(equalJson(desired as Json, current as Json));
      expect(equalJson(applyMapChanges(current as Record<string, Json>, changes), desired as Json)).toBe(
        true,
      );
    });
  });

  it('app ACL area: diff empty iff equal, and its changes lead to desired', async (context) => {
    await fuzz(context, aclPair, ([desired, current]) => {
      const changes = appAcl.diff(desired, current);
      expect(changes.length === 0).toBe(equalJson(desired as Json, current as Json));
      expect(applyListChanges(current as Json[], changes)).toEqual(desired);
    });
  });
});
