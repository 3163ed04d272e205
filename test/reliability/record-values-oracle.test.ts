/**
 * Record values, by an oracle: a plan must never promise what apply cannot do, applied to record
 * files. From a fixed seed, values for every field type a record file may hold one for
 * (record-values/cases.ts: good ones, near-misses, and what YAML reads otherwise than a person
 * wrote) are written one record at a time into the record file of an app whose fields carry the
 * settings that limit them (record-values/world.ts), and each goes through `validate` (offline)
 * and `seed` against the local service on port 0, in process:
 *
 * - what validate accepts, seed writes, a read gives back what the person meant, and a second
 *   seed says "No changes.";
 * - what the platform refuses or would hold changed, validate refuses first, at the value's
 *   file:line:col with the case's code and a hint, and seed writes nothing; the value as the record
 *   API would be sent it, the local service refuses too (or holds changed, where the platform
 *   does), as the evidence the case cites says the platform does;
 * - what validate cannot know offline (a person the directory lacks), seed refuses before writing;
 * - no command exits 70 or says "Bug".
 *
 * `RECORD_VALUES_SEED` and `RECORD_VALUES_ROUNDS` run other seeds; `RECORD_VALUES_LOG` prints each case.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import type { RecordForWrite } from '../../src/client/types/records.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { loadProject } from '../../src/project/index.js';
import type { Problem } from '../../src/project/problems.js';
import { runMain, type MainRun } from '../support/main-in-process.js';
import { seededRandom } from '../support/seeded-random.js';
import { tempProject } from '../support/temp-project.js';
import { ADMIN } from '../support/users.js';
import { draws } from './apply-sequences/pick.js';
import { drawCases, type ValueCase } from './record-values/cases.js';
import {
  directory,
  KINDS_MANIFEST,
  KINDS_RECORDS,
  projectFile,
  THINGS_MANIFEST,
} from './record-values/world.js';

const SEED = Number(process.env.RECORD_VALUES_SEED ?? 20261129);
const ROUNDS = Number(process.env.RECORD_VALUES_ROUNDS ?? 2);
const SEEDS = Array.from({ length: ROUNDS }, (_, i) => SEED + i);
const FILE = 'records/things.yaml';

let emulator: RunningEmulator | undefined;
let client: Client | undefined;
let root = '';
let things = '';

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, deployMs: 20, ...directory('a') });
  client = createClient({ baseUrl: emulator.url, auth: ADMIN });
  root = await tempProject('appdeploy-record-values-', {
    'appdeploy.yaml': projectFile(emulator.url),
    'apps/things.yaml': THINGS_MANIFEST,
    'apps/kinds.yaml': KINDS_MANIFEST,
    'records/kinds.yaml': KINDS_RECORDS,
    [FILE]: '[]\n',
    'records/files/a.txt': 'a file\n',
  });
  const applied = await cli('apply', '--env', 'a', '--yes');
  expect(applied.code, applied.out + applied.err).toBe(0);
  const seeded = await cli('seed', 'kinds', '--env', 'a', '--yes');
  expect(seeded.code, seeded.out + seeded.err).toBe(0);
  const project = await loadProject({ cwd: root, dir: root, env: 'a', variables: {} });
  things = project.apps.find((a) => a.key === 'things')!.id!;
}, 120_000);

afterAll(async () => {
  await client?.close();
  await emulator?.close();
  if (root !== '') await rm(root, { recursive: true, force: true });
});

const cli = (...args: string[]): Promise<MainRun> => runMain([...args, '-C', root]);

/** The record file of one case: the records before it, then its own; and the line of its value. */
function recordFile(c: ValueCase, key: string): { text: string; line: number } {
  const out: string[] = [];
  const record = (k: string, lines: string[], title: boolean) => {
    out.push(`- code: ${k}`);
    if (title) out.push('  title: ok');
    for (const l of lines) out.push(`  ${l}`);
  };
  (c.before ?? []).forEach((lines, i) => record(`${key}-b${i}`, lines, true));
  record(key, c.lines, !c.ownTitle);
  const line = out.length - c.lines.length + (c.at ?? 0) + 1;
  return { text: `${out.join('\n')}\n`, line };
}

/** A read value as the cases write what was meant: people by code, files by name, rows by cell. */
function normalise(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  if (value.every((v) => typeof v === 'string')) return [...value].sort();
  return value
    .map((v: Record<string, unknown>) => {
      if ('code' in v) return v.code;
      if ('fileKey' in v) return v.name;
      const row: Record<string, unknown> = {};
      const cells = Object.entries(v.value as Record<string, { value: unknown }>).sort(([a], [b]) =>
        a.localeCompare(b),
      );
      for (const [code, cell] of cells)
        if (
          cell.value !== '' &&
          cell.value !== null &&
          !(Array.isArray(cell.value) && cell.value.length === 0)
        )
          row[code] = normalise(cell.value);
      return row;
    })
    .sort();
}

async function readRecord(key: string): Promise<Record<string, { value: unknown }> | undefined> {
  const { records } = await client!.records.getRecords({ app: things, query: `code = "${key}"` });
  return records[0];
}

