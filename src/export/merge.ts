/**
 * Brings an existing manifest to what the service holds with as few edits as it takes. A
 * hand-written manifest says many things its own way (`minValue: 0` for the service's "0", a
 * default written out, an option's `index` left out), so comparing it with the exported manifest
 * value by value would rewrite half of it. Instead each candidate edit (a value set, a key added
 * or removed) is kept only when it brings the manifest closer to the service, as the areas
 * themselves measure it: fewer differences in their own diff. What the manifest says another
 * way, or leaves to a default, stays as written.
 */
import type { YamlEdit, YamlPath } from './yaml-patch.js';

type Value = unknown;
type Obj = Record<string, Value>;

/** How far a manifest is from the service: the number of differences the areas find. */
export type Distance = (manifest: Obj, topKey: string) => number;

export interface MergeResult {
  manifest: Obj;
  edits: YamlEdit[];
}

/**
 * The edits that take `current` (the manifest on disk, as data) towards `target` (the export),
 * for the top-level keys of `target`. A top-level key the edits cannot bring as close as the
 * export itself is replaced whole, so the result is never further from the service than a fresh
 * export would be.
 */
export function mergeManifest(current: Obj, target: Obj, distance: Distance): MergeResult {
  const manifest = structuredClone(current);
  let edits: YamlEdit[] = [];
  for (const [key, value] of Object.entries(target)) {
    const state = { manifest, edits: [] as YamlEdit[], topKey: key, distance };
    const present = key in manifest;
    if (present) mergeValue(state, [key], value);
    else attempt(state, { kind: 'add', path: [], key, value });
    if (distance(manifest, key) > distance(target, key)) {
      manifest[key] = structuredClone(value);
      state.edits = [present ? { kind: 'set', path: [key], value } : { kind: 'add', path: [], key, value }];
    }
    edits = edits.concat(state.edits);
  }
  return { manifest, edits };
}

interface State {
  manifest: Obj;
  edits: YamlEdit[];
  topKey: string;
  distance: Distance;
}

function mergeValue(state: State, path: YamlPath, target: Value): void {
  const current = getIn(state.manifest, path);
  if (looselyEqual(current, target)) return;
  if (isObject(current) && isObject(target)) {
    for (const [key, value] of Object.entries(target)) {
      if (key in current) mergeValue(state, [...path, key], value);
      else attempt(state, { kind: 'add', path, key, value });
    }
    for (const key of Object.keys(current))
      if (!(key in target)) attempt(state, { kind: 'delete', path: [...path, key] });
    reorder(state, path, target);
    return;
  }
  if (Array.isArray(current) && Array.isArray(target) && current.length === target.length) {
    target.forEach((value, i) => mergeValue(state, [...path, i], value));
    return;
  }
  attempt(state, { kind: 'set', path, value: target });
}

/**
 * Where a map's order means something (views, graphs and actions without an `index` take their
 * position), and the keys it shares with the target are in another order, the map is written
 * whole in the target's order, if that brings it closer.
 */
function reorder(state: State, path: YamlPath, target: Obj): void {
  const current = getIn(state.manifest, path) as Obj;
  const shared = Object.keys(current).filter((k) => k in target);
  const wanted = Object.keys(target).filter((k) => k in current);
  if (shared.every((k, i) => k === wanted[i])) return;
  const reordered: Obj = {};
  for (const key of wanted) reordered[key] = current[key];
  for (const key of Object.keys(current)) if (!(key in reordered)) reordered[key] = current[key];
  attempt(state, { kind: 'set', path, value: reordered });
}

/** Applies the edit when it brings the manifest closer to the service; undoes it otherwise. */
function attempt(state: State, edit: YamlEdit): void {
  const before = state.distance(state.manifest, state.topKey);
  const undo = apply(state.manifest, edit);
  if (state.distance(state.manifest, state.topKey) < before) {
    // A whole value set replaces the edits made inside it before.
    if (edit.kind === 'set') state.edits = state.edits.filter((e) => !inside(e, edit.path));
    state.edits.push(structuredClone(edit));
  } else undo();
}

function inside(edit: YamlEdit, path: YamlPath): boolean {
  const at = edit.kind === 'add' ? [...edit.path, edit.key] : edit.path;
  return at.length > path.length && path.every((segment, i) => at[i] === segment);
}

/** Applies an edit to the data; returns how to undo it. */
function apply(root: Obj, edit: YamlEdit): () => void {
  const parentPath = edit.kind === 'add' ? edit.path : edit.path.slice(0, -1);
  const key = String(edit.kind === 'add' ? edit.key : edit.path[edit.path.length - 1]!);
  const parent = getIn(root, parentPath) as Record<string, Value>;
  const had = Object.prototype.hasOwnProperty.call(parent, key);
  const old = parent[key];
  const position = Object.keys(parent).indexOf(key);
  if (edit.kind === 'delete') delete parent[key];
  else parent[key] = structuredClone(edit.value);
  return () => {
    if (!had) delete parent[key];
    else if (edit.kind !== 'delete' || Array.isArray(parent)) parent[key] = old;
    else {
      // A removed key comes back where it was: the order of a map can matter.
      const entries = Object.entries(parent);
      entries.splice(position, 0, [key, old]);
      for (const k of Object.keys(parent)) delete parent[k];
      for (const [k, v] of entries) parent[k] = v;
    }
  };
}

/** A copy of `root` with the edits made, as data (what the text edits must read back as). */
export function applyEdits(root: Obj, edits: readonly YamlEdit[]): Obj {
  const out = structuredClone(root);
  for (const edit of edits) apply(out, edit);
  return out;
}

export function getIn(root: Value, path: YamlPath): Value {
  let node = root;
  for (const segment of path) node = (node as Record<string | number, Value> | null)?.[segment];
  return node;
}

function isObject(value: Value): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Equal as data, a number and the same number written as a string included. */
export function looselyEqual(a: Value, b: Value): boolean {
  if (a === b) return true;
  if ((typeof a === 'number' && typeof b === 'string') || (typeof a === 'string' && typeof b === 'number'))
    return String(a) === String(b);
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => looselyEqual(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((k, i) => k === Object.keys(b)[i] && looselyEqual(a[k], b[k]))
    );
  }
  return false;
}
