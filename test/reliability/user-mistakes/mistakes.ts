/**
 * The mistakes people really make in a project's files, as deterministic edits: each takes a
 * seeded random source and a file's text and says what it did (its `name`, printed when a check
 * fails, so a failure reads as the mistake a user made). Text edits work on the lines as written
 * (a misspelt key, a value of the wrong type, an indentation that still parses, a tab, a BOM);
 * file edits replace the file itself (empty, missing, a folder, bytes that are not UTF-8).
 */
import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import { seededRandom } from '../../support/seeded-random.js';

/** A seeded source of choices (mulberry32): the same seed gives the same mutations. */
export class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = seededRandom(seed);
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

/** What a mistake does to a file: new content (bytes or text), or the file as something else. */
export type Outcome =
  | { kind: 'content'; content: string | Buffer }
  | { kind: 'missing' }
  | { kind: 'directory' }
  | { kind: 'unreadable' };

export interface Mistake {
  name: string;
  outcome: Outcome;
}

/** The kinds of file a project holds, each with the mistakes that fit it. */
export type FileKind = 'config' | 'manifest' | 'records' | 'ids' | 'env' | 'asset';

type Edit = (text: string, random: Random, kind: FileKind) => Mistake | undefined;

const text = (name: string, content: string | Buffer): Mistake => ({
  name,
  outcome: { kind: 'content', content },
});

/** Lines holding `key: value` (a map entry), with the key's place on the line. */
function keyLines(source: string): { line: number; indent: string; key: string; rest: string }[] {
  const out: { line: number; indent: string; key: string; rest: string }[] = [];
  source.split('\n').forEach((line, i) => {
    const m = /^(\s*(?:- )?)([A-Za-z_$][\w$]*):( .*|)$/.exec(line);
    if (m) out.push({ line: i, indent: m[1]!, key: m[2]!, rest: m[3]! });
  });
  return out;
}

function replaceLine(source: string, line: number, replacement: string): string {
  const lines = source.split('\n');
  lines[line] = replacement;
  return lines.join('\n');
}

/** How people misspell a word: a letter dropped, two swapped, doubled, the case changed. */
function misspell(word: string, random: Random): string {
  if (word.length < 2) return word + 's';
  const i = random.int(word.length - 1);
  switch (random.int(5)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 2:
      return word.slice(0, i) + word[i] + word.slice(i);
    case 3:
      return word === word.toLowerCase() ? word.toUpperCase() : word.toLowerCase();
    default:
      return word[0]!.toUpperCase() === word[0] ? word[0].toLowerCase() + word.slice(1) : word + 's';
  }
}

/** Values of the wrong type, as written in YAML: what a user types instead of the right one. */
const WRONG_VALUES = [
  '[a, b]',
  '123',
  '1.5',
  '~',
  'null',
  '{}',
  '[]',
  "''",
  '99999999999999999999999999',
  '1e400',
  '-1',
  '-99999',
  '0',
  '"true"',
  'true',
  'false',
  'yes',
  '2026-13-45',
  '"12"',
  '{ a: 1 }',
  '[[[]]]',
  '0x1F',
  '.nan',
  '.inf',
  '!!binary aGVsbG8=',
  '!!str',
  '"\\u0000"',
  '|\n  a block\n  of text',
];

const WEIRD_CODES = ['フィールド', 'champ_é', '😀', 'a\u0301', 'Ω', 'ﬁeld', 'ｆｕｌｌ', 'a b', '1abc', '$id'];

const VARIABLES = [
  '${APPDEPLOY_FUZZ_UNSET}',
  '${APPDEPLOY_FUZZ_UNSET:-}',
  '${APPDEPLOY_FUZZ_UNSET:-fallback}',
  '${APPDEPLOY_FUZZ_UNSET:-123}',
  '${}',
  '${',
  '$APPDEPLOY_FUZZ_UNSET',
  '$${APPDEPLOY_FUZZ_UNSET}',
  '${APPDEPLOY_FUZZ_UNSET:?}',
  '${HOME}',
  '${PATH:-x}/y',
  '"${APPDEPLOY_FUZZ_UNSET}"',
];

const PATHS = [
  '../outside.yaml',
  '../../../../../../etc/passwd',
  '/etc/passwd',
  '/nonexistent/file.yaml',
  '/tmp',
  '.',
  '..',
  'apps',
  'apps/',
  '~/file.yaml',
  'C:\\Users\\me\\app.yaml',
  'apps/../apps/../../x.yaml',
  "''",
  'file:///etc/passwd',
  'apps/does-not-exist.yaml',
];

const PATH_KEYS = /^(manifest|file|path|records|icon|out|ca|cert|key|pfx)$/;

