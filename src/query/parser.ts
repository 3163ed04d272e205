// Recursive-descent parser for the record query language:
//   query     := [condition] ["order by" sortList] ["limit" N] ["offset" M]   (limit/offset in any order)
//   condition := and ("or" and)*        and := primary ("and" primary)*
//   primary   := "(" condition ")" | field operator
// Keywords are case-insensitive. Every error names what was expected and where.
import type { CompareOperator, Condition, FieldRef, Query, SortKey, Value } from './ast.js';
import { QuerySyntaxError } from './errors.js';
import { isFunctionName, parseFunction, type RawArgument } from './functions.js';
import { describe, TokenCursor } from './cursor.js';
import { tokenize } from './lexer.js';

type Mode = 'query' | 'filter';

/** A full query: condition, `order by`, `limit`, `offset`. */
export function parseQuery(text: string): Query {
  return new Parser(text).query('query');
}

/** A stored `filterCond`: a condition only; the empty string matches every record. */
export function parseFilter(text: string): Query {
  return new Parser(text).query('filter');
}

/** A stored `sort` clause such as `amount desc, $id asc` (no `order by`); empty gives []. */
export function parseSort(text: string): SortKey[] {
  const parser = new Parser(text);
  if (parser.atEnd()) return [];
  const keys = parser.sortList();
  parser.expectEnd('"," and another sort key');
  return keys;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/u;
const COMPARE: ReadonlySet<string> = new Set(['=', '!=', '>', '<', '>=', '<=']);
/** Deeper nesting is refused as a syntax error rather than overflowing the stack (a RangeError). */
const MAX_DEPTH = 100;

class Parser extends TokenCursor {
  private depth = 0;

  constructor(text: string) {
    super(tokenize(text));
  }

  query(mode: Mode): Query {
    let condition: Condition | null = null;
    if (!this.atEnd() && !this.atClauseKeyword()) condition = this.orCondition();
    let orderBy: SortKey[] = [];
    let limit: number | null = null;
    let offset: number | null = null;
    for (;;) {
      const token = this.peek();
      if (token.kind !== 'word') break;
      const keyword = token.text.toLowerCase();
      if (keyword === 'order' && this.isWord(this.peek(1), 'by')) {
        this.refuseInFilter(mode, 'order by', token.start);
        if (orderBy.length > 0 || limit !== null || offset !== null) {
          throw new QuerySyntaxError('"order by" must come once, before "limit" and "offset"', token.start);
        }
        this.index += 2;
        orderBy = this.sortList();
      } else if (keyword === 'limit' || keyword === 'offset') {
        this.refuseInFilter(mode, keyword, token.start);
        if ((keyword === 'limit' ? limit : offset) !== null) {
          throw new QuerySyntaxError(`"${keyword}" may appear only once`, token.start);
        }
        this.index++;
        const count = this.count(keyword);
        if (keyword === 'limit') limit = count;
        else offset = count;
      } else break;
    }
    this.expectEnd(condition ? '"and", "or", "order by", "limit" or "offset"' : 'a condition');
    return { condition, orderBy, limit, offset };
  }

  sortList(): SortKey[] {
    const keys: SortKey[] = [];
    do {
      const field = this.field('a field code to sort by');
      const next = this.peek();
      let direction: SortKey['direction'] = 'asc';
      if (this.isWord(next, 'asc') || this.isWord(next, 'desc')) {
        direction = next.kind === 'word' && next.text.toLowerCase() === 'desc' ? 'desc' : 'asc';
        this.index++;
      }
      keys.push({ field, direction });
    } while (this.takeSymbol(','));
    return keys;
  }

  private orCondition(): Condition {
    const first = this.andCondition();
    const rest: Condition[] = [];
    while (this.takeWord('or')) rest.push(this.andCondition());
    return rest.length === 0 ? first : { kind: 'or', conditions: flatten('or', [first, ...rest]) };
  }

  private andCondition(): Condition {
    const first = this.primary();
    const rest: Condition[] = [];
    while (this.takeWord('and')) rest.push(this.primary());
    return rest.length === 0 ? first : { kind: 'and', conditions: flatten('and', [first, ...rest]) };
  }

  private primary(): Condition {
    const open = this.peek();
    if (this.takeSymbol('(')) {
      if (++this.depth > MAX_DEPTH)
        throw new QuerySyntaxError(`parentheses nested deeper than ${MAX_DEPTH}`, open.start);
      const inner = this.orCondition();
      this.depth--;
      if (!this.takeSymbol(')')) {
        const token = this.peek();
        throw new QuerySyntaxError(
          `unexpected ${describe(token)}: expected ")" to close the "(" at position ${open.start}`,
          token.start,
        );
      }
      return inner;
    }
    const field = this.field('a field code or "("');
    const token = this.peek();
    const position = token.start;
    if (token.kind === 'symbol' && COMPARE.has(token.text)) {
      this.index++;
      const operator = token.text as CompareOperator;
      return { kind: 'compare', field, operator, value: this.value(`"${operator}"`), position };
    }
    if (token.kind === 'word') {
      const word = token.text.toLowerCase();
      if (word === 'in' || word === 'like') {
        this.index++;
        return this.inOrLike(field, word, false, position);
      }
      if (word === 'not') {
        this.index++;
        const next = this.peek();
        if (this.isWord(next, 'in') || this.isWord(next, 'like')) {
          this.index++;
          return this.inOrLike(
            field,
            next.kind === 'word' && next.text.toLowerCase() === 'in' ? 'in' : 'like',
            true,
            position,
          );
        }
        throw new QuerySyntaxError(
          `unexpected ${describe(next)}: expected "in" or "like" after "not"`,
          next.start,
        );
      }
      if (word === 'is') {
        this.index++;
        const negated = this.takeWord('not');
        if (!this.takeWord('empty')) {
          const next = this.peek();
          const expected = negated ? '"empty" after "is not"' : '"empty" or "not empty" after "is"';
          throw new QuerySyntaxError(`unexpected ${describe(next)}: expected ${expected}`, next.start);
        }
        return { kind: 'empty', field, negated, position };
      }
    }
    throw new QuerySyntaxError(
      `unexpected ${describe(token)}: expected an operator after "${field.code}" (=, !=, >, <, >=, <=, in, not in, like, not like, is empty, is not empty)`,
      token.start,
    );
  }

  private inOrLike(field: FieldRef, word: 'in' | 'like', negated: boolean, position: number): Condition {
    const operator = `${negated ? 'not ' : ''}${word}`;
    if (word === 'like') {
      const token = this.peek();
      if (token.kind !== 'string') {
        throw new QuerySyntaxError(
          `unexpected ${describe(token)}: "${operator}" takes a quoted string`,
          token.start,
        );
      }
      this.index++;
      return {
        kind: 'like',
        field,
        negated,
        value: { kind: 'literal', text: token.value, quoted: true, position: token.start },
        position,
      };
    }
    const open = this.peek();
    if (!this.takeSymbol('(')) {
      throw new QuerySyntaxError(
        `unexpected ${describe(open)}: expected "(" and a list of values after "${operator}"`,
        open.start,
      );
    }
    const values: Value[] = [];
    do values.push(this.value(values.length === 0 ? `"${operator} ("` : '","'));
    while (this.takeSymbol(','));
    const close = this.peek();
    if (!this.takeSymbol(')')) {
      throw new QuerySyntaxError(
        `unexpected ${describe(close)}: expected "," or ")" in the list of values`,
        close.start,
      );
    }
    return { kind: 'in', field, negated, values, position };
  }

  private value(after: string): Value {
    const token = this.peek();
    if (token.kind === 'string') {
      this.index++;
      return { kind: 'literal', text: token.value, quoted: true, position: token.start };
    }
    if (token.kind === 'word') {
      const upper = token.text.toUpperCase();
      if (this.isSymbol(this.peek(1), '(')) {
        if (!isFunctionName(upper))
          throw new QuerySyntaxError(`unknown function "${token.text}"`, token.start);
        this.index += 2;
        return { kind: 'function', fn: this.functionArguments(upper), position: token.start };
      }
      if (NUMBER.test(token.text)) {
        this.index++;
        return { kind: 'literal', text: token.text, quoted: false, position: token.start };
      }
      if (isFunctionName(upper))
        throw new QuerySyntaxError(
          `expected "(" after the function name "${token.text}"`,
          token.start + token.text.length,
        );
    }
    throw new QuerySyntaxError(
      `unexpected ${describe(token)}: expected a value after ${after} (a quoted string, a number or a function such as TODAY())`,
      token.start,
    );
  }

  private functionArguments(name: Parameters<typeof parseFunction>[0]): ReturnType<typeof parseFunction> {
    const args: RawArgument[] = [];
    if (!this.isSymbol(this.peek(), ')')) {
      do {
        const token = this.peek();
        if (token.kind !== 'word') {
          throw new QuerySyntaxError(
            `unexpected ${describe(token)}: expected an argument of ${name}()`,
            token.start,
          );
        }
        this.index++;
        args.push({ text: token.text, position: token.start });
      } while (this.takeSymbol(','));
    }
    const close = this.peek();
    if (!this.takeSymbol(')')) {
      throw new QuerySyntaxError(
        `unexpected ${describe(close)}: expected ")" to close ${name}(`,
        close.start,
      );
    }
    return parseFunction(name, args, close.start);
  }

  private field(expected: string): FieldRef {
    const token = this.peek();
    if (token.kind !== 'word')
      throw new QuerySyntaxError(`unexpected ${describe(token)}: expected ${expected}`, token.start);
    this.index++;
    return { code: token.text, position: token.start };
  }

  private count(keyword: string): number {
    const token = this.peek();
    if (token.kind !== 'word' || !/^\d+$/u.test(token.text)) {
      throw new QuerySyntaxError(
        `unexpected ${describe(token)}: "${keyword}" takes a whole number of records`,
        token.start,
      );
    }
    this.index++;
    return Number(token.text);
  }

  private atClauseKeyword(): boolean {
    const token = this.peek();
    if (this.isWord(token, 'order')) return this.isWord(this.peek(1), 'by');
    return (this.isWord(token, 'limit') || this.isWord(token, 'offset')) && this.peek(1).kind !== 'symbol';
  }

  private refuseInFilter(mode: Mode, clause: string, position: number): void {
    if (mode === 'filter') {
      throw new QuerySyntaxError(
        `"${clause}" is not allowed in a filter condition (put the order in the sort setting)`,
        position,
      );
    }
  }
}

function flatten(kind: 'and' | 'or', conditions: Condition[]): Condition[] {
  return conditions.flatMap((c) => (c.kind === kind ? c.conditions : [c]));
}
