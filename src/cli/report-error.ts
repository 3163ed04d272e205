import { CommanderError } from 'commander';
// The modules themselves, not their packages' index: every command loads this file, and the
// indexes pull in the whole client, apply and project loader (commands/index.ts says why not).
import {
  ClientError,
  ServiceError,
  TransportInvalidResponseError,
  TransportNetworkError,
  TransportTimeoutError,
} from '../client/errors.js';
import { DeployTimeoutError } from '../client/helper-errors.js';
import { AppdeployError, ERROR_CODES } from '../errors.js';
import { appdeployCommand, projectFlags, type ProjectChoice } from '../project/next-command.js';
import { formatElapsed } from '../wording.js';
import { InterruptedError } from './confirm.js';
import { errorExitCode, type ExitCode } from './exit-codes.js';
import type { Io } from './io.js';
import { variableSources, type EnvironmentFacts, type SettingFacts } from './environment-facts.js';

/**
 * An error as the user is told it, matched by class (never by name): commander's own (already
 * printed on stderr), an interrupt, an AppdeployError (its catalogued code, summary and hint),
 * any client error (its message, which says what failed, a hint where the next step is not
 * obvious, and the service's own code when the service refused). Everything else is a bug: its
 * stack, and a request to report it.
 */
export interface ReportedError {
  /** A code of src/errors.ts, the service's own (`GAIA_AP01`), `CLIENT.<kind>`, `USAGE` or `BUG`. */
  code: string;
  message: string;
  hint?: string;
  exitCode: ExitCode;
  /** A bug's stack. */
  stack?: string;
  /** How the text rendering starts the message; commander's usage errors are printed by commander. */
  lead: 'Error: ' | '' | null;
}

export function describeError(
  error: unknown,
  choice: ProjectChoice = {},
  /** The environment the command had opened, when it had: where its address and credentials come from. */
  environment?: EnvironmentFacts,
): ReportedError {
  // Commander's help and version end with its code 0; every command line it refuses, with 1.
  if (error instanceof CommanderError)
    return {
      code: 'USAGE',
      // Commander's own lead (`error: `) is the text's; under JSON `code` says it is an error.
      message: error.message.replace(/^error: /, ''),
      ...(error.exitCode === 0 ? {} : { hint: usageHint(error) }),
      exitCode: errorExitCode(error.exitCode === 0 ? 'help' : 'usage'),
      lead: null,
    };
  if (error instanceof InterruptedError)
    return { code: error.code, message: error.message, exitCode: errorExitCode('interrupted'), lead: '' };
  if (error instanceof AppdeployError)
    return {
      code: error.code,
      message: error.message,
      ...(error.hint ? { hint: error.hint } : {}),
      exitCode: errorExitCode('fixable'),
      lead: 'Error: ',
    };
  // A full disk is the machine's state, not appdeploy's bug (a seed's or an export's file, say).
  const full = noSpace(error);
  if (full !== undefined) return describeError(full, choice, environment);
  if (error instanceof ClientError) {
    const hint = clientHint(error, choice, environment);
    return {
      code: error instanceof ServiceError ? error.code : `CLIENT.${error.kind}`,
      message: commandLineMessage(error) ?? error.message,
      ...(hint ? { hint } : {}),
      exitCode: errorExitCode('fixable'),
      lead: 'Error: ',
    };
  }
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return {
    code: 'BUG',
    message: 'appdeploy failed unexpectedly. Please report this with the stack below.',
    stack,
    exitCode: errorExitCode('bug'),
    lead: 'Error: ',
  };
}

/** The file system's answers for a full disk and for a user over their quota. */
const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** FILE.NO_SPACE for a write a full disk refused (the error, or the one it wraps); undefined otherwise. */
function noSpace(error: unknown): AppdeployError | undefined {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    const { code, path } = at as NodeJS.ErrnoException;
    if (code === undefined || !NO_SPACE_CODES.has(code)) continue;
    const what = path === undefined ? 'a file' : path;
    const why = code === 'EDQUOT' ? 'the disk quota is used up' : 'no space left on the disk';
    return new AppdeployError('FILE.NO_SPACE', `${what} could not be written: ${why} (${code})`, {
      hint: ERROR_CODES['FILE.NO_SPACE'].hint,
      cause: error,
    });
  }
  return undefined;
}

/**
 * The line commander prints under a command line it refused (main.ts, showHelpAfterError), for
 * the JSON reader, who does not see stderr: an unknown command is the program's, with the list of
 * commands; anything else the command's own.
 */
