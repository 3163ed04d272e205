/**
 * Edits an existing YAML file in place, as text: the yaml package's Document API finds where each
 * edited value sits (its source range), and only those bytes are rewritten. Re-stringifying the
 * whole Document would also keep comments, but it reflows what people formatted by hand (flow
 * maps spread over lines, line widths, quoting), and `git diff` after an export must show the
 * settings that changed and nothing else.
 */
import {
  Document,
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  type Node,
  type Pair,
} from 'yaml';
import { styledDocument, TO_STRING } from './yaml-style.js';

export type YamlPath = (string | number)[];

export type YamlEdit =
  /** Replace the value at `path` (which exists). */
  | { kind: 'set'; path: YamlPath; value: unknown }
  /** Add `key` to the map at `path` (after its last key). */
  | { kind: 'add'; path: YamlPath; key: string; value: unknown }
  /** Remove the key at `path` from its map. */
  | { kind: 'delete'; path: YamlPath };

interface Splice {
  start: number;
  end: number;
  text: string;
}

interface Located {
  node: Node | null;
  /** The pair holding the node when its parent is a map; the index when it is a list. */
  pair: Pair<Node, Node | null> | null;
  index: number | null;
  parent: Node | null;
  /** Inside a flow collection: only flow syntax may be written. */
  flow: boolean;
}

export function patchYaml(text: string, edits: readonly YamlEdit[]): string {
  const doc = parseDocument(text);
  const splices: Splice[] = [];
  const adds = new Map<string, { path: YamlPath; entries: [string, unknown][] }>();
  for (const edit of edits) {
    if (edit.kind === 'add') {
      const id = JSON.stringify(edit.path);
      const group = adds.get(id) ?? { path: edit.path, entries: [] };
      group.entries.push([edit.key, edit.value]);
      adds.set(id, group);
    } else if (edit.kind === 'set') splices.push(setSplice(text, doc, edit.path, edit.value));
    else splices.push(deleteSplice(text, doc, edit.path));
  }
  for (const { path, entries } of adds.values()) splices.push(addSplice(text, doc, path, entries));
  // From the end backwards, so that earlier offsets stay valid; a removal before an insertion
  // at the same offset, so that the insertion is not removed with it.
  splices.sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const s of splices) out = out.slice(0, s.start) + s.text + out.slice(s.end);
  return out;
}

function locate(doc: Document, path: YamlPath): Located {
  let node = doc.contents;
  let located: Located = { node, pair: null, index: null, parent: null, flow: false };
  for (const segment of path) {
    const parent = node;
    const flow = located.flow || (isCollection(parent) && parent.flow === true);
    if (isMap(parent)) {
      const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
      if (!pair) throw new Error(`yaml-patch: no key ${JSON.stringify(path)}`);
      node = pair.value as Node | null;
      located = { node, pair: pair as Pair<Node, Node | null>, index: null, parent, flow };
    } else if (isSeq(parent) && typeof segment === 'number') {
      node = parent.items[segment] as Node | null;
      located = { node, pair: null, index: segment, parent, flow };
    } else throw new Error(`yaml-patch: cannot walk into ${JSON.stringify(path)}`);
  }
  return located;
}

function setSplice(text: string, doc: Document, path: YamlPath, value: unknown): Splice {
  const at = locate(doc, path);
  const blockDepth = path.length === 1 ? 1 : 0;
  if (at.node && (at.flow || (isCollection(at.parent) && at.parent.flow)))
    return { start: at.node.range![0], end: at.node.range![1], text: renderFlow(value, at.node) };
  if (at.pair) {
    const keyEnd = at.pair.key.range![1];
    const colon = text.indexOf(':', keyEnd);
    const end = at.node?.range ? Math.max(colon + 1, valueEnd(text, at.node)) : colon + 1;
    const node = styledNode(value, blockDepth, at.node);
    return { start: colon + 1, end, text: renderAfter('key', node, column(text, at.pair.key.range![0])) };
  }
  if (at.index !== null && at.node?.range) {
    const dash = text.lastIndexOf('-', at.node.range[0]);
    const node = styledNode(value, blockDepth, at.node);
    return {
      start: dash + 1,
      end: valueEnd(text, at.node),
      text: renderAfter('item', node, column(text, dash)),
    };
  }
  throw new Error(`yaml-patch: cannot set ${JSON.stringify(path)}`);
}

