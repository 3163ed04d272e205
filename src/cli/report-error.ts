import { CommanderError } from 'commander';
// The modules themselves, not their packages' index: every command loads this file, and the
// indexes pull in the whole client, apply and project loader (commands/index.ts says why not).
import { formatElapsed } from '../apply/progress.js';
import { ClientError, ServiceError, TransportTimeoutError } from '../client/errors.js';
import { DeployTimeoutError } from '../client/helper-errors.js';
import { AppdeployError } from '../errors.js';
import { appdeployCommand, projectFlags, type ProjectChoice } from '../project/next-command.js';
import { InterruptedError } from './confirm.js';
import type { Io } from './io.js';

/** Exit code of an error the user can act on (unless an AppdeployError names its own). */
export const EXIT_ERROR = 1;
/** Exit code of a bug: anything thrown that is not one of the errors below (EX_SOFTWARE). */
export const EXIT_BUG = 70;

/**
 * Prints an error the way its user needs it and returns the exit code, matching by class (never
 * by name): commander's own (already printed), an AppdeployError (summary and hint), any client
 * error (its message, which says what failed, and a hint where the next step is not obvious).
 * Everything else is a bug: its stack, and a request to report it.
 */
export function reportError(error: unknown, io: Io, choice: ProjectChoice = {}): number {
  if (error instanceof CommanderError) return error.exitCode;
  if (error instanceof InterruptedError) {
    io.err(`${error.message}\n`);
    return error.exitCode;
  }
  if (error instanceof AppdeployError) {
    io.err(`Error: ${error.message}\n`);
    if (error.hint) io.err(`  ${error.hint}\n`);
    return error.exitCode;
  }
  if (error instanceof ClientError) {
    io.err(`Error: ${commandLineMessage(error) ?? error.message}\n`);
    const hint = clientHint(error, choice);
    if (hint) io.err(`  ${hint}\n`);
    return EXIT_ERROR;
  }
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  io.err(`Bug: appdeploy failed unexpectedly. Please report this with the stack below.\n${stack}\n`);
  return EXIT_BUG;
}

/** What to do next, where a client error's own message does not already say it. */
function clientHint(error: ClientError, choice: ProjectChoice): string | undefined {
  const kind = error.kind;
  switch (kind) {
    case 'service':
      if (!(error instanceof ServiceError)) return undefined;
      if (error.status === 401) return "Check the environment's credentials in appdeploy.yaml.";
      if (error.status === 403) return 'The account lacks a permission this needs; ask an administrator.';
      return undefined;
    case 'deploy-timeout':
      return `It goes on in the service: run \`${appdeployCommand({ commandFlags: projectFlags(choice) }, 'status')}\` to see how it ends (apply waits longer with --timeout, e.g. --timeout 30m).`;
    case 'timeout':
      return error instanceof TransportTimeoutError && error.queued
        ? 'The service answers slowly: run the command again later.'
        : "Check that the service is reachable at the environment's baseUrl, then run the command again.";
    case 'options':
      return "Check the environment's settings (baseUrl, auth, basicAuth) in appdeploy.yaml.";
    case 'bulk-write':
    case 'invalid-response':
    case 'network':
    case 'aborted':
      // Their messages already say what to check.
      return undefined;
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/**
 * The timeouts' own messages name the library's options (timeoutMs, concurrency), which a user of
 * the command cannot set: here they say what happened in the command's terms, and the hint says
 * what to do with the command line.
 */
function commandLineMessage(error: ClientError): string | undefined {
  if (error instanceof TransportTimeoutError) {
    const call = `${error.method ?? 'A call'} ${error.path ?? ''}`.trim();
    const waited = formatElapsed(error.timeoutMs);
    return error.queuedBehind !== undefined
      ? `${call} waited ${waited} behind ${error.queuedBehind} other calls and was never sent.`
      : `${call} got no answer within ${waited}.`;
  }
  if (error instanceof DeployTimeoutError) {
    const pending = error.statuses.filter((s) => s.status === 'PROCESSING').map((s) => s.app);
    const apps = `app${pending.length === 1 ? '' : 's'} ${pending.join(', ')}`;
    return `The deployment of ${apps} was still running after ${formatElapsed(error.timeoutMs)}.`;
  }
  return undefined;
}
