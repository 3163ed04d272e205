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

describe('a migrated field that a view names, the views not in the manifest', () => {
  it('keeps the view naming it: an area the manifest leaves out is not changed', async () => {
    const manifest = (notes: string) => ({ name: 'Tickets', fields: app(notes).fields });
    const { v2, id } = await migrationStarted(
      h,
      'tickets',
      { from: manifest('MULTI_LINE_TEXT'), to: manifest('SINGLE_LINE_TEXT') },
      [{ title: { value: 'one' }, notes: { value: 'call back' } }],
    );
    // Someone's view, made in the app's settings: appdeploy does not manage the views.
    const { revision } = await h.client.settings.updateViews({
      app: id,
      views: { Mine: { type: 'LIST', index: '0', name: 'Mine', fields: ['title', 'notes'] } },
    });
    await h.client.apps.deploy({ apps: [{ app: id, revision }] });
    await h.client.apps.waitForDeploy([id]);
    const applied = await h.apply(v2, await h.plan(v2));
    expect(applied, applied.message).toMatchObject({ outcome: 'applied', exitCode: 0 });
    const { views } = await h.client.settings.getViews({ app: id, copy: 'live' });
    expect((views.Mine as { fields?: string[] }).fields).toEqual(['title', 'notes']);
  });
});
