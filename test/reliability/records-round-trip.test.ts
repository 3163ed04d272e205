/**
 * Records as code, round trip, by a fuzzer: random records from a fixed seed (edge values of
 * every writable field type: round-trip-values.ts) in a YAML, JSON and CSV record file go
 * through the built CLI, as a person runs it, against two local services on port 0 (environments
 * a and b, whose directories call the file's people by other codes: round-trip-world.ts):
 *
 * validate passes, or refuses a value the platform would change (digits a YAML or JSON number
 * cannot keep, seconds) at its file:line:col with a hint, and passes without it; seed into a
 * writes them, and seed again is "No changes."; what a holds is what the file says (but for the
 * platform's documented normalisations: round-trip-compare.ts); the file changed (values
 * replaced, emptied, no longer named) seeds just those changes, again with none; export --records
 * writes a fresh file, and again the same bytes; that file seeds into b (seed validates it
 * first), and b then holds what a holds (people by b's codes), seeds again with no changes, and
 * seeded back into a changes nothing; a masked export seeds into b too, every unmasked field
 * equal to a's. No command exits 70 or says "Bug".
 *
 * `ROUND_TRIP_SEED` and `ROUND_TRIP_RECORDS` run it with another seed or more records.
 */
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { appdeploy, type Run } from '../support/cli.js';
import { loadProject } from '../../src/project/index.js';
import type { Problem } from '../../src/project/problems.js';
import { tempProject } from '../support/temp-project.js';
import { ADMIN } from '../support/users.js';
import { differences, fromFile, fromService, type Canonical } from './round-trip-compare.js';
import { changeRecords, fileText, generateRecords, random, type Generated } from './round-trip-values.js';
import { PARTNERS, PARTNERS_MANIFEST, THINGS_MANIFEST, directory, projectFile } from './round-trip-world.js';

const SEED = Number(process.env.ROUND_TRIP_SEED ?? 20261128);
const RECORDS = Number(process.env.ROUND_TRIP_RECORDS ?? 8);
const MASK_KEY = 'round-trip-mask-secret-0123456789';
const MASKED = [
  'title',
  'notes',
  'body',
  'amount',
  'day',
  'when',
  'at',
  'site',
  'kind',
  'tags',
  'item',
  'qty',
];

const envs: Record<'a' | 'b', { emulator?: RunningEmulator; client?: Client }> = { a: {}, b: {} };
let root = '';
const ids: Record<'a' | 'b', { things: string; partners: string }> = {
  a: { things: '', partners: '' },
  b: { things: '', partners: '' },
};

beforeAll(async () => {
  for (const env of ['a', 'b'] as const) {
    const emulator = await startEmulator({ port: 0, deployMs: 20, ...directory(env) });
    envs[env] = { emulator, client: createClient({ baseUrl: emulator.url, auth: ADMIN }) };
  }
  const urls = { a: envs.a.emulator!.url, b: envs.b.emulator!.url };
  root = await tempProject('appdeploy-round-trip-', {
    'appdeploy.yaml': projectFile(urls, 'records/things.yaml'),
    'apps/things.yaml': THINGS_MANIFEST,
    'apps/partners.yaml': PARTNERS_MANIFEST,
    'records/partners.yaml': fileText('yaml', PARTNERS),
    'records/things.yaml': '[]\n',
  });
  for (const env of ['a', 'b'] as const) {
    const applied = await cli(['apply', '--env', env, '--yes']);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
  }
  for (const env of ['a', 'b'] as const) {
    const project = await loadProject({ cwd: root, dir: root, env, variables: {} });
    for (const app of project.apps) ids[env][app.key as 'things' | 'partners'] = app.id!;
  }
}, 120_000);

afterAll(async () => {
  for (const env of Object.values(envs)) {
    await env.client?.close();
    await env.emulator?.close();
  }
  if (root !== '') await rm(root, { recursive: true, force: true });
});

/** The built CLI in the project's folder. */
const cli = (args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> =>
  appdeploy([...args, '-C', root], root, { APPDEPLOY_MASK_KEY: MASK_KEY, ...env });

/** Problems with how a command ended: a bug's exit code or words, a refusal that says no place. */
function howItEnded(step: string, run: Run, want: number): string[] {
  const out: string[] = [];
  const text = run.stdout + run.stderr;
  if (run.code !== want) out.push(`${step}: exit ${run.code}, wanted ${want}: ${text.slice(0, 2000)}`);
  if (run.code === 70 || /\bbug\b/i.test(text) || /\n\s+at .+:\d+:\d+\)?\n/.test(text))
    out.push(`${step}: a bug: ${text.slice(0, 2000)}`);
  return out;
}

/** A config naming things' records in `file`: the project's, with the record file swapped. */
async function configFor(name: string, file: string): Promise<string> {
  const text = await readFile(join(root, 'appdeploy.yaml'), 'utf8');
  await writeFile(
    join(root, name),
    text.replace(
      /records: \{ file: records\/things\.\w+, key: code \}/,
      `records: { file: ${file}, key: code }`,
    ),
  );
  return name;
}

