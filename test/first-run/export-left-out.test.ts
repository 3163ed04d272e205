/**
 * A team promotes one project through environments whose maps leave someone out (`hq: ~` in
 * dev: dev has no such organization). A change made by hand on dev is brought back into the
 * manifest with `export`: the rule, recipient or assignee that dev leaves out is the manifest's,
 * not the service's, so export keeps it (README, "Promoting a project through environments":
 * the maps leave it out "in that environment"; export maps the codes back). Dropping it would
 * take it from staging and production on their next apply. End to end: the built CLI against a
 * local service on port 0, the hand edit made through the REST interface as the browser makes it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { appdeploy } from '../support/cli.js';
import { serviceProject, useCliService } from '../support/cli-service.js';
import { useTempDir } from '../support/temp-dir.js';

const MANIFEST = `name: Customers
fields:
  company: { type: SINGLE_LINE_TEXT, label: Company }
  owner:
    type: USER_SELECT
    label: Owner
    defaultValue: [{ type: USER, code: alice }, { type: ORGANIZATION, code: hq }]
appAcl:
  - entity: { type: USER, code: alice }
    appEditable: true
    recordViewable: true
  - entity: { type: ORGANIZATION, code: hq }
    recordViewable: true
    recordAddable: true
  - entity: { type: GROUP, code: everyone }
    recordViewable: true
notifications:
  general:
    notifications:
      - { entity: { type: ORGANIZATION, code: hq }, recordAdded: true }
      - { entity: { type: GROUP, code: sales }, recordEdited: true }
`;

const service = useCliService([
  '--user',
  'admin:admin:admin',
  '--user',
  'alice:pw',
  '--group',
  'sales:alice',
]);
const dir = useTempDir('export-left-out');

beforeAll(async () => {
  await mkdir(join(dir(), 'apps'));
  await writeFile(join(dir(), 'apps/customers.yaml'), MANIFEST);
  await writeFile(
    join(dir(), 'appdeploy.yaml'),
    serviceProject('dev', service().url, ['organizations: { hq: ~ }'], ['customers']),
  );
});

/** The company field relabelled and deployed, as someone in the browser would. */
async function relabelOnService(app: string): Promise<void> {
  const client = createClient({ baseUrl: service().url, auth: { login: 'admin', password: 'admin' } });
  try {
    await client.form.updateFields({
      app,
      properties: { company: { type: 'SINGLE_LINE_TEXT', label: 'Company name' } },
    });
    await client.apps.deploy({ apps: [{ app }] });
    await client.apps.waitForDeploy([app], { initialIntervalMs: 10 });
  } finally {
    await client.close();
  }
}

describe('export from an environment whose maps leave someone out', () => {
  it('keeps what the environment leaves out, and writes only the change made on the service', async () => {
    const applied = await appdeploy(['apply', '--yes'], dir());
    expect(applied.stderr).not.toContain('Error');
    expect(applied.code).toBe(0);
    expect((await appdeploy(['plan', '--detailed-exitcode'], dir())).code).toBe(0);

    // Nothing changed anywhere: the manifest is what the service has, as dev has it.
    const untouched = await appdeploy(['export', '--app', 'customers'], dir());
    expect(untouched.stderr).toContain('customers (app 1): unchanged apps/customers.yaml');
    expect(untouched.stdout).toContain('1 unchanged');
    expect(untouched.code).toBe(0);
    expect(await readFile(join(dir(), 'apps/customers.yaml'), 'utf8')).toBe(MANIFEST);

    const id = /customers: \{[^}]*ids: \{ dev: (\d+) \}/.exec(
      await readFile(join(dir(), 'appdeploy.yaml'), 'utf8'),
    )?.[1];
    expect(id).toBeDefined();
    await relabelOnService(id!);

    // Refused for the area changed on the service alone: the others say what dev has.
    const refused = await appdeploy(['export', '--app', 'customers'], dir());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('apps/customers.yaml differs from the service in fields, which export');
    // The plan it points at is this environment's, chosen as this command chose it.
    const named = await appdeploy(['export', '-C', dir(), '--env', 'dev', '--app', 'customers'], dir());
    expect(named.stderr).toContain(
      `apply them first: \`npx appdeploy plan -C ${dir()} --env dev\` shows them.`,
    );

    const forced = await appdeploy(['export', '--app', 'customers', '--force'], dir());
    expect(forced.stderr).toContain('updated apps/customers.yaml');
    expect(forced.code).toBe(0);
    expect(await readFile(join(dir(), 'apps/customers.yaml'), 'utf8')).toBe(
      MANIFEST.replace('label: Company }', 'label: Company name }'),
    );
    expect((await appdeploy(['plan', '--detailed-exitcode'], dir())).code).toBe(0);
  }, 120_000);
});
