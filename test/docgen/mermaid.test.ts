import { describe, expect, it } from 'vitest';
import { flowchart, mermaidLabel } from '../../src/docgen/mermaid.js';
import { checkFlowchart, mermaidBlocks } from './mermaid-grammar.js';

const body = (block: string) => mermaidBlocks(block)[0] ?? '';

describe('the Mermaid grammar check', () => {
  it.each([
    ['an unquoted label', 'flowchart LR\n  n0[Deals]'],
    ['a raw quote in a label', 'flowchart LR\n  n0["say "hi""]'],
    ['a link to an undeclared node', 'flowchart LR\n  n0["A"]\n  n0 --> n1'],
    ['a node declared twice', 'flowchart LR\n  n0["A"]\n  n0["B"]'],
    ['a user-text node id', 'flowchart LR\n  my app["A"]'],
    ['a raw bar in a link label', 'flowchart LR\n  n0["A"]\n  n0 -->|"a|b"| n0'],
    ['another diagram type', 'graph LR\n  n0["A"]'],
  ])('refuses %s', (_, text) => {
    expect(checkFlowchart(text)).not.toEqual([]);
  });

  it('accepts a flowchart with entity codes, both shapes, both links and a click', () => {
    const text =
      'flowchart TD\n  n0["A #quot;b#quot;"]\n  n1("C #35;1")\n  n0 -.->|"x #124; y"| n1\n  n1 --> n0\n  click n0 href "a.md"';
    expect(checkFlowchart(text)).toEqual([]);
  });
});

describe('flowchart', () => {
  const hostile = [
    'say "hi"',
    'a|b',
    '#1; [x] {y} (z)',
    '<b>&amp;</b>',
    'back`tick\\',
    'two\nlines',
    '日本語 ステータス',
  ];

  it.each(hostile)('escapes the label %j so that the block parses', (label) => {
    const block = flowchart(
      'LR',
      [
        { key: label, label, link: `${label}.md` },
        { key: 'b', label: 'B', shape: 'round' },
      ],
      [{ from: label, to: 'b', label, dashed: true }],
    );
    expect(checkFlowchart(body(block))).toEqual([]);
  });

  it('writes labels as Mermaid entity codes', () => {
    expect(mermaidLabel('say "hi" #1')).toBe('"say #34;hi#34; #35;1"');
  });

  it('refuses a link between undeclared nodes (a generator bug, not a user error)', () => {
    expect(() => flowchart('LR', [{ key: 'a', label: 'A' }], [{ from: 'a', to: 'zz' }])).toThrow(
      /undeclared node: zz/,
    );
  });
});
