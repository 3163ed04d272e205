/**
 * Field migrations combined with each other and with other changes, in ONE apply, fuzzed from a
 * fixed seed (issue 36; docs/migrations.md). Each round draws an app `combo` (world.ts) with a few
 * hundred records holding edge values (conversion-values.ts), and a next version that migrates two
 * or three of its fields at once (type changes from the conversion table, one renamed with
 * `renamedFrom`; a move into a new or an existing table with `migrate.row`; a move out of a table)
 * beside other edits (a view, report, field permissions, process action and notification naming a
 * migrated field; a field removed with --allow-data-loss; a new field; another app's lookup copying
 * a migrated field). A round runs plain, with a second client editing records during the copy,
 * with a 500 at a write drawn from the seed followed by a second apply, or with a kill -9 of the
 * built CLI's apply at a request drawn from the seed followed by the same command again.
 *
 * Checked against the documentation (oracle.ts, conversion-oracle.ts), never the code under test:
 * the plan's counts and its request estimate (not below the record calls the apply sends); every
 * value after the apply is the oracle's conversion of the value before (or of the concurrent
 * edit); after a failure or a kill, nothing under a final code is half-copied, `status` names
 * exactly the migrations whose temporary field is on the service (and after a kill agrees with the
 * service: kill-anywhere/checks.ts), a failed apply's result says of each migration what the
 * service holds, and the next apply converges; the backups hold every destroyed value, and
 * `restore` of the removed field's values works; no `__migrating` field is left; a fresh plan is
 * empty.
 *
 * `MIGRATION_COMBOS_SEED` picks another seed, `MIGRATION_COMBOS_ROUNDS` how many rounds,
 * `MIGRATION_COMBOS_RECORDS` the records of a round (150 to 300 by default; a failure names its
 * seed and round, so it replays).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parse, stringify } from 'yaml';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apply, type ApplyOptions } from '../../src/apply/index.js';
import { applyReport, type ApplyReport } from '../../src/cli/apply-report.js';
import { createClient, type RecordForWrite } from '../../src/client/index.js';
import { readStatus } from '../../src/cli/commands/status.js';
import { plan, type Plan } from '../../src/plan/index.js';
import { appdeployCommand, type Project } from '../../src/project/index.js';
import { restoreFieldValues } from '../../src/records/index.js';
import { expectValidResult, useApplyHarness } from '../apply/harness.js';
import { comparable, readComparable } from '../support/compared-records.js';
import { ADMIN } from '../support/users.js';
import { DIRECTORY_SERVICE, seeded, sourceValue, type Rng } from './conversion-values.js';
import { actual, counts, destroyed, expected, finalCode, oldPlace } from './migration-combos/oracle.js';
import { appdeploy } from '../support/cli.js';
import { CountingAgent } from '../support/counting-agent.js';
import { EMU_ENV, type Cleanups } from './emulator-process.js';
import { expectConverged, expectTruthfulStatus, type World } from './kill-anywhere/checks.js';
import { describeMoment, runAndKill, type KillMoment } from './kill-anywhere/kill.js';
import { backupLines, describeFault, drawFault, liveFields, type Fault } from './migration-combos/run.js';
import {
  describeCombo,
  drawCombo,
  drawRecord,
  drawRows,
  editedValue,
  manifests,
  typeChanges,
  type Combo,
} from './migration-combos/world.js';

const h = useApplyHarness({ directory: DIRECTORY_SERVICE });

const SEED = Number(process.env.MIGRATION_COMBOS_SEED) || 20261128;
const ROUNDS = Number(process.env.MIGRATION_COMBOS_ROUNDS) || 8;
/** Records of a round: from this many to twice as many (`MIGRATION_COMBOS_RECORDS`: more pages of 500). */
const RECORDS = Number(process.env.MIGRATION_COMBOS_RECORDS) || 150;
const MODES = ['plain', 'edits', 'fault', 'kill'] as const;
type Mode = (typeof MODES)[number];
/** A kill moment among the apply's first requests: about as many as a whole apply sends. */
const KILL_REQUESTS = 100;

