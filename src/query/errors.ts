import type { QueryProblem } from './problems.js';

/**
 * What the platform answers for a function's arguments (its other syntax errors are plain
 * CB_VA01): GAIA_IQ23 a bad value, GAIA_IQ25 a bad unit, GAIA_IL08 too few arguments.
 */
export type ArgumentErrorCode = 'GAIA_IQ23' | 'GAIA_IQ25' | 'GAIA_IL08';

/** The query text does not follow the grammar. `position` is a 0-based offset into the text. */
export class QuerySyntaxError extends Error {
  readonly position: number;
  readonly reason: string;
  /** Set when the fault is a function's argument, which the platform answers with its own code. */
  readonly code: ArgumentErrorCode | undefined;

  constructor(reason: string, position: number, code?: ArgumentErrorCode) {
    super(`${reason} at position ${position}`);
    this.name = 'QuerySyntaxError';
    this.reason = reason;
    this.position = position;
    this.code = code;
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
