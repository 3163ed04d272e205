/**
 * `status` and `plan` tell a new user whether the environment's service answers and takes the
 * credentials before anything else, even where no app has an id there yet (a project with no
 * apps, written to `export --all` into, or an environment signing in with API tokens alone), where
 * otherwise nothing would be read: a wrong base URL or password must not be reported "In sync".
 * The wording is the one every other command gives for the same cause (report-error.ts).
 */
import { createServer } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appdeploy } from '../support/cli.js';
import { useCliService } from '../support/cli-service.js';
import { useTempDir } from '../support/temp-dir.js';

const service = useCliService();
const dir = useTempDir('status-connection');
let closedPort: number;

beforeAll(async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closedPort = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A token of an app made on the service for it (docs/local-service.md, POST /_emulator/tokens). */
async function issueToken(): Promise<string> {
  const headers = {
    'content-type': 'application/json',
    'x-cybozu-authorization': Buffer.from('admin:admin').toString('base64'),
  };
  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(`${service().url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    ).json()) as Record<string, string>;
  const { app } = await post('/k/v1/preview/app.json', { name: 'Other' });
  return (await post('/_emulator/tokens', { app, permissions: { manage: true } })).token!;
}

const NOTES = 'name: Notes\nfields:\n  title: { type: SINGLE_LINE_TEXT, label: Title }\n';

async function project(name: string, url: string, auth: string, withApp: boolean): Promise<string> {
  const root = join(dir(), name);
  await mkdir(join(root, 'apps'), { recursive: true });
  await writeFile(join(root, 'apps/notes.yaml'), NOTES);
  const apps = withApp ? ['apps:', '  notes: { manifest: apps/notes.yaml }'] : [];
  await writeFile(
    join(root, 'appdeploy.yaml'),
    ['environments:', '  staging:', `    baseUrl: ${url}`, `    auth: ${auth}`, ...apps, ''].join('\n'),
  );
  return root;
}

const closed = () => `http://127.0.0.1:${closedPort}`;
const REFUSED = (port: number) => `nothing accepts connections at 127.0.0.1:${port} (ECONNREFUSED)`;

describe('status and plan where no app has an id in the environment', () => {
  const cases = [
    { name: 'no apps, a closed port', url: closed, auth: '{ login: admin, password: admin }', apps: false },
    { name: 'tokens only, a closed port', url: closed, auth: '{ apiToken: t1 }', apps: true },
  ];
  for (const c of cases)
    for (const command of ['status', 'plan'])
      it(`${command}: ${c.name}: exit 1 naming the address and where it is set`, async () => {
        const root = await project(`${command}-${c.name.replace(/\W+/g, '-')}`, c.url(), c.auth, c.apps);
        const run = await appdeploy([command, '--env', 'staging'], root);
        expect(run.stderr).toContain(REFUSED(closedPort));
        expect(run.stderr).toContain("Check the base URL's host and port, and that the service runs there.");
        expect(run.stderr).toContain('Environment "staging" has this address from appdeploy.yaml:3:14.');
        expect(run.stderr).not.toMatch(/Bug|\n\s+at /);
        expect(run.code).toBe(1);
      });

  it('status: no apps, a wrong password: exit 1 naming the credentials', async () => {
    const root = await project(
      'wrong-password',
      service().url,
      '{ login: admin, password: wrong-one }',
      false,
    );
    const run = await appdeploy(['status', '--env', 'staging'], root);
    expect(run.stderr).toContain('CB_WA01');
    expect(run.stderr).toMatch(/Check the credentials of environment "staging" at appdeploy\.yaml:4:\d+\./);
    expect(run.code).toBe(1);
  });

  it('status: no apps, the service answering and the password right: in sync', async () => {
    const root = await project('right', service().url, '{ login: admin, password: admin }', false);
    const run = await appdeploy(['status', '--env', 'staging'], root);
    expect(run.stdout).toContain('In sync');
    expect(run.code).toBe(0);
  });

  it('status: tokens only, a token of no app: exit 1 naming the token', async () => {
    const root = await project('token-wrong', service().url, '{ apiToken: t1 }', true);
    const run = await appdeploy(['status', '--env', 'staging'], root);
    expect(run.stderr).toContain('GAIA_IA02');
    expect(run.stderr).toContain('check apiToken in appdeploy.yaml');
    expect(run.code).toBe(1);
  });

  it('status: tokens only, the service answering: the app not created yet, and no error', async () => {
    const root = await project('token-right', service().url, `{ apiToken: ${await issueToken()} }`, true);
    const run = await appdeploy(['status', '--env', 'staging'], root);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('notes: not created yet');
    expect(run.code).toBe(2);
  });
});
