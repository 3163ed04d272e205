import { Lexer, Parser, type CST, type LineCounter } from 'yaml';

/**
 * How deep a file may nest maps and lists. Manifests need about ten levels; past this a file is
 * generated or broken, and the YAML library's recursive steps would exhaust the call stack (it
 * then reports "Maximum call stack size exceeded", which says nothing useful).
 */
export const MAX_DEPTH = 100;

/** The CST of a whole file, or the offset of its first map or list nested deeper than the limit. */
export type TokensOrTooDeep = { tokens: CST.Token[]; tooDeep?: undefined } | { tooDeep: number };

/**
 * Runs the YAML library's lexer and CST parser over `text` once, recording its lines in
 * `lineCounter`. They keep their own stack instead of recursing, so this is safe on any input; it
 * stops at the first map or list past `limit`, before anything recursive (the composer) sees it.
 * Otherwise the tokens are what `new Composer().compose(...)` builds the document from.
 */
export function parseTokens(text: string, lineCounter: LineCounter, limit = MAX_DEPTH): TokensOrTooDeep {
  const parser = new Parser(lineCounter.addNewLine);
  // Parser.parse does this for the first line; the loop below feeds the parser itself.
  lineCounter.addNewLine(0);
  const tokens: CST.Token[] = [];
  for (const lexeme of new Lexer().lex(text)) {
    for (const token of parser.next(lexeme)) tokens.push(token);
    // Only a stack longer than the limit can hold more collections than it.
    if (parser.stack.length <= limit) continue;
    const first = parser.stack.filter(isCollection)[limit];
    if (first) return { tooDeep: first.offset };
  }
  for (const token of parser.end()) tokens.push(token);
  return { tokens };
}

function isCollection(token: CST.Token): boolean {
  return token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection';
}
