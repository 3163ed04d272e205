/**
 * export --records against the local service: the records written plainly in key order, users
 * mapped back through the environment's map, attachments downloaded beside the file, appdeploy.yaml
 * given the `records` entry with its comments kept; a masked export twice byte-identical; the file
 * validates.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { AppdeployError } from '../../src/errors.js';
import { exportRecords } from '../../src/export/index.js';
import { loadProject, validateProject } from '../../src/project/index.js';
import { applyProject } from '../export/harness.js';
import { loadValid } from '../support/projects.js';
import { useLocalService } from '../support/service.js';
import { tempProject } from '../support/temp-project.js';
import { CUSTOMERS_MANIFEST } from './project.js';

const service = useLocalService({ client: {} });
const recordsSchema = new Ajv2020({ strict: false }).compile(
  JSON.parse(await readFile(new URL('../../schema/records.schema.json', import.meta.url), 'utf8')) as object,
);
const MASK_KEY = 'a-test-secret-of-32-characters!!';
let root = '';
afterEach(async () => rm(root, { recursive: true, force: true }));

/** A project with the customers app applied to the service, and three customers added. */
async function customersOnService(): Promise<string> {
  root = await tempProject('appdeploy-export-records-', {
    'appdeploy.yaml': [
      '# the project file: this comment stays',
      'environments:',
      `  test: { baseUrl: '${service.url}', auth: { login: admin, password: admin }, users: { boss: admin } }`,
      'apps:',
      '  customers:',
      '    manifest: apps/customers.yaml # and this one',
      '',
    ].join('\n'),
    'apps/customers.yaml': CUSTOMERS_MANIFEST,
  });
  const project = await applyProject(root, service.client);
  const id = project.apps[0]!.id!;
  const { fileKey } = await service.client.files.upload(Buffer.from('signed'), { name: 'contract.pdf' });
  await service.client.records.addAll(id, [
    {
      customer_code: { value: 'C2' },
      name: { value: 'Bob' },
      email: { value: 'bob@corp.example' },
      amount: { value: '1200.50' },
    },
    {
      customer_code: { value: 'C1' },
      name: { value: 'Alice' },
      email: { value: 'alice@corp.example' },
      amount: { value: '300' },
      since: { value: '2024-01-31' },
      seen: { value: '2024-01-31T00:00:00Z' },
      tags: { value: ['vip', 'new'] },
      rank: { value: 'gold' },
      owner: { value: [{ code: 'admin' }] },
      contract: { value: [{ fileKey }] },
      lines: { value: [{ value: { item: { value: 'pen' }, qty: { value: '2' } } }] },
    },
    { customer_code: { value: 'C3' }, name: { value: 'Carol' }, amount: { value: '4000' } },
  ]);
  return root;
}

