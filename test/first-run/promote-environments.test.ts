/**
 * A team's project promoted to an environment of its own (a local service on port 0 standing for
 * staging), through the built CLI as the team runs it. What each command prints must say what
 * happened, where, and what to do next.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { appdeploy, BIN } from '../support/cli.js';
import { serviceProject, useCliService } from '../support/cli-service.js';
import { useTempDir } from '../support/temp-dir.js';

const service = useCliService();
const NOTES = (label: string) =>
  `name: Notes\nfields:\n  title: { type: SINGLE_LINE_TEXT, label: ${label} }\n`;
const dir = useTempDir('promote-environments');

beforeAll(async () => {
  await mkdir(join(dir(), 'apps'));
  for (const [key, name] of [
    ['customers', 'Customers'],
    ['deals', 'Deals'],
  ])
    await writeFile(
      join(dir(), `apps/${key}.yaml`),
      `name: ${name}\nfields:\n  title: { type: SINGLE_LINE_TEXT, label: Title }\n`,
    );
  await writeFile(
    join(dir(), 'appdeploy.yaml'),
    serviceProject('staging', service().url, [], ['customers', 'deals']),
  );
});

describe('promoting to an environment with a service of its own', () => {
  it('apply says the new apps ids are written into appdeploy.yaml, to commit', async () => {
    // README, "Environments and secrets": an app without an id is created by apply, and its id
    // written back into appdeploy.yaml; a checkout without it (CI's next run) would create it again.
    const applied = await appdeploy(['apply', '--yes'], dir());
    expect(applied.code).toBe(0);
    const config = await readFile(join(dir(), 'appdeploy.yaml'), 'utf8');
    const ids = [...config.matchAll(/ids: \{ staging: (\d+) \}/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(applied.stdout).toContain(
      `\nApplied customers (${ids[0]}), deals (${ids[1]}). The ids of customers, deals are written in appdeploy.yaml: commit it, or the next apply from another checkout creates them again.\n`,
    );
    // Nothing created: nothing to say about ids.
    await writeFile(
      join(dir(), 'apps/deals.yaml'),
      'name: Deals\nfields:\n  title: { type: SINGLE_LINE_TEXT, label: Deal }\n',
    );
    const again = await appdeploy(['apply', '--yes'], dir());
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`\nApplied deals (${ids[1]}).\n`);
    expect((await appdeploy(['plan', '--detailed-exitcode'], dir())).code).toBe(0);
  }, 120_000);

  it('status names export for changes made on the service, beside apply', async () => {
    // docs/export.md: a change someone made on the service (its settings screens) is brought into
    // the manifest by export; apply would undo it. Status cannot tell which one drift is: it says both.
    const ids = [
      ...(await readFile(join(dir(), 'appdeploy.yaml'), 'utf8')).matchAll(/ids: \{ staging: (\d+) \}/g),
    ];
    const customers = ids[0]![1]!;
    const client = createClient({ baseUrl: service().url, auth: { login: 'admin', password: 'admin' } });
    try {
      await client.form.updateFields({
        app: customers,
        properties: { title: { type: 'SINGLE_LINE_TEXT', label: 'Company' } },
      });
      await client.apps.deploy({ apps: [{ app: customers }] });
      await client.apps.waitForDeploy([customers], { initialIntervalMs: 10 });
    } finally {
      await client.close();
    }
    const status = await appdeploy(['status'], dir());
    expect(status.code).toBe(2);
    expect(status.stdout).toContain(
      [
        '1 of 2 apps not in sync.',
        '  `npx appdeploy plan` shows the differences; `npx appdeploy apply` makes the apps match.',
        '  Changes made on the service to keep instead: `npx appdeploy export --app customers` writes them into the manifests.',
      ].join('\n'),
    );
    expect((await appdeploy(['export', '--app', 'customers', '--force'], dir())).code).toBe(0);
    expect((await appdeploy(['status'], dir())).code).toBe(0);
  }, 120_000);
});

describe('an environment whose address or credentials come from variables', () => {
  // README, "Environments and secrets": values come from the machine's environment or from .env,
  // and the environment wins. A stale variable exported in a shell hides the .env the team keeps:
  // the error says which line and which source the values came from.
  const project = () => join(dir(), 'variables');
  beforeAll(async () => {
    await mkdir(join(project(), 'apps'), { recursive: true });
    await writeFile(join(project(), 'apps/notes.yaml'), NOTES('Title'));
    await writeFile(
      join(project(), 'appdeploy.yaml'),
      [
        'environments:',
        '  production:',
        '    baseUrl: ${PRODUCTION_URL}',
        '    auth: { login: ${PRODUCTION_LOGIN}, password: ${PRODUCTION_PASSWORD} }',
        'apps:',
        '  notes: { manifest: apps/notes.yaml }',
        '',
      ].join('\n'),
    );
    await writeFile(
      join(project(), '.env'),
      `PRODUCTION_URL=${service().url}\nPRODUCTION_LOGIN=admin\nPRODUCTION_PASSWORD=admin\n`,
    );
  });
  const clean = { PRODUCTION_URL: undefined, PRODUCTION_LOGIN: undefined, PRODUCTION_PASSWORD: undefined };

  it('a refused password names the environment, the line, and where each variable came from', async () => {
    expect((await appdeploy(['plan'], project(), clean)).code).toBe(0);
    const stale = await appdeploy(['plan'], project(), { ...clean, PRODUCTION_PASSWORD: 'last-year' });
    expect(stale.code).toBe(1);
    expect(stale.stderr.split('\n')[1]).toBe(
      '  Check the credentials of environment "production" at appdeploy.yaml:4:20. PRODUCTION_PASSWORD is set in the machine\'s environment, which wins over .env; PRODUCTION_LOGIN is from .env.',
    );
  }, 60_000);

  it('an address nothing answers at (a closed port) names the line it came from', async () => {
    const down = await appdeploy(['status'], project(), { ...clean, PRODUCTION_URL: 'http://127.0.0.1:1' });
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/^Error: .*nothing accepts connections at 127\.0\.0\.1:1 \(ECONNREFUSED\)/);
    expect(down.stderr.split('\n')[1]).toBe(
      '  Environment "production" has this address from appdeploy.yaml:3:14. PRODUCTION_URL is set in the machine\'s environment, which wins over .env.',
    );
  }, 60_000);
});

describe('an apply interrupted with Ctrl-C before its deploy', () => {
  // README, Commands: 130, interrupted before any deploy call, live as before; the message says
  // so and what to do next: the same apply, when ready.
  const slow = useCliService(['--latency', '150']);
  const project = () => join(dir(), 'slow');
  beforeAll(async () => {
    await mkdir(join(project(), 'apps'), { recursive: true });
    await writeFile(join(project(), 'apps/notes.yaml'), NOTES('Title'));
    await writeFile(join(project(), 'appdeploy.yaml'), serviceProject('staging', slow().url, [], ['notes']));
  });

  it('rolls back, exits 130, and says to run apply again', async () => {
    expect((await appdeploy(['apply', '--yes'], project())).code).toBe(0);
    await writeFile(join(project(), 'apps/notes.yaml'), NOTES('Headline'));
    const child = spawn(process.execPath, [BIN, 'apply', '--yes'], {
      cwd: project(),
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const writing = new Promise<void>((resolve) =>
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('writing fields')) resolve();
      }),
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await writing;
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stdout).toContain(
      '\nInterrupted before the deploy call. Every app is as before (drafts reverted). Run `npx appdeploy apply` again when ready.\n',
    );
    expect((await appdeploy(['apply', '--yes'], project())).code).toBe(0);
    expect((await appdeploy(['plan', '--detailed-exitcode'], project())).code).toBe(0);
  }, 120_000);
});
