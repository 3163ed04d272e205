/**
 * How export writes YAML it renders itself (new files, and the values it puts into existing
 * ones): one deterministic style, close to what people write by hand in the examples. Small
 * collections of scalars go on one line (`{ type: NUMBER, label: Amount }`); the rest is block
 * style; strings are never folded, so that the same settings always give the same bytes.
 */
import { Document, isCollection, isPair, isScalar, type Node } from 'yaml';

export const TO_STRING = { lineWidth: 0, singleQuote: true } as const;

/** The longest one-line collection export writes; longer ones are block style. */
const FLOW_WIDTH = 88;

/**
 * Sets the style of a node tree: a collection is flow when every child is a one-line scalar or
 * a flow collection and the whole fits in FLOW_WIDTH; `blockDepth` levels from the top stay
 * block (a manifest's top-level areas read better as blocks).
 */
export function styleNode(node: unknown, blockDepth = 0): boolean {
  if (isScalar(node)) return !(typeof node.value === 'string' && node.value.includes('\n'));
  if (!isCollection(node)) return true;
  let small = true;
  for (const item of node.items) {
    const child = isPair(item) ? item.value : item;
    if (!styleNode(child, Math.max(0, blockDepth - 1))) small = false;
  }
  node.flow = true;
  node.flow = node.items.length === 0 || (small && blockDepth === 0 && oneLineWidth(node) <= FLOW_WIDTH);
  return node.flow;
}

function oneLineWidth(node: Node): number {
  const doc = new Document();
  doc.contents = node;
  return doc.toString(TO_STRING).trimEnd().length;
}

/** A value as a styled node of a document (that can then be rendered). */
export function styledDocument(value: unknown, blockDepth: number): Document {
  const doc = new Document();
  doc.contents = doc.createNode(value);
  styleNode(doc.contents, blockDepth);
  return doc;
}
