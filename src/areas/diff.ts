/**
 * The item-level diff every area uses. An area only says how its items are keyed and ordered:
 * a map of named items (fields, views, graphs), an ordered list (ACL rules, layout rows), or a
 * single value (general settings, admin notes). Attribute-level differences inside a changed
 * item come from attributeChanges.
 */
import { createHash } from 'node:crypto';
import { sortKeys } from './canonical.js';
import type { AttributeChange, Change, ChangePath, Json } from './types.js';

/** Deep equality of canonical values (key order does not matter; array order does). */
export function equalJson(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => equalJson(item, b[i]))
    );
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && equalJson(a[k], b[k]));
}

/**
 * A sha256 of a canonical value that does not depend on key order (equalJson's equality): what
 * the recovery record keeps of the content apply writes an area towards, and the planner of
 * what an area's draft holds (recovery.ts).
 */
export function contentHash(value: Json): string {
  return createHash('sha256')
    .update(JSON.stringify(sortKeys(value)))
    .digest('hex');
}

/**
 * The attributes that differ between two versions of one item, each with its path inside it.
 * Objects are compared key by key (the keys of `before` in their order, then the new ones); lists
 * the way diffList compares an area's list, by their longest common subsequence, so that a field
 * inserted into a layout row is one insertion, not a change of every field after it.
 */
export function attributeChanges(before: Json, after: Json, path: ChangePath = []): AttributeChange[] {
  if (equalJson(before, after)) return [];
  if (Array.isArray(before) && Array.isArray(after)) return listAttributeChanges(before, after, path);
  if (isPlainObject(before) && isPlainObject(after)) {
    const changes: AttributeChange[] = [];
    for (const [key, value] of Object.entries(before))
      changes.push(
        ...(Object.hasOwn(after, key)
          ? attributeChanges(value, after[key]!, [...path, key])
          : [{ path: [...path, key], before: value }]),
      );
    for (const [key, value] of Object.entries(after))
      if (!Object.hasOwn(before, key)) changes.push({ path: [...path, key], after: value });
    return changes;
  }
  return [{ path, before, after }];
}

/** A list inside an item: what is kept stays silent; the gaps pair up as in diffList. */
function listAttributeChanges(
  before: readonly Json[],
  after: readonly Json[],
  path: ChangePath,
): AttributeChange[] {
  const changes: AttributeChange[] = [];
  for (const gap of listGaps(after, before)) {
    const paired = Math.min(gap.removed.length, gap.added.length);
    for (let i = 0; i < paired; i++)
      changes.push(
        ...attributeChanges(before[gap.removed[i]!]!, after[gap.added[i]!]!, [...path, gap.added[i]!]),
      );
    for (const i of gap.removed.slice(paired)) changes.push({ path: [...path, i], before: before[i]! });
    for (const i of gap.added.slice(paired)) changes.push({ path: [...path, i], after: after[i]! });
  }
  return changes;
}

function isPlainObject(value: Json): value is { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A single-valued area: nothing, or one change at the area itself. */
export function diffSingle(desired: Json, current: Json): Change[] {
  if (equalJson(desired, current)) return [];
  return [
    {
      action: 'change',
      path: [],
      before: current,
      after: desired,
      details: attributeChanges(current, desired),
    },
  ];
}

/**
 * A map of named items: additions and changes in the desired order, then removals in the
 * current order. Key order alone is not a change (an area with an order keeps it in `index`).
 */
export function diffMap(
  desired: Readonly<Record<string, Json>>,
  current: Readonly<Record<string, Json>>,
): Change[] {
  const changes: Change[] = [];
  for (const [name, after] of Object.entries(desired)) {
    if (!Object.hasOwn(current, name)) changes.push({ action: 'add', path: [name], after });
    else {
      const before = current[name]!;
      if (!equalJson(before, after))
        changes.push({
          action: 'change',
          path: [name],
          before,
          after,
          details: attributeChanges(before, after),
        });
    }
  }
  for (const [name, before] of Object.entries(current))
    if (!Object.hasOwn(desired, name)) changes.push({ action: 'remove', path: [name], before });
  return changes;
}

/** Items of a map that are the same on both sides. */
export function unchangedInMap(
  desired: Readonly<Record<string, Json>>,
  current: Readonly<Record<string, Json>>,
): number {
  return Object.entries(desired).filter(
    ([name, item]) => Object.hasOwn(current, name) && equalJson(item, current[name]),
  ).length;
}

/**
 * An ordered list (ACL rules, layout rows, process actions): the longest common subsequence of
 * equal items stays; what is left are removals and additions at their positions, and a removal
 * and an addition at the same position read as one change of that item. Paths are indexes in
 * the desired list (in the current list for a removal).
 */
export function diffList(desired: readonly Json[], current: readonly Json[]): Change[] {
  const changes: Change[] = [];
  for (const { removed, added } of listGaps(desired, current)) {
    const paired = Math.min(removed.length, added.length);
    for (let i = 0; i < paired; i++) {
      const before = current[removed[i]!]!;
      const after = desired[added[i]!]!;
      changes.push({
        action: 'change',
        path: [added[i]!],
        before,
        after,
        details: attributeChanges(before, after),
      });
    }
    for (const i of removed.slice(paired)) changes.push({ action: 'remove', path: [i], before: current[i]! });
    for (const i of added.slice(paired)) changes.push({ action: 'add', path: [i], after: desired[i]! });
  }
  return changes;
}

/**
 * The stretches between the items a longest common subsequence keeps: in each, the indexes
 * removed from the current list and added in the desired one.
 */
function listGaps(
  desired: readonly Json[],
  current: readonly Json[],
): { removed: number[]; added: number[] }[] {
  const gaps: { removed: number[]; added: number[] }[] = [];
  let d = 0;
  let c = 0;
  for (const [keepD, keepC] of [
    ...commonSubsequence(desired, current),
    [desired.length, current.length] as const,
  ]) {
    const gap: { removed: number[]; added: number[] } = { removed: [], added: [] };
    for (; c < keepC; c++) gap.removed.push(c);
    for (; d < keepD; d++) gap.added.push(d);
    if (gap.removed.length > 0 || gap.added.length > 0) gaps.push(gap);
    d = keepD + 1;
    c = keepC + 1;
  }
  return gaps;
}

/** Items of a list the diff keeps as they are. */
export function unchangedInList(desired: readonly Json[], current: readonly Json[]): number {
  return commonSubsequence(desired, current).length;
}

/** Index pairs (desired, current) of a longest common subsequence of equal items. */
function commonSubsequence(a: readonly Json[], b: readonly Json[]): [number, number][] {
  // Equal lists (every list of an unchanged app) keep every item, pair by pair, as the table
  // below would say: n comparisons instead of its n x m.
  if (a.length === b.length && a.every((item, i) => equalJson(item, b[i]))) return a.map((_, i) => [i, i]);
  const rows = a.length + 1;
  const cols = b.length + 1;
  const table = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i * cols + j] = equalJson(a[i], b[j])
        ? table[(i + 1) * cols + j + 1]! + 1
        : Math.max(table[(i + 1) * cols + j]!, table[i * cols + j + 1]!);
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (equalJson(a[i], b[j])) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (table[(i + 1) * cols + j]! >= table[i * cols + j + 1]!) i++;
    else j++;
  }
  return pairs;
}
