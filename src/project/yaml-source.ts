import { Composer, LineCounter, YAMLParseError, type CST, type Document } from 'yaml';
import { maskVariables, MAX_VARIABLE_REFS, type Variables } from './env-vars.js';
import { problem, type Path, type Problem } from './problems.js';
import { missingSpaceHint } from './suggest.js';
import { Builder, pointer, TAG_HINT, type Span } from './yaml-build.js';
import { MAX_DEPTH, parseTokens } from './yaml-depth.js';
import type { Location, UnsetVariable } from './yaml-location.js';

export type { Location, UnsetVariable } from './yaml-location.js';

/** A parsed YAML file: its plain value (variables expanded) and where every part of it came from. */
export interface YamlSource {
  /** Absolute path. */
  readonly path: string;
  /** Path as problems show it (relative to where the command ran). */
  readonly file: string;
  readonly text: string;
  /** The value as plain JSON data; undefined when the YAML could not be parsed. */
  readonly value: unknown;
  /** Where the value at `path` is (or its key, with `'key'`); the nearest existing parent otherwise. */
  locate(path: Path, at?: 'key' | 'value'): Location;
  /**
   * Where character `index` of the text value at `path` is, when the source writes that text
   * verbatim (plain or quoted, one line, no escapes before it); else where the value starts.
   */
  locateInText(path: Path, index: number): Location;
  /** The text of a 1-based line, for showing under a problem. */
  lineText(line: number): string;
}

export interface ParseResult {
  source: YamlSource;
  problems: Problem[];
  unset: UnsetVariable[];
  /** Values that are nothing but variables set to '' (yaml-build.ts, Builder.empty). */
  empty: UnsetVariable[];
}

