/**
 * A new user must never meet "Bug" for a typo. The mistakes people make in appdeploy.yaml, the
 * app manifests, record files, the local ids file and .env (user-mistakes/mistakes.ts), each made
 * in a fresh copy of an example project or an `appdeploy init` one, then validate, plan, types,
 * docs and export run through main() in this process: no exit 70, no "Bug", no stack, every error
 * with a next step, every problem at a file:line:col with a hint (user-mistakes/checks.ts).
 *
 * Deterministic: a fixed seed and a budget of cases that ends well inside the time limit on two
 * cores. A long run to find defects: `USER_MISTAKES_CASES=3000 USER_MISTAKES_SEED=7
 * USER_MISTAKES_REPORT=/tmp/mistakes.json npx vitest run test/reliability/user-mistakes.test.ts`
 * (the report folds the failures into distinct signatures).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import './fuzz.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { baseProjects, type BaseProject } from './user-mistakes/projects.js';
import { Random } from './user-mistakes/mistakes.js';
import { runCase, type Case, type Chosen } from './user-mistakes/run.js';

const SEED = Number(process.env.USER_MISTAKES_SEED) || 20261128;
const CASES = Number(process.env.USER_MISTAKES_CASES) || 20;
const ONLY = process.env.USER_MISTAKES_PROJECTS?.split(',');
const REPORT = process.env.USER_MISTAKES_REPORT;

/** The remote environments of the examples point at one local service on port 0 (admin/admin). */
const REMOTE_VARIABLES = [
  'HELPDESK_URL',
  'CRM_STAGING_URL',
  'ASSETS_STAGING_URL',
  'ASSETS_PRODUCTION_URL',
  'PROMOTION_STAGING_URL',
  'SUPPORT_JA_URL',
];
const LOGIN_VARIABLES = [
  'HELPDESK_LOGIN',
  'CRM_STAGING_LOGIN',
  'ASSETS_LOGIN',
  'ASSETS_PRODUCTION_LOGIN',
  'SUPPORT_JA_LOGIN',
];
const PASSWORD_VARIABLES = [
  'HELPDESK_PASSWORD',
  'CRM_STAGING_PASSWORD',
  'ASSETS_PASSWORD',
  'ASSETS_PRODUCTION_PASSWORD',
  'PROMOTION_STAGING_PASSWORD',
  'SUPPORT_JA_PASSWORD',
];

let root = '';
let service: RunningEmulator | undefined;
let bases: BaseProject[] = [];
const saved = new Map<string, string | undefined>();

function setVariable(name: string, value: string): void {
  if (!saved.has(name)) saved.set(name, process.env[name]);
  process.env[name] = value;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'appdeploy-mistakes-'));
  service = await startEmulator({ port: 0, deployMs: 1 });
  for (const name of REMOTE_VARIABLES) setVariable(name, service.url);
  for (const name of LOGIN_VARIABLES) setVariable(name, 'admin');
  for (const name of PASSWORD_VARIABLES) setVariable(name, 'admin');
  bases = await baseProjects(root, ONLY);
}, 120_000);

afterAll(async () => {
  for (const [name, value] of saved)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  await service?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/**
 * The mistakes that once met a bug (or an error without a next step), made again on every run
 * whatever the seed: each found by a long run of this harness, fixed in its own commit.
 */
const FOUND: (Chosen & { project: string; why: string })[] = [
  { project: 'helpdesk', kind: 'ids', mistake: 'directory', why: 'EISDIR reading ids.json: exit 70' },
  {
    project: 'crm',
    kind: 'ids',
    mistake: 'notAnId',
    why: 'the service refused the id (CB_VA01), no next step',
  },
  { project: 'init', kind: 'records', mistake: 'undefinedAlias', why: "yaml's toJS threw: exit 70" },
  { project: 'helpdesk', kind: 'records', mistake: 'aliasBomb', why: "yaml's toJS threw: exit 70" },
  {
    project: 'assets',
    kind: 'asset',
    file: 'apps/customize/asset-register.js',
    mistake: 'notWhatItSays',
    why: 'plan --check: the copy lacked a kept file (GAIA_BL01)',
  },
];

function failures(cases: Case[]): string {
  return cases
    .filter((c) => c.findings.length > 0)
    .map(
      (c) =>
        `${c.project}/${c.file}: ${c.mistake}\n  ${c.findings.map((f) => f.signature).join('\n  ')}\n` +
        c.findings[0]!.detail.split('\n').slice(0, 12).join('\n'),
    )
    .join('\n\n');
}

describe('a user mistake never meets a bug', () => {
  it.each(FOUND)('$project, $kind file: $mistake (once: $why)', async ({ project, ...chosen }) => {
    const base = bases.find((b) => b.name === project)!;
    const made = await runCase(base, root, new Random(SEED), chosen);
    expect(made.mistake).not.toBe('an empty file');
    if (chosen.file !== undefined) expect(made.file).toBe(chosen.file);
    expect(failures([made])).toBe('');
  });

  it(
    `${CASES} mistakes from seed ${SEED}: no bug, no stack, every error and problem says where and what to do`,
    async (context) => {
      const random = new Random(SEED);
      const cases: Case[] = [];
      onTestFinished(() => void (context.task.meta.fuzzInputs = cases.length));
      for (let i = 0; i < CASES; i++) {
        const base = bases[i % bases.length]!;
        cases.push(await runCase(base, root, random));
        if (REPORT && i % 50 === 49) writeReport(REPORT, cases);
      }
      if (REPORT) writeReport(REPORT, cases);
      expect(failures(cases)).toBe('');
      // The budget ran what it says: each case ran its commands (a skipped one, chmod as root, none).
      expect(cases.filter((c) => !c.skipped).every((c) => c.commands >= 5)).toBe(true);
    },
    Math.max(60_000, CASES * 3_000),
  );
});

function writeReport(path: string, cases: Case[]): void {
  const bySignature = new Map<string, { count: number; examples: { where: string; detail: string }[] }>();
  for (const c of cases)
    for (const f of c.findings) {
      const entry = bySignature.get(f.signature) ?? { count: 0, examples: [] };
      entry.count++;
      if (entry.examples.length < 3)
        entry.examples.push({ where: `${c.project}/${c.file}: ${c.mistake}`, detail: f.detail });
      bySignature.set(f.signature, entry);
    }
  const summary = {
    cases: cases.length,
    skipped: cases.filter((c) => c.skipped).length,
    commands: cases.reduce((n, c) => n + c.commands, 0),
    failedCases: cases.filter((c) => c.findings.length > 0).length,
    errors: [...new Set(cases.flatMap((c) => c.errors))].sort(),
    signatures: [...bySignature]
      .sort((a, b) => b[1].count - a[1].count)
      .map(([signature, e]) => ({ signature, ...e })),
  };
  writeFileSync(path, JSON.stringify(summary, null, 2));
}
