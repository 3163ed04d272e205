// A position in a token list with the small reads the parser makes over and over.
import { QuerySyntaxError } from './errors.js';
import type { Token } from './lexer.js';

export class TokenCursor {
  protected index = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  atEnd(): boolean {
    return this.peek().kind === 'end';
  }

  expectEnd(expected: string): void {
    const token = this.peek();
    if (token.kind !== 'end')
      throw new QuerySyntaxError(`unexpected ${describe(token)}: expected ${expected}`, token.start);
  }

  protected peek(ahead = 0): Token {
    return this.tokens[Math.min(this.index + ahead, this.tokens.length - 1)] as Token;
  }

  protected isWord(token: Token, word: string): boolean {
    return token.kind === 'word' && token.text.toLowerCase() === word;
  }

  protected isSymbol(token: Token, symbol: string): boolean {
    return token.kind === 'symbol' && token.text === symbol;
  }

  protected takeWord(word: string): boolean {
    if (!this.isWord(this.peek(), word)) return false;
    this.index++;
    return true;
  }

  protected takeSymbol(symbol: string): boolean {
    if (!this.isSymbol(this.peek(), symbol)) return false;
    this.index++;
    return true;
  }
}

/** A token as an error message names it. */
export function describe(token: Token): string {
  switch (token.kind) {
    case 'word':
      return `"${token.text}"`;
    case 'string':
      return `string "${token.value}"`;
    case 'symbol':
      return `"${token.text}"`;
    case 'end':
      return 'end of query';
    default: {
      const never: never = token;
      return never;
    }
  }
}