function usageHint(error: CommanderError): string {
  return error.code === 'commander.unknownCommand' ? PROGRAM_USAGE_HINT : COMMAND_USAGE_HINT;
}

/** What commander prints under a command line a command refused. */
export const COMMAND_USAGE_HINT = 'Run the command with --help for its options.';
/** What commander prints under a word that is no command. */
export const PROGRAM_USAGE_HINT = 'Run `npx appdeploy --help` for the commands.';

/**
 * Prints an error the way its user needs it and returns the exit code. As text on stderr; with
 * `--format json`, as one JSON object `{"error": {code, message, hint?, exitCode, stack?}}` on
 * stdout, where a program reading the command's JSON looks for it (the text goes to stderr too,
 * for the person watching the log). `plan --format markdown`'s errors: error-markdown.ts.
 */
export function reportError(
  error: unknown,
  io: Io,
  choice: ProjectChoice = {},
  format: 'text' | 'json' = 'text',
  environment?: EnvironmentFacts,
): number {
  const reported = describeError(error, choice, environment);
  printText(reported, io);
  if (format === 'json') {
    const { lead: _lead, ...fields } = reported;
    // A hint folded for the terminal (an indented line per clause) is one line in JSON.
    if (fields.hint !== undefined) fields.hint = oneLine(fields.hint);
    io.out(`${JSON.stringify({ error: fields }, null, 2)}\n`);
  }
  return reported.exitCode;
}

/** A hint folded for the terminal (an indented line per clause) as one line, for JSON and Markdown. */
export function oneLine(hint: string): string {
  return hint.replace(/\n\s*/g, ' ');
}

function printText(reported: ReportedError, io: Io): void {
  if (reported.lead === null) return;
  if (reported.code === 'BUG') {
    io.err(`Bug: ${reported.message}\n${reported.stack ?? ''}\n`);
    return;
  }
  io.err(`${reported.lead}${reported.message}\n`);
  if (reported.hint) io.err(`  ${reported.hint}\n`);
}

/**
 * A 403 whose body is not the service's JSON error comes from something in front of the service.
 * On the hosted platform that may be its access control: IP address restrictions, or Secure
 * Access asking for a client certificate. The evidence found (cybozu.com help "If You Cannot
 * Access cybozu.com Because of a Failure in the Access Control Settings"; the official client's
 * KintoneResponseHandler, which only maps a failed .pfx password) does not say what a request
 * without a certificate is answered, so this names the likely causes rather than one.
 */
const FORBIDDEN_IN_FRONT =
  'Something in front of the service refused the request: if the domain uses Secure Access, set clientCertificate; if it restricts IP addresses, connect from an allowed network (or through its proxy: proxy, HTTPS_PROXY).';

/**
 * 431 is "Request Header Fields Too Large" (RFC 6585, section 5): the server refuses the request
 * for the size of its headers. What appdeploy puts in them that a user sets is the environment's
 * credentials (the login and password, the API tokens, the basic auth): a value pasted whole from
 * the wrong place is what makes them so large, not the base URL the message's advice names. Found
 * by test/reliability/user-mistakes.test.ts (a login of 200,000 characters). What size the hosted
 * platform refuses is not documented; the local service refuses what Node's HTTP server does.
 */
const HEADERS_TOO_LARGE =
  "The request's headers are too large for the service: check the environment's credentials in appdeploy.yaml (auth: login, password or apiToken; basicAuth) for a value pasted by mistake.";

/**
 * The two refusals only an API token meets are the token's to fix, not an administrator's: the
 * hosted platform answers GAIA_NO01 to a call a token may not make or lacks the permission for,
 * and GAIA_IA02 to a token that is not the app's (platform/token-calls.ts, docs/local-service.md's
 * table of errors). kintone.dev's "API Tokens" tutorial gives the same fixes for the two messages:
 * check the token's permissions; check the app and that the token was copied whole and the app
 * updated after it was generated. Plan reads the draft, which needs the manage permission
 * (kintone.dev, Get Form Fields: "Permission to manage the App is needed when obtaining data of
 * pre-live settings"; docs/manifests.md).
 */
