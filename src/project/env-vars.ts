/**
 * `${VAR}` and `${VAR:-default}` in appdeploy.yaml and manifests.
 *
 * Substituting into the raw text would let a value change the YAML's structure (a password with
 * `: ` or `#`) and would shift every column after it; and YAML cannot even parse `${X}` inside a
 * flow map (`{ login: ${LOGIN} }`). So before parsing, each reference is replaced by a placeholder
 * of exactly the same length made of private-use characters, which YAML reads as plain text; after
 * parsing, placeholders inside scalars are swapped for their values. Columns stay exact, and a
 * reference inside a comment is never looked up.
 */

/** Variables as plain data: the CLI passes `process.env`; this module never reads it. */
export type Variables = Readonly<Record<string, string | undefined>>;

export type VariableRef =
  | { kind: 'variable'; start: number; length: number; name: string; fallback: string | undefined }
  /** `$${` written to mean a literal `${`. */
  | { kind: 'literal'; start: number; length: number; text: string }
  /** `${...}` whose inside is not `NAME` or `NAME:-default`. */
  | { kind: 'malformed'; start: number; length: number; text: string };

export interface MaskedText {
  text: string;
  refs: VariableRef[];
  /** Set when a file holds more references than placeholders exist. */
  overflowAt: number | undefined;
}

const FIRST = 0xe000;
const LAST = 0xf7ff;
/** One placeholder character per reference: a file may hold this many. */
export const MAX_VARIABLE_REFS = LAST - FIRST + 1;
const FILLER = '\uf8ff';
const REFERENCE = /\$\$\{|\$\{([^}\n]*)\}/g;
const INSIDE = /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s;
const PLACEHOLDER = /[\ue000-\uf7ff]\uf8ff*/g;

export function maskVariables(source: string): MaskedText {
  const refs: VariableRef[] = [];
  let overflowAt: number | undefined;
  const text = source.replace(REFERENCE, (match, inside: string | undefined, start: number) => {
    if (FIRST + refs.length > LAST) {
      overflowAt ??= start;
      return match;
    }
    const length = match.length;
    if (inside === undefined) refs.push({ kind: 'literal', start, length, text: '${' });
    else {
      const parts = INSIDE.exec(inside);
      if (parts?.[1] === undefined) refs.push({ kind: 'malformed', start, length, text: match });
      else refs.push({ kind: 'variable', start, length, name: parts[1], fallback: parts[2] });
    }
    return String.fromCharCode(FIRST + refs.length - 1) + FILLER.repeat(length - 1);
  });
  return { text, refs, overflowAt };
}

/**
 * A text written from `masked` (YAML edited and printed again) with each placeholder put back as
 * the reference of `source` it stands for. A placeholder whose length changed (a value rewritten)
 * is left as it is.
 */
export function unmaskVariables(text: string, source: string, refs: readonly VariableRef[]): string {
  return text.replace(PLACEHOLDER, (match) => {
    const ref = refs[match.charCodeAt(0) - FIRST];
    return ref !== undefined && ref.length === match.length
      ? source.slice(ref.start, ref.start + ref.length)
      : match;
  });
}

export function hasPlaceholder(value: string): boolean {
  PLACEHOLDER.lastIndex = 0;
  return PLACEHOLDER.test(value);
}

/**
 * Swaps the placeholders in one scalar for their values. A variable that is unset (or empty, with
 * a `:-` default) takes its default; one with neither is returned in `unresolved` and becomes ''.
 */
export function expandPlaceholders(
  value: string,
  refs: readonly VariableRef[],
  variables: Variables,
): { value: string; unresolved: VariableRef[]; used: (VariableRef & { kind: 'variable' })[] } {
  const unresolved: VariableRef[] = [];
  /** The variables whose own value was taken (not their default). */
  const used: (VariableRef & { kind: 'variable' })[] = [];
  const expanded = value.replace(PLACEHOLDER, (match) => {
    const ref = refs[match.charCodeAt(0) - FIRST];
    if (ref === undefined || ref.length !== match.length) return match;
    switch (ref.kind) {
      case 'literal':
        return ref.text;
      case 'malformed':
        unresolved.push(ref);
        return ref.text;
      case 'variable': {
        const set = variables[ref.name];
        if (set !== undefined && (set !== '' || ref.fallback === undefined)) {
          used.push(ref);
          return set;
        }
        if (ref.fallback !== undefined) return ref.fallback;
        unresolved.push(ref);
        return '';
      }
      default: {
        const never: never = ref;
        return never;
      }
    }
  });
  return { value: expanded, unresolved, used };
}

export interface DotEnvLine {
  line: number;
  col: number;
  message: string;
}

/**
 * Reads a `.env` file: `NAME=value` lines, optional `export `, `#` comments, values bare (a ` #`
 * starts a comment), in single quotes (literal) or double quotes (with \n, \t, \\ and \" escapes).
 */
export function parseDotEnv(text: string): { values: Record<string, string>; errors: DotEnvLine[] } {
  const values: Record<string, string> = {};
  const errors: DotEnvLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    const col = raw.length - raw.trimStart().length + 1;
    if (!match?.[1]) {
      errors.push({ line: index + 1, col, message: 'expected NAME=value' });
      return;
    }
    const value = unquote(match[2] ?? '');
    if (value === undefined)
      errors.push({ line: index + 1, col, message: `unterminated quote in ${match[1]}` });
    else values[match[1]] = value;
  });
  return { values, errors };
}

function unquote(value: string): string | undefined {
  const quote = value[0];
  if (quote === "'" || quote === '"') {
    const end = value.indexOf(quote, 1);
    let close = end;
    if (quote === '"') {
      close = 1;
      while (close < value.length && value[close] !== '"') close += value[close] === '\\' ? 2 : 1;
      if (close >= value.length) return undefined;
    } else if (end < 0) return undefined;
    const inner = value.slice(1, close);
    if (quote === "'") return inner;
    return inner.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t', r: '\r' })[c] ?? c);
  }
  const comment = value.search(/\s#/);
  return (comment >= 0 ? value.slice(0, comment) : value).trim();
}
