/**
 * A title field the app no longer has: the manifest named a field as the record title, then
 * removed the field and its `titleField` line together (what a person does), and apply deleted
 * the field while the live title setting, no longer managed, still names it. Export must still
 * write a manifest that validates and plans empty: the title setting is left out (unmanaged, as
 * it was in the project) and a note says why. Found by test/reliability/apply-sequences.test.ts.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { projectFile, useService, writeProject } from '../plan/harness.js';
import { applyProject, emptyProject, exportInto, pendingChanges } from './harness.js';

const CASES = [
  { title: 'subject', type: 'SINGLE_LINE_TEXT' },
  { title: 'amount', type: 'NUMBER' },
] as const;

describe('export of an app whose live title field is gone', () => {
  const service = useService();
  const roots: string[] = [];
  afterEach(async () => {
    for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
  });

  const applied = async (root: string) => (await applyProject(root, service.client)).apps[0]!.id!;

  it.each(CASES)('title field $title ($type) removed with its titleField line', async ({ title, type }) => {
    const fields = { name: { type: 'SINGLE_LINE_TEXT', label: 'Name' }, [title]: { type, label: 'Title' } };
    const manifest = {
      name: 'Orders',
      titleField: { selectionMode: 'MANUAL', code: title },
      fields,
      layout: Object.keys(fields).map((code) => ({ type: 'ROW', fields: [{ code }] })),
    };
    const root = await writeProject({
      'appdeploy.yaml': projectFile(service.url, { orders: null }),
      'apps/orders.yaml': stringify(manifest),
    });
    roots.push(root);
    await applied(root);
    const { titleField: _, ...rest } = manifest;
    void _;
    const { [title]: __, ...kept } = fields;
    void __;
    await writeFile(
      join(root, 'apps', 'orders.yaml'),
      stringify({ ...rest, fields: kept, layout: [rest.layout[0]] }),
    );
    const id = await applied(root);
    const target = await emptyProject(service.url);
    roots.push(target);
    const result = await exportInto(target, service.client, { apps: [id] });
    expect(result.apps.map((a) => a.notes)).toEqual([
      [`general: the title field names field "${title}", which the app does not have: titleField left out`],
    ]);
    expect(await pendingChanges(target, service.client)).toEqual([]);
  });
});
