/**
 * Mermaid flowcharts, built so that they always parse: node ids are generated identifiers
 * (`n0`, `n1`, ...), never user text; labels are always double-quoted with `"` and characters that
 * Mermaid or Markdown would read written as entity codes (`#quot;`, Mermaid's own escape); every
 * edge joins declared nodes. test/docgen/mermaid-grammar.ts checks exactly this subset.
 */

export interface FlowNode {
  /** The caller's key for the node (an app key, a status name). */
  key: string;
  label: string;
  /** `round` for start/end states, `box` otherwise. */
  shape?: 'box' | 'round';
  /** A relative link (the app's page). */
  link?: string;
}

export interface FlowEdge {
  from: string;
  to: string;
  label?: string;
  dashed?: boolean;
}

/**
 * Mermaid entity codes (`#name;` or `#123;`) for the characters that would end or break a quoted
 * label: quotes, `#` itself (it starts an entity), and Markdown/HTML specials.
 */
export function mermaidLabel(value: string): string {
  const escaped = value.replace(/[#"<>&`|\\[\]{}()]/g, (c) => `#${c.charCodeAt(0)};`);
  return `"${escaped.replace(/\r?\n/g, ' ')}"`;
}

/** A `flowchart` in a fenced block; edges naming undeclared nodes are a programming error. */
export function flowchart(direction: 'LR' | 'TD', nodes: FlowNode[], edges: FlowEdge[]): string {
  const ids = new Map(nodes.map((n, i) => [n.key, `n${i}`]));
  const id = (key: string) => {
    const found = ids.get(key);
    if (found === undefined) throw new Error(`mermaid edge names an undeclared node: ${key}`);
    return found;
  };
  const lines = [`flowchart ${direction}`];
  for (const node of nodes) {
    const label = mermaidLabel(node.label);
    lines.push(`  ${id(node.key)}${node.shape === 'round' ? `(${label})` : `[${label}]`}`);
  }
  for (const edge of edges) {
    const arrow = edge.dashed ? '-.->' : '-->';
    const label = edge.label === undefined ? '' : `|${mermaidLabel(edge.label)}|`;
    lines.push(`  ${id(edge.from)} ${arrow}${label} ${id(edge.to)}`);
  }
  for (const node of nodes) {
    if (node.link !== undefined)
      lines.push(`  click ${id(node.key)} href "${encodeURI(node.link).replace(/"/g, '%22')}"`);
  }
  return ['```mermaid', ...lines, '```'].join('\n');
}