function deleteSplice(text: string, doc: Document, path: YamlPath): Splice {
  const at = locate(doc, path);
  if (!at.pair || !isMap(at.parent)) throw new Error(`yaml-patch: ${JSON.stringify(path)} is not a map key`);
  if (at.parent.items.length === 1) return setSplice(text, doc, path.slice(0, -1), {});
  const keyStart = at.pair.key.range![0];
  const end = at.node?.range ? at.node.range[1] : at.pair.key.range![1];
  if (at.flow || at.parent.flow) {
    const after = /^\s*,\s*/.exec(text.slice(end));
    if (after) return { start: keyStart, end: end + after[0].length, text: '' };
    const before = /,\s*$/.exec(text.slice(0, keyStart));
    return { start: before ? before.index : keyStart, end, text: '' };
  }
  return { start: lineStart(text, keyStart), end: lineEnd(text, Math.max(keyStart, end - 1)), text: '' };
}

function addSplice(text: string, doc: Document, path: YamlPath, entries: [string, unknown][]): Splice {
  const at = locate(doc, path);
  const map = at.node;
  // No map yet (`key:`), or an empty `{}` where block style may be written: the value is written whole.
  if (!isMap(map) || !map.range || (map.items.length === 0 && !at.flow && path.length > 0))
    return setSplice(text, doc, path, Object.fromEntries(entries));
  if (at.flow || map.flow) {
    if (map.items.length === 0)
      return { start: map.range[0], end: map.range[1], text: renderFlow(Object.fromEntries(entries), null) };
    const last = map.items[map.items.length - 1]!;
    const pos = ((last.value as Node | null)?.range ?? (last.key as Node).range!)[1];
    const added = entries.map(([key, value]) => `, ${renderFlow({ [key]: value }, null).slice(2, -2)}`);
    return { start: pos, end: pos, text: added.join('') };
  }
  const first = map.items[0]!;
  const col = column(text, (first.key as Node).range![0]);
  const last = map.items[map.items.length - 1]!;
  const lastEnd = ((last.value as Node | null)?.range ?? (last.key as Node).range!)[1];
  const pos = text[lastEnd - 1] === '\n' ? lastEnd : lineEnd(text, lastEnd);
  const lead = pos === text.length && !text.endsWith('\n') ? '\n' : '';
  const blockDepth = path.length === 0 ? 1 : 0;
  const lines = entries.map(([key, value]) => {
    const rendered = styledDocument({ [key]: value }, blockDepth + 1).toString(TO_STRING);
    return indent(rendered.replace(/\n$/, ''), col, true);
  });
  return { start: pos, end: pos, text: `${lead}${lines.join('\n')}\n` };
}

/** A new value's node, keeping the quoting of the scalar it replaces. */
function styledNode(value: unknown, blockDepth: number, replaced: Node | null): Node {
  const node = styledDocument(value, blockDepth).contents as Node;
  if (isScalar(node) && isScalar(replaced) && typeof node.value === typeof replaced.value && replaced.type)
    node.type = replaced.type;
  return node;
}

/** What follows `key:` or `-` for this node, continuation lines indented from `col`. */
function renderAfter(kind: 'key' | 'item', node: Node, col: number): string {
  const wrapper = new Document(kind === 'key' ? { k: null } : [null]);
  const holder = wrapper.contents as unknown as { items: (Pair | Node | null)[] };
  if (kind === 'key') (holder.items[0] as Pair).value = node;
  else holder.items[0] = node;
  const rendered = wrapper.toString(TO_STRING).replace(/\n$/, '');
  return indent(rendered.slice(kind === 'key' ? 2 : 1), col, false);
}

/** A value in flow syntax, on one line. */
function renderFlow(value: unknown, replaced: Node | null): string {
  const doc = styledDocument([value], 0);
  const seq = doc.contents as unknown as { items: Node[]; flow: boolean };
  const setFlow = (node: unknown): void => {
    if (isCollection(node)) {
      node.flow = true;
      for (const item of node.items) setFlow(isPair(item) ? item.value : item);
    }
  };
  setFlow(seq);
  const item = seq.items[0];
  if (isScalar(item) && isScalar(replaced) && typeof item.value === typeof replaced.value && replaced.type)
    item.type =
      replaced.type === 'BLOCK_LITERAL' || replaced.type === 'BLOCK_FOLDED' ? 'QUOTE_DOUBLE' : replaced.type;
  return doc.toString(TO_STRING).trim().slice(2, -2);
}

function indent(rendered: string, col: number, first: boolean): string {
  const pad = ' '.repeat(col);
  return rendered
    .split('\n')
    .map((line, i) => ((i > 0 || first) && line !== '' ? pad + line : line))
    .join('\n');
}

/** Where a value ends, without the line break that block values include. */
function valueEnd(text: string, node: Node): number {
  const end = node.range![1];
  return text[end - 1] === '\n' ? end - 1 : end;
}

function lineStart(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

function lineEnd(text: string, pos: number): number {
  const newline = text.indexOf('\n', pos);
  return newline === -1 ? text.length : newline + 1;
}

function column(text: string, pos: number): number {
  return pos - lineStart(text, pos);
}
