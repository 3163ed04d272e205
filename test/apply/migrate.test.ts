/**
 * A field's type changed, or moved into or out of a table, keeping its values (issue 36): the
 * plan says how many records keep a value and which do not convert, apply adds the new field under
 * a temporary code, copies, backs the old field up and swaps, and a fresh plan is empty. Text into
 * text only (platform/conversions.ts: a line break does not fit one line), so the tests do not
 * rest on the conversion table's other rows.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Client, RecordForWrite } from '../../src/client/index.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { renderJson, renderMarkdown, renderText } from '../../src/render/index.js';
import { checkPlan } from '../../src/check/run-check.js';
import { useApplyHarness } from './harness.js';

const h = useApplyHarness();
const planSchema = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(await readFile(new URL('../../schema/plan.schema.json', import.meta.url), 'utf8')),
);

const NOTES_MULTI = {
  name: 'Tickets',
  fields: {
    subject: { type: 'SINGLE_LINE_TEXT', label: 'Subject' },
    notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' },
  },
};
const NOTES_SINGLE = {
  name: 'Tickets',
  fields: {
    subject: { type: 'SINGLE_LINE_TEXT', label: 'Subject' },
    notes: { type: 'SINGLE_LINE_TEXT', label: 'Notes' },
  },
};

/** 300 records: every third empty, every tenth with a line break, 20 of them filled (the values that do not convert). */
function tickets(): RecordForWrite[] {
  return Array.from({ length: 300 }, (_, i) => ({
    subject: { value: `ticket ${i}` },
    notes: { value: i % 3 === 0 ? '' : i % 10 === 1 ? `line one ${i}\nline two` : `note ${i}` },
  }));
}

/** Each record's number and texts, in record-number order ('' for a field without a value). */
type Row = { id: string } & Record<string, string>;

async function allRecords(client: Client, app: string, fields: string[]): Promise<Row[]> {
  const out: Row[] = [];
  for await (const r of client.records.iterate(app, { fields: ['$id', ...fields] })) {
    const row: Row = { id: r.$id!.value as string };
    // (The local service leaves out a field a record was never written in since it was added;
    // the platform answers its empty value: both read as empty here.)
    for (const f of fields) row[f] = (r[f]?.value as string | undefined) ?? '';
    out.push(row);
  }
  return out.sort((a, b) => Number(a.id) - Number(b.id));
}

async function liveProject(apps: Record<string, Record<string, unknown>>) {
  const project = await h.writeProject({ apps });
  const first = await h.apply(project, await h.plan(project));
  expect(first.exitCode, first.message).toBe(0);
  const loaded = await h.load(project.root);
  return { project: loaded, id: loaded.apps[0]!.id! };
}

