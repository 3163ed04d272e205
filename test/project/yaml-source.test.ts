import { describe, expect, it } from 'vitest';
import { parseDotEnv } from '../../src/project/env-vars.js';
import { MAX_DEPTH } from '../../src/project/yaml-depth.js';
import { parseYaml } from '../../src/project/yaml-source.js';

function parse(text: string, variables: Record<string, string> = {}) {
  return parseYaml({ text, path: '/p/x.yaml', file: 'x.yaml', variables });
}

describe('parseYaml', () => {
  it('expands variables inside flow maps, keeping columns and skipping comments', () => {
    const r = parse('# ${IN_COMMENT}\nauth: { login: ${LOGIN}, password: "${PW:-x y}" }\nid: ${ID}\n', {
      LOGIN: 'me: #not a comment',
      ID: '12',
    });
    expect(r.problems).toEqual([]);
    expect(r.unset).toEqual([]);
    expect(r.source.value).toEqual({ auth: { login: 'me: #not a comment', password: 'x y' }, id: '12' });
    expect(r.source.locate(['auth', 'password'])).toEqual({ file: 'x.yaml', line: 2, col: 36 });
    expect(r.source.locate(['id'], 'key')).toEqual({ file: 'x.yaml', line: 3, col: 1 });
  });

  it('uses the default when a variable is empty, keeps $${ literal, and reports unset ones where they are', () => {
    const r = parse('a: ${EMPTY:-d}\nb: $${X}\nc: x${MISSING}y\n', { EMPTY: '' });
    expect(r.source.value).toEqual({ a: 'd', b: '${X}', c: 'xy' });
    expect(r.unset.map((u) => [u.path, u.problem.message, u.problem.line, u.problem.col])).toEqual([
      [['c'], 'variable MISSING is not set', 3, 5],
    ]);
  });

  it('reports a malformed reference', () => {
    const r = parse('a: ${1x}\n');
    expect(r.unset[0]?.problem).toMatchObject({ code: 'VARIABLE.MALFORMED', line: 1, col: 4 });
  });

  it('reports duplicate keys at the second key', () => {
    const r = parse('a: 1\nb:\n  c: 1\n  c: 2\n');
    expect(r.problems).toMatchObject([{ code: 'YAML.DUPLICATE_KEY', line: 4, col: 3, path: 'b.c' }]);
  });

  it('reports an alias to its own anchor, and alias bombs', () => {
    expect(parse('b: &x [1, *x]\n').problems).toMatchObject([{ code: 'YAML.ALIAS_LOOP', line: 1, col: 11 }]);
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 7; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(', ')}]`);
    }
    const r = parse(levels.join('\n') + '\n');
    expect(r.problems.map((p) => p.code)).toEqual(['YAML.ALIAS_LIMIT']);
  });

  it('reports syntax errors with their position and keeps going to none of the value', () => {
    const r = parse('a: [1, 2\nb: 3\n');
    expect(r.source.value).toBeUndefined();
    expect(r.problems[0]).toMatchObject({ code: 'YAML.SYNTAX', file: 'x.yaml' });
  });

  it.each([
    ['a bracket left open on the last line', 'a: 1\nb: [1, 2\n\n', 2, 9],
    ['a bracket left open without a final newline', 'b: [1, 2', 1, 9],
    ['a quote left open', 'a: 1\nb: "abc\n', 2, 8],
  ])('puts a syntax error at the end of the file after its last character: %s', (_what, text, line, col) => {
    expect(parse(text).problems).toMatchObject([{ code: 'YAML.SYNTAX', line, col }]);
  });

  describe('nesting', () => {
    const blockMaps = (levels: number) =>
      Array.from({ length: levels }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' end\n';
    const flowLists = (levels: number) => `a: ${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}\n`;
    const dashes = (levels: number) => `${'- '.repeat(levels)}x\n`;

    it.each([
      ['block maps', blockMaps],
      ['flow lists in a map', flowLists],
      ['compact lists', dashes],
    ])('%s: 100 levels are read', (_what, make) => {
      const r = parse(make(MAX_DEPTH));
      expect(r.problems).toEqual([]);
      expect(r.source.value).not.toBeUndefined();
    });

    it.each([
      ['block maps 1,000 deep', blockMaps(1000), 101, 101],
      ['flow lists 100,000 deep', flowLists(100_000), 1, 103],
      ['compact lists 1,000 deep', dashes(1000), 1, 201],
    ])('%s: one YAML.DEPTH at the first level past 100, no stack overflow', (_what, text, line, col) => {
      const r = parse(text);
      expect(r.problems).toEqual([
        {
          code: 'YAML.DEPTH',
          message: 'maps and lists nest more than 100 levels deep',
          file: 'x.yaml',
          line,
          col,
          hint: 'A manifest needs a handful of levels: check for brackets left open, or a generated file.',
        },
      ]);
      expect(r.source.value).toBeUndefined();
      expect(r.source.locate(['a', 'b'])).toEqual({ file: 'x.yaml', line, col });
    });
  });

  it('locates the nearest parent of a missing path, and array items', () => {
    const r = parse('list:\n  - name: a\n  - name: b\n');
    expect(r.source.locate(['list', 1, 'name'])).toMatchObject({ line: 3, col: 11 });
    expect(r.source.locate(['list', 1, 'nope'])).toMatchObject({ line: 3, col: 5 });
    expect(r.source.locate(['zzz'])).toMatchObject({ line: 1, col: 1 });
  });

  it('rejects custom tags and binary scalars', () => {
    const r = parse('a: !foo bar\nb: !!binary aGVsbG8=\n');
    expect(r.problems.map((p) => [p.code, p.line])).toEqual([
      ['YAML.TAG', 1],
      ['YAML.TAG', 2],
    ]);
  });
});

describe('parseDotEnv', () => {
  it('reads bare, quoted and exported values, skipping comments, and locates bad lines', () => {
    const text =
      '# comment\nA=plain value # note\nexport B="two\\nlines"\nC=\'$not ${expanded}\'\n\nnot a line\nD="open\n';
    expect(parseDotEnv(text)).toEqual({
      values: { A: 'plain value', B: 'two\nlines', C: '$not ${expanded}' },
      errors: [
        { line: 6, col: 1, message: 'expected NAME=value' },
        { line: 7, col: 1, message: 'unterminated quote in D' },
      ],
    });
  });
});