/** Every file below `dir` (relative path -> bytes), for byte-identical re-exports. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.set(path.slice(dir.length + 1), (await readFile(path)).toString('base64'));
  }
  return out;
}

/**
 * Both environments' things emptied: a seed writes only the fields a file names (the others are
 * the app's to keep), so each format starts from no records.
 */
async function emptyThings(): Promise<void> {
  for (const env of ['a', 'b'] as const) {
    const client = envs[env].client!;
    const { records } = await client.records.getRecords({ app: ids[env].things, query: 'limit 500' });
    await client.records.deleteAll(
      ids[env].things,
      records.map((r) => r.$id!.value as string),
    );
  }
}

/** A refusal of a record file's value that does not say where it is or what to do. */
function refusalProblems(problem: Problem, file: string, text: string): string[] {
  const said = `${problem.file}:${problem.line}:${problem.col}: ${problem.message}`;
  const lines = text.split('\n');
  const out: string[] = [];
  if (problem.file !== file) out.push(`validate: not in the record file: ${said}`);
  if (!(problem.line >= 1 && problem.line <= lines.length && problem.col >= 1))
    out.push(`validate: no place in the file: ${said}`);
  if (!problem.hint) out.push(`validate: no hint: ${said}`);
  if (!problem.path) out.push(`validate: no path: ${said}`);
  return out;
}

