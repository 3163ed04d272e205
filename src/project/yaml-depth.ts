import { Lexer, Parser } from 'yaml';

/**
 * How deep a file may nest maps and lists. Manifests need about ten levels; past this a file is
 * generated or broken, and the YAML library's recursive steps would exhaust the call stack (it
 * then reports "Maximum call stack size exceeded", which says nothing useful).
 */
export const MAX_DEPTH = 100;

/**
 * Where the first map or list nested deeper than `limit` starts, or undefined. It runs the YAML
 * library's lexer and CST parser, which keep their own stack instead of recursing, so it is safe
 * on any input and stops at the first node past the limit.
 */
export function findTooDeep(
  text: string,
  limit = MAX_DEPTH,
): { offset: number; line: number; col: number } | undefined {
  const parser = new Parser();
  for (const lexeme of new Lexer().lex(text)) {
    // Completed tokens are not needed, only the stack of open ones.
    for (const completed of parser.next(lexeme)) void completed;
    const collections = parser.stack.filter(
      (t) => t.type === 'block-map' || t.type === 'block-seq' || t.type === 'flow-collection',
    );
    const first = collections[limit];
    if (first) return { offset: first.offset, ...position(text, first.offset) };
  }
  return undefined;
}

/** 1-based line and column of an offset (the parser's line counting needs its own lexing loop). */
function position(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, col: offset - lineStart + 1 };
}