function serviceHint(error: ServiceError, environment: EnvironmentFacts | undefined): string | undefined {
  const call =
    error.method !== undefined && error.path !== undefined ? ` (${error.method} ${error.path})` : '';
  if (error.code === 'GAIA_NO01')
    return `The environment's API token may not make this call${call}, or lacks the permission it needs: give each app's token the App management permission (the app's settings, API Token); creating apps, customization, custom views and plug-ins need a login (auth: { login, password }).`;
  if (error.code === 'GAIA_IA02')
    return `The environment's API token is not a token of the app this call is for${call}: check apiToken in appdeploy.yaml against the app's settings, API Token (a list gives one per app; a new token works once the app is updated).`;
  if (error.status === 401)
    return environment?.auth === undefined
      ? "Check the environment's credentials in appdeploy.yaml."
      : `Check the credentials of environment "${environment.name}" at ${environment.auth.at}.${variableSources(environment.auth)}`;
  if (error.status === 403) return 'The account lacks a permission this needs; ask an administrator.';
  return undefined;
}

/** What to do next, where a client error's own message does not already say it. */
function clientHint(
  error: ClientError,
  choice: ProjectChoice,
  environment: EnvironmentFacts | undefined,
): string | undefined {
  const kind = error.kind;
  switch (kind) {
    case 'service':
      return error instanceof ServiceError ? serviceHint(error, environment) : undefined;
    case 'deploy-timeout':
      return `It goes on in the service: run \`${appdeployCommand({ commandFlags: projectFlags(choice) }, 'status')}\` to see how it ends (apply waits longer with --timeout, e.g. --timeout 30m).`;
    case 'timeout':
      return error instanceof TransportTimeoutError && error.queued
        ? 'The service answers slowly: run the command again later.'
        : "Check that the service is reachable at the environment's baseUrl, then run the command again.";
    case 'options':
      return optionsHint(error.message, environment);
    case 'invalid-response':
      if (!(error instanceof TransportInvalidResponseError)) return undefined;
      if (error.status === 403) return FORBIDDEN_IN_FRONT;
      return error.status === 431 ? HEADERS_TOO_LARGE : undefined;
    case 'network':
      return networkHint(error, environment);
    case 'bulk-write':
    case 'aborted':
      // Their messages already say what to check.
      return undefined;
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** Where a setting of the environment is written: its line, and where its variables came from. */
function whereWritten(environment: EnvironmentFacts, what: string, facts: SettingFacts): string {
  return `Environment "${environment.name}" has ${what} from ${facts.at}.${variableSources(facts)}`;
}

/**
 * Where the setting a client options error names is written (client/reach.ts and
 * certificate-files.ts name the option, or the proxy variable, in their messages): a proxy
 * variable of the machine; the environment's client certificate or ca, at its line, with where
 * its variables (a password, a passphrase) came from, as a refused login is said.
 */
function optionsHint(message: string, environment: EnvironmentFacts | undefined): string {
  const variable = /^(https?_proxy|HTTPS?_PROXY) /.exec(message)?.[1];
  if (variable !== undefined)
    return `Correct ${variable} where it is set (the shell, the CI's variables), or give the environment a proxy of its own in appdeploy.yaml, which wins over it.`;
  const setting = /clientCertificate/.test(message)
    ? { facts: environment?.clientCertificate, named: 'its client certificate' }
    : /^ca\b/.test(message)
      ? { facts: environment?.ca, named: 'its ca' }
      : undefined;
  if (environment !== undefined && setting?.facts !== undefined)
    return whereWritten(environment, setting.named, setting.facts);
  return "Check the environment's settings (baseUrl, auth, basicAuth, proxy, clientCertificate, ca) in appdeploy.yaml.";
}

/**
 * A network failure's message says what to check; where the address is written is the command's
 * to say: the proxy's, when the proxy is what failed (not the service's base URL).
 */
function networkHint(error: ClientError, environment: EnvironmentFacts | undefined): string | undefined {
  if (error instanceof TransportNetworkError && error.proxy !== undefined)
    return proxyHint(error.proxy.source, environment);
  return environment?.baseUrl === undefined
    ? undefined
    : whereWritten(environment, 'this address', environment.baseUrl);
}

/**
 * Where the proxy that failed is set: the environment's `proxy:` (its line and the variables written
 * there), or a variable of the machine (client/reach.ts names the variable as the source).
 */
function proxyHint(source: string, environment: EnvironmentFacts | undefined): string | undefined {
  if (/^(https?_proxy|HTTPS?_PROXY)$/.test(source))
    return `${source} is set in the machine's environment (the shell, the CI's variables): correct it there, give the environment a proxy of its own in appdeploy.yaml (which wins over it), or name the service's host in NO_PROXY.`;
  return environment?.proxy === undefined
    ? undefined
    : whereWritten(environment, 'this proxy', environment.proxy);
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
