/**
 * What a user who made a mistake must see, whatever the command: never the bug exit code (70) nor
 * "Bug", never a stack trace; every error says what to do next (a hint line under it); every
 * problem validate lists names its file:line:col and says what to do. Each broken rule is a
 * finding with a signature (the rule and the code or first frame), so that a long run's thousands
 * of failures fold into the distinct defects behind them.
 */
import type { MainRun } from '../../support/main-in-process.js';

export interface Finding {
  /** The rule broken and what broke it, without the run's particulars: one per defect. */
  signature: string;
  /** What was printed, to read the case. */
  detail: string;
}

const STACK_FRAME = /^\s+at (?:.+ \()?(?:file:\/\/|node:|\/)\S*:\d+:\d+\)?$/m;

/** The first frame of a printed stack that is appdeploy's own, to tell bugs apart. */
function firstOwnFrame(text: string): string {
  const frame = /^\s+at .*?(src\/[^:)]+:\d+)/m.exec(text)?.[1] ?? /^\s+at (.*)$/m.exec(text)?.[1] ?? '';
  const message = /^(\w*Error[^\n]*)/m.exec(text)?.[1] ?? '';
  return `${message.replace(/["'][^"']*["']/g, '…').slice(0, 100)} @ ${frame}`;
}

/** `Error: message` lines and whether an indented hint follows each. */
export function errorsIn(err: string): { message: string; hint: string | undefined }[] {
  const lines = err.split('\n');
  const out: { message: string; hint: string | undefined }[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('Error: ')) return;
    const next = lines[i + 1];
    out.push({
      message: line.slice(7),
      hint: next !== undefined && /^ {2}\S/.test(next) ? next.trim() : undefined,
    });
  });
  return out;
}

/** A message with its particulars (quoted names, numbers, paths) folded, for a signature. */
export function shape(message: string): string {
  return message
    .replace(/"[^"]*"|'[^']*'|`[^`]*`|“[^”]*”/g, '…')
    .replace(/\/\S+/g, '/…')
    .replace(/\d+/g, 'N')
    .slice(0, 90);
}

/**
 * A problem without a hint still says what to do when its message states the rule it broke
 * (`must be a map, not text`, `missing required key "type"`, `its options are ...`): the hint is
 * for what the message leaves out (problems.ts: "when there is something useful to say").
 */
const STATES_THE_RULE = /\bmust\b|missing required key|\bneeds?\b|its options are|is only for/;

interface JsonProblem {
  code?: string;
  message?: string;
  file?: string;
  line?: number;
  col?: number;
  hint?: string;
}

export function check(command: string, run: MainRun): Finding[] {
  const findings: Finding[] = [];
  const add = (signature: string) =>
    findings.push({ signature: `${command}: ${signature}`, detail: `${run.err}\n${run.out}`.slice(0, 3000) });
  if (run.code === 70 || /^Bug:|please report/im.test(run.err)) add(`bug ${firstOwnFrame(run.err)}`);
  else if (STACK_FRAME.test(run.err) || STACK_FRAME.test(run.out))
    add(`stack trace ${firstOwnFrame(run.err + run.out)}`);
  if (![0, 1, 2].includes(run.code)) add(`exit ${run.code}`);
  for (const error of errorsIn(run.err))
    if (error.hint === undefined && !/^Bug/.test(error.message))
      add(`error without a next step: ${shape(error.message)}`);
  if (command.startsWith('validate') && run.out.trim().startsWith('{')) {
    const parsed = JSON.parse(run.out) as { problems?: JsonProblem[] };
    for (const p of parsed.problems ?? []) {
      if (!p.file || !(Number(p.line) >= 1) || !(Number(p.col) >= 1))
        add(`problem without a location: ${p.code} ${shape(p.message ?? '')}`);
      if (!p.hint?.trim() && !STATES_THE_RULE.test(p.message ?? ''))
        add(`problem without a next step: ${p.code} ${shape(p.message ?? '')}`);
    }
  }
  return findings;
}
