import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { appdeploy } from '../support/cli.js';
import { startCommand } from './apply-process.js';
import {
  bulkRequests,
  call,
  EMU_ENV,
  emulatorAndProject,
  holdBulkAnswer,
  type Cleanups,
} from './emulator-process.js';

/**
 * Issue 37, "Done when": kill -9 of the built `appdeploy seed` half-way through a seed of 5,000
 * records, as the service holds the answer of a bulk request it carried out (two of the seed's
 * three bulk requests landed, the second one's answer never reached the seed, the third never
 * sent). Seed keeps nothing between runs, so `status` has nothing to say about it; the next seed
 * plans by key, adds just the rest, and every record is there exactly once with the file's values.
 */
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const RECORDS = 5000;
// 100 records a call, 20 calls a bulk request (rest-interface.md): 2,000, 2,000 and 1,000.
const PER_BULK = 2000;

const MANIFEST = {
  name: 'Items',
  fields: {
    code: { type: 'SINGLE_LINE_TEXT', label: 'Code', unique: true, required: true },
    title: { type: 'SINGLE_LINE_TEXT', label: 'Title' },
    qty: { type: 'NUMBER', label: 'Qty' },
    rank: {
      type: 'DROP_DOWN',
      label: 'Rank',
      options: { gold: { label: 'gold' }, silver: { label: 'silver' }, bronze: { label: 'bronze' } },
    },
    tags: { type: 'CHECK_BOX', label: 'Tags', options: { red: { label: 'red' }, blue: { label: 'blue' } } },
    due: { type: 'DATE', label: 'Due' },
    notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' },
  },
};

interface Item {
  code: string;
  title: string;
  qty: string;
  rank: string;
  tags: string[];
  due: string;
  notes: string;
}

/** Record i as the file gives it and as the record API reads it back (plain values, docs/records.md). */
function item(i: number): Item {
  const day = new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
  return {
    code: `K${String(i).padStart(4, '0')}`,
    title: `Item "${i}", the ${i}th`,
    qty: i % 7 === 0 ? `${i}.25` : String(i),
    rank: ['gold', 'silver', 'bronze'][i % 3]!,
    tags: [[], ['red'], ['blue'], ['red', 'blue']][i % 4]!,
    due: day,
    notes: i % 5 === 0 ? '' : `first line of ${i}\nsecond line`,
  };
}
const ITEMS = Array.from({ length: RECORDS }, (_, i) => item(i));

const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const CSV = [
  'code,title,qty,rank,tags,due,notes',
  ...ITEMS.map((r) =>
    [r.code, r.title, r.qty, r.rank, r.tags.join('\n'), r.due, r.notes].map(cell).join(','),
  ),
  '',
].join('\n');

async function recordCount(url: string, app: string): Promise<number> {
  const query = encodeURIComponent('limit 1');
  const answer = await call(url, 'GET', `/k/v1/records.json?app=${app}&query=${query}&totalCount=true`);
  return Number(answer.body.totalCount);
}