type Rec = Record<string, unknown>;

describe('migrations combined in one apply, fuzzed, against the documentation', () => {
  it(`seed ${SEED}, ${ROUNDS} rounds: counts, converts, backs up, restores and converges`, async () => {
    const agent = new CountingAgent();
    const client = createClient({
      baseUrl: h.url,
      auth: ADMIN,
      dispatcher: agent,
      retry: { initialDelayMs: 20, maxDelayMs: 100 },
    });
    try {
      for (let round = 0; round < ROUNDS; round++) await runRound(round, client, agent);
    } finally {
      await client.close();
      await agent.close();
    }
  }, 600_000);
});

type Client = ReturnType<typeof createClient>;

async function runRound(round: number, client: Client, agent: CountingAgent): Promise<void> {
  // Each round a seed of its own, apart from the next seed's rounds.
  const r = seeded((SEED ^ Math.imul(round + 1, 0x9e3779b1)) >>> 0);
  const mode: Mode = MODES[round % MODES.length]!;
  const c = drawCombo(r, RECORDS + r.int(RECORDS + 1));
  const fault: Fault | null = mode === 'fault' ? drawFault(r) : null;
  const story = `seed ${SEED} round ${round} (${mode}${fault ? `, ${describeFault(fault)}` : ''}): ${describeCombo(c)}`;
  await h.control('POST', '/_emulator/reset');

  const planOf = (project: Project, apps?: string[]) => plan({ project, client, ...(apps ? { apps } : {}) });
  const applyOf = async (
    project: Project,
    thePlan: Plan,
    extra: Partial<ApplyOptions> = {},
  ): Promise<ApplyReport> => {
    const result = await apply({
      plan: thePlan,
      project,
      client,
      pollIntervalMs: { initial: 10, max: 50 },
      ...extra,
    });
    const report = applyReport(result, { command: (name) => appdeployCommand(project, name) });
    expectValidResult(report);
    return report;
  };

  // The app at its first version, with its records.
  const project = await h.writeProject({ apps: manifests(c, 'v1') });
  const first = await applyOf(project, await planOf(project));
  expect(first.exitCode, `${story}\n${first.message}`).toBe(0);
  const v1 = await h.load(project.root);
  const ids = Object.fromEntries(v1.apps.map((a) => [a.key, a.id!]));
  const app = ids.combo!;
  const seen = new Map<string, Set<string>>();
  await client.records.addAll(
    app,
    Array.from({ length: c.records }, (_, i) => drawRecord(r, c, i, seen)) as RecordForWrite[],
  );
  const before = await readComparable(client, app);

  // The next version. A lookup that copied a migrated field and stops: its app applied first.
  let v2 = await h.rewriteManifests(v1, manifests(c, 'v2'));
  // A new lookup copying a field that keeps its code names the old field's code: the swap deletes
  // that field (GAIA_LO02), so docs/migrations.md "What the plan says" blocks it (a field another
  // app of the project names in a lookup), and, as the plan says, the migration goes first and
  // the lookup after it. One copying a renamed field names only its new code, which the swap
  // creates: the lookup goes in with the migration.
  const lookupFirst = c.lookup?.mode === 'new' && c.lookup.field.old === c.lookup.field.field.code;
  if (lookupFirst) {
    const code = c.lookup!.field.field.code;
    const blocked = await planOf(v2);
    expect(
      blocked.apps.flatMap((a) => a.risks.filter((x) => x.kind === 'blocked').map((x) => x.path.join('.'))),
      `${story}\nrefs's new lookup copies ${code}: blocked`,
    ).toEqual([code]);
    v2 = await h.rewriteManifests(v2, { refs: manifests(c, 'v1').refs! });
  }
  if (c.lookup?.mode === 'dropped') {
    const blocked = await planOf(v2);
    expect(
      blocked.apps.flatMap((a) => (a.risks.some((x) => x.kind === 'blocked') ? [a.key] : [])),
      `${story}\nthe service's lookup of refs still names ${c.lookup.field.old}: blocked`,
    ).toContain('combo');
    const refsFirst = await applyOf(v2, await planOf(v2, ['refs']));
    expect(refsFirst.exitCode, `${story}\n${refsFirst.message}`).toBe(0);
  }
  const thePlan = await planOf(v2);
  const combo = thePlan.apps.find((a) => a.key === 'combo')!;
  expect(
    thePlan.apps.flatMap((a) => a.risks.filter((x) => x.kind === 'blocked')),
    story,
  ).toEqual([]);

  // (1) The plan's counts, per migration, and its request estimate.
  const want = counts(c, before);
  const planned = new Map((combo.migrations ?? []).map((m) => [m.to.code, m]));
  expect([...planned.keys()].sort(), story).toEqual(c.migrations.map(finalCode).sort());
  const countsDiffer: string[] = [];
  for (const [code, k] of want) {
    const m = planned.get(code)!.records!;
    const listed = [...(m.notConverted.query ?? '').matchAll(/\d+/g)].map((x) => x[0]);
    const got = {
      read: m.read,
      withValue: m.withValue,
      notConverted: m.notConverted.records,
      defaulted: m.defaulted,
      listed,
    };
    const oracle = {
      read: c.records,
      withValue: k.withValue,
      notConverted: k.notConverted.length,
      defaulted: k.defaulted,
      // The query lists them by number, up to 100 (docs/migrations.md "What the plan says").
      listed: k.notConverted.length <= 100 ? [...k.notConverted].sort((a, b) => Number(a) - Number(b)) : [],
    };
    if (JSON.stringify(got) !== JSON.stringify(oracle))
      countsDiffer.push(`${code}: planned ${JSON.stringify(got)}, oracle ${JSON.stringify(oracle)}`);
  }
  expect(countsDiffer, story).toEqual([]);

  // (2) The apply: plain, with a second client's edits during the copy, or with a fault.
  const edits = new Map<string, Rec>();
  // Set by the progress callback, awaited once the apply ends.
  const editing: { done?: Promise<void> } = {};
  if (mode === 'edits')
    // The copy's first write is held half a second: records edited meanwhile were read before.
    await h.control('POST', '/_emulator/faults', {
      method: 'POST',
      path: '^/k/v1/bulkRequest\\.json$',
      delayMs: 500,
      times: 1,
    });
  if (fault) await h.control('POST', '/_emulator/faults', fault);
  const sent = agent.calls.length;
  if (mode === 'kill') await killAndRerun(r, c, v2, thePlan, ids, before, story);
  let applied = await applyOf(v2, mode === 'kill' ? await planOf(v2) : thePlan, {
    allowDataLoss: true,
    onProgress: (event) => {
      if (mode === 'edits' && !editing.done && event.type === 'migration' && event.step === 'copy')
        editing.done = editDuringCopy(r, c, app, agent, sent, edits);
    },
  });
  await editing.done;
  const recordCalls = agent.recordCalls(sent);
  if (process.env.MIGRATION_COMBOS_DEBUG_CALLS)
    console.log(
      agent.calls
        .slice(sent)
        .filter((x) => /record|bulk/.test(x.path))
        .map((x) => `${x.method} ${x.path} ${x.body.slice(0, 150)}`)
        .join('\n'),
    );

  if (process.env.MIGRATION_COMBOS_DEBUG)
    console.log(
      `${story}\n  -> ${applied.outcome}; ${edits.size} records edited; ${recordCalls} record calls`,
    );
  // After a kill and a whole re-run, nothing is left for this apply to do.
  if (mode === 'kill') expect(applied.outcome, `${story}\n${applied.message}`).toBe('no-changes');
  else if (applied.outcome !== 'applied') {
    expect(fault, `${story}\n${applied.message}`).not.toBeNull();
    // The service works again (the checks read it), then the apply runs again.
    await h.control('DELETE', '/_emulator/faults');
    await expectTruthfulAfterFailure(c, v2, thePlan, app, before, `${story}\n${applied.message}`);
    await expectResultTruthful(applied, thePlan, app, `${story}\n${applied.message}`);
    applied = await applyOf(v2, await planOf(await h.load(v2.root)), { allowDataLoss: true });
  }
  await h.control('DELETE', '/_emulator/faults');
  if (mode !== 'kill')
    expect(applied, `${story}\n${applied.message}`).toMatchObject({ outcome: 'applied', exitCode: 0 });

  // The estimate is not below what the copy, the sweep and the backup read and wrote: in a round
  // where nothing else reads records (a removed field is counted and backed up on its own, a
  // process's statuses are counted) and nobody edits.
  if (mode === 'plain' && !c.removed && c.named.process === undefined) {
    const estimate = [...planned.values()].reduce(
      (sum, m) =>
        sum + m.records!.requests.reads + m.records!.requests.writeCalls + m.records!.requests.sweep,
      0,
    );
    expect(recordCalls, `${story}\nrecord calls sent, against the plan's estimate`).toBeLessThanOrEqual(
      estimate,
    );
  }

  // (3) Every value as the oracle says, from the value before or the concurrent edit.
  const after = await readComparable(client, app);
  const wrong: string[] = [];
  for (const [id, rec] of before) {
    const now = { ...rec, ...(edits.get(id) ?? {}) };
    const w = expected(c, now);
    const g = actual(c, after.get(id) ?? {});
    for (const key of Object.keys(w))
      if (JSON.stringify(g[key]) !== JSON.stringify(w[key]))
        wrong.push(
          `#${id} ${key}: ${JSON.stringify(g[key])}, oracle ${JSON.stringify(w[key])} (was ${JSON.stringify(pick(now, c))})`,
        );
  }
  expect(wrong.slice(0, 20), story).toEqual([]);

  // (4) No temporary field left, in the draft or live.
  for (const copy of ['draft', 'live'] as const) {
    const { properties } = await client.form.getFields({ app, copy });
    const codes = Object.entries(properties).flatMap(([code, def]) => [
      code,
      ...Object.keys((def as { fields?: object }).fields ?? {}),
    ]);
    expect(
      codes.filter((x) => x.includes('__migrating')),
      `${story} (${copy})`,
    ).toEqual([]);
  }

  // (5) The backups hold every value the apply destroyed (the concurrent edits' values for the records edited).
  const lines = await backupLines(v2.root);
  const missing = destroyed(
    c,
    new Map([...before].map(([id, rec]) => [id, { ...rec, ...(edits.get(id) ?? {}) }])),
  )
    .filter(
      (d) =>
        !lines.some(
          (l) =>
            l.id === d.id &&
            l.field === d.field &&
            l.table === d.table &&
            JSON.stringify(comparable(l.value)) === JSON.stringify(d.value),
        ),
    )
    .map((d) => `#${d.id} ${d.table ? `${d.table}.` : ''}${d.field}: ${JSON.stringify(d.value)}`);
  expect(missing.slice(0, 20), `${story}\nnot in the backup`).toEqual([]);

  // (6) Nothing left to do.
  await h.expectConverged(v2);
  if (lookupFirst) {
    // The lookup added once the migration is done: it copies the migrated field, of its new type.
    const withLookup = await h.rewriteManifests(v2, { refs: manifests(c, 'v2').refs! });
    const added = await applyOf(withLookup, await planOf(withLookup));
    expect(
      added,
      `${story}
${added.message}`,
    ).toMatchObject({ outcome: 'applied', exitCode: 0 });
    await h.expectConverged(withLookup);
  }

  // (7) The removed field added again, and its values restored from the backup's lines of it.
  if (c.removed) await expectRestored(c, v2, client, app, lines, before, story, applyOf, planOf);
}

