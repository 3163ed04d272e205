/**
 * The built CLI's `export --records` then `seed`, in a folder of its own, as a user runs them
 * (issue 37, "Done when": export with --mask then seed elsewhere giving the same records with
 * masked values, and a re-export that is byte-identical): the project's app applied to two local
 * services (environments `a` and `b`, each with its own users map), records added in A, exported
 * masked; `validate` content with the file; the same manifests applied to B and the file seeded
 * there: every record of A is in B with each field equal to A's, the masked ones equal to the
 * file's fake values, users through the two maps, the attachment and the table as in A; a second
 * seed has no changes, and exporting A again writes the same bytes.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Client } from '../../src/client/index.js';
import { appdeploy } from '../support/cli.js';
import { useLocalService } from '../support/service.js';
import { tempProject } from '../support/temp-project.js';
import { USERS } from '../emulator/records/records-helpers.js';
import { CUSTOMERS_MANIFEST } from './project.js';

const a = useLocalService({ client: {}, emulator: { users: USERS } });
const b = useLocalService({ client: {}, emulator: { users: USERS } });
let root = '';
afterAll(async () => rm(root, { recursive: true, force: true }));

type Values = Record<string, { value: unknown }>;

/** An app's records by customer_code, each field's value as the record API reads it. */
async function byCode(client: Client, app: string): Promise<Map<string, Values>> {
  const { records } = await client.records.getRecords({ app });
  return new Map(records.map((r) => [r.customer_code!.value as string, r as Values]));
}

const SERVICE_FILLS = new Set([
  'RECORD_NUMBER',
  'CREATOR',
  'CREATED_TIME',
  'MODIFIER',
  'UPDATED_TIME',
  'CALC',
]);
const files = (v: unknown) => (v as { name: string; size: string }[]).map((f) => [f.name, f.size]);
const rows = (v: unknown) =>
  (v as { value: Values }[]).map((row) => [row.value.item!.value, row.value.qty!.value]);

/** The app's id in an environment, as apply wrote it into appdeploy.yaml. */
async function appId(env: string): Promise<string> {
  const config = parse(await readFile(join(root, 'appdeploy.yaml'), 'utf8')) as {
    apps: { customers: { ids: Record<string, string> } };
  };
  return config.apps.customers.ids[env]!;
}

