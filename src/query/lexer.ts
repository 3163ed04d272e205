// Splits query text into tokens. Field codes, keywords, numbers and function names are all
// "words" here: which one a word is depends on where it stands, so the parser decides.
import { QuerySyntaxError } from './errors.js';

export type Token =
  | { readonly kind: 'word'; readonly text: string; readonly start: number }
  | { readonly kind: 'string'; readonly value: string; readonly start: number }
  | { readonly kind: 'symbol'; readonly text: SymbolText; readonly start: number }
  | { readonly kind: 'end'; readonly start: number };

export type SymbolText = '(' | ')' | ',' | '=' | '!=' | '>' | '<' | '>=' | '<=';

/** Characters that end a word: whitespace is handled separately. */
const WORD_BREAK = new Set(['(', ')', ',', '"', "'", '=', '!', '<', '>']);

// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f]/;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text.charAt(i);
    if (/\s/u.test(ch)) {
      i++;
      continue;
    }
    const start = i;
    if (ch === '"') {
      const { value, end } = readString(text, start);
      tokens.push({ kind: 'string', value, start });
      i = end;
      continue;
    }
    // The platform reads double-quoted strings only: `'x'` is a syntax error there, not a word.
    if (ch === "'")
      throw new QuerySyntaxError('strings are written in double quotes ("x"), not single quotes', start);
    if (ch === '(' || ch === ')' || ch === ',' || ch === '=') {
      tokens.push({ kind: 'symbol', text: ch, start });
      i++;
      continue;
    }
    if (ch === '<' || ch === '>') {
      const withEquals = text.charAt(i + 1) === '=';
      const op: SymbolText = ch === '<' ? (withEquals ? '<=' : '<') : withEquals ? '>=' : '>';
      tokens.push({ kind: 'symbol', text: op, start });
      i += withEquals ? 2 : 1;
      continue;
    }
    if (ch === '!') {
      if (text.charAt(i + 1) !== '=')
        throw new QuerySyntaxError('"!" must be followed by "=" (write "!=")', i);
      tokens.push({ kind: 'symbol', text: '!=', start });
      i += 2;
      continue;
    }
    while (i < text.length && !WORD_BREAK.has(text.charAt(i)) && !/\s/u.test(text.charAt(i))) i++;
    tokens.push({ kind: 'word', text: text.slice(start, i), start });
  }
  tokens.push({ kind: 'end', start: text.length });
  return tokens;
}

/**
 * A double-quoted literal; a backslash takes the next character as it is (`\"`, `\\`). A raw
 * control character (a tab, a line break) inside it is refused, as the platform refuses it.
 */
function readString(text: string, start: number): { value: string; end: number } {
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const ch = text.charAt(i);
    if (ch === '"') return { value, end: i + 1 };
    if (ch === '\\') {
      if (i + 1 >= text.length) break;
      value += text.charAt(i + 1);
      i += 2;
      continue;
    }
    if (CONTROL.test(ch))
      throw new QuerySyntaxError(
        `a raw control character (U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}) in a string literal`,
        i,
      );
    value += ch;
    i++;
  }
  throw new QuerySyntaxError('unterminated string literal (add the closing double quote)', start);
}