const EDITS: Record<string, Edit> = {
  misspeltKey(source, random) {
    const lines = keyLines(source);
    if (lines.length === 0) return undefined;
    const at = random.pick(lines);
    const wrong = misspell(at.key, random);
    return text(
      `misspelt key ${at.key} as ${wrong} (line ${at.line + 1})`,
      replaceLine(source, at.line, `${at.indent}${wrong}:${at.rest}`),
    );
  },
  wrongValue(source, random) {
    const lines = keyLines(source).filter((l) => l.rest !== '');
    if (lines.length === 0) return undefined;
    const at = random.pick(lines);
    const value = random.pick(WRONG_VALUES);
    const indented = value.replace(/\n/g, `\n${' '.repeat(at.indent.length + 2)}`);
    return text(
      `${at.key}: ${JSON.stringify(value)} (line ${at.line + 1})`,
      replaceLine(source, at.line, `${at.indent}${at.key}: ${indented}`),
    );
  },
  emptiedValue(source, random) {
    const lines = keyLines(source).filter((l) => l.rest !== '');
    if (lines.length === 0) return undefined;
    const at = random.pick(lines);
    return text(
      `${at.key}: left empty (line ${at.line + 1})`,
      replaceLine(source, at.line, `${at.indent}${at.key}:`),
    );
  },
  treeValue(source, random) {
    // A node anywhere in the tree replaced by a value of another type, keeping the rest as written.
    const doc = parseDocument(source, { uniqueKeys: false });
    if (doc.errors.length > 0 || !doc.contents) return undefined;
    const paths: (string | number)[][] = [];
    const walk = (node: Node | null | undefined, path: (string | number)[]) => {
      if (path.length > 0) paths.push(path);
      if (isMap(node))
        for (const pair of node.items)
          if (isScalar(pair.key)) walk(pair.value as Node, [...path, String(pair.key.value)]);
      if (isSeq(node)) node.items.forEach((item, i) => walk(item as Node, [...path, i]));
    };
    walk(doc.contents, []);
    if (paths.length === 0) return undefined;
    const path = random.pick(paths);
    const values: unknown[] = [
      null,
      {},
      [],
      '',
      'x',
      0,
      -1,
      1e21,
      2 ** 53 + 1,
      true,
      'true',
      [['a']],
      { a: [] },
    ];
    const value = random.pick(values);
    doc.setIn(path, doc.createNode(value));
    return text(`${path.join('.')} = ${JSON.stringify(value)}`, doc.toString());
  },
  removedEntry(source, random) {
    const lines = keyLines(source);
    if (lines.length === 0) return undefined;
    const at = random.pick(lines);
    const all = source.split('\n');
    // The entry and every line indented under it.
    let end = at.line + 1;
    const depth = at.indent.length;
    while (end < all.length && (all[end]!.trim() === '' || /^\s*/.exec(all[end]!)![0].length > depth)) end++;
    all.splice(at.line, end - at.line);
    return text(`removed ${at.key} (line ${at.line + 1})`, all.join('\n'));
  },
  reindented(source, random) {
    const lines = source.split('\n');
    const candidates = lines
      .map((l, i) => i)
      .filter((i) => /^\s*\S/.test(lines[i]!) && !/^\s*#/.test(lines[i]!));
    if (candidates.length === 0) return undefined;
    const at = random.pick(candidates);
    const shift = random.pick([-4, -2, -1, 1, 2, 4]);
    const line = lines[at]!;
    lines[at] = shift > 0 ? ' '.repeat(shift) + line : line.replace(new RegExp(`^ {0,${-shift}}`), '');
    return text(`line ${at + 1} indented by ${shift}`, lines.join('\n'));
  },
  duplicatedKey(source, random) {
    const lines = keyLines(source).filter((l) => l.rest !== '' && !l.indent.includes('-'));
    if (lines.length === 0) return undefined;
    const at = random.pick(lines);
    const all = source.split('\n');
    all.splice(at.line + 1, 0, all[at.line]!);
    return text(`duplicated ${at.key} (line ${at.line + 1})`, all.join('\n'));
  },
  tabs(source, random) {
    const lines = source.split('\n');
    const indented = lines.map((l, i) => i).filter((i) => /^ +\S/.test(lines[i]!));
    if (indented.length === 0) return text('a tab after a value', source.replace(/\n/, '\t\n'));
    if (random.int(3) === 0)
      return text(
        'every indentation as tabs',
        source.replace(/^( {2})+/gm, (s) => '\t'.repeat(s.length / 2)),
      );
    const at = random.pick(indented);
    lines[at] = lines[at]!.replace(/^ +/, (s) => '\t'.repeat(Math.max(1, s.length / 2)));
    return text(`tab indentation on line ${at + 1}`, lines.join('\n'));
  },
  bom: (source) => text('a byte order mark', '\uFEFF' + source),
  crlf: (source) => text('CRLF line ends', source.replace(/\r?\n/g, '\r\n')),
  loneCr: (source) => text('CR line ends', source.replace(/\r?\n/g, '\r')),
  nonUtf8(source, random) {
    const bytes = Buffer.from(source, 'utf8');
    const at = random.int(bytes.length + 1);
    const junk = random.pick([
      Buffer.from([0xff, 0xfe]),
      Buffer.from([0xc3]),
      Buffer.from('caf\xe9', 'latin1'),
      Buffer.from([0x80, 0x81]),
    ]);
    return text(
      `bytes that are not UTF-8 at byte ${at}`,
      Buffer.concat([bytes.subarray(0, at), junk, bytes.subarray(at)]),
    );
  },
  utf16: (source) =>
    text('saved as UTF-16', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(source, 'utf16le')])),
  nulByte(source, random) {
    const at = random.int(source.length + 1);
    return text(`a NUL at ${at}`, source.slice(0, at) + '\0' + source.slice(at));
  },
  empty: () => text('an empty file', ''),
  onlyComment: () => text('only a comment', '# nothing here\n'),
  whitespace: () => text('only blank lines', '\n\n   \n'),
  truncated(source, random) {
    const at = random.int(source.length);
    return text(`cut off at ${at}`, source.slice(0, at));
  },
  anchorsAndMerge(source, random) {
    // A map given an anchor, then merged into another map with `<<: *a`, or an alias standing
    // for a value.
    const lines = keyLines(source).filter((l) => l.rest === '');
    if (lines.length < 1) return undefined;
    const from = random.pick(lines);
    const all = source.split('\n');
    all[from.line] = `${all[from.line]} &fz`;
    const to = random.pick(keyLines(source).filter((l) => l.line > from.line && l.rest === '') ?? []);
    if (to === undefined || random.int(2) === 0) {
      const value = random.pick(keyLines(source).filter((l) => l.line > from.line && l.rest !== ''));
      if (value === undefined) return text(`anchor &fz on ${from.key}`, all.join('\n'));
      all[value.line] = `${value.indent}${value.key}: *fz`;
      return text(`${value.key} is an alias of ${from.key}`, all.join('\n'));
    }
    all.splice(to.line + 1, 0, `${to.indent.replace(/-/g, ' ')}  <<: *fz`);
    return text(`${from.key} merged into ${to.key} with <<`, all.join('\n'));
  },
  undefinedAlias(source, random) {
    const lines = keyLines(source).filter((l) => l.rest !== '');
    if (lines.length === 0) return undefined;
    const at = random.pick(lines);
    return text(`${at.key}: *nowhere`, replaceLine(source, at.line, `${at.indent}${at.key}: *nowhere`));
  },
  aliasBomb(source) {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
      'e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
    ];
    return text('an alias bomb', `${bomb.join('\n')}\n${source}`);
  },
  multiDocument(source, random) {
    switch (random.int(3)) {
      case 0:
        return text('a second document after ---', `${source}\n---\n${source}`);
      case 1:
        return text('--- before the document and ... after', `---\n${source}\n...\n`);
      default:
        return text('an empty second document', `${source}\n---\n`);
    }
  },
  longString(source, random) {
    const lines = keyLines(source).filter((l) => l.rest !== '');
    if (lines.length === 0) return undefined;
    const at = random.pick(lines);
    const length = random.pick([300, 5_000, 200_000, 2_000_000]);
    return text(
      `${at.key}: a string of ${length} characters`,
      replaceLine(source, at.line, `${at.indent}${at.key}: ${'x'.repeat(length)}`),
    );
  },
  unicodeCode(source, random) {
    const lines = keyLines(source).filter((l) => l.indent.length > 0);
    if (lines.length === 0) return undefined;
    const at = random.pick(lines);
    const code = random.pick(WEIRD_CODES);
    // The key itself (a field code, a view name) and every place that names it, as a user renames.
    const renamed = source.replace(new RegExp(`\\b${at.key}\\b`, 'g'), code);
    return text(
      `${at.key} renamed ${code}`,
      random.int(2) === 0 ? renamed : replaceLine(source, at.line, `${at.indent}${code}:${at.rest}`),
    );
  },
  variable(source, random) {
    const lines = keyLines(source).filter((l) => l.rest !== '');
    if (lines.length === 0) return undefined;
    const at = random.pick(lines);
    const variable = random.pick(VARIABLES);
    return text(`${at.key}: ${variable}`, replaceLine(source, at.line, `${at.indent}${at.key}: ${variable}`));
  },
  escapingPath(source, random) {
    const lines = keyLines(source).filter((l) => PATH_KEYS.test(l.key) && l.rest !== '');
    const inline = /\b(file|manifest|path): ([^,}\s]+)/.exec(source);
    const path = random.pick(PATHS);
    if (lines.length === 0 && !inline) return undefined;
    if (lines.length === 0 || (inline && random.int(2) === 0))
      return text(`${inline![1]}: ${path}`, source.replace(inline![0], `${inline![1]}: ${path}`));
    const at = random.pick(lines);
    return text(`${at.key}: ${path}`, replaceLine(source, at.line, `${at.indent}${at.key}: ${path}`));
  },
  notWhatItSays: () =>
    text('another kind of file saved under the name', '<html><body>404 Not Found</body></html>\n'),
  missing: () => ({ name: 'the file is missing', outcome: { kind: 'missing' } }),
  directory: () => ({ name: 'a folder where the file should be', outcome: { kind: 'directory' } }),
  unreadable: () => ({ name: 'the file is unreadable (chmod 000)', outcome: { kind: 'unreadable' } }),
};