/** The old fields' values of a record, for a failure's message. */
function pick(rec: Rec, c: Combo): Rec {
  return Object.fromEntries(
    c.migrations.map((m) => {
      const { code, table } = oldPlace(m);
      return [
        code,
        table === null ? rec[code] : (rec[table] as { value: Rec }[] | undefined)?.map((x) => x.value),
      ];
    }),
  );
}

/**
 * Once the copy's first write is held (it arrived: the agent sent it), a second client edits the
 * old fields of a few records the copy read already (docs/migrations.md "The window": an edit
 * during the copy is safe). Each edited record's values are noted as the service stores them.
 */
async function editDuringCopy(
  r: Rng,
  c: Combo,
  app: string,
  agent: CountingAgent,
  sent: number,
  edits: Map<string, Rec>,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!agent.calls.slice(sent).some((x) => /bulkRequest/.test(x.path))) {
    if (Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  // Into a unique field, an edit could make two records convert alike: those are left alone.
  const editable = typeChanges(c).filter((t) => t.field.settings.unique !== true);
  const into = c.migrations.find((m) => m.kind === 'into');
  const out = c.migrations.some((m) => m.kind === 'out');
  for (let n = 0; n < 5; n++) {
    const id = String(1 + r.int(c.records));
    const record: Record<string, { value: unknown }> = {};
    for (const t of editable) if (r.chance(0.7)) record[t.old] = { value: editedValue(r, t) };
    if (into && into.kind === 'into' && r.chance(0.5)) record.mi = { value: sourceValue(r, into.type, ', ') };
    // The rows of the table a field moves into or out of, drawn again (every row new).
    if (into && into.kind === 'into' && into.table === 'tbl' && r.chance(0.5))
      record.tbl = { value: drawRows(r, c, 'tbl') };
    if (out && r.chance(0.5)) record.src = { value: drawRows(r, c, 'src') };
    if (Object.keys(record).length === 0) continue;
    await h.client.records.updateRecord({ app, id, record: record as RecordForWrite });
    const { record: stored } = await h.client.records.getRecord({ app, id });
    edits.set(id, {
      ...(edits.get(id) ?? {}),
      ...Object.fromEntries(Object.keys(record).map((code) => [code, comparable(stored[code]?.value)])),
    });
  }
}

/**
 * After a failed apply: `status` names as begun exactly the migrations whose temporary field is
 * live, and no final code holds a half copy (a field of the new type at its final place holds
 * every value the oracle says; an old field still there holds every value it held).
 */
async function expectTruthfulAfterFailure(
  c: Combo,
  project: Project,
  thePlan: Plan,
  app: string,
  before: ReadonlyMap<string, Rec>,
  story: string,
): Promise<void> {
  const live = await liveFields(h.client, app);
  const migrations = thePlan.apps.find((a) => a.key === 'combo')!.migrations!;
  const at = (table: string | null, code: string) => (table === null ? code : `${table}.${code}`);
  const status = await readStatus(await h.load(project.root), h.client, [], 'the local service');
  const begun = status.apps
    .find((a) => a.key === 'combo')!
    .migrationsBegun.map((m) => m.temporary)
    .sort();
  const temporaries = migrations
    .filter((m) => live.has(at(m.to.table, m.temporary)))
    .map((m) => m.temporary)
    .sort();
  expect(begun, `${story}\nstatus names as begun the migrations whose temporary field is live`).toEqual(
    temporaries,
  );

  const now = await readComparable(h.client, app);
  const wrong: string[] = [];
  for (const m of migrations) {
    const spec = c.migrations.find((x) => finalCode(x) === m.to.code)!;
    const swapped =
      live.get(at(m.to.table, m.to.code)) === m.to.type &&
      (m.to.table !== null ||
        m.from.table !== null ||
        m.from.code !== m.to.code ||
        live.get(m.to.code) !== m.from.type);
    if (swapped)
      for (const [id, rec] of before) {
        const w = expected(c, rec)[spec.kind === 'into' ? `${spec.table}.mi` : finalCode(spec)];
        const g = actual(c, now.get(id) ?? {})[spec.kind === 'into' ? `${spec.table}.mi` : finalCode(spec)];
        if (JSON.stringify(g) !== JSON.stringify(w))
          wrong.push(`${m.to.code} #${id}: half-copied ${JSON.stringify(g)}, oracle ${JSON.stringify(w)}`);
      }
    else if (live.get(at(m.from.table, m.from.code)) === m.from.type)
      for (const [id, rec] of before) {
        const { code, table } = oldPlace(spec);
        const g = table === null ? now.get(id)?.[code] : cells(now.get(id), table, code);
        const w = table === null ? rec[code] : cells(rec, table, code);
        if (JSON.stringify(g ?? '') !== JSON.stringify(w ?? ''))
          wrong.push(
            `${m.from.code} #${id}: the old field holds ${JSON.stringify(g)}, it held ${JSON.stringify(w)}`,
          );
      }
  }
  expect(wrong.slice(0, 20), story).toEqual([]);
}

const cells = (rec: Rec | undefined, table: string, code: string) =>
  ((rec?.[table] ?? []) as { value: Record<string, { value: unknown }> }[]).map((row) =>
    comparable(row.value[code]?.value),
  );

/**
 * docs/migrations.md "Restoring a field's values": the removed field added again with its code and
 * type, applied, then restored from the backup. The backup of this apply holds the migrated
 * fields' old values too, whose fields are of another type now (restore refuses those,
 * RESTORE.FIELD_MISSING): the removed field's lines are restored, as a backup of their own.
 */
async function expectRestored(
  c: Combo,
  v2: Project,
  client: Client,
  app: string,
  lines: Awaited<ReturnType<typeof backupLines>>,
  before: ReadonlyMap<string, Rec>,
  story: string,
  applyOf: (project: Project, thePlan: Plan) => Promise<ApplyReport>,
  planOf: (project: Project) => Promise<Plan>,
): Promise<void> {
  const v3 = manifests(c, 'v2');
  (v3.combo!.fields as Record<string, unknown>).gone = { type: 'NUMBER', label: 'Gone' };
  if (c.layout) (v3.combo!.layout as unknown[]).push({ type: 'ROW', fields: [{ code: 'gone' }] });
  const project = await h.rewriteManifests(v2, v3);
  const added = await applyOf(project, await planOf(project));
  expect(added.exitCode, `${story}\n${added.message}`).toBe(0);
  const file = join(project.root, '.appdeploy', 'gone-only.jsonl');
  const gone = lines.filter((l) => l.field === 'gone');
  await writeFile(file, gone.map((l) => l.raw).join('\n') + '\n');
  const restored = await restoreFieldValues(client, { backupFile: file });
  const held = [...before].filter(([, rec]) => comparable(rec.gone) !== '');
  expect(
    {
      records: restored.records,
      restored: restored.restored,
      editedSince: restored.editedSince,
      deletedSince: restored.deletedSince,
    },
    story,
  ).toEqual({ records: held.length, restored: held.length, editedSince: [], deletedSince: [] });
  const after = await readComparable(client, app);
  const wrong = held.filter(([id, rec]) => after.get(id)?.gone !== rec.gone).map(([id]) => id);
  expect(wrong, `${story}\nrestored values`).toEqual([]);
  // Run again: every record holds its value already, nothing is written.
  expect((await restoreFieldValues(client, { backupFile: file })).written, story).toBe(0);
}

/**
 * kill -9 of the built CLI's apply at a moment drawn from the seed (kill-anywhere/kill.ts: once
 * the service has seen the apply's Nth request, its answer held or a few milliseconds later), then
 * `status` must tell the truth (kill-anywhere/checks.ts; status names as begun exactly the
 * migrations whose temporary field is live; no final code is half-copied), and the same command
 * run again converges. The project gets an environment `emu` at the same service for the CLI.
 */
async function killAndRerun(
  r: Rng,
  c: Combo,
  project: Project,
  thePlan: Plan,
  ids: Record<string, string>,
  before: ReadonlyMap<string, Rec>,
  story: string,
): Promise<void> {
  const path = join(project.root, 'appdeploy.yaml');
  const config = parse(await readFile(path, 'utf8')) as {
    environments: Record<string, unknown>;
    apps: Record<string, { ids?: Record<string, number> }>;
  };
  config.environments.emu = { baseUrl: h.url, auth: { login: '${EMU_LOGIN}', password: '${EMU_PASSWORD}' } };
  for (const [key, app] of Object.entries(config.apps)) app.ids = { ...app.ids, emu: Number(ids[key]) };
  await writeFile(path, stringify(config));
  const w: World = {
    url: h.url,
    root: project.root,
    run: (...args) => appdeploy([...args, '--env', 'emu'], project.root, EMU_ENV),
  };
  const moment: KillMoment = {
    request: 1 + r.int(KILL_REQUESTS),
    how: r.chance(0.5) ? 'answer-lost' : 'after',
    delayMs: r.int(31),
  };
  const at = `${story}\napply killed ${describeMoment(moment)}`;
  const cleanups: Cleanups = [];
  try {
    const killed = await runAndKill(
      h.url,
      project.root,
      'apply',
      ['--yes', '--allow-data-loss'],
      moment,
      cleanups,
    );
    if (process.env.MIGRATION_COMBOS_DEBUG) console.log(`${at}: ${killed.killed ? 'killed' : 'ended first'}`);
    if (killed.killed) {
      await expectTruthfulStatus(w, at);
      await expectTruthfulAfterFailure(c, project, thePlan, ids.combo!, before, at);
    } else expect(killed.code, `${at}\n${killed.stdout}${killed.stderr}`).toBe(0);
    const again = await w.run('apply', '--yes', '--allow-data-loss');
    expect(again.code, `${at}\n${again.stdout}${again.stderr}`).toBe(0);
    await expectConverged(w, at);
  } finally {
    for (const clean of cleanups.reverse()) await clean();
  }
}

/**
 * What the failed apply's result says of each migration is what the service holds
 * (apply/types.ts MigrationResult, docs/migrations.md "How apply does it"): `cleaned-up` and
 * `not-begun` leave no temporary field; `copied` (the swap did not go live) and `left` leave it;
 * `migrated` swapped it to its final code; `deploying` (a deploy still running) may do either.
 */
async function expectResultTruthful(
  result: ApplyReport,
  thePlan: Plan,
  app: string,
  story: string,
): Promise<void> {
  const live = await liveFields(h.client, app);
  const planned = thePlan.apps.find((a) => a.key === 'combo')!.migrations!;
  const said: string[] = [];
  for (const m of result.migrations ?? []) {
    const p = planned.find((x) => x.to.code === m.field)!;
    const temporary = live.has(p.to.table === null ? p.temporary : `${p.to.table}.${p.temporary}`);
    // `deploying`: a deploy still running (the expand's or the swap's) says neither way.
    const want = {
      'not-begun': false,
      'cleaned-up': false,
      copied: true,
      left: true,
      migrated: false,
      deploying: null,
    }[m.outcome];
    if (want !== null && temporary !== want)
      said.push(`${m.field}: ${m.outcome}, its temporary field ${temporary ? 'live' : 'gone'}`);
  }
  expect(said, story).toEqual([]);
}
