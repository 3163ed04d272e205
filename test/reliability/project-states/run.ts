/**
 * Runs one command of the built CLI in a project state and judges it (project-states.test.ts):
 * it works as the README says, or exits 1 naming what is wrong, where; never "Bug", a stack or
 * exit 70; and it writes nothing outside the project and its .appdeploy (HOME and the cache
 * folder point into the state's folder, so a write there is seen too).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appdeploy, type Run } from '../../support/cli.js';
import { snapshot, type ProjectState, type StateRun } from './states.js';

/** The commands, in the order a user meets them; `ok` is the exit the docs promise where it works. */
export const COMMANDS: readonly { args: string[]; ok: number }[] = [
  { args: ['validate'], ok: 0 },
  { args: ['plan'], ok: 0 },
  { args: ['apply', '--yes'], ok: 0 },
  { args: ['status'], ok: 0 },
  { args: ['export', '--app', 'tickets'], ok: 0 },
  { args: ['types'], ok: 0 },
  { args: ['docs'], ok: 0 },
  { args: ['seed', '--yes'], ok: 0 },
  { args: ['revert', '--yes'], ok: 0 },
  // No backup of that name: refused everywhere, naming the file.
  { args: ['restore', 'backups/none.jsonl'], ok: 1 },
];

export interface Finding {
  state: string;
  command: string;
  what: string;
  output: string;
}

const STACK = /^\s+at .+[:(]\d+:\d+\)?$/m;

export async function runState(state: ProjectState, commands = COMMANDS): Promise<Finding[]> {
  const base = mkdtempSync(join(tmpdir(), 'appdeploy-states-'));
  const findings: Finding[] = [];
  try {
    const home = join(base, 'home');
    mkdirSync(home);
    const at: StateRun = state.make(base);
    const env = { HOME: home, XDG_CACHE_HOME: join(base, 'cache'), APPDEPLOY_CODE_CACHE: 'off' };
    for (const command of commands) {
      const ours = [at.project, ...(at.linked ?? [])];
      const outside = snapshot(base, ours);
      const run = await appdeploy([...command.args, ...at.prefix], at.cwd, env);
      const judge = (what: string) =>
        findings.push({ state: state.name, command: command.args.join(' '), what, output: shown(run) });
      judgeRun(state, command, run, judge);
      const after = snapshot(base, ours);
      const touched = [...new Set([...outside.keys(), ...after.keys()])].filter(
        (p) => outside.get(p) !== after.get(p),
      );
      if (touched.length > 0) judge(`wrote outside the project: ${touched.join(', ')}`);
    }
    for (const what of at.after?.() ?? [])
      findings.push({ state: state.name, command: '(after all)', what, output: '' });
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  return findings;
}

function judgeRun(
  state: ProjectState,
  command: (typeof COMMANDS)[number],
  run: Run,
  judge: (what: string) => void,
): void {
  const all = run.stdout + run.stderr;
  // report-error.ts prints a bug as `Bug: ...` and its stack (the helpdesk's data says "Bug" too).
  if (run.code === 70 || /^Bug:/m.test(run.stderr) || STACK.test(all)) judge(`a bug: exit ${run.code}`);
  else if (state.expect.kind === 'works') {
    if (run.code !== command.ok) judge(`exit ${run.code}, the docs promise ${command.ok}`);
    if (command.ok === 1 && !all.includes('none.jsonl')) judge('refused without naming the file');
  } else {
    const names = state.expect.names;
    const named = all.includes(names) || (command.ok === 1 && all.includes('none.jsonl'));
    if (state.expect.all && run.code !== 1) judge(`exit ${run.code}, expected 1`);
    else if (run.code === 1 && !named) judge(`refused without naming ${names}`);
    else if (run.code !== 0 && run.code !== 1) judge(`exit ${run.code}`);
  }
  if (run.code === 1 && all.trim() === '') judge('exit 1 saying nothing');
}

function shown(run: Run): string {
  return `exit ${run.code}\n--- stdout\n${run.stdout.slice(0, 1500)}\n--- stderr\n${run.stderr.slice(0, 1500)}`;
}