describe('export --records from the local service', () => {
  it('writes the records plainly, in key order, with files, and names the file in appdeploy.yaml', async () => {
    await customersOnService();
    const result = await exportRecords({
      project: await loadValid(root),
      client: service.client,
      app: 'customers',
    });
    expect(result).toEqual({
      app: 'customers',
      file: 'records/customers.yaml',
      key: 'customer_code',
      records: 3,
      files: 1,
      projectFileChanged: true,
      leftOut: [],
    });
    const text = await readFile(join(root, 'records/customers.yaml'), 'utf8');
    expect(text.replace(/^# yaml-language-server: .*\n/, '')).toBe(
      [
        '- customer_code: C1',
        '  name: Alice',
        '  email: alice@corp.example',
        '  amount: 300',
        '  since: 2024-01-31',
        '  seen: 2024-01-31T00:00:00Z',
        '  tags:',
        '    - vip',
        '    - new',
        '  rank: gold',
        '  owner: boss',
        '  contract:',
        '    path: files/customers/C1/contract.pdf',
        '  lines:',
        '    - item: pen',
        '      qty: 2',
        '- customer_code: C2',
        '  name: Bob',
        '  email: bob@corp.example',
        '  amount: "1200.50"',
        '- customer_code: C3',
        '  name: Carol',
        '  amount: 4000',
        '',
      ].join('\n'),
    );
    expect(await readFile(join(root, 'records/files/customers/C1/contract.pdf'), 'utf8')).toBe('signed');
    const config = await readFile(join(root, 'appdeploy.yaml'), 'utf8');
    expect(config).toContain('# the project file: this comment stays');
    expect(config).toContain('manifest: apps/customers.yaml # and this one');
    expect(config).toContain('records: { file: records/customers.yaml, key: customer_code }');
    // The file is what schema/records.schema.json describes (editors read it through the modeline).
    const records = parse(text) as unknown;
    expect(recordsSchema(records), JSON.stringify(recordsSchema.errors)).toBe(true);
    // The file validates against the manifest, and the project with it.
    const validated = await validateProject({ cwd: root, dir: root, variables: {} });
    expect(validated.problems).toEqual([]);
    // Each file was written beside its target and renamed over it: no temporary file is left.
    const left = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.tmp'));
    expect(left).toEqual([]);
  });

  it("keeps an attachment's name, and gives keys that make one folder name a folder each", async () => {
    await customersOnService();
    const project = await loadValid(root);
    const id = project.apps[0]!.id!;
    // `A/B` and `A_B` make the same safe folder name, and `a_b` the same on macOS and Windows.
    const attach = async (content: string) => {
      const { fileKey } = await service.client.files.upload(Buffer.from(content), { name: "x(1) it's.pdf" });
      return { value: [{ fileKey }] };
    };
    const twice = { value: [...(await attach('first')).value, ...(await attach('FIRST, again')).value] };
    await service.client.records.addAll(id, [
      { customer_code: { value: 'A/B' }, name: { value: 'first' }, contract: twice },
      { customer_code: { value: 'A_B' }, name: { value: 'second' }, contract: await attach('second!') },
      { customer_code: { value: 'a_b' }, name: { value: 'third' }, contract: await attach('third!!') },
    ]);
    await exportRecords({ project, client: service.client, app: 'customers' });
    const text = await readFile(join(root, 'records/customers.yaml'), 'utf8');
    const paths = [...text.matchAll(/path: (.+)/g)].map((m) => m[1]);
    // Two attachments of one name in one record: the second in a folder of its own, its name kept.
    expect(paths).toEqual([
      "files/customers/A_B/x(1) it's.pdf",
      "files/customers/A_B/2/x(1) it's.pdf",
      "files/customers/A_B-2/x(1) it's.pdf",
      'files/customers/C1/contract.pdf',
      "files/customers/a_b-3/x(1) it's.pdf",
    ]);
    const content = (path: string) => readFile(join(root, 'records', path), 'utf8');
    expect(await Promise.all(paths.map((p) => content(p!)))).toEqual([
      'first',
      'FIRST, again',
      'second!',
      'signed',
      'third!!',
    ]);
  });

  it('masks stably: twice byte-identical, fake values valid for their fields', async () => {
    await customersOnService();
    const run = async () => {
      await exportRecords({
        project: await loadValid(root),
        client: service.client,
        app: 'customers',
        mask: ['name', 'email', 'amount', 'since', 'seen', 'tags', 'item'],
        maskKey: MASK_KEY,
      });
      return readFile(join(root, 'records/customers.yaml'), 'utf8');
    };
    const first = await run();
    const second = await run();
    expect(second).toBe(first);
    for (const real of ['Alice', 'Bob', 'alice@corp', 'bob@corp', '1200.50', '2024-01-31', 'pen'])
      expect(first).not.toContain(real);
    expect(first).toMatch(/email: user-[0-9a-f]{10}@example\.com/);
    const amounts = [...first.matchAll(/amount: (\d+)/g)].map((m) => Number(m[1]));
    expect(amounts).toHaveLength(3);
    for (const amount of amounts) {
      expect(amount).toBeGreaterThanOrEqual(0);
      expect(amount).toBeLessThanOrEqual(5000);
    }
    expect(first).toContain('customer_code: C1');
    const validated = await validateProject({ cwd: root, dir: root, variables: {} });
    expect(validated.problems).toEqual([]);
    // Another secret, other fake values.
    await exportRecords({
      project: await loadValid(root),
      client: service.client,
      app: 'customers',
      mask: ['email'],
      maskKey: `${MASK_KEY}x`,
    });
    expect(await readFile(join(root, 'records/customers.yaml'), 'utf8')).not.toContain(
      first.match(/user-[0-9a-f]{10}/)![0],
    );
  });

  it('--query and --limit choose the records; --key names the key when appdeploy.yaml has none', async () => {
    await customersOnService();
    const result = await exportRecords({
      project: await loadValid(root),
      client: service.client,
      app: 'customers',
      key: 'customer_code',
      query: 'amount >= 1000 order by amount desc',
      limit: 1,
    });
    expect(result.records).toBe(1);
    const text = await readFile(join(root, 'records/customers.yaml'), 'utf8');
    expect(text).toContain('customer_code: C3');
    expect(text).not.toContain('C2');
    expect(await readFile(join(root, 'appdeploy.yaml'), 'utf8')).toContain('key: customer_code }');
  });

  it.each([
    // The cursor's query may not page (cybozu.dev, create-cursor).
    {
      query: 'amount >= 1000 order by amount desc limit 1',
      message:
        'the service refused --query `amount >= 1000 order by amount desc limit 1`: Missing or invalid input. (CB_VA01); query: A cursor query may not contain limit or offset; page with size instead.',
    },
    // What the service says of the query, not a bare "[400] [CB_VA01] Missing or invalid input.".
    {
      query: 'customer_code in ("C1" ',
      message:
        'the service refused --query `customer_code in ("C1" `: Missing or invalid input. (CB_VA01); query: unexpected end of query: expected "," or ")" in the list of values at position 23',
    },
    {
      query: 'amout >= 1000',
      message:
        'the service refused --query `amout >= 1000`: The query does not fit the app\'s fields: The field "amout" is not in the app; check the field code (codes are case-sensitive). (at position 0 of the query) (GAIA_IQ11)',
    },
  ])('refuses --query $query, saying why, and leaves the record file alone', async ({ query, message }) => {
    await customersOnService();
    const file = join(root, 'records/customers.yaml');
    await mkdir(join(root, 'records'), { recursive: true });
    await writeFile(file, '- customer_code: C1\n');
    const run = exportRecords({
      project: await loadValid(root),
      client: service.client,
      app: 'customers',
      query,
    });
    await expect(run).rejects.toMatchObject({ code: 'EXPORT.QUERY', message });
    expect(await readFile(file, 'utf8')).toBe('- customer_code: C1\n');
  });

  it('writes a CSV file that validates: lists one item per line, tables left out and said', async () => {
    await customersOnService();
    const config = join(root, 'appdeploy.yaml');
    const text = await readFile(config, 'utf8');
    await writeFile(
      config,
      text.replace(
        'manifest: apps/customers.yaml # and this one',
        'manifest: apps/customers.yaml # and this one\n    records: { file: records/customers.csv, key: customer_code }',
      ),
    );
    // The file does not exist yet: export writes it without reading it first.
    const project = await loadProject({ cwd: root, dir: root, variables: {}, checkRecordFiles: false });
    const result = await exportRecords({ project, client: service.client, app: 'customers' });
    expect(result).toMatchObject({
      file: 'records/customers.csv',
      records: 3,
      leftOut: ['lines'],
      projectFileChanged: false,
    });
    expect(await readFile(join(root, 'records/customers.csv'), 'utf8')).toBe(
      [
        'customer_code,name,email,amount,since,seen,tags,rank,owner,contract',
        'C1,Alice,alice@corp.example,300,2024-01-31,2024-01-31T00:00:00Z,"vip\nnew",gold,boss,files/customers/C1/contract.pdf',
        'C2,Bob,bob@corp.example,1200.50,,,,,,',
        'C3,Carol,,4000,,,,,,',
        '',
      ].join('\r\n'),
    );
    const validated = await validateProject({ cwd: root, dir: root, variables: {} });
    expect(validated.problems).toEqual([]);
  });

  it.each([
    { case: 'a key that is not unique', options: { key: 'name' }, code: 'EXPORT.RECORDS_KEY' },
    {
      case: 'a user field masked',
      options: { mask: ['owner'], maskKey: MASK_KEY },
      code: 'EXPORT.MASK_FIELD',
    },
    { case: 'a mask without the secret', options: { mask: ['name'] }, code: 'EXPORT.MASK_KEY' },
    { case: 'an app not in the project', options: { app: 'nope' }, code: 'EXPORT.RECORDS_APP' },
  ])('refuses $case', async ({ options, code }) => {
    await customersOnService();
    const run = exportRecords({
      project: await loadValid(root),
      client: service.client,
      app: 'customers',
      ...options,
    });
    await expect(run).rejects.toBeInstanceOf(AppdeployError);
    await expect(run).rejects.toMatchObject({ code });
  });
});