describe('a type change that keeps the values: MULTI_LINE_TEXT -> SINGLE_LINE_TEXT', () => {
  it('plans it with its counts, refuses the values that do not convert, and with --allow-data-loss migrates and backs them up', async () => {
    const { project, id } = await liveProject({ tickets: NOTES_MULTI });
    await h.client.records.addAll(id, tickets());
    const before = await allRecords(h.client, id, ['subject', 'notes']);
    const broken = before.filter((r) => String(r.notes).includes('\n'));
    const filled = before.filter((r) => r.notes !== '');
    expect(broken).toHaveLength(20);
    expect(filled).toHaveLength(200);

    const v2 = await h.rewriteManifests(project, { tickets: NOTES_SINGLE });
    const thePlan = await h.plan(v2);
    const app = thePlan.apps[0]!;
    expect(app.migrations).toHaveLength(1);
    const m = app.migrations![0]!;
    expect(m).toMatchObject({
      from: { code: 'notes', table: null, type: 'MULTI_LINE_TEXT' },
      to: { code: 'notes', table: null, type: 'SINGLE_LINE_TEXT' },
      temporary: 'notes__migrating',
      state: 'planned',
      records: { read: 300, withValue: 200, defaulted: 0 },
    });
    expect(m.records!.notConverted.records).toBe(20);
    expect(m.records!.notConverted.samples).toHaveLength(5);
    expect(m.records!.notConverted.samples[0]).toEqual({
      id: broken[0]!.id,
      value: broken[0]!.notes,
      reason: 'holds a line break',
    });
    expect(m.records!.notConverted.query).toBe(`$id in (${broken.map((r) => r.id).join(', ')})`);
    // 300 records: one page of the copy, of the backup and of the swap's plan, each with its
    // count or cursor, and the backup brought up to date (the service's time before it, the count
    // and one page of ids and revisions); 180 written: 2 calls in 1 bulk request; the sweep: the
    // service's time twice, the count and one page of the records written; 7 settings calls.
    expect(m.records!.requests).toEqual({
      reads: 9,
      writeCalls: 2,
      bulkRequests: 1,
      sweep: 4,
      settings: 7,
      total: 22,
      dailyQuota: 10_000,
    });
    expect(app.risks).toEqual([
      {
        kind: 'data-loss',
        area: 'fields',
        field: 'notes',
        records: 20,
        query: m.records!.notConverted.query,
        notConverted: true,
      },
    ]);
    const text = renderText(thePlan, { color: false });
    expect(text).toContain('-/+ notes {  # values kept: 180 records');
    expect(text).toContain('200 records of 300 hold a value.');
    expect(renderMarkdown(thePlan)).toContain('#### Migrations (values kept)');
    // `plan --format json` carries all of it, as schema/plan.schema.json describes.
    planSchema(JSON.parse(renderJson(thePlan)));
    expect(planSchema.errors ?? []).toEqual([]);

    // Refused without --allow-data-loss: nothing written.
    const calls = await h.serviceCalls();
    const refused = await h.apply(v2, thePlan);
    expect(refused).toMatchObject({ outcome: 'refused', exitCode: 1 });
    expect(refused.refusals[0]!.message).toContain(
      'migrating field notes leaves the values of 20 records behind',
    );
    expect(await h.writesSince(calls)).toEqual([]);

    const applied = await h.apply(v2, thePlan, { allowDataLoss: true });
    expect(applied, applied.message).toMatchObject({ outcome: 'applied', exitCode: 0 });
    expect(applied.migrations).toEqual([
      {
        app: 'tickets',
        field: 'notes',
        temporary: 'notes__migrating',
        outcome: 'migrated',
        copied: 180,
        unchanged: 0,
        empty: 100,
        notConverted: 20,
      },
    ]);
    // Every value where it should be: the ones that convert kept, the others empty.
    const after = await allRecords(h.client, id, ['subject', 'notes']);
    expect(after.map((r) => [r.id, r.subject, r.notes])).toEqual(
      before.map((r) => [r.id, r.subject, String(r.notes).includes('\n') ? '' : r.notes]),
    );
    const fields = await h.client.form.getFields({ app: id, copy: 'live' });
    expect(fields.properties.notes!.type).toBe('SINGLE_LINE_TEXT');
    expect(fields.properties['notes__migrating']).toBeUndefined();
    // The backup holds every value of the old field, the lost ones among them.
    expect(applied.backups).toHaveLength(1);
    const backup = applied.backups![0]!;
    expect(backup).toMatchObject({ app: 'tickets', fields: ['notes'], records: 200, values: 200, files: 0 });
    expect(backup.file).toMatch(/^\.appdeploy\/backups\/local\/\d{4}-\d\d-\d\dT[\d-]+Z-tickets\.jsonl$/);
    const lines = (await readFile(join(v2.root, backup.file), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; value: unknown });
    const lost = lines
      .filter((l) => typeof l.value === 'string' && l.value.includes('\n'))
      .map((l) => [l.id, l.value]);
    expect(lost.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(broken.map((r) => [r.id, r.notes]));
    expect(applied.message).toMatch(/backed up in \.appdeploy\/backups\/local\/[\dTZ-]+-tickets\.jsonl/);
    await h.expectConverged(v2);
  });
});

/** An app with `memo` at the top level and a table `items` (one column, `item`). */
const TOP = {
  name: 'Orders',
  fields: {
    memo: { type: 'SINGLE_LINE_TEXT', label: 'Memo' },
    items: {
      type: 'SUBTABLE',
      label: 'Items',
      fields: { item: { type: 'SINGLE_LINE_TEXT', label: 'Item' } },
    },
  },
};

function rows(...values: string[]) {
  return { value: values.map((v) => ({ value: { item: { value: v } } })) };
}

async function tableValues(app: string, table: string, column: string) {
  const out: Record<string, unknown[]> = {};
  for await (const r of h.client.records.iterate(app, { fields: ['$id', table] }))
    out[r.$id!.value as string] = (
      (r[table]?.value ?? []) as { value: Record<string, { value?: unknown }> }[]
    )
      .map((row) => row.value[column]?.value ?? '')
      .filter((v) => v !== '');
  return out;
}

describe('a field moved into or out of a table, keeping its values', () => {
  it('moves a field into a new table: one row per record holding a value', async () => {
    const { project, id } = await liveProject({ orders: TOP });
    await h.client.records.addAll(
      id,
      Array.from({ length: 120 }, (_, i) => ({ memo: { value: i % 4 === 0 ? '' : `memo ${i}` } })),
    );
    const before = await allRecords(h.client, id, ['memo']);
    const moved = {
      name: 'Orders',
      fields: {
        items: TOP.fields.items,
        notes: {
          type: 'SUBTABLE',
          label: 'Notes',
          fields: {
            memo: { type: 'SINGLE_LINE_TEXT', label: 'Memo' },
            by: { type: 'SINGLE_LINE_TEXT', label: 'By' },
          },
        },
      },
    };
    const v2 = await h.rewriteManifests(project, { orders: moved });
    const thePlan = await h.plan(v2);
    expect(thePlan.apps[0]!.migrations).toMatchObject([
      { from: { code: 'memo', table: null }, to: { code: 'memo', table: 'notes' }, rule: 'the same value' },
    ]);
    expect(thePlan.apps[0]!.risks).toEqual([]);
    const applied = await h.apply(v2, thePlan);
    expect(applied, applied.message).toMatchObject({ outcome: 'applied' });
    const after = await tableValues(id, 'notes', 'memo');
    expect(after).toEqual(Object.fromEntries(before.map((r) => [r.id, r.memo === '' ? [] : [r.memo]])));
    await h.expectConverged(v2);
  });

  it('blocks a move into an existing table until migrate.row says which row, then adds a row of its own', async () => {
    const { project, id } = await liveProject({ orders: TOP });
    await h.client.records.addAll(id, [
      { memo: { value: 'a' }, items: rows('x', 'y') },
      { memo: { value: '' }, items: rows('z') },
      { memo: { value: 'c' } },
    ]);
    const into = (migrate?: Record<string, unknown>) => ({
      name: 'Orders',
      fields: {
        items: {
          ...TOP.fields.items,
          fields: {
            ...TOP.fields.items.fields,
            memo: { type: 'SINGLE_LINE_TEXT', label: 'Memo', ...(migrate ? { migrate } : {}) },
          },
        },
      },
    });
    const blocked = await h.plan(await h.rewriteManifests(project, { orders: into() }));
    expect(blocked.apps[0]!.risks).toMatchObject([
      {
        kind: 'blocked',
        path: ['items', 'memo'],
        reason:
          'field "memo" moves into table "items", which has rows already: which row of each record receives its value is a choice',
        instead:
          'write migrate: { row: first } (the first row; a record without rows gets one), { row: every } (every row), or { row: new } (a row of its own)',
      },
    ]);
    const v2 = await h.rewriteManifests(project, { orders: into({ row: 'new' }) });
    const applied = await h.apply(v2, await h.plan(v2));
    expect(applied, applied.message).toMatchObject({ outcome: 'applied' });
    const { records } = await h.client.records.getRecords({ app: id, query: 'order by $id asc' });
    expect(
      records.map((r) =>
        (r.items!.value as { value: Record<string, { value?: unknown }> }[]).map((row) => [
          row.value.item?.value ?? '',
          row.value.memo?.value ?? '',
        ]),
      ),
    ).toEqual([
      [
        ['x', ''],
        ['y', ''],
        ['', 'a'],
      ],
      [['z', '']],
      [['', 'c']],
    ]);
    await h.expectConverged(v2);
  });

  it('moves a column out of a table; records with several rows block it until migrate.join joins them', async () => {
    const { project, id } = await liveProject({ orders: TOP });
    await h.client.records.addAll(id, [
      { items: rows('one') },
      { items: rows('two', 'three') },
      { items: rows() },
    ]);
    const out = (migrate?: Record<string, unknown>) => ({
      name: 'Orders',
      fields: {
        memo: TOP.fields.memo,
        items: {
          type: 'SUBTABLE',
          label: 'Items',
          fields: { other: { type: 'SINGLE_LINE_TEXT', label: 'Other' } },
        },
        item: { type: 'SINGLE_LINE_TEXT', label: 'Item', ...(migrate ? { migrate } : {}) },
      },
    });
    const blocked = await h.plan(await h.rewriteManifests(project, { orders: out() }));
    expect(blocked.apps[0]!.risks).toMatchObject([
      {
        kind: 'blocked',
        path: ['item'],
        reason:
          'field "item" moves out of table "items", and 1 record has more than one row holding a value ($id in (2)): a field holds one value',
      },
    ]);
    const v2 = await h.rewriteManifests(project, { orders: out({ join: ' / ' }) });
    const thePlan = await h.plan(v2);
    expect(thePlan.apps[0]!.risks).toEqual([]);
    const applied = await h.apply(v2, thePlan);
    expect(applied, applied.message).toMatchObject({ outcome: 'applied' });
    const { records } = await h.client.records.getRecords({ app: id, query: 'order by $id asc' });
    expect(records.map((r) => r.item?.value ?? '')).toEqual(['one', 'two / three', '']);
    await h.expectConverged(v2);
  });
});

describe('plan --check of a migration', () => {
  it('runs the whole migration on the copy (its records included) and passes, the target untouched', async () => {
    const { project, id } = await liveProject({ tickets: NOTES_MULTI });
    await h.client.records.addAll(id, tickets().slice(0, 30));
    const v2 = await h.rewriteManifests(project, { tickets: NOTES_SINGLE });
    const thePlan = await h.plan(v2);
    const calls = await h.serviceCalls();
    const check = await checkPlan({ plan: thePlan, project: v2, client: h.client, records: 30 });
    expect(check, JSON.stringify(check.failure)).toMatchObject({
      outcome: 'passed',
      copied: { records: 30 },
    });
    expect(await h.writesSince(calls)).toEqual([]);
  });
});

describe('a field another app reads', () => {
  it('is blocked: the platform refuses to delete a field a lookup names, and the swap deletes it', async () => {
    const customers = (company: string) => ({
      name: 'Customers',
      fields: {
        code: { type: 'SINGLE_LINE_TEXT', label: 'Code', unique: true, required: true },
        company: { type: company, label: 'Company' },
      },
    });
    const orders = {
      name: 'Orders',
      fields: {
        customer: {
          type: 'SINGLE_LINE_TEXT',
          label: 'Customer',
          lookup: {
            relatedApp: { app: 'customers' },
            relatedKeyField: 'code',
            lookupPickerFields: ['code', 'company'],
          },
        },
      },
    };
    const project = await h.writeProject({ apps: { customers: customers('SINGLE_LINE_TEXT'), orders } });
    const first = await h.apply(project, await h.plan(project));
    expect(first.exitCode, first.message).toBe(0);
    const v2 = await h.rewriteManifests(await h.load(project.root), {
      customers: customers('MULTI_LINE_TEXT'),
      orders,
    });
    const thePlan = await h.plan(v2);
    expect(thePlan.apps.find((a) => a.key === 'customers')!.risks).toMatchObject([
      {
        kind: 'blocked',
        path: ['company'],
        reason:
          'field "company" is named by orders.customer (a lookup or related-records table), and the service refuses to delete a field a lookup names: the swap cannot happen',
      },
    ]);
    const refused = await h.apply(v2, thePlan);
    expect(refused).toMatchObject({ outcome: 'refused' });
  });
});

describe('nothing destroyed without a copy', () => {
  it('backs up a field removed with --allow-data-loss before the deploy, and names the file', async () => {
    const { project, id } = await liveProject({ tickets: NOTES_MULTI });
    await h.client.records.addAll(id, [{ notes: { value: 'keep\nme' } }, { notes: { value: '' } }]);
    const v2 = await h.rewriteManifests(project, {
      tickets: { name: 'Tickets', fields: { subject: NOTES_MULTI.fields.subject } },
    });
    const applied = await h.apply(v2, await h.plan(v2), { allowDataLoss: true });
    expect(applied, applied.message).toMatchObject({ outcome: 'applied' });
    expect(applied.backups).toMatchObject([
      { app: 'tickets', fields: ['notes'], records: 1, values: 1, files: 0 },
    ]);
    const [line] = (await readFile(join(v2.root, applied.backups![0]!.file), 'utf8')).trim().split('\n');
    expect(JSON.parse(line!)).toMatchObject({
      app: id,
      id: '1',
      field: 'notes',
      type: 'MULTI_LINE_TEXT',
      value: 'keep\nme',
    });
    expect(applied.message).toContain(`are backed up in ${applied.backups![0]!.file}`);
  });
});
