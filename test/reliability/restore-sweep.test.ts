/**
 * Nothing destroyed without a copy (issue 36; docs/migrations.md "Backups and restore"), fuzzed
 * from a fixed seed. Each round draws an app `sweep` (restore-sweep/world.ts) with records of
 * edge values for every writable field type, in tables too, attachments holding several files,
 * user, organization and group selections and empty values; the built CLI's apply removes one to
 * three fields, columns or whole tables with --allow-data-loss (or migrates one field, renamed or
 * in place, whose old field is backed up); some records are then edited, deleted, or lose table
 * rows; the fields are added again (same code and type, sometimes elsewhere in the layout and
 * relabelled, a column again in its table) and applied; and the built CLI's `restore BACKUP --yes`
 * (sometimes `--format json`) runs plain, killed with SIGKILL at a request drawn from the seed and
 * run again, or with a 500 at a drawn write and run again.
 *
 * Checked against the documentation (restore-sweep/oracle.ts), never the code under test: the
 * backup holds every destroyed value as read over REST before the removal (files byte for byte,
 * each line's revision, type and app) and nothing else, and no secret; before the fields are
 * right, restore is refused with the documented user error (not added again, of another type,
 * in another place, a backup of another environment) and changes nothing; the restore's counts
 * and lists; every untouched record holds exactly its value again (files byte-identical), an
 * edited or deleted one is listed and not overwritten, nothing else changes; a second restore
 * restores the same and writes nothing; no command exits 70 or prints "Bug", none prints the
 * secret.
 *
 * `RESTORE_SWEEP_SEED` picks another seed, `RESTORE_SWEEP_ROUNDS` how many rounds (a failure names
 * its seed and round, so it replays); `RESTORE_SWEEP_RECORDS` the records of a round (from that
 * many to twice as many).
 */
import { cp, mkdir, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apply } from '../../src/apply/index.js';
import { applyReport } from '../../src/cli/apply-report.js';
import type { Client, RecordForWrite } from '../../src/client/index.js';
import { plan } from '../../src/plan/index.js';
import { appdeployCommand } from '../../src/project/index.js';
import { useApplyHarness } from '../apply/harness.js';
import type { Run } from '../support/cli.js';
import { seeded, type Rng } from './conversion-values.js';
import type { Cleanups } from './emulator-process.js';
import { describeMoment, runAndKill, type KillMoment } from './kill-anywhere/kill.js';
import {
  comparableRecord,
  destroyedValues,
  expectedRestore,
  lineKey,
  restoredRecord,
  type Destroyed,
  type ExpectedRestore,
  type Place,
} from './restore-sweep/oracle.js';
import {
  cli,
  loadProject,
  plainFromBackup,
  readState,
  same,
  SECRET_ENV,
  SECRET_FORMS,
  SWEEP_DIRECTORY,
  writeProject,
  type Rec,
  type Row,
} from './restore-sweep/run.js';
import {
  describeWorld,
  drawRecord,
  drawWorld,
  manifest,
  removedSpecs,
  type DrawnFile,
  type World,
} from './restore-sweep/world.js';

const h = useApplyHarness({ directory: SWEEP_DIRECTORY });

const SEED = Number(process.env.RESTORE_SWEEP_SEED) || 20261129;
const ROUNDS = Number(process.env.RESTORE_SWEEP_ROUNDS) || 8;
const RECORDS = Number(process.env.RESTORE_SWEEP_RECORDS) || 12;

describe('backups and restore, fuzzed, against the documentation', () => {
  it(`seed ${SEED}, ${ROUNDS} rounds: backs up every destroyed value and restores it`, async () => {
    for (let round = 0; round < ROUNDS; round++) await runRound(round);
  }, 900_000);
});

interface Result {
  app: string;
  records: number;
  restored: number;
  written: number;
  editedSince: string[];
  deletedSince: string[];
}