/** Removes the value at a problem's path (`[3].amount`, `[0].lines[1].qty`) from the records. */
function removeValue(records: Record<string, unknown>[], path: string): void {
  const steps = [...path.matchAll(/\[(\d+)\]|\.?([A-Za-z_$][\w$]*)|\[("(?:[^"\\]|\\.)*")\]/g)].map((m) =>
    m[1] !== undefined ? Number(m[1]) : (m[2] ?? (JSON.parse(m[3]!) as string)),
  );
  let node: any = records;
  for (const step of steps.slice(0, -1)) node = node?.[step];
  // A list's item (a file of a list of files) goes with its field: the field is removed whole.
  const last = steps.at(-1)!;
  if (Array.isArray(node) && typeof last === 'number' && steps.length > 2) {
    let parent: any = records;
    for (const step of steps.slice(0, -2)) parent = parent?.[step];
    delete parent[steps.at(-2)!];
  } else if (node && typeof node === 'object') delete node[last];
}

/**
 * A record as a seed leaves it: the fields the file names as the file says, the others as they
 * were (`before`); a table row by row, a column its row does not name as the row at its place was
 * (docs/records.md: a changed table is written row by row with the id of the app's row there).
 */
function keptUnnamed(
  want: Canonical,
  record: Record<string, unknown>,
  named: ReadonlySet<string>,
  before?: Map<string, Canonical>,
): Canonical {
  const was = before?.get(String(want.code));
  if (!was) return want;
  const out: Canonical = { ...want };
  for (const code of Object.keys(want)) {
    if (code === 'partner_name' ? !named.has('partner') : !named.has(code)) out[code] = was[code];
  }
  if (named.has('lines') && Array.isArray(out.lines)) {
    const rows = (record.lines ?? []) as Record<string, unknown>[];
    const wasRows = (was.lines ?? []) as Canonical[];
    out.lines = (out.lines as Canonical[]).map((row, i) =>
      Object.fromEntries(
        Object.entries(row).map(([column, value]) => [
          column,
          rows[i] && column in rows[i] ? value : (wasRows[i]?.[column] ?? null),
        ]),
      ),
    );
  }
  return out;
}

const byKey = (list: Canonical[]) => new Map(list.map((c) => [String(c.code), c]));

describe('records round trip (seed %s)', () => {
  it.each(['yaml', 'json', 'csv'] as const)(
    '%s',
    async (format) => {
      const csv = format === 'csv';
      const rng = random(SEED + ['yaml', 'json', 'csv'].indexOf(format));
      const file = `records/things.${format}`;
      const folder = join(root, 'records');
      const source = await configFor('appdeploy.yaml', file);
      const problems: string[] = [];
      const step = async (name: string, args: string[], want = 0): Promise<Run> => {
        const run = await cli(args);
        problems.push(...howItEnded(name, run, want));
        return run;
      };
      const seedNothing = async (name: string, args: string[]) => {
        const run = await step(name, args);
        if (run.stdout !== 'No changes.\n')
          problems.push(`${name}: not "No changes.": ${run.stdout.slice(0, 3000)}`);
      };
      const tables = !csv;
      /** Exports a's things into a fresh `<folder>/things.<format>`, twice; the config naming it. */
      const exportTwice = async (name: string, folder: string, flags: string[]): Promise<string> => {
        const config = await configFor(`${folder}.yaml`, `${folder}/things.${format}`);
        await rm(join(root, folder), { recursive: true, force: true });
        const args = ['export', '--records', '--app', 'things', '--env', 'a', ...flags, '--config', config];
        await step(name, args);
        const first = await snapshot(join(root, folder));
        await step(`${name} again`, args);
        if (JSON.stringify([...first]) !== JSON.stringify([...(await snapshot(join(root, folder)))]))
          problems.push(`${name} again: other bytes`);
        return config;
      };

      /**
       * Writes the records and their files, validates them: a value the platform would change
       * (digits a YAML or JSON number cannot keep, seconds) is refused where it is written and
       * with what to do, and left out; without them the file validates. Seeds into a, again
       * with nothing to do; the records as named.
       */
      const seedIntoA = async (name: string, records: Generated): Promise<Record<string, unknown>[]> => {
        for (const f of records.files) {
          await mkdir(dirname(join(folder, f.path)), { recursive: true });
          await writeFile(join(folder, f.path), f.content);
        }
        await writeFile(join(root, file), fileText(format, records.records));
        const refused = await cli(['validate', '--env', 'a', '--config', source, '--format', 'json']);
        problems.push(...howItEnded(`validate ${name}`, refused, refused.code === 0 ? 0 : 1));
        if (refused.code === 1) {
          const report = JSON.parse(refused.stdout) as { problems: Problem[] };
          const text = await readFile(join(root, file), 'utf8');
          problems.push(...report.problems.flatMap((p) => refusalProblems(p, file, text)));
          for (const p of report.problems) if (p.path) removeValue(records.records, p.path);
          await writeFile(join(root, file), fileText(format, records.records));
          await step(`validate ${name}`, ['validate', '--env', 'a', '--config', source]);
        }
        await step(`seed ${name}`, ['seed', '--env', 'a', '--clean', '--yes', '--config', source]);
        await seedNothing(`seed ${name} again`, ['seed', '--env', 'a', '--yes', '--config', source]);
        return records.records;
      };
      /** What a holds after a seed of `records` (fields a record does not name: as `before`). */
      const expectedAfter = async (records: Record<string, unknown>[], before?: Map<string, Canonical>) => {
        const header = new Set(records.flatMap((r) => Object.keys(r)));
        const named = (r: Record<string, unknown>) => (csv ? header : new Set(Object.keys(r)));
        const out = await Promise.all(
          records.map(async (r) =>
            keptUnnamed(await fromFile(r, csv, folder, tables, named(r)), r, named(r), before),
          ),
        );
        return byKey(out);
      };

      // The file validates, seeds into a, and seeds again with nothing to do.
      await emptyThings();
      for (const files of ['files', 'files2'])
        await rm(join(folder, files), { recursive: true, force: true });
      const first = await seedIntoA('a', generateRecords(rng, RECORDS, csv));
      const seeded = await fromService(envs.a.client!, ids.a.things, 'a', tables);
      problems.push(...differences(await expectedAfter(first), seeded).map((d) => `a after seed: ${d}`));

      // The file changed: values replaced, emptied, no longer named; a seed writes just those.
      const other = generateRecords(
        random(SEED + 100 + ['yaml', 'json', 'csv'].indexOf(format)),
        RECORDS,
        csv,
        'files2',
      );
      const second = await seedIntoA('a changed', changeRecords(rng, first, other));
      const inA = await fromService(envs.a.client!, ids.a.things, 'a', tables);
      const wanted = await expectedAfter(second, seeded);
      problems.push(...differences(wanted, inA).map((d) => `a after the changed seed: ${d}`));

      // Export into a fresh file, twice: the same bytes.
      const exported = await exportTwice('export', 'out', []);
      // The export validates (seed validates the project first: exit 1 otherwise), seeds into b
      // (b's people), again with nothing to do, and back into a with nothing to do.
      await step('seed b', ['seed', '--env', 'b', '--clean', '--yes', '--config', exported]);
      await seedNothing('seed b again', ['seed', '--env', 'b', '--yes', '--config', exported]);
      const inB = await fromService(envs.b.client!, ids.b.things, 'b', tables);
      problems.push(...differences(inA, inB).map((d) => `b from the export: ${d}`));
      await seedNothing('seed the export into a', ['seed', '--env', 'a', '--yes', '--config', exported]);

      // A masked export seeds into b: every field it does not mask equal to a's.
      const masked = await exportTwice('export --mask', 'masked', ['--mask', MASKED.join(',')]);
      await emptyThings();
      await step('seed b masked', ['seed', '--env', 'b', '--clean', '--yes', '--config', masked]);
      await seedNothing('seed b masked again', ['seed', '--env', 'b', '--yes', '--config', masked]);
      const maskedB = await fromService(envs.b.client!, ids.b.things, 'b', false);
      const inAFlat = new Map([...inA].map(([k, v]) => [k, { ...v, lines: undefined }]));
      problems.push(
        ...differences(inAFlat, maskedB, [...MASKED, 'lines']).map((d) => `b from the masked export: ${d}`),
      );

      expect(problems).toEqual([]);
    },
    120_000,
  );
});
