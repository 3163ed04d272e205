/**
 * A value the service refuses when the copy writes it into the new field (a `unique` field, two
 * records converting to one value since the plan counted them): apply stops before the swap, the
 * app as it was, and its reason names the field, the records refused (a few ids, and how many in
 * all) and what to do.
 */
import { describe, expect, it } from 'vitest';
import { useApplyHarness } from './harness.js';

const h = useApplyHarness();

const NOTES = { type: 'MULTI_LINE_TEXT', label: 'Notes' };
const v1 = { name: 'Tickets', fields: { notes: NOTES } };
const v2 = { name: 'Tickets', fields: { notes: { type: 'SINGLE_LINE_TEXT', label: 'Notes', unique: true } } };

describe('a copy the service refuses', () => {
  it('names the field, the records and what to do', async () => {
    const project = await h.writeProject({ apps: { tickets: v1 } });
    expect((await h.apply(project, await h.plan(project))).exitCode).toBe(0);
    const loaded = await h.load(project.root);
    const app = loaded.apps[0]!.id!;
    await h.client.records.addAll(
      app,
      Array.from({ length: 12 }, (_, i) => ({ notes: { value: `note ${i}` } })),
    );
    const next = await h.rewriteManifests(loaded, { tickets: v2 });
    const plan = await h.plan(next);
    // After the plan counted them: eight records take record 1's value.
    for (const id of ['3', '4', '5', '6', '7', '8', '9', '10'])
      await h.client.records.updateRecord({ app, id, record: { notes: { value: 'note 0' } } });
    const applied = await h.apply(next, plan);
    expect(applied.outcome).toBe('rolled-back');
    expect(applied.message).toMatchInlineSnapshot(
      `"copying the values of tickets field notes into notes__migrating failed: the service refused the converted values of 8 records written into notes__migrating of app 1 (CB_VA01, HTTP 400): records 3, 4, 5, 6, 7 and 3 more: This value already exists in another record. Change the value of notes in those records to one the new field takes (a unique field: one no other record holds), or give the field a migrate.default it takes; then apply again. Every app is as before (drafts reverted). Migration of tickets field notes: stopped before the swap; the temporary field notes__migrating was removed, the field and its values are as they were."`,
    );
    // As the message says: the records given values the new field takes, the apply migrates.
    for (const id of ['3', '4', '5', '6', '7', '8', '9', '10'])
      await h.client.records.updateRecord({
        app,
        id,
        record: { notes: { value: `note ${Number(id) - 1}` } },
      });
    const again = await h.apply(next, await h.plan(next));
    expect(again.outcome, again.message).toBe('applied');
    await h.expectConverged(next);
  });
});
