import { statSync, watch } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { seededRandom } from '../support/seeded-random.js';
import { tempDir } from './emulator-process.js';
import * as busy from './service-state-sweep/busy.js';
import {
  createApp,
  Dice,
  newWorld,
  noteRecordIds,
  randomOperation,
  type Env,
  type World,
} from './service-state-sweep/operations.js';
import { ServiceProcess } from './service-state-sweep/service.js';
import { differences, get, post, takeSnapshot, type Snapshot } from './service-state-sweep/snapshot.js';

/**
 * The local service as a user runs it (`appdeploy emulator --data DIR`, the built CLI), driven
 * through the typed client by random operations of every kind, stopped cleanly (SIGTERM) or killed
 * (SIGKILL, idle or in the middle of bulk writes, a deploy, a comment, a clock move) and started
 * again on the same folder. docs/local-service.md, "Persistence": "every write answered 2xx
 * survives kill -9"; a restart after a clean stop reads exactly as before it; a killed write is
 * wholly there or wholly absent (one journal line per request, a bulk request included); ids are
 * never given twice (kintone's record and app ids only grow: a deleted record's number is not
 * reused) and revisions never go back. The clock's offset is kept; faults and the daily
 * request limit set by the control API live as long as the process (docs/local-service.md).
 * A second service on the same folder is refused, naming the one that holds it.
 *
 * SERVICE_STATE_SEED picks the sequence; SERVICE_STATE_ROUNDS how many restarts (default 6, about
 * 30 s). A failure names its seed and round: run it again with the same seed.
 */
const SEED = Number(process.env.SERVICE_STATE_SEED ?? 20261129);
const ROUNDS = Math.max(1, Number(process.env.SERVICE_STATE_ROUNDS) || 6);
/**
 * The same sweep with the journal compacted often (docs/local-service.md, "Persistence": at a size,
 * into snapshot.json by temp file, fsync, rename, then the journal emptied), by a program calling
 * the library's `startEmulator` with a small `compactAtBytes`: 1 byte (a compaction after every
 * write, so a kill in the middle of a write lands in one) up to 64 KiB, picked at each start. Every
 * round ends in a SIGKILL, idle or in the middle of writes (and so of their compactions); the
 * state after the restart must be every write answered 2xx. COMPACTION_SEED, COMPACTION_ROUNDS.
 */
const COMPACTION_SEED = Number(process.env.COMPACTION_SEED ?? 20261130);
const COMPACTION_ROUNDS = Math.max(1, Number(process.env.COMPACTION_ROUNDS) || 4);
const COMPACT_AT_BYTES = [1, 1, 512, 4096, 65536];
const DEPLOY_MS = 30;

type Ending = 'stop' | 'kill when idle' | 'kill when busy' | 'kill in a compaction';

interface Sweep {
  readonly seed: number;
  readonly rounds: number;
  readonly endings: readonly Ending[];
  /** Each start's journal size for a compaction; the command (64 MB) when absent. */
  readonly compactAt?: readonly number[];
}

describe('the local service keeps its state across stops, restarts and kill -9', () => {
  it(
    `seed ${SEED}, ${ROUNDS} rounds`,
    () => sweep({ seed: SEED, rounds: ROUNDS, endings: ['stop', 'kill when idle', 'kill when busy'] }),
    Math.max(120_000, ROUNDS * 20_000),
  );

  it(
    `compacting often, killed at random moments: seed ${COMPACTION_SEED}, ${COMPACTION_ROUNDS} rounds`,
    () =>
      sweep({
        seed: COMPACTION_SEED,
        rounds: COMPACTION_ROUNDS,
        endings: ['kill in a compaction', 'kill when busy', 'kill in a compaction', 'kill when idle'],
        compactAt: COMPACT_AT_BYTES,
      }),
    Math.max(120_000, COMPACTION_ROUNDS * 20_000),
  );
});