it(
  'export --records --mask from A, seed into B: the same records, masked values as in the file; A re-exported byte for byte',
  { timeout: 180_000 },
  async () => {
    // `boss` is A's admin and B's alice: the file says boss, each environment's map says who.
    const env = (name: string, url: string, boss: string) =>
      `  ${name}: { baseUrl: '${url}', auth: { login: admin, password: admin }, users: { boss: ${boss} } }`;
    root = await tempProject('appdeploy-records-cli-', {
      'appdeploy.yaml': [
        'environments:',
        env('a', a.url, 'admin'),
        env('b', b.url, 'alice'),
        'defaultEnvironment: a',
        'apps:',
        '  customers: { manifest: apps/customers.yaml }',
        '',
      ].join('\n'),
      'apps/customers.yaml': CUSTOMERS_MANIFEST,
    });
    expect((await appdeploy(['apply', '--yes'], root)).code).toBe(0);
    expect((await appdeploy(['plan', '--detailed-exitcode'], root)).code).toBe(0);
    const inA = await appId('a');
    const { fileKey } = await a.client.files.upload(Buffer.from('signed'), { name: 'contract.pdf' });
    await a.client.records.addAll(inA, [
      { customer_code: { value: 'B' }, name: { value: 'Bob' }, email: { value: 'bob@corp.example' } },
      {
        customer_code: { value: 'A' },
        name: { value: 'Alice' },
        email: { value: 'alice@corp.example' },
        amount: { value: '1200.50' },
        since: { value: '2024-01-31' },
        meets: { value: '09:30' },
        seen: { value: '2024-01-31T08:00:00Z' },
        tags: { value: ['vip', 'new'] },
        rank: { value: 'gold' },
        owner: { value: [{ code: 'admin' }] },
        contract: { value: [{ fileKey }] },
        lines: {
          value: [
            { value: { item: { value: 'pen' }, qty: { value: '2' } } },
            { value: { item: { value: 'ink' }, qty: { value: '1' } } },
          ],
        },
      },
    ]);

    const maskEnv = { APPDEPLOY_MASK_KEY: 'a-secret-for-this-test-only-0123' };
    const exportArgs = ['export', '--records', '--app', 'customers', '--mask', 'email,name,item'];
    const first = await appdeploy(exportArgs, root, maskEnv);
    expect(first.stderr).toBe('');
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toBe(
      'Exported 2 records and 1 file of customers to records/customers.yaml, keyed by customer_code; appdeploy.yaml: apps.customers.records added (key customer_code).\n',
    );
    const text = await readFile(join(root, 'records/customers.yaml'), 'utf8');
    expect(text).toMatch(
      /^- customer_code: A\n {2}name: masked-[0-9a-f]{12}\n {2}email: user-[0-9a-f]{10}@example\.com\n/,
    );
    for (const real of ['Alice', 'Bob', 'corp.example', 'pen', 'ink']) expect(text).not.toContain(real);
    expect((await appdeploy(['validate'], root)).code).toBe(0);

    // B: the same manifests, then the file seeded (B's app is new: apply gives it its id).
    expect((await appdeploy(['apply', '--yes', '--env', 'b'], root)).code).toBe(0);
    expect((await appdeploy(['plan', '--detailed-exitcode', '--env', 'b'], root)).code).toBe(0);
    const seeded = await appdeploy(['seed', '--yes', '--env', 'b'], root);
    expect(seeded).toEqual({
      code: 0,
      stdout: [
        'customers (records/customers.yaml, by customer_code): 2 to add, 0 to change, 0 to delete, 0 unchanged',
        '  + A',
        '  + B',
        'Seeded customers: 2 added, 0 changed, 0 deleted.',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(await appdeploy(['seed', '--yes', '--env', 'b'], root)).toEqual({
      code: 0,
      stdout: 'No changes.\n',
      stderr: '',
    });

    // Every field of every record: A's value, but for the masked ones (the file's) and the
    // user (A's admin is boss in the file, and boss is alice in B).
    const file = new Map(
      (parse(text) as Record<string, unknown>[]).map((r) => [r.customer_code as string, r]),
    );
    const fromA = await byCode(a.client, inA);
    const inB = await byCode(b.client, await appId('b'));
    expect([...inB.keys()].sort()).toEqual(['A', 'B']);
    for (const [code, record] of fromA) {
      const seededRecord = inB.get(code)!;
      const plain = file.get(code)!;
      for (const [field, { value }] of Object.entries(record)) {
        // What the service fills in itself differs from one service to another.
        if (field.startsWith('$') || SERVICE_FILLS.has((record[field] as { type?: string }).type!)) continue;
        const got = seededRecord[field]?.value;
        const where = `${code}.${field}`;
        if (field === 'name' || field === 'email') expect(got, where).toBe(plain[field] ?? '');
        else if (field === 'owner')
          expect(got, where).toMatchObject(
            (value as { code: string }[]).map((u) => ({ code: u.code === 'admin' ? 'alice' : u.code })),
          );
        else if (field === 'contract') expect(files(got), where).toEqual(files(value));
        else if (field === 'lines') {
          const masked = (plain.lines as { item: string }[] | undefined) ?? [];
          expect(rows(got), where).toEqual(rows(value).map(([, qty], i) => [masked[i]!.item, qty]));
        } else expect(got, where).toEqual(value);
      }
    }
    const [contract] = inB.get('A')!.contract!.value as { fileKey: string }[];
    expect((await b.client.files.download({ fileKey: contract!.fileKey })).data.toString()).toBe('signed');

    // Exporting A again writes the same bytes (the masked values are stable).
    const second = await appdeploy(exportArgs, root, maskEnv);
    expect(second.stdout).toBe(
      'Exported 2 records and 1 file of customers to records/customers.yaml, keyed by customer_code.\n',
    );
    expect(await readFile(join(root, 'records/customers.yaml'), 'utf8')).toBe(text);
  },
);
