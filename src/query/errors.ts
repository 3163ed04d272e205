import type { QueryProblem } from './problems.js';

/** The query text does not follow the grammar. `position` is a 0-based offset into the text. */
export class QuerySyntaxError extends Error {
  readonly position: number;
  readonly reason: string;

  constructor(reason: string, position: number) {
    super(`${reason} at position ${position}`);
    this.name = 'QuerySyntaxError';
    this.reason = reason;
    this.position = position;
  }
}

/** The query parses but does not fit the app's fields (thrown by compileQuery). */
export class QueryCheckError extends Error {
  readonly problems: readonly QueryProblem[];

  constructor(problems: readonly QueryProblem[]) {
    const first = problems[0];
    super(first ? first.message : 'the query does not fit the app');
    this.name = 'QueryCheckError';
    this.problems = problems;
  }
}
