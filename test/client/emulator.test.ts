/**
 * The client against the real local service over HTTP on port 0: the query strings it writes
 * (`fields[]=`, `ids[]=`, indexed `ids[0]=` for permission evaluation, percent-encoded values),
 * a file download with `accept: *\/*`, and waitForDeploy polling a real deployment.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { ADMIN, useEmulator } from '../emulator/harness.js';

const emu = useEmulator();
let client: Client;
beforeEach(() => {
  client = createClient({ baseUrl: emu.url, auth: ADMIN });
});
afterEach(async () => {
  await client.close();
});

/** A deployed app with a text and an attachment field, deployed through the client. */
async function deployedApp(): Promise<string> {
  const { app } = await client.apps.addApp({ name: 'Client wire' });
  await client.form.addFields({
    app,
    properties: {
      title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title' },
      doc: { type: 'FILE', code: 'doc', label: 'Doc' },
    },
  });
  await client.apps.deploy({ apps: [{ app }] });
  expect(await client.apps.waitForDeploy([app], { initialIntervalMs: 10 })).toEqual([
    { app, status: 'SUCCESS' },
  ]);
  return app;
}

describe('the client against the local service', () => {
  it('is understood in its array and value encodings', async () => {
    const app = await deployedApp();
    const { ids } = await client.records.addRecords({
      app,
      records: [{ title: { value: 'a "b" & c' } }, { title: { value: 'other' } }, { title: { value: 'x' } }],
    });

    const { apps } = await client.apps.getApps({ ids: [app] });
    expect(apps.map((found) => found.appId)).toEqual([app]);

    const { records } = await client.records.getRecords({
      app,
      query: 'title = "a \\"b\\" & c" or title = "other" order by $id desc',
      fields: ['$id', 'title'],
    });
    expect(records.map((record) => Object.keys(record).sort())).toEqual([
      ['$id', 'title'],
      ['$id', 'title'],
    ]);
    expect(records.map((record) => record.title?.value)).toEqual(['other', 'a "b" & c']);

    const { evaluate } = await client.process.evaluateAcl({ app, ids: [ids[2]!, ids[0]!] });
    expect(evaluate.map((rights) => rights.id)).toEqual([ids[2], ids[0]]);
  });

  it('downloads an attachment as the bytes that were uploaded', async () => {
    const app = await deployedApp();
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    const { fileKey } = await client.files.upload(bytes, { name: 'blob.bin' });
    const { id } = await client.records.addRecord({ app, record: { doc: { value: [{ fileKey }] } } });
    const { record } = await client.records.getRecord({ app, id });
    const [attached] = record.doc?.value as { fileKey: string }[];
    const downloaded = await client.files.download({ fileKey: attached!.fileKey });
    expect(downloaded.data).toEqual(bytes);
  });
});
