/**
 * The requests a restore sends, counted through the client's logger against the local service:
 * its attachments uploaded many at once before each batch's bulk request (before, one record after
 * another, each upload waited for: one upload in flight at a time, 300 round trips before the
 * first write), and its writes 100 records a call, 20 calls a bulk request (docs/migrations.md,
 * "How the copy and the restore write records").
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { backupFieldValues, restoreFieldValues, type BackupField } from '../../src/records/index.js';
import {
  addRecords,
  countingClient,
  deployedApp,
  recordsById,
  removeAndAddAgain,
  text,
  useRecordsService,
} from './harness.js';

const service = useRecordsService();

it(
  '300 records with a file each: 300 uploads, 4 at once, then one bulk request of 3 calls',
  { timeout: 120_000 },
  async () => {
    const { client } = service;
    const contract = { type: 'FILE', code: 'contract', label: 'contract' };
    const app = await deployedApp(client, { title: text('title'), contract });
    const records = [];
    for (let i = 0; i < 300; i++) {
      const { fileKey } = await client.files.upload(Buffer.from(`contract ${i}`), { name: `c${i}.txt` });
      records.push({ title: { value: `r${i}` }, contract: { value: [{ fileKey }] } });
    }
    await addRecords(client, app, records);
    const fields: BackupField[] = [{ code: 'contract', table: null, type: 'FILE' }];
    const dir = await mkdtemp(join(tmpdir(), 'appdeploy-restore-requests-'));
    const backup = await backupFieldValues(client, { app, appKey: 'deals', fields, dir });
    await removeAndAddAgain(client, app, { contract });

    const counting = countingClient(service, 4);
    const result = await restoreFieldValues(counting.client, { backupFile: backup.file });
    expect(result).toMatchObject({ records: 300, restored: 300, written: 300 });
    expect(counting.counts.get('POST /k/v1/file.json')).toBe(300);
    expect(counting.most('POST /k/v1/file.json')).toBe(4);
    expect(counting.counts.get('POST /k/v1/bulkRequest.json')).toBe(1);
    const held = await recordsById(client, app);
    expect([...held.values()].map((r) => (r.contract!.value as { name: string }[])[0]!.name).sort()).toEqual(
      Array.from({ length: 300 }, (_, i) => `c${i}.txt`).sort(),
    );
  },
);
