import { isAlias, isMap, isScalar, isSeq, type Alias, type Document, type Node, type YAMLMap } from 'yaml';
import { expandPlaceholders, hasPlaceholder, type Variables, type VariableRef } from './env-vars.js';
import { problem, type Path, type PathSegment, type Problem } from './problems.js';
import type { Location, UnsetVariable } from './yaml-location.js';

/** Aliases may repeat a subtree; past this many values they are an attack, not a manifest. */
export const MAX_ALIAS_VALUES = 10_000;

export const TAG_HINT = 'Use plain YAML values (text, numbers, true/false, lists, maps) without ! tags.';

/** Where a key and its value start, as offsets into the file's text. */
export interface Span {
  key: number | undefined;
  value: number;
}

/** JSON-pointer-like key for a path, used to find spans. */
export function pointer(path: Path): string {
  return path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** Turns the YAML tree into plain data, recording spans, expanding variables, guarding aliases. */
export class Builder {
  readonly problems: Problem[] = [];
  readonly unset: UnsetVariable[] = [];
  /**
   * Values that are nothing but variables set to '' (no default): the loader reports them where
   * an empty value cannot be meant, an environment's connection (load.ts).
   */
  readonly empty: UnsetVariable[] = [];
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
    /** Where each path is: null while only the value is wanted (yaml-source.ts builds it on demand). */
    private readonly spans: Map<string, Span> | null,
    private readonly at: (offset: number) => Location,
  ) {}

  /** Where a value written in the file (not one an alias repeats) is, when spans are wanted. */
  private recordSpan(path: PathSegment[], key: number | undefined, value: number): void {
    if (this.spans) this.spans.set(pointer(path), { key, value });
  }

  build(node: unknown, path: PathSegment[], keyOffset: number | undefined): unknown {
    if (node === null || node === undefined) return null;
    const range = (node as { range?: [number, number, number] }).range;
    const offset = range?.[0] ?? keyOffset ?? 0;
    if (this.aliasDepth === 0) this.recordSpan(path, keyOffset, offset);
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
    if (isMap(node)) return this.map(node, path, offset);
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

  /** A map's pairs, each value built under its key; a key written twice is a problem. */
  private map(node: YAMLMap, path: PathSegment[], offset: number): Record<string, unknown> {
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
      // A key with no value node at all (`{ label:Title }`, `{ a, b }`) is still at its key.
      if (pair.value === null && this.aliasDepth === 0) this.recordSpan([...path, key], keyAt, keyAt);
      const value = this.build(pair.value, [...path, key], keyAt);
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
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
      const emptied =
        expanded.value === '' && expanded.unresolved.length === 0 ? expanded.used[0] : undefined;
      if (emptied !== undefined) this.empty.push({ path, problem: this.emptyProblem(emptied, path) });
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

  private emptyProblem(ref: VariableRef & { kind: 'variable' }, path: PathSegment[]): Problem {
    return problem('VARIABLE.EMPTY', `variable ${ref.name} is empty`, this.at(ref.start), {
      hint: `Give ${ref.name} a value in the environment or in .env beside appdeploy.yaml.`,
      path,
    });
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
