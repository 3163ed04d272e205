/**
 * copyFieldValues' contract (issue 36, "How apply does it" 2): a record edited by another client
 * while the copy runs keeps its edit, and the new field gets the edit's converted value (the
 * write pinned to the revision read is refused, 409 GAIA_CO02, and the page read again); a copy
 * run twice writes nothing the second time.
 */
import { describe, expect, it } from 'vitest';
import { copyFieldValues } from '../../src/records/index.js';
import { useLocalService } from '../support/service.js';

const service = useLocalService({ client: { retry: { initialDelayMs: 20, maxDelayMs: 100 } } });

async function twoFieldApp(): Promise<string> {
  const client = service.client;
  const { app } = await client.apps.addApp({ name: 'Copy' });
  await client.form.addFields({
    app,
    properties: {
      old: { type: 'MULTI_LINE_TEXT', code: 'old', label: 'Old' },
      copy: { type: 'SINGLE_LINE_TEXT', code: 'copy', label: 'Copy' },
    } as never,
  });
  await client.apps.deploy({ apps: [{ app }] });
  await client.apps.waitForDeploy([app]);
  return app;
}

const upper = (value: unknown) => ({ ok: true as const, value: String(value).toUpperCase() });

describe('copyFieldValues', () => {
  it('keeps an edit made during the copy, and copies its converted value', async () => {
    const app = await twoFieldApp();
    await service.client.records.addAll(
      app,
      Array.from({ length: 10 }, (_, i) => ({ old: { value: `value ${i}` } })),
    );
    // The copy's bulk write is held 500 ms before it is carried out; record 3 is edited meanwhile.
    await service.control('POST', '/_emulator/faults', {
      method: 'POST',
      path: '^/k/v1/bulkRequest\\.json$',
      delayMs: 500,
      times: 1,
    });
    const copying = copyFieldValues(service.client, {
      app,
      from: { code: 'old', table: null },
      to: { code: 'copy', table: null },
      convert: upper,
    });
    await new Promise((r) => setTimeout(r, 150));
    await service.client.records.updateRecord({ app, id: '3', record: { old: { value: 'edited' } } });
    const result = await copying;
    expect(result).toMatchObject({ copied: 10, empty: 0, notConverted: [] });
    const { records } = await service.client.records.getRecords({ app, query: 'order by $id asc' });
    expect(records.map((r) => [r.old!.value, r.copy!.value])).toEqual(
      Array.from({ length: 10 }, (_, i) => (i === 2 ? ['edited', 'EDITED'] : [`value ${i}`, `VALUE ${i}`])),
    );
    // Run again: every record already holds its value.
    const again = await copyFieldValues(service.client, {
      app,
      from: { code: 'old', table: null },
      to: { code: 'copy', table: null },
      convert: upper,
    });
    expect(again).toMatchObject({ copied: 0, unchanged: 10 });
  });
});
