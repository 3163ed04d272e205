/**
 * examples/migration: the manifest before (before/tickets.yaml) applied with records, then the
 * manifest now (apps/tickets.yaml): `summary` becomes one line of text (a value with a line break
 * gets migrate.default) and `notes` moves into the new table `log`; every value is kept, without
 * --allow-data-loss, and a fresh plan is empty.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useApplyHarness } from './harness.js';

const h = useApplyHarness();
const example = (path: string) =>
  readFile(new URL(`../../examples/migration/${path}`, import.meta.url), 'utf8').then(parse);

describe('examples/migration', () => {
  it('migrates both fields and keeps every value', async () => {
    const project = await h.writeProject({ apps: { tickets: await example('before/tickets.yaml') } });
    const first = await h.apply(project, await h.plan(project));
    expect(first.exitCode, first.message).toBe(0);
    const loaded = await h.load(project.root);
    const id = loaded.apps[0]!.id!;
    await h.client.records.addAll(id, [
      { title: { value: 'one' }, summary: { value: 'short' }, notes: { value: 'called back' } },
      { title: { value: 'two' }, summary: { value: 'first line\nsecond line' }, notes: { value: '' } },
      { title: { value: 'three' }, summary: { value: '' }, notes: { value: 'closed' } },
    ]);
    const now = await h.rewriteManifests(loaded, { tickets: await example('apps/tickets.yaml') });
    const thePlan = await h.plan(now);
    expect(thePlan.apps[0]!.migrations!.map((m) => [m.from.code, m.to.table, m.records!.defaulted])).toEqual([
      ['notes', 'log', 0],
      ['summary', null, 1],
    ]);
    expect(thePlan.apps[0]!.risks).toEqual([]);
    const applied = await h.apply(now, thePlan);
    expect(applied, applied.message).toMatchObject({ outcome: 'applied', exitCode: 0 });
    const { records } = await h.client.records.getRecords({ app: id, query: 'order by $id asc' });
    expect(
      records.map((r) => [
        r.title!.value,
        r.summary?.value ?? '',
        ((r.log?.value ?? []) as { value: { notes?: { value: string } } }[]).map(
          (row) => row.value.notes?.value,
        ),
      ]),
    ).toEqual([
      ['one', 'short', ['called back']],
      ['two', '(several lines: see the backup)', []],
      ['three', '', ['closed']],
    ]);
    expect(applied.backups![0]).toMatchObject({
      app: 'tickets',
      fields: ['notes', 'summary'],
      records: 3,
      values: 4,
    });
    await h.expectConverged(now);
  });
});
