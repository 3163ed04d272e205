/**
 * What a user who made a mistake on the command line must see (docs/errors.md, the README's exit
 * codes, the house rules): never exit 70, "Bug" or a stack; an exit code the docs give (1 for a
 * refused command line or any error the user can fix); every error saying what is wrong and what
 * to do next; "did you mean" where one candidate is obvious; under `--format json`, JSON on
 * stdout with the documented error shape; no secret anywhere; and nothing written to the project
 * or the service by a refused command. Each broken rule is a finding whose signature folds a long
 * run's failures into the defects behind them.
 */
import { COMMANDS } from './commands.js';
import type { Mistake } from './mistakes.js';
import { SECRETS } from './world.js';

export interface Run {
  code: number;
  out: string;
  err: string;
}

export interface Finding {
  signature: string;
  detail: string;
}

/** What the run changed: the project's files, and whether the service moved. */
export interface Written {
  files: string[];
  service: boolean;
}

const STACK_FRAME = /^\s+at (?:.+ \()?(?:file:\/\/|node:|\/)\S*:\d+:\d+\)?$/m;

/** The arguments that are options: those before a `--`. */
function optionArgs(args: readonly string[]): readonly string[] {
  const end = args.indexOf('--');
  return end < 0 ? args : args.slice(0, end);
}

/** The command asked for JSON (the last --format given wins, as commander takes it), and has it. */
export function asksForJson(mistake: Mistake): boolean {
  const args = optionArgs(mistake.args);
  const formats = args.flatMap((a, i) =>
    a.startsWith('--format=') ? [a.slice(9)] : a === '--format' ? [args[i + 1] ?? ''] : [],
  );
  return (
    formats.at(-1) === 'json' &&
    COMMANDS.find((c) => c.name === mistake.args[0])?.formats?.includes('json') === true
  );
}

/**
 * Every `Error:` line has a next step after it: an indented hint, or commander's line pointing
 * at the help (after its "Did you mean").
 */
function errorsWithoutNextStep(err: string): string[] {
  const lines = err.split('\n');
  const bare: string[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('Error: ')) return;
    const after = lines.slice(i + 1);
    const end = after.findIndex((l) => l.trim() === '' || l.startsWith('Error: '));
    const block = end < 0 ? after : after.slice(0, end);
    if (!block.some((l) => /^ {2}\S/.test(l) || /^Run .*--help/.test(l))) bare.push(line.slice(7));
  });
  return bare;
}

/** A message with its particulars folded, for a signature. */
function shape(message: string): string {
  return message
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '…')
    .replace(/\/\S+/g, '/…')
    .replace(/\d+/g, 'N')
    .slice(0, 80);
}

interface JsonError {
  code?: unknown;
  message?: unknown;
  hint?: unknown;
  exitCode?: unknown;
}

function jsonFindings(mistake: Mistake, run: Run, add: (s: string) => void): void {
  let parsed: { error?: JsonError } | undefined;
  try {
    parsed = JSON.parse(run.out) as { error?: JsonError };
  } catch {
    add(`--format json: stdout is not JSON (exit ${run.code})`);
    return;
  }
  if (run.code !== 1) return;
  // validate's problems are its output, not an error (docs/validate.md): `valid: false`.
  if (mistake.args[0] === 'validate' && (parsed as { valid?: unknown }).valid === false) return;
  const error = parsed.error;
  if (error === undefined) return add('--format json: exit 1 without an "error" object');
  if (typeof error.code !== 'string' || error.code === '') add('--format json: error without a code');
  if (typeof error.message !== 'string' || error.message === '')
    add('--format json: error without a message');
  else if (/^error: /i.test(error.message))
    add(`--format json: message starts "error:" (${String(error.code)})`);
  if (typeof error.hint !== 'string' || error.hint.trim() === '')
    add(`--format json: error without a hint (${String(error.code)})`);
  if (error.exitCode !== run.code) add('--format json: exitCode is not the exit code');
}

export function check(mistake: Mistake, run: Run, written: Written): Finding[] {
  const findings: Finding[] = [];
  const all = `${run.err}\n${run.out}`;
  const add = (rule: string) =>
    findings.push({
      signature: `${mistake.family}: ${rule}`,
      detail:
        `$ appdeploy ${mistake.args.map((a) => JSON.stringify(a)).join(' ')}\n[exit ${run.code}]\n${all}`.slice(
          0,
          3000,
        ),
    });
  if (run.code === 70 || /^Bug:|please report/im.test(run.err)) add('bug');
  else if (STACK_FRAME.test(all)) add('stack trace');
  if (![0, 1, 2].includes(run.code)) add(`exit ${run.code}`);
  for (const message of errorsWithoutNextStep(run.err)) add(`error without a next step: ${shape(message)}`);
  for (const [name, secret] of Object.entries(SECRETS))
    if (all.includes(secret)) add(`the ${name} in the output`);
  if (asksForJson(mistake)) jsonFindings(mistake, run, add);
  if (mistake.expect === 'refused') {
    if (run.code !== 1) add(`not refused: exit ${run.code}`);
    else if (!/^Error: /m.test(run.err) && !/\d+ problems? in \d+ files?|"valid": false/.test(all))
      add('refused without an error');
    if (written.files.length > 0) add(`refused, yet wrote ${written.files.join(', ')}`);
    if (written.service) add('refused, yet changed the service');
    if (mistake.names !== undefined && !all.includes(mistake.names))
      add(`the error does not name ${mistake.names}`);
    if (
      mistake.suggests !== undefined &&
      !(/did you mean/i.test(all) || mistake.suggests.startsWith('--app'))
    )
      add('no "did you mean"');
    else if (mistake.suggests !== undefined && !all.includes(mistake.suggests))
      add(`does not suggest ${mistake.suggests}`);
  }
  return findings;
}