/** Ids as a hand edit or a merge leaves them: text that is no app id. */
const NOT_IDS = ['', 'true', '-1', '0', 'abc', '1.5', ' 1', '1e3', '０１', '12\u0000'];

/** The local ids file (JSON): one app's id replaced by text that is no app id. */
const IDS_EDITS: Record<string, Edit> = {
  notAnId(source, random) {
    const ids = [...source.matchAll(/"([^"]+)": "(\d+)"/g)];
    if (ids.length === 0) return undefined;
    const at = random.pick(ids);
    const wrong = random.pick(NOT_IDS);
    return text(
      `${at[1]}'s id is ${JSON.stringify(wrong)}`,
      source.replace(at[0], `"${at[1]}": ${JSON.stringify(wrong)}`),
    );
  },
};

/** Mistakes of .env files: a line without =, export, quotes left open, a key misspelt. */
const ENV_EDITS: Record<string, Edit> = {
  noEquals: (source) => text('a line without =', `${source}\nJUST_A_WORD\n`),
  exported: (source) => text('export before a variable', source.replace(/^(\w+=)/m, 'export $1')),
  openQuote: (source) => text('an open quote', `${source}\nOPEN_QUOTE="never closed\n`),
  spaces: (source) => text('spaces around =', `${source}\nSPACED = value\n`),
  badName: (source) => text('a name with a dash', `${source}\nBAD-NAME=1\n`),
  dollar: (source) => text('a value naming another', `${source}\nREF=\${APPDEPLOY_FUZZ_UNSET}\n`),
  longLine: (source) => text('a very long value', `${source}\nLONG=${'y'.repeat(2_000_000)}\n`),
};

