import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Alias,
  type Document,
  type Node,
} from 'yaml';
import {
  expandPlaceholders,
  hasPlaceholder,
  maskVariables,
  type Variables,
  type VariableRef,
} from './env-vars.js';
import { problem, type Path, type PathSegment, type Problem } from './problems.js';

/** Where a key and its value start, as offsets into the file's text. */
interface Span {
  key: number | undefined;
  value: number;
}

export interface Location {
  file: string;
  line: number;
  col: number;
}

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

/** A reference to a variable that has no value; the loader decides whether it matters. */
export interface UnsetVariable {
  path: PathSegment[];
  problem: Problem;
}

export interface ParseResult {
  source: YamlSource;
  problems: Problem[];
  unset: UnsetVariable[];
}

/** Aliases may repeat a subtree; past this many values they are an attack, not a manifest. */
export const MAX_ALIAS_VALUES = 10_000;

export function parseYaml(options: {
  text: string;
  path: string;
  file: string;
  variables: Variables;
}): ParseResult {
  const { text, path, file } = options;
  const masked = maskVariables(text);
  const lineCounter = new LineCounter();
  const doc = parseDocument(masked.text, { lineCounter, uniqueKeys: false, prettyErrors: false });
  const spans = new Map<string, Span>();
  const lines = text.split(/\r?\n/);
  const at = (offset: number): Location => {
    const pos = lineCounter.linePos(offset);
    return { file, line: pos.line, col: pos.col };
  };
  const locate = (target: Path, where: 'key' | 'value' = 'value'): Location => {
    for (let n = target.length; n >= 0; n--) {
      const span = spans.get(pointer(target.slice(0, n)));
      if (span) return at(where === 'key' || n < target.length ? (span.key ?? span.value) : span.value);
    }
    return at(0);
  };
  const parsed: { value: unknown } = { value: undefined };
  const locateInText = (target: Path, index: number): Location => {
    const span = spans.get(pointer(target));
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
    lineText: (n) => lines[n - 1] ?? '',
  };
  const problems: Problem[] = [];
  if (masked.overflowAt !== undefined)
    problems.push(
      problem('VARIABLE.TOO_MANY', 'too many ${...} references in one file', at(masked.overflowAt)),
    );
  // Later syntax errors are mostly echoes of the first; fixing it is what helps.
  const error = doc.errors[0];
  if (error) {
    const message =
      error.code === 'MULTIPLE_DOCS'
        ? 'a file holds one YAML document; remove the --- separator and what follows'
        : `invalid YAML: ${firstLine(error.message)}`;
    problems.push(problem('YAML.SYNTAX', message, at(error.pos[0]), { hint: SYNTAX_HINT }));
  }
  for (const warning of doc.warnings) {
    const tag = /tag: (\S+)/.exec(warning.message)?.[1];
    const message = tag ? `YAML tag ${tag} is not supported` : firstLine(warning.message);
    problems.push(problem('YAML.TAG', message, at(warning.pos[0]), { hint: TAG_HINT }));
  }
  if (doc.errors.length > 0) return { source, problems, unset: [] };
  const builder = new Builder(doc, masked.refs, options.variables, spans, at);
  parsed.value = builder.build(doc.contents, [], undefined);
  return { source, problems: [...problems, ...builder.problems], unset: builder.unset };
}

const SYNTAX_HINT =
  'Fix the YAML syntax; an editor with the schema line at the top of the file shows it as you type.';
const TAG_HINT = 'Use plain YAML values (text, numbers, true/false, lists, maps) without ! tags.';

function firstLine(message: string): string {
  return message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? message;
}

function valueAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}

