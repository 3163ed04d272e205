/**
 * One project promoted to two local services whose users, groups and organizations differ: the
 * second environment maps them (appdeploy.yaml's users, groups, organizations), and leaves bob
 * out. Each apply converges (a fresh plan is empty), the live settings name each service's own
 * codes, export from the second gives back the manifest's codes, and the generated customization
 * file holds each environment's app ids.
 */
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { apply } from '../../src/apply/index.js';
import { AREAS } from '../../src/areas/index.js';
import { generatedContent } from '../../src/areas/customize-generated.js';
import { createClient, type Client } from '../../src/client/index.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { exportApps } from '../../src/export/index.js';
import { plan, hasChanges } from '../../src/plan/index.js';
import { downloadHasher } from '../../src/readers/index.js';
import { renderText } from '../../src/render/index.js';
import { validateProject, type Project } from '../../src/project/index.js';
import { reviewProcess } from '../support/fields.js';
import { ADMIN } from '../support/users.js';

const ADMIN_USER = { ...ADMIN, admin: true };
const user = (login: string) => ({ login, password: login, admin: false });

const CUSTOMERS = {
  name: 'Customers',
  fields: {
    owner: { type: 'USER_SELECT', label: 'Owner', defaultValue: [{ type: 'USER', code: 'alice' }] },
    team: { type: 'GROUP_SELECT', label: 'Team', defaultValue: [{ type: 'GROUP', code: 'sales' }] },
    office: {
      type: 'ORGANIZATION_SELECT',
      label: 'Office',
      defaultValue: [{ type: 'ORGANIZATION', code: 'hq' }],
    },
  },
  views: { Mine: { type: 'LIST', filterCond: 'owner in ("alice") and team in ("sales")' } },
  appAcl: [
    {
      entity: { type: 'USER', code: 'alice' },
      appEditable: true,
      recordViewable: true,
      recordAddable: true,
      recordEditable: true,
    },
    { entity: { type: 'USER', code: 'bob' }, recordViewable: true },
    { entity: { type: 'ORGANIZATION', code: 'hq' }, recordViewable: true },
    { entity: { type: 'GROUP', code: 'everyone' }, recordViewable: true, recordAddable: true },
  ],
  notifications: {
    general: {
      notifications: [
        { entity: { type: 'USER', code: 'alice' }, recordAdded: true },
        { entity: { type: 'USER', code: 'bob' }, commentAdded: true },
        { entity: { type: 'GROUP', code: 'sales' }, recordEdited: true },
      ],
    },
  },
  process: reviewProcess(
    {
      type: 'ANY',
      entities: [
        { entity: { type: 'USER', code: 'alice' } },
        { entity: { type: 'USER', code: 'bob' } },
        { entity: { type: 'GROUP', code: 'sales' } },
      ],
    },
    ['Send for review', 'Approve'],
  ),
  customize: { desktop: { js: [{ generated: 'environment' }] } },
};
const DEALS = { name: 'Deals', customize: { desktop: { js: [{ generated: 'environment' }] } } };

let one: RunningEmulator;
let two: RunningEmulator;
let root: string;
const clients: Client[] = [];

