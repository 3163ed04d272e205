/**
 * A grammar check for exactly the Mermaid subset src/docgen/mermaid.ts emits (no Mermaid parser
 * runs without a DOM; @mermaid-js/parser has no flowchart grammar). Written from Mermaid's
 * flowchart syntax documentation (mermaid.js.org/syntax/flowchart.html): `flowchart LR|TD`;
 * nodes `id["text"]` and `id("text")`; links `A --> B`, `A -.-> B`, with text `A -->|"text"| B`;
 * `click id href "url"`; inside quotes, `#name;`/`#123;` entity codes stand for characters.
 * It is stricter than Mermaid: ids are `n<digits>`, every label is quoted, a node is declared
 * once before any link names it.
 */

/** Characters a quoted label must not hold raw (they end it or are read as markup). */
const RAW = /["<>&`|\\[\]{}()]/;
const LABEL = String.raw`"((?:[^"#]|#\d+;|#[a-z]+;)*)"`;
const NODE = new RegExp(String.raw`^  (n\d+)(?:\[${LABEL}\]|\(${LABEL}\))$`);
const EDGE = new RegExp(String.raw`^  (n\d+) (?:-->|-\.->)(?:\|${LABEL}\|)? (n\d+)$`);
const CLICK = /^ {2}click (n\d+) href "([^"\s]+)"$/;

/** Every problem of one block's body (the lines between the fences); [] when it parses. */
export function checkFlowchart(body: string): string[] {
  const lines = body.split('\n');
  const problems: string[] = [];
  if (!/^flowchart (LR|TD)$/.test(lines[0] ?? ''))
    problems.push(`line 1: not a flowchart header: ${lines[0]}`);
  const declared = new Set<string>();
  const rawInLabel = (label: string | undefined, n: number) => {
    if (label !== undefined && RAW.test(label.replace(/#\d+;|#[a-z]+;/g, '')))
      problems.push(`line ${n}: unescaped character in label: ${label}`);
  };
  lines.slice(1).forEach((line, i) => {
    const n = i + 2;
    const node = NODE.exec(line);
    const edge = EDGE.exec(line);
    const click = CLICK.exec(line);
    if (node) {
      const [, id, boxed, round] = node;
      if (declared.has(id ?? '')) problems.push(`line ${n}: ${id} declared twice`);
      declared.add(id ?? '');
      rawInLabel(boxed ?? round, n);
    } else if (edge) {
      const [, from, label, to] = edge;
      for (const id of [from, to])
        if (!declared.has(id ?? '')) problems.push(`line ${n}: ${id} is not declared`);
      rawInLabel(label, n);
    } else if (click) {
      if (!declared.has(click[1] ?? '')) problems.push(`line ${n}: ${click[1]} is not declared`);
    } else {
      problems.push(`line ${n}: not a node, link or click: ${line}`);
    }
  });
  return problems;
}

/** The bodies of every ```mermaid block of a Markdown page. */
export function mermaidBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```mermaid\n([\s\S]*?)\n```$/gm)].map((m) => m[1] ?? '');
}
