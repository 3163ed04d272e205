/**
 * The CLI's word on plans that cannot apply (issue 21 items 2, 9, 10), in process against local
 * services on port 0: a plan holding a `blocked` or `deploy-fails` risk exits 1 after printing the
 * whole plan (with or without --detailed-exitcode); apply refuses a saved plan made against
 * another service (naming both) and one of an older format (saying to plan again).
 */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createClient, type Client } from '../../src/client/index.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { lookupField } from '../support/fields.js';
import { runMain } from '../support/main-in-process.js';
import { ADMIN } from '../support/users.js';

let a: RunningEmulator;
let b: RunningEmulator;
const dirs: string[] = [];

beforeAll(async () => {
  a = await startEmulator({ port: 0, deployMs: 20 });
  b = await startEmulator({ port: 0, deployMs: 20 });
});
afterAll(async () => {
  await a.close();
  await b.close();
});
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  for (const e of [a, b])
    await fetch(`${e.url}/_emulator/reset`, {
      method: 'POST',
      headers: { 'X-Service-Authorization': Buffer.from('admin:admin').toString('base64') },
    });
});

const run = runMain;

const tickets = (fields: Record<string, unknown>) => ({
  name: 'Tickets',
  fields,
  layout: Object.keys(fields).map((code) => ({ type: 'ROW', fields: [{ code }] })),
});
const V1 = tickets({
  subject: { type: 'SINGLE_LINE_TEXT', label: 'Subject' },
  notes: { type: 'SINGLE_LINE_TEXT', label: 'Notes' },
});

/** A project whose `staging` environment is the service at `url`. */
async function project(url: string, apps: Record<string, unknown> = { tickets: V1 }): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'appdeploy-exit-'));
  dirs.push(dir);
  await mkdir(join(dir, 'apps'));
  for (const [key, m] of Object.entries(apps))
    await writeFile(join(dir, 'apps', `${key}.yaml`), stringify(m));
  await writeConfig(dir, url, Object.keys(apps));
  return dir;
}

async function writeConfig(dir: string, url: string, keys: string[], ids: Record<string, string> = {}) {
  const apps = Object.fromEntries(
    keys.map((k) => [
      k,
      { manifest: `apps/${k}.yaml`, ...(ids[k] ? { ids: { staging: Number(ids[k]) } } : {}) },
    ]),
  );
  await writeFile(
    join(dir, 'appdeploy.yaml'),
    stringify({ environments: { staging: { baseUrl: url, auth: ADMIN } }, apps }),
  );
}

async function idOf(dir: string): Promise<string> {
  return /staging: (\d+)/.exec(await readFile(join(dir, 'appdeploy.yaml'), 'utf8'))![1]!;
}

/** The tickets project applied, `records` added to it, then its manifest given `fields`. */
async function appliedThenChanged(
  records: Record<string, { value: string }>[],
  fields: Record<string, unknown>,
): Promise<string> {
  const dir = await project(a.url);
  expect((await run(['apply', '--yes', '-C', dir])).code).toBe(0);
  const client: Client = createClient({ baseUrl: a.url, auth: ADMIN });
  await client.records.addRecords({ app: await idOf(dir), records });
  await client.close();
  await writeFile(join(dir, 'apps', 'tickets.yaml'), stringify(tickets(fields)));
  return dir;
}

describe('plan exits 1 on what apply refuses (item 10)', () => {
  for (const extra of [[], ['--detailed-exitcode']])
    it(`a deploy-fails risk ${extra.join(' ') || '(no flags)'}: the whole plan, then exit 1`, async () => {
      const dir = await appliedThenChanged([{ subject: { value: 'same' } }, { subject: { value: 'same' } }], {
        subject: { type: 'SINGLE_LINE_TEXT', label: 'Subject', unique: true },
        notes: { type: 'SINGLE_LINE_TEXT', label: 'Notes' },
      });
      const planned = await run(['plan', '-C', dir, ...extra]);
      expect(planned.out).toMatch(/Plan: 0 to add, 1 to change, 0 to remove\./);
      expect(planned.err).toMatch(/apply would refuse this plan: tickets: field subject becomes unique/);
      expect(planned.code).toBe(1);
    });

  it('several refusals: one line each on stderr, not one line of them all', async () => {
    const twice = { subject: { value: 'same' }, notes: { value: 'twice' } };
    const dir = await appliedThenChanged([twice, twice], {
      subject: { type: 'SINGLE_LINE_TEXT', label: 'Subject', unique: true },
      notes: { type: 'SINGLE_LINE_TEXT', label: 'Notes', unique: true },
    });
    const planned = await run(['plan', '-C', dir]);
    expect(planned.code).toBe(1);
    expect(planned.err).toBe(
      'Error: apply would refuse this plan, for 2 reasons:\n' +
        '  - tickets: field notes becomes unique but 2 records share a value: the deploy would fail (give those records distinct values first)\n' +
        '  - tickets: field subject becomes unique but 2 records share a value: the deploy would fail (give those records distinct values first)\n',
    );
  });

  it('a blocked risk from --app without the app it names (item 9): exit 1, naming the app to include', async () => {
    const customers = tickets({ name: { type: 'SINGLE_LINE_TEXT', label: 'Name' } });
    const deals = {
      name: 'Deals',
      fields: {
        customer: lookupField('Customer', 'customers', 'name', { picker: ['name'] }),
      },
      layout: [{ type: 'ROW', fields: [{ code: 'customer' }] }],
    };
    const dir = await project(a.url, { customers, deals });
    const planned = await run(['plan', '-C', dir, '--app', 'deals']);
    expect(planned.out).toMatch(/customers/);
    expect(planned.err).toMatch(/include it: --app customers --app deals/);
    expect(planned.code).toBe(1);
    const applied = await run(['apply', '--yes', '-C', dir, '--app', 'deals']);
    expect(applied.code).toBe(1);
    expect(applied.out).toMatch(/Apply refused, nothing was changed/);
    expect(await readFile(join(dir, 'appdeploy.yaml'), 'utf8')).not.toMatch(/ids/);
  });
});

describe('a saved plan belongs to one service (item 2)', () => {
  it('apply refuses a plan made against another base URL, naming both', async () => {
    const dir = await project(a.url);
    expect((await run(['apply', '--yes', '-C', dir])).code).toBe(0);
    await writeFile(
      join(dir, 'apps', 'tickets.yaml'),
      stringify(tickets({ subject: { type: 'SINGLE_LINE_TEXT', label: 'Subject' } })),
    );
    const saved = join(dir, 'p.json');
    expect((await run(['plan', '-C', dir, '--out', saved])).code).toBe(0);
    await writeConfig(dir, b.url, ['tickets'], { tickets: await idOf(dir) });
    const applied = await run(['apply', saved, '-C', dir]);
    expect(applied.code).toBe(1);
    expect(applied.err).toContain(`was planned against ${a.url}, not ${b.url}`);
  });

  it('apply refuses a plan of format version 1 (it names no service): plan again', async () => {
    const dir = await project(a.url);
    const saved = join(dir, 'p.json');
    expect((await run(['plan', '-C', dir, '--out', saved])).code).toBe(0);
    const old = JSON.parse(await readFile(saved, 'utf8'));
    delete old.service;
    old.formatVersion = 1;
    await writeFile(saved, JSON.stringify(old));
    const applied = await run(['apply', saved, '-C', dir]);
    expect(applied.code).toBe(1);
    expect(applied.err).toMatch(/format version 1, made by an older appdeploy/);
    expect(applied.err).toMatch(/Plan again/);
  });
});