async function control(emulator: RunningEmulator, method: string, path: string, body: unknown) {
  const res = await fetch(emulator.url + path, {
    method,
    headers: {
      'X-Service-Authorization': Buffer.from('admin:admin').toString('base64'),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${await res.text()}`);
}

beforeAll(async () => {
  one = await startEmulator({ port: 0, deployMs: 20, users: [ADMIN_USER, user('alice'), user('bob')] });
  two = await startEmulator({ port: 0, deployMs: 20, users: [ADMIN_USER, user('a.smith'), user('r.jones')] });
  await control(one, 'PUT', '/_emulator/directory', {
    groups: [{ code: 'sales', users: ['alice'] }],
    organizations: [{ code: 'hq', users: ['alice', 'bob'] }],
  });
  await control(two, 'PUT', '/_emulator/directory', {
    groups: [{ code: 'sales-eu', users: ['a.smith'] }],
    organizations: [{ code: 'head-office', users: ['a.smith', 'r.jones'] }],
  });
  root = await mkdtemp(join(tmpdir(), 'appdeploy-promotion-'));
  await mkdir(join(root, 'apps'));
  await writeFile(join(root, 'apps', 'customers.yaml'), stringify(CUSTOMERS));
  await writeFile(join(root, 'apps', 'deals.yaml'), stringify(DEALS));
  await writeFile(
    join(root, 'appdeploy.yaml'),
    stringify({
      environments: {
        one: { baseUrl: one.url, auth: { login: 'admin', password: 'admin' } },
        two: {
          baseUrl: two.url,
          auth: { login: 'admin', password: 'admin' },
          users: { alice: 'a.smith', bob: null },
          groups: { sales: 'sales-eu' },
          organizations: { hq: 'head-office' },
        },
      },
      apps: { customers: { manifest: 'apps/customers.yaml' }, deals: { manifest: 'apps/deals.yaml' } },
    }),
  );
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await one.close();
  await two.close();
  await rm(root, { recursive: true, force: true });
});

async function load(env: string): Promise<Project> {
  const result = await validateProject({ cwd: root, dir: root, env, variables: {} });
  if (!result.project) throw new Error(JSON.stringify(result.problems));
  return result.project;
}

function clientOf(emulator: RunningEmulator): Client {
  const client = createClient({
    baseUrl: emulator.url,
    auth: ADMIN,
    retry: { initialDelayMs: 20, maxDelayMs: 100 },
  });
  clients.push(client);
  return client;
}

async function applyTo(env: string, client: Client) {
  const project = await load(env);
  const thePlan = await plan({ project, client, now: new Date('2026-01-01T00:00:00Z') });
  const result = await apply({ plan: thePlan, project, client, pollIntervalMs: { initial: 10, max: 50 } });
  expect(result.outcome, JSON.stringify(result)).toBe('applied');
  const again = await plan({ project: await load(env), client, now: new Date('2026-01-01T00:00:00Z') });
  expect(again.apps.filter((a) => a.action !== 'no-op').map((a) => ({ key: a.key, areas: a.areas }))).toEqual(
    [],
  );
  expect(hasChanges(again)).toBe(false);
  return { first: thePlan, again, project: await load(env) };
}

async function live(client: Client, app: string, key: string) {
  const area = AREAS.find((a) => a.key === key)!;
  return (await area.read({ client, app, copy: 'live', downloadHash: downloadHasher(client) })).value;
}

const codesIn = (value: unknown): string[] =>
  JSON.stringify(value).match(
    /"type":"(?:USER|GROUP|ORGANIZATION)","code":"[^"]+"|"code":"[^"]+","type":"(?:USER|GROUP|ORGANIZATION)"/g,
  ) ?? [];

describe('one project, two environments with different users', () => {
  it('applies to each through its maps, converges, and names each service its own codes', async () => {
    const clientOne = clientOf(one);
    const clientTwo = clientOf(two);
    const a = await applyTo('one', clientOne);
    expect(a.first.apps.every((app) => app.leftOut === undefined)).toBe(true);
    const b = await applyTo('two', clientTwo);
    // Bob is left out in two: the plan says where, each time (the empty plan too).
    expect(b.again.apps.find((app) => app.key === 'customers')!.leftOut).toEqual([
      {
        area: 'appAcl',
        path: 'appAcl[1]',
        location: 'apps/customers.yaml:33:5',
        item: 'rule',
        kind: 'users',
        code: 'bob',
      },
      {
        area: 'notificationsGeneral',
        path: 'notifications.general.notifications[1]',
        location: 'apps/customers.yaml:53:9',
        item: 'recipient',
        kind: 'users',
        code: 'bob',
      },
      {
        area: 'process',
        path: 'process.states.Review.assignee.entities[1]',
        location: 'apps/customers.yaml:74:13',
        item: 'assignee',
        kind: 'users',
        code: 'bob',
      },
    ]);
    expect(renderText(b.again, { color: false })).toContain(
      '  appAcl[1], the rule naming user "bob" (apps/customers.yaml:33:5): environments.two.users["bob"] is null.',
    );
    const idOf = (p: Project, key: string) => p.apps.find((x) => x.key === key)!.id!;
    const customersTwo = idOf(b.project, 'customers');
    const appAcl = await live(clientTwo, customersTwo, 'appAcl');
    expect(codesIn(appAcl).join(' ')).not.toMatch(/alice|bob|"hq"/);
    expect(JSON.stringify(appAcl)).toContain('"code":"a.smith"');
    expect(JSON.stringify(await live(clientTwo, customersTwo, 'fields'))).toContain('"code":"head-office"');
    expect(JSON.stringify(await live(clientTwo, customersTwo, 'process'))).toContain('"code":"sales-eu"');
    expect(JSON.stringify(await live(clientTwo, customersTwo, 'views'))).toContain(
      String.raw`owner in (\"a.smith\") and team in (\"sales-eu\")`,
    );
    expect(JSON.stringify(await live(clientOne, idOf(a.project, 'customers'), 'appAcl'))).toContain(
      '"code":"bob"',
    );

    // The generated file holds each environment's ids.
    for (const [p, client, env] of [
      [a.project, clientOne, 'one'],
      [b.project, clientTwo, 'two'],
    ] as const) {
      const apps = Object.fromEntries(p.apps.map((x) => [x.key, x.id!]));
      const customize = (await live(client, idOf(p, 'deals'), 'customize')) as {
        desktop: { js: { file: { name: string; sha256: string } }[] };
      };
      const { createHash } = await import('node:crypto');
      expect(customize.desktop.js[0]!.file).toEqual({
        name: 'appdeploy-environment.js',
        sha256: createHash('sha256').update(generatedContent({ env, apps })).digest('hex'),
      });
    }
  });

  it('exports from the second service with the manifest codes', async () => {
    const exportRoot = await mkdtemp(join(tmpdir(), 'appdeploy-promotion-export-'));
    try {
      const config = parse(await readFile(join(root, 'appdeploy.yaml'), 'utf8')) as {
        apps: unknown;
        environments: unknown;
      };
      await writeFile(join(exportRoot, 'appdeploy.yaml'), stringify({ environments: config.environments }));
      const result = await validateProject({ cwd: exportRoot, dir: exportRoot, env: 'two', variables: {} });
      const client = clientOf(two);
      const exported = await exportApps({ project: result.project!, client, selection: { all: true } });
      expect(exported.outcome).toBe('exported');
      const customers = parse(
        await readFile(join(exportRoot, 'apps', 'customers.yaml'), 'utf8'),
      ) as typeof CUSTOMERS;
      expect(customers.appAcl.map((r) => r.entity)).toEqual([
        { type: 'USER', code: 'alice' },
        { type: 'ORGANIZATION', code: 'hq' },
        { type: 'GROUP', code: 'everyone' },
      ]);
      expect(customers.fields.owner.defaultValue).toEqual([{ type: 'USER', code: 'alice' }]);
      expect(customers.fields.team.defaultValue).toEqual([{ type: 'GROUP', code: 'sales' }]);
      expect(customers.process.states.Review.assignee.entities).toEqual([
        { entity: { type: 'USER', code: 'alice' } },
        { entity: { type: 'GROUP', code: 'sales' } },
      ]);
      expect(customers.views.Mine.filterCond).toBe('owner in ("alice") and team in ("sales")');
      expect(customers.customize).toEqual({ desktop: { js: [{ generated: 'environment' }] } });
    } finally {
      await rm(exportRoot, { recursive: true, force: true });
    }
  });

  it('re-uploads the generated file when an id changes, and plans no change while none does', async () => {
    const client = clientOf(one);
    const project = await load('one');
    const deals = project.apps.find((a) => a.key === 'deals')!;
    const quiet = await plan({ project, client });
    expect(quiet.apps.find((a) => a.key === 'deals')!.action).toBe('no-op');
    // The customers app moves: another id in appdeploy.yaml (an app made by hand, say).
    const created = await client.apps.addApp({ name: 'Customers again' });
    const text = await readFile(join(root, 'appdeploy.yaml'), 'utf8');
    const customersId = project.apps.find((a) => a.key === 'customers')!.id!;
    await writeFile(
      join(root, 'appdeploy.yaml'),
      text.replace(new RegExp(`(customers:[\\s\\S]*?one: )${customersId}\\b`), `$1${created.app}`),
    );
    const moved = await load('one');
    expect(moved.apps.find((a) => a.key === 'customers')!.id).toBe(created.app);
    const changed = await plan({ project: moved, client, apps: ['deals'] });
    const dealsPlan = changed.apps.find((a) => a.key === 'deals')!;
    expect(
      dealsPlan.areas.filter((x) => x.action !== 'no-op').map((x) => [x.key, x.changes.map((c) => c.path)]),
    ).toEqual([['customize', [['desktop', 'js', 0]]]]);
    // Only deals is applied here (customers' new app is empty: planned, it would be rewritten whole).
    const onlyDeals = { ...changed, apps: [dealsPlan] };
    const result = await apply({
      plan: onlyDeals,
      project: moved,
      client,
      pollIntervalMs: { initial: 10, max: 50 },
    });
    expect(result.outcome, JSON.stringify(result)).toBe('applied');
    const again = await plan({ project: await load('one'), client, apps: ['deals'] });
    expect(again.apps[0]!.action).toBe('no-op');
    expect(deals.id).not.toBeNull();
  });
});
