/**
 * The one error base class for problems a user can fix (bad manifest, bad flag, unreachable
 * service). `code` is dotted (`MANIFEST.INVALID`), `message` is the one-line summary, `hint`
 * says what to do next. Anything that is not an AppdeployError (or one of the client's errors) is a
 * bug, and the CLI prints its stack and says so.
 */
export class AppdeployError extends Error {
  readonly code: string;
  readonly hint: string | undefined;
  /** Exit code the CLI uses for this error; 1 unless a command says otherwise. */
  readonly exitCode: number;

  constructor(
    code: string,
    message: string,
    options: { hint?: string | undefined; exitCode?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppdeployError';
    this.code = code;
    this.hint = options.hint;
    this.exitCode = options.exitCode ?? 1;
  }
}
