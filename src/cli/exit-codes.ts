/**
 * Every exit code of appdeploy, what it means, and which result of which command ends with it:
 * the one place a code is decided. Commands return a CommandResult and errors are thrown; main.ts
 * turns either into the process's exit code here, and nothing else in src/ names a code (the
 * `exitCode` a command prints under `--format json` is read from here too).
 */
// Types only: main.ts loads this file for every command, `--help` included (commands/index.ts).
import type { ApplyResult } from '../apply/types.js';
import type { ExportResult } from '../export/types.js';

/** The codes, by what they say. */
export const EXIT = {
  /** Done; valid; no changes (`--detailed-exitcode`); in sync (`status`). */
  OK: 0,
  /**
   * An error the user can fix; problems (`validate`); a plan apply would refuse; a failed
   * `--check`; an apply refused, declined or rolled back, or live with work left for the next
   * apply (a migration's window unwritten); an app export refused or failed;
   * stale type modules (`types --check`); a revert declined.
   */
  ERROR: 1,
  /** Something differs: changes to apply (`plan --detailed-exitcode`); drift or a pending draft (`status`). */
  DIFFERS: 2,
  /**
   * apply: outcome unknown (a deploy still running at `--timeout`, live that could not be
   * restored, or a second Ctrl-C once a deploy call had gone out).
   */
  UNKNOWN: 3,
  /** apply failed and live is not as before (someone published the half-written draft). */
  LIVE_CHANGED: 4,
  /** A bug (EX_SOFTWARE): its stack is printed; apply: applied but not converged. */
  BUG: 70,
  /**
   * Interrupted by the person (128 + SIGINT): Ctrl-C at a question, or during apply before any
   * deploy call went out (live is as before); SIGINT or SIGTERM in any other command
   * (cli/interrupt.ts says what it left).
   */
  INTERRUPTED: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** What a command ended with; main.ts maps it to the exit code (commandExitCode). */
export type CommandResult =
  /** It did what it was asked (init, docs, emulator, revert, types, an apply with nothing to do). */
  | { kind: 'done' }
  /** The project does not validate: validate's output is on stderr (every command on a project). */
  | { kind: 'invalid-project' }
  /** validate: how many problems it listed. */
  | { kind: 'validated'; problems: number }
  /** plan: whether anything changes, and whether `--detailed-exitcode` asks to say so. */
  | { kind: 'planned'; changes: boolean; detailedExitcode: boolean }
  /** plan: a change apply refuses whatever the flags (blocked, deploy-fails), after the whole plan. */
  | { kind: 'plan-refused' }
  /** plan --check, apply --check: the plan failed on a copy of the environment. */
  | { kind: 'check-failed' }
  /** apply, revert: the person did not say yes (without a terminal to ask on, CONFIRM.NO_TERMINAL is thrown). */
  | { kind: 'declined' }
  /** apply: what apply() returned. */
  | { kind: 'applied'; result: Pick<ApplyResult, 'outcome' | 'stopped'> }
  /** status: whether every app is in sync. */
  | { kind: 'status'; inSync: boolean }
  /** export: whether every app was exported. */
  | { kind: 'exported'; outcome: ExportResult['outcome'] }
  /** types --check: how many modules differ from what the manifests give. */
  | { kind: 'types-checked'; stale: number };

export function commandExitCode(result: CommandResult): ExitCode {
  const kind = result.kind;
  switch (kind) {
    case 'done':
      return EXIT.OK;
    case 'invalid-project':
    case 'plan-refused':
    case 'check-failed':
    case 'declined':
      return EXIT.ERROR;
    case 'validated':
      return result.problems === 0 ? EXIT.OK : EXIT.ERROR;
    case 'planned':
      return result.detailedExitcode && result.changes ? EXIT.DIFFERS : EXIT.OK;
    case 'applied':
      return applyExitCode(result.result);
    case 'status':
      return result.inSync ? EXIT.OK : EXIT.DIFFERS;
    case 'exported':
      return exportExitCode(result.outcome);
    case 'types-checked':
      return result.stale === 0 ? EXIT.OK : EXIT.ERROR;
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** apply's outcomes (apply/types.ts, ApplyOutcome) but `rollback-failed`, which depends on live. */
const APPLY_EXIT = {
  applied: EXIT.OK,
  'no-changes': EXIT.OK,
  refused: EXIT.ERROR,
  'rolled-back': EXIT.ERROR,
  unknown: EXIT.UNKNOWN,
  interrupted: EXIT.INTERRUPTED,
  'not-converged': EXIT.BUG,
  'live-changed': EXIT.LIVE_CHANGED,
} as const satisfies Record<Exclude<ApplyResult['outcome'], 'rollback-failed'>, ExitCode>;

/**
 * An apply's code: per outcome; a failed rollback is 1 when only drafts are left changed, and 3
 * when a live copy could not be restored (what it holds is then not known). An apply that went
 * live but left a migration's window unwritten (a write failed, a swap's deploy still running:
 * apply/migrate-window.ts) is 1: the next apply has work, and a CI job must not pass on it.
 */
export function applyExitCode(result: Pick<ApplyResult, 'outcome' | 'stopped' | 'window'>): ExitCode {
  if (result.outcome === 'rollback-failed')
    return result.stopped?.liveLeftChanged === true ? EXIT.UNKNOWN : EXIT.ERROR;
  const code = APPLY_EXIT[result.outcome];
  const windowLeft = (result.window ?? []).some((w) => w.reason !== undefined);
  return code === EXIT.OK && windowLeft ? EXIT.ERROR : code;
}

/**
 * apply forced to exit by a second Ctrl-C, with nothing cleaned up: once a deploy call (or a
 * restore of live) has gone out, the service may still put it live, so what live holds is not
 * known (3); before that, live is as it was and only drafts may be left (130).
 */
export function forcedExitCode(liveMayChange: boolean): ExitCode {
  return liveMayChange ? EXIT.UNKNOWN : EXIT.INTERRUPTED;
}

/** export: 0 when every app was exported, 1 when any was refused or failed. */
export function exportExitCode(outcome: ExportResult['outcome']): ExitCode {
  return outcome === 'exported' ? EXIT.OK : EXIT.ERROR;
}

/**
 * What a thrown error is, as cli/report-error.ts classes it (by class, never by name): commander's
 * help or version (`help`) or a command line it refused (`usage`); the person's interrupt at a
 * question; an error the user can fix (an AppdeployError, any client error); anything else, a bug.
 */
export type ErrorKind = 'help' | 'usage' | 'interrupted' | 'fixable' | 'bug';

const ERROR_EXIT = {
  help: EXIT.OK,
  usage: EXIT.ERROR,
  interrupted: EXIT.INTERRUPTED,
  fixable: EXIT.ERROR,
  bug: EXIT.BUG,
} as const satisfies Record<ErrorKind, ExitCode>;

export function errorExitCode(kind: ErrorKind): ExitCode {
  return ERROR_EXIT[kind];
}
