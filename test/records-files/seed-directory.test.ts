/**
 * `appdeploy seed` refuses, before its first write, a record naming a user or group the target
 * lacks (after the environment's users map): the record API would refuse the bulk request
 * ("No user has the login name ...", CB_VA01) after earlier requests had landed. Against the local
 * service, which answers the User API and refuses such records as the platform does. One lookup per
 * seed (a proxy in front of the service counts the User API calls), none with an API token.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyProject } from '../export/harness.js';
import { runMain } from '../support/main-in-process.js';
import { useLocalService } from '../support/service.js';
import { tempProject } from '../support/temp-project.js';
import { USERS } from '../emulator/records/records-helpers.js';
import { customersProjectFile } from './project.js';

const service = useLocalService({ client: {}, emulator: { users: USERS } });
let root = '';
afterEach(async () => rm(root, { recursive: true, force: true }));

const MANIFEST = `name: Customers
fields:
  customer_code: { type: SINGLE_LINE_TEXT, label: Code, unique: true }
  owner: { type: USER_SELECT, label: Owner }
  team: { type: GROUP_SELECT, label: Team }
  lines:
    type: SUBTABLE
    label: Lines
    fields:
      item: { type: SINGLE_LINE_TEXT, label: Item }
      helper: { type: USER_SELECT, label: Helper }
`;

/** boss and alice exist (boss through the map); alcie, dave, ghost (mapped to carol) and devs do not. */
const RECORDS = [
  '- customer_code: C1',
  '  owner: boss',
  '  lines:',
  '    - { item: pen, helper: [alice, dave] }',
  '- customer_code: C2',
  '  owner: alcie',
  '- customer_code: C3',
  '  owner: [alice, ghost]',
  '  team: devs',
  '',
].join('\n');

async function project(records: string): Promise<string> {
  root = await tempProject('appdeploy-seed-dir-', {
    'appdeploy.yaml': customersProjectFile(service.url, ', users: { boss: admin, ghost: carol }'),
    'apps/customers.yaml': MANIFEST,
    'records/customers.yaml': records,
  });
  const applied = await applyProject(root, service.client);
  return applied.apps[0]!.id!;
}

const seed = (...args: string[]) => runMain(['seed', '-C', root, '--env', 'test', ...args]);

async function count(app: string): Promise<number> {
  return (await service.client.records.getRecords({ app, query: 'limit 500' })).records.length;
}

describe('seed: users and groups the target lacks', () => {
  it('are each reported where the record file names them, and nothing is written', async () => {
    const app = await project(RECORDS);
    const run = await seed('--yes');
    expect(run.code).toBe(1);
    // Named as validate names a file (from the folder the command runs in: here, outside the
    // project, so absolute), with the source line under each location.
    expect(run.err.replaceAll(`${root}/`, '<project>/')).toMatchInlineSnapshot(`
      "<project>/records/customers.yaml:4:36: app customers, record "C1": user "dave" does not exist in environment test
        4 |     - { item: pen, helper: [alice, dave] }
          |                                    ^
        hint: Add the user "dave" there, or map "dave" to a user that exists (environments.test.users in appdeploy.yaml).
      <project>/records/customers.yaml:6:10: app customers, record "C2": user "alcie" does not exist in environment test
        6 |   owner: alcie
          |          ^
        hint: Add the user "alcie" there, or map "alcie" to a user that exists (environments.test.users in appdeploy.yaml). Did you mean "alice"?
      <project>/records/customers.yaml:8:18: app customers, record "C3": user "carol" does not exist in environment test (environments.test.users maps "ghost" to it)
        8 |   owner: [alice, ghost]
          |                  ^
        hint: Add the user "carol" there, or map "ghost" to a user that exists (environments.test.users in appdeploy.yaml).
      <project>/records/customers.yaml:9:9: app customers, record "C3": group "devs" does not exist in environment test
        9 |   team: devs
          |         ^
        hint: Add the group "devs" there, or map "devs" to a group that exists (environments.test.groups in appdeploy.yaml).
      Seed refused: 4 values name a user, group or organization environment test lacks. Nothing was written.
      "
    `);
    expect(await count(app)).toBe(0);

    const dry = await seed('--dry-run');
    expect(dry.code).toBe(1);
    expect(dry.err).toBe(run.err);
    const json = await seed('--dry-run', '--format', 'json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({ outcome: 'refused', exitCode: 1 });
    expect(await count(app)).toBe(0);
  });

  it('seeds records whose users all exist (one of them through the map)', async () => {
    const app = await project(RECORDS.split('- customer_code: C2')[0]!.replace(', dave', ''));
    const run = await seed('--yes');
    expect(run).toMatchObject({ code: 0, err: '' });
    const [c1] = (await service.client.records.getRecords({ app, query: '' })).records;
    expect((c1!.owner!.value as { code: string }[]).map((u) => u.code)).toEqual(['admin']);
    expect(await seed('--yes')).toEqual({ code: 0, out: 'No changes.\n', err: '' });
  });

  it('are not looked up where the environment signs in with an API token: seed says so', async () => {
    const app = await project(RECORDS);
    const { token } = (await service.control('POST', '/_emulator/tokens', {
      app,
      permissions: { view: true, add: true, edit: true, delete: true, manage: true },
    })) as { token: string };
    const file = join(root, 'appdeploy.yaml');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(
        'auth: { login: admin, password: admin }',
        `auth: { apiToken: ${token} }`,
      ),
    );
    const dry = await seed('--dry-run');
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out.split('\n').find((l) => l.startsWith('Directory check skipped'))).toMatchInlineSnapshot(
      `"Directory check skipped: 6 users, groups and organizations named by the records to write were not looked up in the target: the environment signs in with API tokens only, and the User API takes no app token. A missing one is found only when the service refuses the write."`,
    );
    const json = JSON.parse((await seed('--dry-run', '--format', 'json')).out);
    expect(json.directoryCheck).toEqual({
      skipped: 'the environment signs in with API tokens only, and the User API takes no app token',
      unchecked: 6,
    });
    expect(await count(app)).toBe(0);
  });

  it('are looked up once per seed, not once per record', async () => {
    // 300 records naming 3 users: one call of the User API, for the 3 codes.
    const many = Array.from(
      { length: 300 },
      (_, i) => `- { customer_code: C${i + 1}, owner: ${['alice', 'bob', 'boss'][i % 3]} }`,
    );
    const app = await project(`${many.join('\n')}\n`);
    const seen: string[] = [];
    const proxy = await countingProxy(service.url, seen);
    try {
      const file = join(root, 'appdeploy.yaml');
      await writeFile(file, (await readFile(file, 'utf8')).replace(service.url, proxy.url));
      const run = await seed('--yes');
      expect(run.code, run.err).toBe(0);
    } finally {
      await proxy.close();
    }
    const calls = seen.filter((path) => path.startsWith('/v1/')).map((path) => new URL(path, 'http://x'));
    expect(calls.map((call) => call.pathname)).toEqual(['/v1/users.json']);
    expect([...calls[0]!.searchParams].filter(([name]) => name.startsWith('codes'))).toEqual([
      ['codes[0]', 'alice'],
      ['codes[1]', 'bob'],
      ['codes[2]', 'admin'],
    ]);
    expect(await count(app)).toBe(300);
  });
});

/** A plain HTTP proxy in front of the service that notes each request's path (and query). */
async function countingProxy(
  target: string,
  seen: string[],
): Promise<{ url: string; close(): Promise<void> }> {
  const to = new URL(target);
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const upstream = request(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
