/**
 * A second version of each example, as a team's next pull request would make it: a field added,
 * one renamed with data (`renamedFrom`), one removed with data (`--allow-data-loss`), a view and
 * the process changed, ACL rules changed. It applies and converges (a fresh plan is empty), and
 * the renamed field still holds its records' values.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMap, isScalar, isSeq, parseDocument, visit, type Document } from 'yaml';
import { apply } from '../../src/apply/index.js';
import { plan } from '../../src/plan/index.js';
import { exampleCopies, loadValid, useService } from './harness.js';
import { applyExitCode, said } from '../support/cli-results.js';

const service = useService();
const copyExample = exampleCopies(service);
async function edit(root: string, app: string, change: (doc: Document) => void): Promise<void> {
  const path = join(root, `apps/${app}.yaml`);
  const doc = parseDocument(await readFile(path, 'utf8'));
  change(doc);
  await writeFile(path, doc.toString());
}

/** Every reference to a field code takes the new code; the field itself says where it came from. */
function renameField(doc: Document, from: string, to: string): void {
  const fields = doc.get('fields') as { items: { key: { value: string } }[] };
  const pair = fields.items.find((p) => p.key.value === from)!;
  pair.key.value = to;
  doc.setIn(['fields', to, 'renamedFrom'], from);
  const word = new RegExp(`\\b${from}\\b`, 'g');
  visit(doc.contents, {
    Scalar(key, node) {
      if (key === 'key' || typeof node.value !== 'string') return;
      if (node.value === from) node.value = to;
      else if (word.test(node.value)) node.value = node.value.replace(word, to);
    },
  });
  // The renamedFrom just written names the old code on purpose.
  doc.setIn(['fields', to, 'renamedFrom'], from);
}

/** The field leaves the manifest, and so does every place that shows or maps it. */
function removeField(doc: Document, code: string): void {
  doc.deleteIn(['fields', code]);
  visit(doc.contents, {
    Seq(_key, node) {
      node.items = node.items.filter((item) => {
        if (isScalar(item)) return item.value !== code;
        if (isMap(item)) return item.get('code') !== code && item.get('field') !== code;
        return true;
      });
    },
  });
}

function addField(doc: Document, code: string, definition: Record<string, unknown>): void {
  doc.setIn(['fields', code], doc.createNode(definition));
  const layout = doc.get('layout');
  if (isSeq(layout)) layout.items.push(doc.createNode({ type: 'ROW', fields: [{ code }] }));
}

interface Version2 {
  /** The app whose renamed field holds a record, and the field's old and new code. */
  renamed: { app: string; from: string; to: string; record: Record<string, { value: unknown }> };
  /** Records other apps need first (a lookup's source). */
  before?: Record<string, Record<string, { value: unknown }>>;
  edits: Record<string, (doc: Document) => void>;
  /** Record files (by path) the edits make stale, as the same pull request changes them. */
  records?: Record<string, (text: string) => string>;
}

/** The renamed field's app, its old and new code, and a record's values (as the API wraps them). */
function renamed(app: string, from: string, to: string, values: Record<string, string>): Version2['renamed'] {
  const record = Object.fromEntries(Object.entries(values).map(([code, value]) => [code, { value }]));
  return { app, from, to, record };
}

const versions: Record<string, Version2> = {
  crm: {
    renamed: renamed('deals', 'probability', 'win_chance', {
      deal_name: 'Renewal',
      customer_code: 'C-1',
      stage: 'Lead',
      probability: '40',
    }),
    before: { customers: { customer_code: { value: 'C-1' }, company_name: { value: 'Acme' } } },
    edits: {
      customers: (d) => addField(d, 'linkedin', { type: 'LINK', label: 'LinkedIn page', protocol: 'WEB' }),
      deals: (d) => {
        renameField(d, 'probability', 'win_chance');
        removeField(d, 'account_manager_name');
        d.setIn(['views', 'Pipeline', 'sort'], 'amount desc');
        const everyone = (d.get('appAcl') as { items: unknown[] }).items.length - 1;
        d.setIn(['appAcl', everyone, 'recordExportable'], true);
      },
    },
  },
  helpdesk: {
    renamed: renamed('tickets', 'minutes_spent', 'time_spent', {
      subject: 'Printer jam',
      details: 'Again',
      requester_email: 'a@example.com',
      minutes_spent: '25',
      callback_time: '11:30',
    }),
    edits: {
      tickets: (d) => {
        renameField(d, 'minutes_spent', 'time_spent');
        removeField(d, 'callback_time');
        addField(d, 'product', { type: 'SINGLE_LINE_TEXT', label: 'Product' });
        d.setIn(['views', 'Board', 'pager'], true);
        d.setIn(['process', 'actions', 0, 'name'], 'Pick up');
      },
    },
    records: {
      'records/tickets.yaml': (text) =>
        text.replaceAll('minutes_spent:', 'time_spent:').replace(/^ {2}callback_time: .*\n/gm, ''),
    },
  },
};

describe.each(Object.keys(versions))('examples/%s, second version', (name) => {
  it("applies with --allow-data-loss, converges, and keeps the renamed field's values", async () => {
    const version = versions[name]!;
    const root = await copyExample(name);
    const v1 = await loadValid(root);
    const first = await apply({
      plan: await plan({ project: v1, client: service.client }),
      project: v1,
      client: service.client,
    });
    expect(first.outcome, said(first)).toBe('applied');

    const project = await loadValid(root);
    for (const [key, record] of Object.entries(version.before ?? {}))
      await service.client.records.addRecord({
        app: project.apps.find((a) => a.key === key)!.id!,
        record: record as never,
      });
    const app = project.apps.find((a) => a.key === version.renamed.app)!.id!;
    const { id } = await service.client.records.addRecord({ app, record: version.renamed.record as never });

    for (const [key, change] of Object.entries(version.edits)) await edit(root, key, change);
    for (const [file, change] of Object.entries(version.records ?? {}))
      await writeFile(join(root, file), change(await readFile(join(root, file), 'utf8')));
    const v2 = await loadValid(root);
    const planned = await plan({ project: v2, client: service.client });
    const fields = planned.apps
      .find((a) => a.key === version.renamed.app)!
      .areas.find((a) => a.key === 'fields')!;
    expect(fields.changes).toContainEqual(
      expect.objectContaining({ action: 'rename', from: version.renamed.from }),
    );

    const refused = await apply({ plan: planned, project: v2, client: service.client });
    expect([refused.outcome, applyExitCode(refused)]).toEqual(['refused', 1]);
    const applied = await apply({ plan: planned, project: v2, client: service.client, allowDataLoss: true });
    expect(applied.outcome, said(applied)).toBe('applied');

    const again = await plan({ project: await loadValid(root), client: service.client });
    expect(
      again.apps.flatMap((a) => a.areas.filter((x) => x.changes.length > 0).map((x) => `${a.key}.${x.key}`)),
    ).toEqual([]);
    const { record } = await service.client.records.getRecord({ app, id });
    expect(record[version.renamed.to]?.value).toBe(version.renamed.record[version.renamed.from]!.value);
    expect(record[version.renamed.from]).toBeUndefined();
  });
});
