/**
 * A migrated field named by the app's own settings that the manifest leaves as they are: a list
 * view's columns and a field permission (docs/migrations.md, "How apply does it", step 5: "Views,
 * the process, notifications and reports that name the field keep naming it: it has the same
 * code"). The swap deletes the old field first, and deleting a field takes it out of the views'
 * columns and the field permissions that name it (as the form editor does; the local service,
 * emulator/handlers/form-layout-ops.ts dropFieldReferences), so the contract deploy writes them
 * again. After the apply the app matches the manifest: a fresh plan is empty.
 */
import { describe, expect, it } from 'vitest';
import { useApplyHarness } from './harness.js';
import { migrationStarted } from './migration-start.js';

const h = useApplyHarness();

const app = (notes: string) => ({
  name: 'Tickets',
  fields: {
    title: { type: 'SINGLE_LINE_TEXT', label: 'Title' },
    notes: { type: notes, label: 'Notes' },
  },
  views: {
    Open: { type: 'LIST', index: 0, fields: ['title', 'notes'], filterCond: 'notes like "call"' },
  },
  fieldAcl: [
    {
      field: 'notes',
      entities: [
        { entity: { type: 'USER', code: 'admin' }, accessibility: 'WRITE' },
        { entity: { type: 'GROUP', code: 'everyone' }, accessibility: 'READ' },
      ],
    },
  ],
});

describe('a migrated field that a view and a field permission name, unchanged by the manifest', () => {
  it('keeps them naming it: the app matches the manifest after the swap', async () => {
    const { v2, id } = await migrationStarted(
      h,
      'tickets',
      { from: app('MULTI_LINE_TEXT'), to: app('SINGLE_LINE_TEXT') },
      [{ title: { value: 'one' }, notes: { value: 'call back' } }],
    );
    const applied = await h.apply(v2, await h.plan(v2));
    expect(applied, applied.message).toMatchObject({ outcome: 'applied', exitCode: 0 });
    const { records } = await h.client.records.getRecords({ app: id });
    expect(records.map((r) => r.notes?.value)).toEqual(['call back']);
    const { views } = await h.client.settings.getViews({ app: id, copy: 'live' });
    expect((views.Open as { fields?: string[] }).fields).toEqual(['title', 'notes']);
    const { rights } = await h.client.settings.getFieldAcl({ app: id, copy: 'live' });
    expect(rights.map((r) => r.field)).toEqual(['notes']);
    await h.expectConverged(v2);
  });
});