async function runRound(round: number): Promise<void> {
  const r = seeded((SEED ^ Math.imul(round + 1, 0x9e3779b1)) >>> 0);
  const w = drawWorld(r, round, RECORDS + r.int(RECORDS + 1));
  const story = `seed ${SEED} round ${round}: ${describeWorld(w)}`;
  if (process.env.RESTORE_SWEEP_DEBUG) console.log(story);
  await h.control('POST', '/_emulator/reset');
  const root = await mkdtemp(join(tmpdir(), 'appdeploy-restore-sweep-'));
  try {
    await round_(r, w, root, story);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

async function round_(r: Rng, w: World, root: string, story: string): Promise<void> {
  const client = h.client;
  // (1) The app at its first version, with its records.
  await writeProject(root, h.url, manifest(w, 'v1'));
  await applyInProcess(root, story);
  const app = (await loadProject(root)).apps[0]!.id!;
  const drawn = Array.from({ length: w.records }, (_, i) => drawRecord(r, w, i));
  await client.records.addAll(app, await Promise.all(drawn.map((d) => forWrite(client, d))));
  const before = await readState(client, app);

  // (2) The removal, by the built CLI's apply: it names the backups it wrote.
  await writeProject(root, h.url, manifest(w, 'v2'), app);
  const removed = await cli(root, 'apply', '--yes', '--allow-data-loss', '--format', 'json');
  expectClean(removed, story);
  expect(removed.code, `${story}\n${removed.stdout}${removed.stderr}`).toBe(0);
  const backups = (
    (JSON.parse(removed.stdout) as { backups?: { app: string; file: string }[] }).backups ?? []
  ).map((b) => join(root, b.file));

  // (3) The backups: every destroyed value, nothing else, no secret.
  const places: Place[] =
    w.removal.kind === 'migrate'
      ? [{ code: 'mg', table: null, type: w.removal.field.from }]
      : removedSpecs(w).map((s) => ({ code: s.code, table: s.table, type: s.type }));
  // Values as read before the removal; revisions as the records hold them when the backup read
  // them: a migration's copy writes the temporary field first (a new revision), the deploy none.
  const removedAt = await readState(client, app);
  const destroyed = destroyedValues(places, before).map((d) => ({
    ...d,
    revision: removedAt.get(d.id)!.revision,
  }));
  const lines = await expectBackups(backups, destroyed, app, story);
  if (destroyed.length === 0) return;
  // The backup that holds them (a migration's old field may be in two: the copy's and the swap's).
  const file = backups.find((b) => lines.get(b)!.length > 0)!;
  const own = lines.get(file)!;
  const folder = file.replace(/\.jsonl$/, '');

  // (4) After the removal: records edited, deleted, or losing table rows.
  await mutate(r, w, client, app, before, story);

  // (5) Restore before the fields are right: refused, nothing changed.
  if (w.removal.kind === 'migrate' && !w.removal.renamed) {
    // The old field's code is the new field's, of its new type: refused, naming both types.
    const refused = await expectRefused(root, file, app, 'RESTORE.FIELD_MISSING', w.json, story);
    expect(refused, story).toContain(
      `is a ${w.removal.field.to} now; the backup holds ${w.removal.field.from} values`,
    );
    return;
  }
  if (w.mistake === 'not-added')
    expect(await expectRefused(root, file, app, 'RESTORE.FIELD_MISSING', w.json, story), story).toMatch(
      /Add the field \w+ \(\w+\)/,
    );
  if (w.mistake === 'incompatible' || w.mistake === 'moved') {
    await writeProject(root, h.url, manifest(w, 'v3', w.mistake), app);
    await applyInProcess(root, story);
    const said = await expectRefused(root, file, app, 'RESTORE.FIELD_MISSING', w.json, story);
    const f = removedSpecs(w)[0]!;
    expect(said, story).toContain(
      w.mistake === 'incompatible'
        ? `The field ${f.code}${f.table ? ` in the table ${f.table}` : ''} of app ${app} is a `
        : `${f.code} is ${f.table === null ? 'a column of the table tz' : 'at the top level'} now`,
    );
    // The field added wrong is removed again (it holds nothing), then added right.
    await writeProject(root, h.url, manifest(w, 'v2'), app);
    await applyInProcess(root, story);
  }
  if (w.mistake === 'other-env') {
    // The same backup in another environment's folder: its app id names another app here.
    const prod = join(root, '.appdeploy', 'backups', 'prod');
    await mkdir(prod, { recursive: true });
    await cp(file, join(prod, basename(file)));
    if (await exists(folder)) await cp(folder, join(prod, basename(folder)), { recursive: true });
    const said = await expectRefused(
      root,
      join(prod, basename(file)),
      app,
      'RESTORE.OTHER_ENVIRONMENT',
      w.json,
      story,
    );
    expect(said, story).toContain('--env prod');
  }

  if (w.mistake === 'no-files' && (await exists(folder))) {
    // The backup without its folder of attachments: refused before anything is written.
    await rename(folder, `${folder}-moved`);
    const said = await expectRefused(root, file, app, 'RESTORE.BACKUP', w.json, story);
    expect(said, story).toContain(`its folder ${basename(folder)}/ is missing or incomplete`);
    await rename(`${folder}-moved`, folder);
  }

  let partly = false;
  const narrow =
    w.mistake === 'narrowed' ? narrowed(own, expectedRestore(own, await readState(client, app))) : null;
  if (narrow) {
    // A choice field added again without an option a record to be restored holds: refused by the
    // service (RESTORE.REFUSED), naming the field; another range's bulk request may have landed.
    await writeProject(root, h.url, manifest(w, 'v3', undefined, narrow), app);
    await applyInProcess(root, story);
    const said = await expectRefused(root, file, app, 'RESTORE.REFUSED', w.json, story, true);
    expect(said, story).toContain(`Give ${narrow.place}`);
    partly = true;
  }

  // (6) The fields added again, applied; a fresh plan is empty.
  await writeProject(root, h.url, manifest(w, 'v3'), app);
  await applyInProcess(root, story);
  const now = await readState(client, app);
  const want = expectedRestore(own, now);

  // (7) The restore that counts: plain, killed and run again, or failing at a write and run again.
  const args = ['restore', relative(root, file), '--yes', ...(w.json ? ['--format', 'json'] : [])];
  let run: Run;
  let whole = !partly;
  if (w.mode === 'kill') {
    const files = own.filter((l) => l.type === 'FILE' && want.toWrite.includes(l.id)).length;
    const moment: KillMoment = {
      request: 1 + r.int(6 + files),
      how: r.chance(0.5) ? 'answer-lost' : 'after',
      delayMs: r.int(31),
    };
    const at = `${story}\nrestore killed ${describeMoment(moment)}`;
    const cleanups: Cleanups = [];
    try {
      const killed = await runAndKill(h.url, root, 'restore', args.slice(1), moment, cleanups, SECRET_ENV);
      const ended = { code: killed.code ?? 0, stdout: killed.stdout, stderr: killed.stderr };
      expectClean(ended, at);
      whole = !killed.killed;
      // Ended before the moment came: that whole run is the one checked.
      run = killed.killed ? await cli(root, ...args) : ended;
    } finally {
      for (const clean of cleanups.reverse()) await clean();
    }
    story = at;
  } else if (w.mode === 'fault') {
    const fault = {
      method: 'POST',
      path: r.pick(['^/k/v1/bulkRequest\\.json$', '^/k/v1/file\\.json$']),
      status: 500,
      skip: r.int(3),
      ...(r.chance(0.5) ? { times: 1 } : {}),
    };
    const at = `${story}\n500 at ${fault.method} ${fault.path} after ${fault.skip} (${fault.times === 1 ? 'once' : 'every time'})`;
    await h.control('POST', '/_emulator/faults', fault);
    const failed = await cli(root, ...args);
    await h.control('DELETE', '/_emulator/faults');
    expectClean(failed, at);
    if (process.env.RESTORE_SWEEP_DEBUG)
      console.log(`${at}\n-> ${failed.code}\n${failed.stdout}${failed.stderr}`);
    if (failed.code === 0) run = failed;
    else {
      expectTruthfulFailure(failed, w.json, at);
      whole = false;
      run = await cli(root, ...args);
    }
    story = at;
  } else run = await cli(root, ...args);
  expectClean(run, story);
  expect(run.code, `${story}\n${run.stdout}${run.stderr}`).toBe(0);
  expectResult(parseResult(run, w.json), want, app, whole, story);
  await expect(stat(`${file}.progress.json`), `${story}: the progress file is removed`).rejects.toThrow();

  // (8) Every record as the docs say: restored ones hold their values again, others unchanged.
  const after = await readState(client, app);
  expectRecords(own, want, now, after, story);

  // (9) A second restore restores the same, writes nothing and changes nothing.
  const again = await cli(root, ...args);
  expectClean(again, story);
  expect(again.code, `${story}\n${again.stdout}${again.stderr}`).toBe(0);
  expectResult(parseResult(again, w.json), { ...want, toWrite: [] }, app, true, `${story}\nsecond restore`);
  const still = await readState(client, app);
  expect(diffStates(after, still).slice(0, 10), `${story}\nthe second restore changed records`).toEqual([]);
}

/** A choice value of a record the restore will write, and the option to leave out for it to be refused. */
function narrowed(
  lines: readonly Destroyed[],
  want: ExpectedRestore,
): { code: string; option: string; place: string } | null {
  const line = lines.find(
    (l) => ['DROP_DOWN', 'CHECK_BOX', 'MULTI_SELECT'].includes(l.type) && want.toWrite.includes(l.id),
  );
  if (!line) return null;
  const option = Array.isArray(line.value) ? (line.value[0] as string) : (line.value as string);
  return { code: line.field, option, place: line.table ? `${line.table}.${line.field}` : line.field };
}

/** Plans and applies in process (as the administrator), with --allow-data-loss; then a fresh plan is empty. */
async function applyInProcess(root: string, story: string): Promise<void> {
  const project = await loadProject(root);
  const result = await apply({
    plan: await plan({ project, client: h.client }),
    project,
    client: h.client,
    allowDataLoss: true,
    pollIntervalMs: { initial: 10, max: 50 },
  });
  const report = applyReport(result, { command: (name) => appdeployCommand(project, name) });
  expect(report.exitCode, `${story}\n${report.message}`).toBe(0);
  const again = await plan({ project: await loadProject(root), client: h.client });
  expect(
    again.apps.filter((a) => a.action !== 'no-op').map((a) => ({ key: a.key, areas: a.areas })),
    `${story}: a fresh plan is empty`,
  ).toEqual([]);
}

/** A drawn record as the records API writes it: its files uploaded, each once. */
async function forWrite(client: Client, drawn: Record<string, unknown>): Promise<RecordForWrite> {
  const value = async (v: unknown): Promise<unknown> => {
    if (!Array.isArray(v) || v.length === 0 || !(v[0] as DrawnFile).data) return v;
    return Promise.all(
      (v as DrawnFile[]).map(async (f) => ({
        fileKey: (await client.files.upload(f.data, { name: f.name, contentType: f.contentType })).fileKey,
      })),
    );
  };
  const out: Record<string, { value: unknown }> = {};
  for (const [code, v] of Object.entries(drawn)) {
    if (
      Array.isArray(v) &&
      v.length > 0 &&
      typeof v[0] === 'object' &&
      v[0] !== null &&
      !('data' in v[0]) &&
      !('code' in v[0])
    ) {
      // A table: rows of cells.
      const rows = [];
      for (const row of v as Record<string, unknown>[]) {
        const cells: Record<string, { value: unknown }> = {};
        for (const [c, cell] of Object.entries(row)) cells[c] = { value: await value(cell) };
        rows.push({ value: cells });
      }
      out[code] = { value: rows };
    } else out[code] = { value: await value(v) };
  }
  return out as RecordForWrite;
}

/** The backups the apply named: their lines are exactly the destroyed values (files byte for byte), no secret. */
async function expectBackups(
  files: readonly string[],
  destroyed: readonly Destroyed[],
  app: string,
  story: string,
): Promise<Map<string, Destroyed[]>> {
  const out = new Map<string, Destroyed[]>();
  const found = new Set<string>();
  const problems: string[] = [];
  const wanted = new Map(destroyed.map((d) => [lineKey(d), d]));
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    for (const secret of SECRET_FORMS)
      expect(text.includes(secret), `${story}: the secret in ${file}`).toBe(false);
    const own: Destroyed[] = [];
    for (const raw of text.split('\n').filter((l) => l !== '')) {
      const line = JSON.parse(raw) as Destroyed & { app: string; value: unknown };
      const d = wanted.get(lineKey(line));
      const value = await plainFromBackup(dirname(file), line.type, line.value);
      if (line.app !== app) problems.push(`${lineKey(line)}: app ${line.app}, not ${app}`);
      if (!d) {
        problems.push(`${lineKey(line)}: in the backup, destroyed nothing (${JSON.stringify(value)})`);
        continue;
      }
      found.add(lineKey(line));
      const got = { revision: line.revision, type: line.type, value };
      const expected = { revision: d.revision, type: d.type, value: d.value };
      if (!same(got, expected))
        problems.push(`${lineKey(line)}: ${JSON.stringify(got)}, read before ${JSON.stringify(expected)}`);
      own.push({ ...d });
    }
    out.set(file, own);
  }
  for (const key of wanted.keys()) if (!found.has(key)) problems.push(`${key}: destroyed, not in any backup`);
  expect(problems.slice(0, 20), `${story}\nbackups ${files.join(', ')}`).toEqual([]);
  return out;
}

/** Records edited (a field the removal left), deleted, or losing a row of `tb` (when it is still there). */
async function mutate(
  r: Rng,
  w: World,
  client: Client,
  app: string,
  before: ReadonlyMap<string, Rec>,
  story: string,
): Promise<void> {
  const ids = [...before.keys()];
  for (let i = 0; i < w.edits; i++) {
    const id = r.pick(ids);
    await client.records.updateRecord({
      app,
      id,
      record: { note: { value: `edited ${i}` } },
    });
  }
  const tbGone = w.removal.kind === 'remove' && w.removal.tables.includes('tb');
  const withRows = ids.filter((id) => ((before.get(id)!.values.tb ?? []) as Row[]).length > 0);
  if (!tbGone)
    for (let i = 0; i < w.rowsTaken && withRows.length > 0; i++) {
      const id = r.pick(withRows);
      const { record } = await client.records.getRecord({ app, id });
      const rows = (record.tb?.value ?? []) as { id: string }[];
      if (rows.length === 0) continue;
      const drop = r.int(rows.length);
      await client.records.updateRecord({
        app,
        id,
        record: {
          tb: { value: rows.filter((_, k) => k !== drop).map((row) => ({ id: row.id, value: {} })) },
        },
      });
    }
  const deleted = new Set<string>();
  for (let i = 0; i < w.deletes; i++) deleted.add(r.pick(ids));
  if (deleted.size > 0) await client.records.deleteRecords({ app, ids: [...deleted] });
  void story;
}

/** A restore refused with `code`: exit 1, the error named (JSON or text), nothing written. Returns what it said. */
async function expectRefused(
  root: string,
  file: string,
  app: string,
  code: string,
  json: boolean,
  story: string,
  /** A refusal by the service part way: writes before it stay (other ranges' bulk requests). */
  mayWrite = false,
): Promise<string> {
  const state = await readState(h.client, app);
  const run = await cli(
    root,
    'restore',
    relative(root, file),
    '--yes',
    ...(json ? ['--format', 'json'] : []),
  );
  expectClean(run, story);
  const at = `${story}\nrestore refused with ${code}\n${run.stdout}${run.stderr}`;
  if (process.env.RESTORE_SWEEP_DEBUG) console.log(at);
  expect(run.code, at).toBe(1);
  if (json) {
    const { error } = JSON.parse(run.stdout) as { error: { code: string; message: string; hint?: string } };
    expect(error.code, at).toBe(code);
    expect(error.hint, `${at}: says what to do`).toBeTruthy();
  } else {
    // A refusal by the service comes once restore has said what it will write.
    expect(run.stderr, at).toMatch(
      mayWrite ? /^(Restore .*\n)?Error: .+\n {2}\S.*\n$/ : /^Error: .+\n {2}\S.*\n$/,
    );
  }
  if (!mayWrite) {
    expect(diffStates(state, await readState(h.client, app)), `${at}: nothing written`).toEqual([]);
    await expect(stat(`${file}.progress.json`), `${at}: no progress file`).rejects.toThrow();
  }
  return `${run.stdout}${run.stderr}`;
}

/** No command exits 70, prints a bug's stack or the secret. */
function expectClean(run: Run, story: string): void {
  const out = `${run.stdout}${run.stderr}`;
  expect(run.code, `${story}\n${out}`).not.toBe(70);
  expect(out, story).not.toMatch(/\bBug\b/);
  for (const secret of SECRET_FORMS)
    expect(out.includes(secret), `${story}: the secret in the output`).toBe(false);
}

/**
 * A restore that failed part way: RESTORE.STOPPED (docs/migrations.md: a request failed part way,
 * and running it again resumes), exit 1, claiming no result.
 */
function expectTruthfulFailure(run: Run, json: boolean, story: string): void {
  const at = `${story}\n${run.stdout}${run.stderr}`;
  expect(run.code, at).toBe(1);
  expect(run.stdout, at).not.toMatch(/^Restored /m);
  if (json)
    expect((JSON.parse(run.stdout) as { error: { code: string } }).error.code, at).toBe('RESTORE.STOPPED');
  expect(run.stderr, at).toMatch(
    /^Error: The restore into app \d+ stopped part way: .*\n {2}Run the same restore again/m,
  );
}

function parseResult(run: Run, json: boolean): Result {
  if (json) return JSON.parse(run.stdout) as Result;
  const head = /^Restored ([\d,]+) records? of ([\d,]+) in app (\d+) \(([\d,]+) written now\)\.$/m.exec(
    run.stdout,
  );
  if (!head) throw new Error(`not a restore's result: ${run.stdout}`);
  const list = (what: string) => {
    const m = new RegExp(`^Not restored, ${what} since the backup \\((\\d+)\\): ([\\d, ]+)\\.`, 'm').exec(
      run.stdout,
    );
    return m ? m[2]!.split(', ') : [];
  };
  const n = (s: string) => Number(s.replace(/,/g, ''));
  return {
    app: head[3]!,
    records: n(head[2]!),
    restored: n(head[1]!),
    written: n(head[4]!),
    editedSince: list('edited'),
    deletedSince: list('deleted'),
  };
}

/** The result as the oracle says; after an interrupted run, the records the first run wrote are not written again. */
function expectResult(got: Result, want: ExpectedRestore, app: string, whole: boolean, story: string): void {
  const { written, ...rest } = got;
  expect(rest, story).toEqual({
    app,
    records: want.records,
    restored: want.restored.length,
    editedSince: want.editedSince,
    deletedSince: want.deletedSince,
  });
  if (whole) expect(written, `${story}: records written`).toBe(want.toWrite.length);
  else expect(written, `${story}: records written`).toBeLessThanOrEqual(want.toWrite.length);
}

/** Restored records hold their backed-up values, in their places; every other record is as it was. */
function expectRecords(
  lines: readonly Destroyed[],
  want: ExpectedRestore,
  now: ReadonlyMap<string, Rec>,
  after: ReadonlyMap<string, Rec>,
  story: string,
): void {
  const wrong: string[] = [];
  const restored = new Set(want.restored);
  for (const [id, rec] of now) {
    const got = after.get(id);
    if (!got) {
      wrong.push(`#${id}: gone`);
      continue;
    }
    if (!restored.has(id)) {
      if (!same(got, rec))
        wrong.push(`#${id}: not to be restored, changed: ${JSON.stringify(rec)} -> ${JSON.stringify(got)}`);
      continue;
    }
    const expected = comparableRecord(
      restoredRecord(
        rec,
        lines.filter((l) => l.id === id),
      ),
      true,
    );
    const actual = comparableRecord(got.values, true);
    for (const code of new Set([...Object.keys(expected), ...Object.keys(actual)]))
      if (!same(actual[code] ?? '', expected[code] ?? ''))
        wrong.push(`#${id} ${code}: ${JSON.stringify(actual[code])}, docs ${JSON.stringify(expected[code])}`);
  }
  expect(wrong.slice(0, 20), `${story}\nrecords after the restore`).toEqual([]);
}

function diffStates(a: ReadonlyMap<string, Rec>, b: ReadonlyMap<string, Rec>): string[] {
  const out: string[] = [];
  for (const id of new Set([...a.keys(), ...b.keys()]))
    if (!same(a.get(id), b.get(id)))
      out.push(`#${id}: ${JSON.stringify(a.get(id))} -> ${JSON.stringify(b.get(id))}`);
  return out;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
