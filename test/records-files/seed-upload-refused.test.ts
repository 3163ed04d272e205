/**
 * `appdeploy seed` when the service refuses some of the files the record file names (here: over
 * the local service's upload cap, as the platform refuses a file over its own): every record
 * whose files all upload is written as the file says, and nothing of a record with a refused file
 * (neither its add nor any field of its change: a record without its attachment is not what the
 * file intends); every refused file is named with its record's key, its path and the service's
 * words; the hint says what to do; and once the files are fixed, the next seed writes exactly the
 * records left, then "No changes.".
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyProject } from '../export/harness.js';
import { runMain } from '../support/main-in-process.js';
import { useLocalService } from '../support/service.js';
import { tempProject } from '../support/temp-project.js';
import { CUSTOMERS_MANIFEST, customersProjectFile } from './project.js';

const CAP = 1000;
const service = useLocalService({ client: {}, emulator: { maxFileBytes: CAP } });
let root = '';
afterEach(async () => rm(root, { recursive: true, force: true }));

const CUSTOMERS = [
  '- { customer_code: C1, name: Alice, contract: { path: files/big.pdf } }',
  '- { customer_code: C2, name: Bob }',
  '- { customer_code: C3, name: Carol, contract: { path: files/small.pdf } }',
  '- { customer_code: C4, name: Dave, contract: [{ path: files/big.pdf }, { path: files/huge.zip }] }',
  '- { customer_code: C5, name: Eve New, contract: { path: files/huge.zip } }',
  '',
].join('\n');

const seed = (...args: string[]) => runMain(['seed', '-C', root, '--env', 'test', ...args]);

async function names(app: string): Promise<[string, string, string[]][]> {
  const { records } = await service.client.records.getRecords({ app, query: 'order by customer_code asc' });
  return records.map((r) => [
    r.customer_code!.value as string,
    r.name!.value as string,
    (r.contract!.value as { name: string }[]).map((f) => f.name),
  ]);
}

describe('seed: uploads the service refuses', () => {
  it('writes every record whose files upload, none of a record with a refused file, and names every refused file', async () => {
    root = await tempProject('appdeploy-seed-refused-', {
      'appdeploy.yaml': customersProjectFile(service.url),
      'apps/customers.yaml': CUSTOMERS_MANIFEST,
      'records/customers.yaml': CUSTOMERS,
      'records/files/big.pdf': 'b'.repeat(CAP + 200),
      'records/files/huge.zip': 'h'.repeat(CAP + 500),
      'records/files/small.pdf': 'small',
    });
    const project = await applyProject(root, service.client);
    const app = project.apps.find((a) => a.key === 'customers')!.id!;
    await service.client.records.addRecord({
      app,
      record: { customer_code: { value: 'C5' }, name: { value: 'Eve' } },
    });

    const first = await seed('--yes');
    expect(first.code).toBe(1);
    expect(first.out).toContain(
      'customers (records/customers.yaml, by customer_code): 4 to add, 1 to change',
    );
    const said = first.err
      .replaceAll(root, '<root>')
      .replace(`(app ${app})`, '(app <id>)')
      .replace(/ \([\w-]{10,}\)$/m, '');
    expect(said).toBe(
      [
        "Error: seed of customers (app <id>): the service refused 4 uploads, so the 3 records naming them were not written (the seed's other writes landed: 2 added):",
        `  customer_code C1: <root>/records/files/big.pdf: The uploaded file is ${CAP + 200} bytes, larger than the upload cap of 0.001 MB (${CAP} bytes). Upload a smaller file, or raise the cap with --max-upload-mb (option maxFileBytes of startEmulator). (CB_RE01, HTTP 413)`,
        `  customer_code C4: <root>/records/files/big.pdf: The uploaded file is ${CAP + 200} bytes, larger than the upload cap of 0.001 MB (${CAP} bytes). Upload a smaller file, or raise the cap with --max-upload-mb (option maxFileBytes of startEmulator). (CB_RE01, HTTP 413)`,
        `  customer_code C4: <root>/records/files/huge.zip: The uploaded file is ${CAP + 500} bytes, larger than the upload cap of 0.001 MB (${CAP} bytes). Upload a smaller file, or raise the cap with --max-upload-mb (option maxFileBytes of startEmulator). (CB_RE01, HTTP 413)`,
        `  customer_code C5: <root>/records/files/huge.zip: The uploaded file is ${CAP + 500} bytes, larger than the upload cap of 0.001 MB (${CAP} bytes). Upload a smaller file, or raise the cap with --max-upload-mb (option maxFileBytes of startEmulator). (CB_RE01, HTTP 413)`,
        '  Fix each file the service refused (a file over its upload cap made smaller, or another file named in the record file), then seed again: it writes only what is left.',
        '',
      ].join('\n'),
    );
    // C2 and C3 as the file says; C1 and C4 not added; C5 not changed at all (its name neither).
    expect(await names(app)).toEqual([
      ['C2', 'Bob', []],
      ['C3', 'Carol', ['small.pdf']],
      ['C5', 'Eve', []],
    ]);

    await writeFile(join(root, 'records/files/big.pdf'), 'big, made smaller');
    await writeFile(join(root, 'records/files/huge.zip'), 'huge, made smaller');
    const next = await seed('--yes');
    expect(next.out.split('\n')[0]).toBe(
      'customers (records/customers.yaml, by customer_code): 2 to add, 1 to change, 0 to delete, 2 unchanged',
    );
    expect(next.code).toBe(0);
    expect(await names(app)).toEqual([
      ['C1', 'Alice', ['big.pdf']],
      ['C2', 'Bob', []],
      ['C3', 'Carol', ['small.pdf']],
      ['C4', 'Dave', ['big.pdf', 'huge.zip']],
      ['C5', 'Eve New', ['huge.zip']],
    ]);
    expect((await seed('--yes')).out).toBe('No changes.\n');
  });
});
