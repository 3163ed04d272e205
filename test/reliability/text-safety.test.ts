/**
 * Text from real users' files and apps, in and out. From a seed, each case draws a project
 * (text-safety/world.ts): an app whose name, Japanese and full-width field codes, labels, option
 * names and view name, and records whose keys and values, hold what texts.ts lists (ESC, CR, C1
 * and bidi controls, Markdown and HTML, mentions, line breaks, Japanese in NFC and NFD, emoji and
 * astral characters, tabs), the record file in YAML, JSON or CSV, saved with or without a BOM,
 * with LF or CRLF. Through main() against the embedded local service it runs validate, plan as
 * text, Markdown and JSON, apply, seed, status, export and export --records, and checks
 * (text-safety/checks.ts) that no output carries a control character raw, JSON parses, the
 * Markdown plan keeps its table, marker and silence, a fresh plan after apply and after export is
 * empty, a second seed changes nothing, and a second export (settings and records) writes the
 * same bytes.
 *
 * `TEXT_SAFETY_SEED` picks the first seed, `TEXT_SAFETY_CASES` how many (4 by default: ~20 s),
 * `TEXT_SAFETY_LOG` prints every command's output.
 */
import { cp, readdir, readFile, rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runMain } from '../support/main-in-process.js';
import { seededRandom } from '../support/seeded-random.js';
import { draws } from './apply-sequences/pick.js';
import { outputFindings } from './text-safety/checks.js';
import { drawProject, writeProject, type Drawn } from './text-safety/world.js';

const SEED = Number(process.env.TEXT_SAFETY_SEED ?? 20261129);
const CASES = Number(process.env.TEXT_SAFETY_CASES ?? 4);
const SEEDS = Array.from({ length: CASES }, (_, i) => SEED + i);

async function runCase(dir: string, drawn: Drawn): Promise<string[]> {
  const findings: string[] = [];
  const run = async (args: string[], format: 'text' | 'json' | 'markdown' = 'text') => {
    const result = await runMain(args.includes('-C') ? args : [...args, '-C', dir]);
    if (process.env.TEXT_SAFETY_LOG)
      console.log(`$ ${args.join(' ')} (exit ${result.code})\n${result.out}${result.err}`);
    findings.push(...outputFindings(args.join(' '), result, format));
    return result;
  };
  const expectCode = (name: string, code: number, wanted: number, said: string) => {
    if (code !== wanted) findings.push(`${name}: exit ${code}, not ${wanted}: ${said.slice(0, 600)}`);
  };
  const valid = await run(['validate']);
  if (drawn.utf16) {
    const said = valid.out + valid.err;
    expectCode('validate', valid.code, 1, said);
    if (
      !said.includes(`records/a.csv is not a UTF-8 text file: it looks like UTF-16LE`) ||
      !said.includes('CSV UTF-8')
    )
      findings.push(`validate: a UTF-16LE record file not named with its encoding and what to do: ${said}`);
    return findings;
  }
  expectCode('validate', valid.code, 0, valid.out + valid.err);
  if (valid.code !== 0) return findings;
  await run(['plan']);
  await run(['plan', '--format', 'markdown'], 'markdown');
  await run(['plan', '--format', 'json'], 'json');
  const applied = await run(['apply', '--yes']);
  expectCode('apply', applied.code, 0, applied.out + applied.err);
  const fresh = await run(['plan', '--detailed-exitcode']);
  expectCode('plan after apply', fresh.code, 0, fresh.out);
  const seeded = await run(['seed', '--yes']);
  expectCode('seed', seeded.code, 0, seeded.out + seeded.err);
  const again = await run(['seed', '--yes', '--format', 'json'], 'json');
  if (!/"add": \[\]/.test(again.out) || !/"change": \[\]/.test(again.out))
    findings.push(`second seed: changes something: ${again.out.slice(0, 600)}`);
  await run(['status']);
  await run(['status', '--format', 'json'], 'json');
  // Export writes a project anew from the service alone: the local service's data copied into
  // an empty folder, every app exported, then its records.
  const fresh2 = `${dir}-exported`;
  await cp(join(dir, '.appdeploy'), join(fresh2, '.appdeploy'), { recursive: true });
  const inFresh = (args: string[], format: 'text' | 'json' | 'markdown' = 'text') =>
    run([...args, '-C', fresh2], format);
  const exported = await inFresh(['export', '--all']);
  expectCode('export --all', exported.code, 0, exported.out + exported.err);
  const afterExport = await inFresh(['plan', '--detailed-exitcode']);
  expectCode('plan after export', afterExport.code, 0, afterExport.out + afterExport.err);
  const before = await filesOf(fresh2);
  await inFresh(['export', '--all']);
  findings.push(...differences('a second export', before, await filesOf(fresh2)));
  const key = drawn.keyCode;
  const project = parse(await readFile(join(fresh2, 'appdeploy.yaml'), 'utf8')) as {
    apps: Record<string, unknown>;
  };
  const app = Object.keys(project.apps)[0]!;
  const records = await inFresh(['export', '--records', '--app', app, '--key', key]);
  expectCode('export --records', records.code, 0, records.out + records.err);
  const once = await filesOf(fresh2);
  await inFresh(['export', '--records', '--app', app, '--key', key]);
  findings.push(...differences('a second export --records', once, await filesOf(fresh2)));
  const reseed = await inFresh(['seed', '--yes', '--format', 'json'], 'json');
  if (!/"add": \[\]/.test(reseed.out) || !/"change": \[\]/.test(reseed.out))
    findings.push(`seed after export --records: changes something: ${reseed.out.slice(0, 600)}`);
  await rm(fresh2, { recursive: true, force: true });
  return findings;
}

/** Every file of the project but the local service's data, by path. */
async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && !path.includes('.appdeploy'))
      files.set(path.slice(dir.length + 1), await readFile(path));
  }
  return files;
}

function differences(what: string, before: Map<string, Buffer>, after: Map<string, Buffer>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths]
    .filter((path) => !(before.get(path)?.equals(after.get(path) ?? Buffer.alloc(0)) ?? false))
    .map((path) => `${what} wrote other bytes to ${path}`);
}

describe('text safety', () => {
  it.each(SEEDS)(
    'seed %i: any text in manifests and records reads, round-trips and prints safely',
    async (seed) => {
      const drawn = drawProject(draws(seededRandom(seed)));
      const dir = await mkdtemp(join(tmpdir(), 'text-safety-'));
      try {
        await writeProject(dir, drawn.files);
        const findings = await runCase(dir, drawn);
        expect(findings, `seed ${seed}: ${drawn.said.join('; ')}`).toEqual([]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