/** Every record of the app, read by $id in pages of 500, as the test's own plain values. */
async function readAll(url: string, app: string): Promise<Item[]> {
  const out: Item[] = [];
  for (let last = 0; ;) {
    const query = encodeURIComponent(`$id > ${last} order by $id asc limit 500`);
    const answer = await call(url, 'GET', `/k/v1/records.json?app=${app}&query=${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const page = answer.body.records as Record<string, { value: unknown }>[];
    if (page.length === 0) return out;
    for (const r of page)
      out.push({
        code: r.code!.value as string,
        title: r.title!.value as string,
        qty: r.qty!.value as string,
        rank: r.rank!.value as string,
        // A check box's choices are a set (docs/records.md): in the manifest's order here.
        tags: ['red', 'blue'].filter((t) => (r.tags!.value as string[]).includes(t)),
        due: r.due!.value as string,
        notes: r.notes!.value as string,
      });
    last = Number(page.at(-1)!.$id!.value);
  }
}

/**
 * A project of the 5,000 records applied on a service in its own process, and `seed --yes
 * --concurrency 1` started: returned once its second bulk request is carried out (its answer held
 * by the service), so that the test stops the seed there.
 */
async function seedHeldMidWay(seedArgs: readonly string[] = []) {
  const { emu, project } = await emulatorAndProject('killed-mid-seed', cleanups, 'SIGKILL');
  const root = project.path;
  await mkdir(join(root, 'apps'), { recursive: true });
  await mkdir(join(root, 'records'), { recursive: true });
  await writeFile(join(root, 'apps', 'items.yaml'), stringify(MANIFEST));
  await writeFile(join(root, 'records', 'items.csv'), CSV);
  await writeFile(
    join(root, 'appdeploy.yaml'),
    stringify({
      environments: {
        emu: { baseUrl: emu.url, auth: { login: '${EMU_LOGIN}', password: '${EMU_PASSWORD}' } },
      },
      apps: { items: { manifest: 'apps/items.yaml', records: { file: 'records/items.csv', key: 'code' } } },
    }),
  );
  const run = (...args: string[]) => appdeploy([...args, '--env', 'emu'], root, EMU_ENV);
  const applied = await run('apply', '--yes');
  expect(applied.code, applied.stderr).toBe(0);
  const apps = (await call(emu.url, 'GET', '/k/v1/apps.json')).body.apps as { appId: string }[];
  const app = apps[0]!.appId;

  // The second bulk request is carried out and its answer held; the test stops the seed meanwhile.
  const before = await bulkRequests(emu.url);
  await holdBulkAnswer(emu.url, 1, 60_000);
  const seeding = startCommand(
    'seed',
    root,
    ['--env', 'emu', '--yes', '--concurrency', '1', ...seedArgs],
    EMU_ENV,
    cleanups,
  );
  const deadline = Date.now() + 60_000;
  // Counted when it arrives, carried out once its body is read: wait for both.
  while ((await bulkRequests(emu.url)) - before < 2 || (await recordCount(emu.url, app)) < 2 * PER_BULK) {
    if (Date.now() > deadline)
      throw new Error(`the second bulk request never landed: ${seeding.stdout()}\n${seeding.stderr()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return { emu, run, app, seeding };
}

/** After the stop: the next seed adds just the rest, every record once with the file's values, then nothing. */
async function expectTheRestAdded(
  emu: { url: string },
  run: (...args: string[]) => ReturnType<typeof appdeploy>,
  app: string,
): Promise<void> {
  const second = await run('seed', '--yes');
  expect(second.code, second.stderr).toBe(0);
  expect(second.stderr).toBe('');
  const lines = second.stdout.trimEnd().split('\n');
  // The plan lists the first 20 of the records to add (the rest counted): the file's records
  // from the 4,001st on, the ones the stopped run never sent.
  const listed = ITEMS.slice(2 * PER_BULK, 2 * PER_BULK + 20).map((r) => `  + ${r.code}`);
  expect(lines[0]).toMatchInlineSnapshot(
    `"items (records/items.csv, by code): 1,000 to add, 0 to change, 0 to delete, 4,000 unchanged"`,
  );
  expect(lines.slice(1, -2)).toEqual(listed);
  expect(lines.at(-2)).toMatchInlineSnapshot(
    `"  ... and 980 more records to add (--format json lists every one)"`,
  );
  expect(lines.at(-1)).toMatchInlineSnapshot(`"Seeded items: 1,000 added, 0 changed, 0 deleted."`);

  const read = await readAll(emu.url, app);
  expect(read.length).toBe(RECORDS);
  const codes = read.map((r) => r.code);
  expect(new Set(codes).size).toBe(RECORDS);
  const byCode = new Map(read.map((r) => [r.code, r]));
  expect(ITEMS.map((r) => byCode.get(r.code))).toEqual(ITEMS);

  expect(await run('seed', '--yes')).toEqual({ code: 0, stdout: 'No changes.\n', stderr: '' });
}

describe('a seed killed with kill -9 half-way through 5,000 records', { timeout: 120_000 }, () => {
  it('the next seed adds only the rest: every record exactly once, with the file values', async () => {
    const { emu, run, app, seeding } = await seedHeldMidWay();
    seeding.child.kill('SIGKILL');
    expect(await seeding.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await call(emu.url, 'DELETE', '/_emulator/faults');
    expect(seeding.stdout()).not.toContain('Seeded');
    const landed = await recordCount(emu.url, app);
    expect(landed).toBeGreaterThan(0);
    expect(landed).toBeLessThan(RECORDS);
    expect(landed).toBe(2 * PER_BULK);

    // Seed keeps no recovery record: status has no interrupted apply or pending work to report.
    const status = await run('status');
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout.replace(emu.url, '<url>')).toMatchInlineSnapshot(`
      "Environment "emu" on <url>:
        items (app 1): in sync; last deployment SUCCESS

      In sync: every app matches its manifest, with no pending draft.
      "
    `);

    await expectTheRestAdded(emu, run, app);
  });
});

describe('a seed stopped with Ctrl-C half-way through 5,000 records', { timeout: 120_000 }, () => {
  it('says what may have landed and what to run; the next seed adds only the rest', async () => {
    // The seed named its app and --clean: the command to run again is that seed, not a plain one.
    const { emu, run, app, seeding } = await seedHeldMidWay(['items', '--clean']);
    seeding.child.kill('SIGINT');
    expect(await seeding.exited).toEqual({ code: 130, signal: null });
    await call(emu.url, 'DELETE', '/_emulator/faults');
    expect(seeding.stderr()).toMatchInlineSnapshot(`
      "
      Interrupted (SIGINT) while seeding items: the bulk requests already sent for items may still land, the others were not sent. Run \`npx appdeploy seed --env emu items --clean\` again: it plans by key, so it writes only what is left (no record twice).
      "
    `);
    expect(seeding.stdout()).not.toContain('Seeded');
    await expectTheRestAdded(emu, run, app);
  });
});
