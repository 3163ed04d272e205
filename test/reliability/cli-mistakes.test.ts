/**
 * A new user must never meet "Bug" for a typo, on the command line either: user-mistakes.test.ts
 * sweeps the files, this sweeps the arguments. For every command and option (cli-mistakes/
 * commands.ts, checked against each command's --help below), the mistakes people make
 * (cli-mistakes/mistakes.ts): misspelt commands and options, a value missing or of the wrong
 * kind, an option taken as another's value, repeated and foreign and conflicting options, stray
 * arguments, unknown environments and apps, paths that are missing, folders or files of the wrong
 * kind, bad queries, masks and keys, empty values, bad variables, no terminal to confirm on. Each
 * is run in a fresh copy of an applied and seeded `init` project (cli-mistakes/world.ts) and held
 * to what docs/errors.md and the README promise (cli-mistakes/checks.ts).
 *
 * Deterministic: a fixed seed and a budget that runs in well under a minute on two cores. A long
 * run: `CLI_MISTAKES_CASES=2000 CLI_MISTAKES_SEED=7 CLI_MISTAKES_REPORT=/tmp/cli.json npx vitest
 * run test/reliability/cli-mistakes.test.ts` (the report folds failures into signatures).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import './fuzz.js';
import { runMain } from '../support/main-in-process.js';
import { COMMANDS, helpFlags } from './cli-mistakes/commands.js';
import { nextMistake, Random, type Mistake } from './cli-mistakes/mistakes.js';
import { runCase, type Case } from './cli-mistakes/run.js';
import { makeWorld, VARIABLES, type World } from './cli-mistakes/world.js';

const SEED = Number(process.env.CLI_MISTAKES_SEED) || 20261128;
const CASES = Number(process.env.CLI_MISTAKES_CASES) || 200;
const REPORT = process.env.CLI_MISTAKES_REPORT;

let world: World | undefined;

beforeAll(async () => {
  world = await makeWorld(mkdtempSync(join(tmpdir(), 'appdeploy-cli-mistakes-')));
}, 60_000);

afterAll(async () => {
  await world?.service.close();
  for (const name of Object.values(VARIABLES)) delete process.env[name];
  if (world) rmSync(world.root, { recursive: true, force: true });
});

function failures(cases: Case[]): string {
  return cases
    .filter((c) => c.findings.length > 0)
    .map(
      (c) =>
        `${c.mistake.label}\n  ${c.findings.map((f) => f.signature).join('\n  ')}\n${c.findings[0]!.detail.split('\n').slice(0, 14).join('\n')}`,
    )
    .join('\n\n');
}

/**
 * A few mistakes as `npx appdeploy` meets them, in a process of its own: stdin not a terminal
 * (a pipe), the code cache's variable, commander's refusals under --format json.
 */
const BUILT: Mistake[] = [
  {
    family: 'noTerminal',
    label: 'apply without --yes, stdin a pipe',
    args: ['apply'],
    pendingChange: 'manifest',
    expect: 'refused',
    names: '--yes',
    built: true,
  },
  {
    family: 'noTerminal',
    label: 'seed --clean --format json without --yes, stdin a pipe',
    args: ['seed', '--clean', '--format', 'json'],
    pendingChange: 'records',
    expect: 'refused',
    names: '--yes',
    built: true,
  },
  {
    family: 'badVariable',
    label: 'APPDEPLOY_CODE_CACHE naming a file',
    args: ['validate'],
    variables: { APPDEPLOY_CODE_CACHE: 'appdeploy.yaml' },
    expect: 'any',
    built: true,
  },
  {
    family: 'badVariable',
    label: 'APPDEPLOY_CODE_CACHE empty',
    args: ['status'],
    variables: { APPDEPLOY_CODE_CACHE: '' },
    expect: 'any',
    built: true,
  },
  {
    family: 'jsonUsage',
    label: 'a misspelt command under --format json',
    args: ['stauts', '--format', 'json'],
    expect: 'refused',
    suggests: 'status',
    built: true,
  },
  {
    family: 'optionTakenAsValue',
    label: 'plan --out --detailed-exitcode',
    args: ['plan', '--out', '--detailed-exitcode'],
    expect: 'refused',
    names: '--out',
    built: true,
  },
];

describe('a mistake on the command line never meets a bug', () => {
  it.each(BUILT)('the built CLI: $label', async (mistake) => {
    const made = await runCase(world!, mistake, `built-${BUILT.indexOf(mistake)}`);
    expect(failures([made])).toBe('');
  });

  it('the sweep knows every command and option the CLI has', async () => {
    const top = await runMain(['--help']);
    const listed = [...top.out.matchAll(/^ {2}(\w+) /gm)].map((m) => m[1]).filter((n) => n !== 'help');
    expect(listed).toEqual(COMMANDS.map((c) => c.name));
    for (const command of COMMANDS) {
      const help = await runMain([command.name, '--help']);
      expect({ command: command.name, flags: helpFlags(help.out).sort() }).toEqual({
        command: command.name,
        flags: command.options.map((o) => o.flag).sort(),
      });
    }
  });

  it(
    `${CASES} mistakes from seed ${SEED}: refused with what to do, no bug, nothing written`,
    async (context) => {
      const random = new Random(SEED);
      const cases: Case[] = [];
      onTestFinished(() => void (context.task.meta.fuzzInputs = cases.length));
      for (let i = 0; i < CASES; i++) {
        cases.push(await runCase(world!, nextMistake(random), `case-${i}`));
        if (REPORT && i % 50 === 49) writeReport(REPORT, cases);
      }
      if (REPORT) writeReport(REPORT, cases);
      expect(failures(cases)).toBe('');
      // The budget swept what it says: most families, and most commands.
      expect(new Set(cases.map((c) => c.mistake.family)).size).toBeGreaterThanOrEqual(CASES >= 100 ? 15 : 1);
    },
    Math.max(60_000, CASES * 2_000),
  );
});

function writeReport(path: string, cases: Case[]): void {
  const bySignature = new Map<string, { count: number; examples: string[] }>();
  for (const c of cases)
    for (const f of c.findings) {
      const entry = bySignature.get(f.signature) ?? { count: 0, examples: [] };
      entry.count++;
      if (entry.examples.length < 3) entry.examples.push(f.detail);
      bySignature.set(f.signature, entry);
    }
  const summary = {
    cases: cases.length,
    failedCases: cases.filter((c) => c.findings.length > 0).length,
    families: Object.fromEntries(
      [...new Set(cases.map((c) => c.mistake.family))].map((f) => [
        f,
        cases.filter((c) => c.mistake.family === f).length,
      ]),
    ),
    commands: [...new Set(cases.map((c) => c.mistake.args[0]))].sort(),
    signatures: [...bySignature]
      .sort((a, b) => b[1].count - a[1].count)
      .map(([signature, e]) => ({ signature, ...e })),
  };
  writeFileSync(path, JSON.stringify(summary, null, 2));
}