export function parseYaml(options: {
  text: string;
  path: string;
  file: string;
  variables: Variables;
}): ParseResult {
  const { text, path, file } = options;
  const masked = maskVariables(text);
  // The lines, and where each part of the value is, are kept only once asked for: a plan of
  // hundreds of apps asks for a handful, and keeping every file's span map held ~0.1 MB per
  // manifest (the benchmark's 200 apps: 28 MB retained, most of it these maps).
  let lines: string[] | undefined;
  const lineText = (n: number) => (lines ??= text.split(/\r?\n/))[n - 1] ?? '';
  const lineCounter = new LineCounter();
  const at = (offset: number): Location => {
    const pos = lineCounter.linePos(offset);
    return { file, line: pos.line, col: pos.col };
  };
  // One lexing and CST pass; its depth is checked before anything recursive (the composer) runs.
  const cst = parseTokens(masked.text, lineCounter);
  if (cst.tooDeep !== undefined) {
    const where = at(cst.tooDeep);
    const deep = problem('YAML.DEPTH', `maps and lists nest more than ${MAX_DEPTH} levels deep`, where, {
      hint: DEPTH_HINT,
    });
    const unparsed: YamlSource = {
      path,
      file,
      text,
      value: undefined,
      locate: () => where,
      locateInText: () => where,
      lineText,
    };
    return { source: unparsed, problems: [deep], unset: [], empty: [] };
  }
  const doc = composeDocument(cst.tokens, masked.text.length);
  let spans: Map<string, Span> | undefined;
  // The same text parsed and built again, recording spans this time: deterministic, so the
  // spans are those of the value already built.
  const spansOf = (): Map<string, Span> => {
    if (spans) return spans;
    spans = new Map();
    const again = parseTokens(masked.text, new LineCounter());
    if (again.tooDeep !== undefined) return spans;
    const redone = composeDocument(again.tokens, masked.text.length);
    if (redone.errors.length === 0)
      new Builder(redone, masked.refs, options.variables, spans, at).build(redone.contents, [], undefined);
    return spans;
  };
  const locate = (target: Path, where: 'key' | 'value' = 'value'): Location => {
    for (let n = target.length; n >= 0; n--) {
      const span = spansOf().get(pointer(target.slice(0, n)));
      if (span) return at(where === 'key' || n < target.length ? (span.key ?? span.value) : span.value);
    }
    return at(0);
  };
  const parsed: { value: unknown } = { value: undefined };
  const locateInText = (target: Path, index: number): Location => {
    const span = spansOf().get(pointer(target));
    if (!span) return locate(target);
    const value = valueAt(parsed.value, target);
    if (typeof value !== 'string') return at(span.value);
    const quote = text[span.value] === '"' || text[span.value] === "'" ? 1 : 0;
    const start = span.value + quote;
    const verbatim = text.slice(start, start + index) === value.slice(0, index);
    return at(verbatim ? start + index : span.value);
  };
  const source: YamlSource = {
    path,
    file,
    text,
    get value() {
      return parsed.value;
    },
    locate,
    locateInText,
    lineText,
  };
  const problems: Problem[] = [];
  if (masked.overflowAt !== undefined)
    problems.push(
      problem(
        'VARIABLE.TOO_MANY',
        `more than ${MAX_VARIABLE_REFS} \${...} references in one file`,
        at(masked.overflowAt),
        { hint: 'Write a repeated value once, with an anchor (&name), and repeat it with an alias (*name).' },
      ),
    );
  // Later syntax errors are mostly echoes of the first; fixing it is what helps.
  const error = doc.errors[0];
  if (error) {
    const message =
      error.code === 'MULTIPLE_DOCS'
        ? 'a file holds one YAML document; remove the --- separator and what follows'
        : `invalid YAML: ${firstLine(error.message)}`;
    // At the end of the file (a bracket or quote left open), point just after the last character
    // written, on a line that can be shown, rather than at the empty end.
    const end = masked.text.trimEnd().length;
    const where = at(Math.min(error.pos[0], end));
    // `name:Tasks` in a block is no key: the usual first-hour slip, on the line or the one above.
    const slip = missingSpaceHint(lineText(where.line)) ?? missingSpaceHint(lineText(where.line - 1));
    problems.push(problem('YAML.SYNTAX', message, where, { hint: slip ?? SYNTAX_HINT }));
  }
  for (const warning of doc.warnings) {
    const tag = /tag: (\S+)/.exec(warning.message)?.[1];
    const message = tag ? `YAML tag ${tag} is not supported` : firstLine(warning.message);
    problems.push(problem('YAML.TAG', message, at(warning.pos[0]), { hint: TAG_HINT }));
  }
  if (doc.errors.length > 0) return { source, problems, unset: [], empty: [] };
  const builder = new Builder(doc, masked.refs, options.variables, null, at);
  parsed.value = builder.build(doc.contents, [], undefined);
  return {
    source,
    problems: [...problems, ...builder.problems],
    unset: builder.unset,
    empty: builder.empty,
  };
}

const DEPTH_HINT = 'A manifest needs a handful of levels: check for brackets left open, or a generated file.';
const SYNTAX_HINT =
  'Fix the YAML syntax; an editor with the schema line at the top of the file shows it as you type.';

/** What parseDocument does, from tokens already parsed: the first document, a second one an error. */
function composeDocument(tokens: CST.Token[], length: number): Document.Parsed {
  let doc: Document.Parsed | undefined;
  for (const next of new Composer({ uniqueKeys: false }).compose(tokens, true, length)) {
    if (!doc) doc = next;
    else {
      const [start, end] = next.range;
      doc.errors.push(
        new YAMLParseError([start, end], 'MULTIPLE_DOCS', 'Source contains multiple documents'),
      );
      break;
    }
  }
  // compose(..., true) always ends with a document.
  if (!doc) throw new Error('the YAML composer produced no document');
  return doc;
}

function firstLine(message: string): string {
  return message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? message;
}

/** The value at `path` inside `root`, or undefined where the path leads nowhere. */
export function valueAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}