/** A bug's words or exit code. */
function bug(step: string, run: MainRun): string[] {
  const text = run.out + run.err;
  return run.code === 70 || /\bbug\b/i.test(text) ? [`${step}: a bug: ${text.slice(0, 1500)}`] : [];
}

/** What the local service does with the value as the record API would be sent it. */
async function serviceTakes(
  key: string,
  field: string,
  value: unknown,
): Promise<'refuses' | 'changes' | 'takes'> {
  // The raw value, as a person's own script would send it: typed loosely on purpose.
  const record = { code: { value: key }, title: { value: 'ok' }, [field]: { value } } as RecordForWrite;
  try {
    await client!.records.addRecord({ app: things, record });
  } catch {
    return 'refuses';
  }
  const read = await readRecord(key);
  return JSON.stringify(normalise(read?.[field]?.value)) === JSON.stringify(normalise(value))
    ? 'takes'
    : 'changes';
}

async function judge(c: ValueCase, key: string): Promise<string[]> {
  const { text, line } = recordFile(c, key);
  await writeFile(join(root, FILE), text);
  const findings: string[] = [];
  const validated = await cli('validate', '--env', 'a', '--format', 'json');
  const said = validated.out + validated.err;
  const problems =
    validated.code === 70 ? [] : (JSON.parse(validated.out) as { problems: Problem[] }).problems;
  findings.push(...bug('validate', validated));
  const seeded = await cli('seed', 'things', '--env', 'a', '--yes');
  findings.push(...bug('seed', seeded));
  const read = await readRecord(key);
  const meant = c.meant;
  if ('takes' in meant) {
    if (validated.code !== 0) findings.push(`validate refused a value the platform takes: ${said}`);
    if (seeded.code !== 0) findings.push(`seed failed (exit ${seeded.code}): ${seeded.out}${seeded.err}`);
    for (const [field, want] of Object.entries(meant.takes)) {
      const got = normalise(read?.[field]?.value);
      if (JSON.stringify(got) !== JSON.stringify(want))
        findings.push(`${field} reads back ${JSON.stringify(got)}, meant ${JSON.stringify(want)}`);
    }
    if (seeded.code === 0) {
      const again = await cli('seed', 'things', '--env', 'a', '--yes');
      if (!again.out.includes('No changes.'))
        findings.push(`a second seed was not "No changes.": ${again.out}${again.err}`);
    }
    return findings;
  }
  if ('seedRefuses' in meant) {
    if (validated.code !== 0) findings.push(`validate refused what it cannot know offline: ${said}`);
    const words = seeded.out + seeded.err;
    // SEED.UNKNOWN_ENTITY: at the value, with what to do, before any write (docs/records.md).
    if (
      seeded.code !== 1 ||
      !words.includes(`${FILE}:${line}:`) ||
      !/hint: .*\n.*Nothing was written\./.test(words)
    )
      findings.push(
        `seed did not refuse (${meant.seedRefuses}) at ${FILE}:${line}: exit ${seeded.code}: ${words}`,
      );
    if (read) findings.push('seed wrote the record it refused');
    return findings;
  }
  // Refused: validate first, at the value, with a hint; seed writes nothing.
  const at = problems.find((p) => p.code === meant.refused && p.file.endsWith(FILE) && p.line === line);
  if (validated.code !== 1 || !at)
    findings.push(
      `validate did not refuse with ${meant.refused} at ${FILE}:${line} (exit ${validated.code}): ${said}`,
    );
  else if (!at.hint) findings.push(`validate's refusal has no next step: ${JSON.stringify(at)}`);
  if (seeded.code === 0) findings.push(`seed passed a value validate refuses: ${seeded.out}`);
  if (read) findings.push(`seed wrote a refused value: ${JSON.stringify(read)}`);
  if (meant.api) {
    const service = await serviceTakes(`${key}-api`, meant.api.field, meant.api.value);
    if (service !== meant.platform)
      findings.push(
        `the local service ${service} ${JSON.stringify(meant.api.value)} for ${meant.api.field}, which the platform ${meant.platform} (${meant.evidence})`,
      );
  }
  return findings;
}

describe('record values oracle', () => {
  it.each(SEEDS)(
    'seed %i: validate accepts only what seed writes as meant, and refuses first what the service refuses',
    async (seed) => {
      // Spread the seeds apart: neighbouring seeds of mulberry32 start alike.
      const cases = drawCases(draws(seededRandom(Math.imul(seed, 0x9e3779b1))));
      const findings: string[] = [];
      for (const [i, c] of cases.entries()) {
        const key = `S${seed}-${i}`;
        const found = await judge(c, key);
        if (process.env.RECORD_VALUES_LOG)
          console.log(`${key} ${c.name}: ${found.length === 0 ? 'ok' : found.join('; ')}`);
        findings.push(...found.map((f) => `${key} ${c.name}: ${f}`));
      }
      expect(findings).toEqual([]);
    },
    300_000,
  );
});