/** JSON-pointer-like key for a path, used to find spans. */
function pointer(path: Path): string {
  return path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** Turns the YAML tree into plain data, recording spans, expanding variables, guarding aliases. */
class Builder {
  readonly problems: Problem[] = [];
  readonly unset: UnsetVariable[] = [];
  private readonly active = new Set<Node>();
  private readonly resolved = new Map<Alias, Node | undefined>();
  private aliasDepth = 0;
  private aliasValues = 0;
  private aliasLimitHit = false;
  /** Where the outermost alias being expanded is written: what the user can change. */
  private aliasOrigin = 0;

  constructor(
    private readonly doc: Document,
    private readonly refs: VariableRef[],
    private readonly variables: Variables,
    private readonly spans: Map<string, Span>,
    private readonly at: (offset: number) => Location,
  ) {}

  build(node: unknown, path: PathSegment[], keyOffset: number | undefined): unknown {
    if (node === null || node === undefined) return null;
    const range = (node as { range?: [number, number, number] }).range;
    const offset = range?.[0] ?? keyOffset ?? 0;
    if (this.aliasDepth === 0) this.spans.set(pointer(path), { key: keyOffset, value: offset });
    if (this.aliasDepth > 0 && ++this.aliasValues > MAX_ALIAS_VALUES) {
      if (!this.aliasLimitHit)
        this.problems.push(
          problem(
            'YAML.ALIAS_LIMIT',
            `anchors and aliases expand to more than ${MAX_ALIAS_VALUES} values`,
            this.at(this.aliasOrigin),
            {
              hint: 'Write the repeated parts out, or use fewer nested aliases.',
            },
          ),
        );
      this.aliasLimitHit = true;
      return null;
    }
    if (isAlias(node)) return this.alias(node, path, offset);
    if (isMap(node)) {
      const out: Record<string, unknown> = {};
      for (const pair of node.items) {
        const keyNode = pair.key as Node | null;
        const keyAt = (keyNode as { range?: [number, number, number] } | null)?.range?.[0] ?? offset;
        const key = this.key(keyNode, path, keyAt);
        if (key === undefined) continue;
        if (Object.hasOwn(out, key)) {
          this.problems.push(
            problem('YAML.DUPLICATE_KEY', `key "${key}" appears twice in this map`, this.at(keyAt), {
              hint: 'Keep one of them: YAML keeps only one value per key.',
              path: [...path, key],
            }),
          );
          continue;
        }
        const value = this.build(pair.value, [...path, key], keyAt);
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    if (isSeq(node)) return node.items.map((item, index) => this.build(item, [...path, index], undefined));
    if (isScalar(node)) return this.scalar(node.value, path, offset);
    return null;
  }

  private alias(node: Alias, path: PathSegment[], offset: number): unknown {
    // resolve() searches the whole document each time; an alias bomb would make that quadratic.
    let target = this.resolved.get(node);
    if (!this.resolved.has(node)) this.resolved.set(node, (target = node.resolve(this.doc)));
    if (target === undefined || this.active.has(target)) {
      this.problems.push(
        problem(
          'YAML.ALIAS_LOOP',
          target === undefined
            ? `alias *${node.source} names no anchor`
            : `alias *${node.source} refers to itself`,
          this.at(offset),
          { hint: 'An alias must name an anchor (&name) defined earlier and outside of it.' },
        ),
      );
      return null;
    }
    this.active.add(target);
    if (this.aliasDepth === 0) this.aliasOrigin = offset;
    this.aliasDepth++;
    try {
      return this.build(target, path, undefined);
    } finally {
      this.aliasDepth--;
      this.active.delete(target);
    }
  }

  private key(node: Node | null, path: PathSegment[], offset: number): string | undefined {
    if (isScalar(node) && node.value !== null && typeof node.value !== 'object') {
      const value = this.scalar(node.value, path, offset);
      return typeof value === 'string' ? value : String(value);
    }
    this.problems.push(
      problem('YAML.KEY', 'map keys must be plain text', this.at(offset), {
        hint: 'Write the key as text; keys cannot be empty, lists or maps.',
        path,
      }),
    );
    return undefined;
  }

  private scalar(value: unknown, path: PathSegment[], offset: number): unknown {
    if (typeof value === 'string') {
      if (!hasPlaceholder(value)) return value;
      const expanded = expandPlaceholders(value, this.refs, this.variables);
      for (const ref of expanded.unresolved) this.unset.push({ path, problem: this.unsetProblem(ref, path) });
      return expanded.value;
    }
    if (typeof value === 'number' && !Number.isFinite(value)) {
      this.problems.push(
        problem('YAML.NUMBER', 'numbers must be finite', this.at(offset), { hint: TAG_HINT, path }),
      );
      return null;
    }
    if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
    this.problems.push(
      problem('YAML.TAG', 'only plain YAML values are supported here', this.at(offset), {
        hint: TAG_HINT,
        path,
      }),
    );
    return null;
  }

  private unsetProblem(ref: VariableRef, path: PathSegment[]): Problem {
    const where = this.at(ref.start);
    if (ref.kind === 'variable')
      return problem('VARIABLE.UNSET', `variable ${ref.name} is not set`, where, {
        hint: `Set ${ref.name} in the environment or in .env beside appdeploy.yaml, or give a default: \${${ref.name}:-value}.`,
        path,
      });
    const text = ref.kind === 'malformed' ? ref.text : '${';
    return problem('VARIABLE.MALFORMED', `${text} is not a variable reference`, where, {
      hint: 'Write ${NAME} or ${NAME:-default} (NAME: letters, digits and _), or $${ for a literal ${.',
      path,
    });
  }
}