async function sweep({ seed: SEED, rounds: ROUNDS, endings: ENDINGS, compactAt }: Sweep): Promise<void> {
  const dice = new Dice(seededRandom(SEED));
  const dir = tempDir('appdeploy-service-state-');
  const service = new ServiceProcess(dir.path, DEPLOY_MS, compactAt && (() => dice.pick(compactAt)));
  const world = newWorld();
  const endings = new Map<Ending, number>();
  // Writes in flight at a kill: answered 2xx before it, and not answered.
  const inFlightAnswers = [0, 0];
  // Kills that cut a compaction's snapshot write short (it left snapshot.json.tmp behind).
  let killedCompacting = 0;
  try {
    await service.start();
    for (let round = 0; round < ROUNDS; round++) {
      const where = `seed ${SEED}, round ${round}`;
      const env = (): Env => ({ client: service.client, base: service.url, dice, world });
      for (let i = 0, n = 5 + dice.int(20); i < n; i++) await randomOperation(env());
      // Compacting, each ending in turn (a kill in a compaction every other round); else at random.
      const ending: Ending = compactAt ? ENDINGS[round % ENDINGS.length]! : dice.pick(ENDINGS);
      endings.set(ending, (endings.get(ending) ?? 0) + 1);
      await settled(service.url, world);
      await armRuntimeState(service.url);
      const kept = await armKeptState(env());
      const busyKill = ending === 'kill when busy' || ending === 'kill in a compaction';
      const inFlight = busyKill ? await prepareInFlight(env(), round) : [];
      await settled(service.url, world);
      const before = await takeSnapshot(service.url, world);
      if (dice.chance(0.3)) await expectSecondRefused(dir.path, where);
      const killedAt = Date.now();
      const compacting =
        ending === 'kill in a compaction' ? killInCompaction(service, dir.path, dice.int(3)) : null;
      const answers = inFlight.map((w) => w.launch());
      if (inFlight.length > 0 && !compacting) await new Promise((r) => setTimeout(r, dice.int(40)));
      const exit = await (compacting ?? service.stop(ending === 'stop' ? 'SIGTERM' : 'SIGKILL'));
      if (ending === 'stop')
        expect(exit, `${where}: a clean stop exits 0`).toEqual({ code: 0, signal: null });
      if (compactAt && leftCompacting(dir.path, killedAt)) killedCompacting++;
      const acknowledged = await Promise.all(answers);
      for (const a of acknowledged) inFlightAnswers[a ? 0 : 1]! += 1;

      await service.start();
      await settled(service.url, world);
      const after = await takeSnapshot(service.url, world);
      const mayChange = (key: string) => inFlight.some((w) => w.mayChange(key, before));
      const changed = differences(before, after, mayChange);
      expect(changed, `${where} (${ending}): what reads otherwise after the restart`).toEqual([]);
      const problems = inFlight.flatMap((w, i) => w.check(before, after, acknowledged[i]!));
      expect(problems, `${where}: writes in flight when killed`).toEqual([]);
      if (inFlight.length === 0)
        expect(
          Math.abs(after.clockOffsetMs - before.clockOffsetMs),
          `${where}: the clock's offset`,
        ).toBeLessThan(2_000);
      await expectRuntimeStateFresh(service.url, where);
      await expectKeptState(env(), kept, inFlight.length > 0, where);
      noteRecordsSeen(world, after);
      await expectIdsNotReused(env(), where);
    }
  } finally {
    if (service.counts.starts > service.counts.stops + service.counts.kills) await service.stop('SIGTERM');
    dir.remove();
    console.log(
      `service-state sweep${compactAt ? ' (compacting often)' : ''}: seed ${SEED}, ${ROUNDS} rounds, ${service.counts.starts} starts, ${service.counts.stops} clean stops, ${service.counts.kills} kills (${[...endings].map(([k, v]) => `${k} ${v}`).join(', ')}${compactAt ? `; ${killedCompacting} in the middle of a compaction's snapshot write` : ''}); operations answered: ${summary(world.done)}; refused: ${summary(world.refused)}; in flight at a kill: ${inFlightAnswers[0]} answered, ${inFlightAnswers[1]} not`,
    );
    if (process.env.SERVICE_STATE_VERBOSE) console.log(world.firstRefusal);
  }
}

