import { describe, expect, it } from 'vitest';
import { fieldsArea } from '../../src/areas/fields/index.js';
import { layoutArea } from '../../src/areas/layout.js';
import type { ResolveContext } from '../../src/areas/types.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { useAreaEmulator } from './harness.js';

const emu = useAreaEmulator();

const ctx: ResolveContext = {
  appKey: 'orders',
  appId: (key) => (key === 'customers' ? '1' : `{${key}}`),
  fileHash: () => 'x',
};

const manifest = {
  name: 'Orders',
  fields: {
    title: { type: 'SINGLE_LINE_TEXT', label: 'Title', required: true, maxLength: 64 },
    amount: { type: 'NUMBER', label: 'Amount', minValue: 0, unit: '$' },
    stage: {
      type: 'DROP_DOWN',
      label: 'Stage',
      options: { Lead: { label: 'Lead', index: 0 }, Won: { label: 'Won', index: 1 } },
      defaultValue: 'Lead',
    },
    items: {
      type: 'SUBTABLE',
      label: 'Items',
      fields: {
        product: { type: 'SINGLE_LINE_TEXT', label: 'Product' },
        qty: { type: 'NUMBER', label: 'Qty' },
      },
    },
  },
  layout: [
    { type: 'ROW', fields: [{ code: 'title', size: { width: 300 } }, { code: 'amount' }] },
    { type: 'ROW', fields: [{ code: 'stage' }] },
    { type: 'SUBTABLE', code: 'items', fields: [{ code: 'product' }, { code: 'qty' }] },
  ],
} as unknown as AppManifest;

describe('fields and layout areas against the local service', () => {
  it('writes what the manifest says, and the live copy then equals it (no diff)', async () => {
    const { app } = await emu.client().apps.addApp({ name: 'Orders' });
    const fields = fieldsArea.fromManifest(manifest, ctx)!;
    const liveFields = await emu.apply(fieldsArea, app, fields);
    expect(fieldsArea.diff(fields, liveFields)).toEqual([]);
    const layout = layoutArea.fromManifest(manifest, ctx)!;
    const liveLayout = await emu.apply(layoutArea, app, layout);
    expect(layoutArea.diff(layout, liveLayout)).toEqual([]);
  });

  it('renames a field keeping its code change as one change, and the records keep their values', async () => {
    const client = emu.client();
    const { app } = await client.apps.addApp({ name: 'Orders' });
    const fields = fieldsArea.fromManifest(manifest, ctx)!;
    await emu.apply(fieldsArea, app, fields);
    await client.records.addRecord({ app, record: { title: { value: 'First' } } });
    const renamed = structuredClone(manifest) as unknown as {
      fields: Record<string, Record<string, unknown>>;
    };
    renamed.fields.headline = { ...renamed.fields.title, renamedFrom: 'title' };
    delete renamed.fields.title;
    const desired = fieldsArea.fromManifest(renamed as unknown as AppManifest, ctx)!;
    const before = (await fieldsArea.read(emu.readContext(app, 'live'))).value;
    expect(
      fieldsArea.diff(desired, before).map((c) => [c.action, c.path, 'from' in c ? c.from : null]),
    ).toEqual([['rename', ['headline'], 'title']]);
    const live = await emu.apply(fieldsArea, app, desired);
    expect(fieldsArea.diff(desired, live)).toEqual([]);
    const { records } = await client.records.getRecords({ app });
    expect(records[0]?.headline?.value).toBe('First');
  });
});
