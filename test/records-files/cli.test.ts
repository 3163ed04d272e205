/**
 * The built CLI's `export --records`, once, in a folder of its own: the project's app applied to
 * the local service, its records exported masked, then again (the same bytes), and `validate`
 * content with the file it wrote.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { applyProject } from '../export/harness.js';
import { appdeploy } from '../support/cli.js';
import { useLocalService } from '../support/service.js';
import { tempProject } from '../support/temp-project.js';
import { CUSTOMERS_MANIFEST } from './project.js';

const service = useLocalService({ client: {} });
let root = '';
afterAll(async () => rm(root, { recursive: true, force: true }));

it(
  'export --records --mask writes the record file, the same twice, and validate accepts it',
  { timeout: 90_000 },
  async () => {
    root = await tempProject('appdeploy-records-cli-', {
      'appdeploy.yaml': [
        'environments:',
        `  test: { baseUrl: '${service.url}', auth: { login: admin, password: admin } }`,
        'apps:',
        '  customers: { manifest: apps/customers.yaml }',
        '',
      ].join('\n'),
      'apps/customers.yaml': CUSTOMERS_MANIFEST,
    });
    const project = await applyProject(root, service.client);
    await service.client.records.addAll(project.apps[0]!.id!, [
      { customer_code: { value: 'B' }, name: { value: 'Bob' }, email: { value: 'bob@corp.example' } },
      { customer_code: { value: 'A' }, name: { value: 'Alice' }, email: { value: 'alice@corp.example' } },
    ]);
    const env = { APPDEPLOY_MASK_KEY: 'a-secret-for-this-test-only-0123' };
    const args = ['export', '--records', '--app', 'customers', '--mask', 'email,name'];
    const first = await appdeploy(args, root, env);
    expect(first.stderr).toBe('');
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toBe(
      'Exported 2 records of customers to records/customers.yaml, keyed by customer_code; appdeploy.yaml: apps.customers.records added (key customer_code).\n',
    );
    const text = await readFile(join(root, 'records/customers.yaml'), 'utf8');
    expect(text).toMatch(
      /^- customer_code: A\n {2}name: masked-[0-9a-f]{12}\n {2}email: user-[0-9a-f]{10}@example\.com\n- customer_code: B\n/,
    );
    const second = await appdeploy(args, root, env);
    expect(second.stdout).toBe(
      'Exported 2 records of customers to records/customers.yaml, keyed by customer_code.\n',
    );
    expect(await readFile(join(root, 'records/customers.yaml'), 'utf8')).toBe(text);
    const validate = await appdeploy(['validate'], root);
    expect(validate).toMatchObject({ code: 0 });
  },
);