/**
 * Kills the service as the writes in flight make it compact: when snapshot.json.tmp has been
 * created or renamed `skip` times and once more (so in the middle of writing the snapshot, just
 * after its rename and before the journal is emptied, or a little after), or after 3 s if it
 * never compacts.
 */
function killInCompaction(
  service: ServiceProcess,
  data: string,
  skip: number,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    let seen = 0;
    const kill = () => {
      watcher.close();
      clearTimeout(timer);
      resolve(service.stop('SIGKILL'));
    };
    const watcher = watch(data, (_, name) => {
      if (name === 'snapshot.json.tmp' && seen++ === skip) kill();
    });
    const timer = setTimeout(kill, 3_000);
  });
}

/** Whether a kill at `killedAt` left a compaction's snapshot half written (its temp file, from after the start). */
function leftCompacting(data: string, killedAt: number): boolean {
  const temp = statSync(join(data, 'snapshot.json.tmp'), { throwIfNoEntry: false });
  return temp !== undefined && temp.mtimeMs >= killedAt - 1_000;
}

function summary(counts: Map<string, number>): string {
  return [...counts].map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
}

/** Waits until no deploy of the sweep's apps is PROCESSING (a snapshot reads settled state). */
async function settled(base: string, world: World): Promise<void> {
  for (let tries = 0; world.apps.length > 0; tries++) {
    const query = Object.fromEntries(world.apps.map((app, i) => [`apps[${i}]`, app]));
    const res = await get(base, '/k/v1/preview/app/deploy.json', query);
    const statuses = (res.body as { apps: { status: string }[] }).apps.map((a) => a.status);
    if (!statuses.includes('PROCESSING')) return;
    if (tries > 200) throw new Error(`deploys still PROCESSING: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A fault and a daily request limit, set through the control API: the process's own, not the data's. */
const PROBE = '/k/v1/records/cursor.json?id=probe';
async function armRuntimeState(base: string): Promise<void> {
  await post(base, '/_emulator/faults', {
    method: 'DELETE',
    path: '^/k/v1/records/cursor\\.json$',
    status: 418,
  });
  expect((await post(base, PROBE, {}, 'DELETE')).status).toBe(418);
  expect((await post(base, '/_emulator/quota', { limit: 1_000_000 }, 'PUT')).status).toBe(200);
}

async function expectRuntimeStateFresh(base: string, where: string): Promise<void> {
  const probe = await fetch(base + PROBE, {
    method: 'DELETE',
    headers: { 'X-Service-Authorization': Buffer.from('admin:admin').toString('base64') },
  });
  expect(probe.status, `${where}: a fault armed before the restart`).not.toBe(418);
  expect(
    (await get(base, '/_emulator/quota')).body,
    `${where}: the daily limit set before the restart`,
  ).toMatchObject({ limit: null });
}

/**
 * What the data folder keeps beside the apps (docs/local-service.md, "Persistence"): an API
 * token made through the control API, an open cursor, a file uploaded and not yet attached.
 */
interface Kept {
  readonly app: string;
  readonly token: string;
  readonly cursor: string;
  readonly records: number;
  readonly fileKey: string;
}

async function armKeptState(env: Env): Promise<Kept> {
  const app = env.dice.pick(env.world.apps.length > 0 ? env.world.apps : [await createApp(env)]);
  const { token } = (await post(env.base, '/_emulator/tokens', { app, permissions: { add: true } })).body as {
    token: string;
  };
  const { id: cursor, totalCount } = await env.client.cursors.createCursor({ app, size: 500 });
  const { fileKey } = await env.client.files.upload(Buffer.from(`kept ${env.dice.text(20)}`), {
    name: 'kept.txt',
  });
  return { app, token, cursor, records: Number(totalCount), fileKey };
}

async function expectKeptState(env: Env, kept: Kept, busyKill: boolean, where: string): Promise<void> {
  const byToken = await fetch(`${env.base}/k/v1/records.json?app=${kept.app}&query=limit%201`, {
    headers: { 'X-Service-API-Token': kept.token },
  });
  expect(byToken.status, `${where}: an API token made before the restart`).toBe(200);
  // A kill in the middle of bulk adds may have added records the cursor does not hold; it was made before.
  if (!busyKill) {
    let read = 0;
    for (;;) {
      const page = await get(env.base, '/k/v1/records/cursor.json', { id: kept.cursor });
      expect(page.status, `${where}: a cursor opened before the restart ${JSON.stringify(page.body)}`).toBe(
        200,
      );
      const { records, next } = page.body as { records: unknown[]; next: boolean };
      read += records.length;
      if (!next) break;
    }
    expect(read, `${where}: the cursor's records`).toBe(kept.records);
  }
  const { id } = await env.client.records.addRecord({
    app: kept.app,
    record: { f: { value: [{ fileKey: kept.fileKey }] } },
  });
  noteRecordIds(env.world, kept.app, [id]);
}

/** Another `appdeploy emulator` on the same data folder is refused, and says which process has it. */
async function expectSecondRefused(data: string, where: string): Promise<void> {
  const second = await runCli(['emulator', '--port', '0', '--data', data]);
  if (second.url) {
    second.child.kill('SIGTERM');
    await second.exited;
  }
  const exit = await second.exited;
  expect(second.url, `${where}: a second service on the same data folder started`).toBe('');
  expect(exit.code, where).toBe(1);
  expect(second.stderr(), where).toMatch(/another appdeploy command \(pid \d+\) is using/);
  expect(second.stderr(), where).not.toMatch(/bug/i);
}

/** Writes made ready (before the snapshot) to be launched together: the service is killed under them. */
async function prepareInFlight(env: Env, round: number): Promise<busy.InFlight[]> {
  const withRecords = env.world.apps.filter((app) => (env.world.maxRecordId.get(app) ?? 0) > 0);
  const app = withRecords.length > 0 ? env.dice.pick(withRecords) : await createApp(env);
  const others = env.world.apps.filter((a) => a !== app);
  const deployed = others.length > 0 ? env.dice.pick(others) : await createApp(env);
  const { update, inBulk, commented } = await busy.targets(env, app);
  const tag = (k: string) => `k${round}${k}${env.dice.text(3)}`;
  const writes: Promise<busy.InFlight>[] = [
    busy.bulkAdd(env, app, tag('a')),
    busy.bulkAdd(env, app, tag('b')),
    busy.deploy(env, deployed, tag('d')),
  ];
  const flights = await Promise.all(writes);
  if (update.length > 0) flights.push(busy.bulkUpdate(env, app, update, tag('u'), false));
  if (inBulk.length > 0) flights.push(busy.bulkUpdate(env, app, inBulk, tag('v'), true));
  if (commented) flights.push(busy.comment(env, app, commented, tag('c')));
  flights.push(busy.clock(env, 1 + env.dice.int(3_600_000)));
  return flights;
}

/** Records that landed unanswered (a kill) count as given: their ids must not come again. */
function noteRecordsSeen(world: World, snapshot: Snapshot): void {
  for (const key of snapshot.reads.keys()) {
    const match = /^app (\d+) record (\d+)$/.exec(key);
    if (match) noteRecordIds(world, match[1]!, [match[2]!]);
  }
}

/** A new app and a new record take ids past every one ever given (kintone never reuses them). */
async function expectIdsNotReused(env: Env, where: string): Promise<void> {
  const highestApp = env.world.maxAppId;
  const app = await createApp(env);
  expect(Number(app), `${where}: a new app's id`).toBeGreaterThan(highestApp);
  const target = env.dice.pick(env.world.apps);
  const highest = env.world.maxRecordId.get(target) ?? 0;
  const { id, revision } = await env.client.records.addRecord({
    app: target,
    record: { t: { value: 'after restart' } },
  });
  expect(
    [Number(id) > highest, revision],
    `${where}: a new record's id in app ${target} after ${highest}`,
  ).toEqual([true, '1']);
  noteRecordIds(env.world, target, [id]);
}