const COMMON = [
  'bom',
  'crlf',
  'loneCr',
  'nonUtf8',
  'utf16',
  'nulByte',
  'empty',
  'onlyComment',
  'whitespace',
  'truncated',
  'missing',
  'directory',
  'unreadable',
];
const YAML_ONLY = [
  'misspeltKey',
  'wrongValue',
  'emptiedValue',
  'treeValue',
  'removedEntry',
  'reindented',
  'duplicatedKey',
  'tabs',
  'anchorsAndMerge',
  'undefinedAlias',
  'aliasBomb',
  'multiDocument',
  'longString',
  'unicodeCode',
  'variable',
  'escapingPath',
];
// The YAML edits weigh more: they are the mistakes a person typing makes.
const BY_KIND: Record<FileKind, string[]> = {
  config: [...YAML_ONLY, ...YAML_ONLY, ...COMMON],
  manifest: [...YAML_ONLY, ...YAML_ONLY, ...COMMON],
  records: [...YAML_ONLY, ...YAML_ONLY, ...COMMON],
  ids: [
    'notAnId',
    'notAnId',
    'treeValue',
    'treeValue',
    'treeValue',
    'misspeltKey',
    'wrongValue',
    'duplicatedKey',
    'truncated',
    'longString',
    'unicodeCode',
    ...COMMON,
  ],
  env: [...Object.keys(ENV_EDITS), 'misspeltKey', 'duplicatedKey', 'variable', ...COMMON],
  // A file a manifest or record names (customization, icon, plug-in package, attachment).
  asset: [...COMMON, 'notWhatItSays'],
};

/** The names of the mistakes a file of this kind can have (`mistakeFor`'s `only`). */
export function mistakesOf(kind: FileKind): string[] {
  return [...new Set(BY_KIND[kind])];
}

/**
 * One mistake for a file of this kind: tries edits until one applies to its text (`only`: that
 * one edit, its particulars still chosen at random).
 */
export function mistakeFor(kind: FileKind, source: string, random: Random, only?: string): Mistake {
  for (let tries = 0; tries < 20; tries++) {
    const name = only ?? random.pick(BY_KIND[kind]);
    const edit = EDITS[name] ?? ENV_EDITS[name] ?? IDS_EDITS[name]!;
    const mistake = edit(source, random, kind);
    if (mistake) return mistake;
  }
  return text('an empty file', '');
}
