/**
 * A project built on the helpdesk example with every area it leaves out added (plug-ins aside),
 * applied to the test service: the starting point of the plan tests.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parseDocument, type Document } from 'yaml';
import { apply } from '../../src/apply/index.js';
import { main } from '../../src/cli/main.js';
import { plan } from '../../src/plan/index.js';
import { loadValid, projectFile, removeProject, writeProject, type ServiceHandle } from './harness.js';
import { said } from '../support/cli-results.js';

const roots: string[] = [];

/** Removes the projects made since the last call; a test file calls it after each test. */
export async function removeProjects(): Promise<void> {
  for (const root of roots.splice(0)) await removeProject(root);
}

const tickets = await readFile(new URL('../../examples/helpdesk/apps/tickets.yaml', import.meta.url), 'utf8');

/** The helpdesk tickets app, plus the areas it does not manage, as one manifest. */
export function baseManifest(): Document {
  const doc = parseDocument(tickets);
  const extra = parseDocument(`
customize:
  scope: ALL
  desktop:
    js: [{ type: URL, url: 'https://cdn.example.com/board.js' }]
    css: []
  mobile: { js: [], css: [] }
appAcl:
  - entity: { type: CREATOR }
    appEditable: true
    recordViewable: true
    recordAddable: true
    recordEditable: true
    recordDeletable: true
  - entity: { type: GROUP, code: everyone }
    recordViewable: true
    recordAddable: true
recordAcl:
  - filterCond: priority in ("Urgent")
    entities:
      - { entity: { type: GROUP, code: support-leads }, viewable: true, editable: true, deletable: false }
fieldAcl:
  - field: minutes_spent
    entities:
      - { entity: { type: GROUP, code: support-leads }, accessibility: WRITE }
      - { entity: { type: GROUP, code: everyone }, accessibility: READ }
actions:
  Follow-up ticket:
    destApp: { app: tickets }
    mappings:
      - { srcType: FIELD, srcField: subject, destField: subject }
      - { srcType: RECORD_URL, destField: details }
    entities: [{ type: GROUP, code: everyone }]
`);
  for (const pair of (extra.contents as { items: { key: unknown; value: unknown }[] }).items)
    doc.set(pair.key, pair.value);
  return doc;
}

export async function appliedProject(service: ServiceHandle): Promise<string> {
  const root = await writeProject({
    'appdeploy.yaml': projectFile(service.url, { tickets: null }),
    'apps/tickets.yaml': baseManifest().toString(),
  });
  roots.push(root);
  await applyAsWritten(service, root);
  return root;
}

/** Plans the project in `root` and applies that plan, which must apply in full. */
export async function applyAsWritten(service: ServiceHandle, root: string): Promise<void> {
  const project = await loadValid(root);
  const result = await apply({
    plan: await plan({ project, client: service.client }),
    project,
    client: service.client,
    pollIntervalMs: { initial: 10, max: 50 },
  });
  expect(result.outcome, said(result)).toBe('applied');
}

export async function editManifest(root: string, edit: (doc: Document) => void): Promise<void> {
  const path = join(root, 'apps/tickets.yaml');
  const doc = parseDocument(await readFile(path, 'utf8'));
  edit(doc);
  await writeFile(path, doc.toString());
}

export async function cli(
  root: string,
  ...args: string[]
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['node', 'appdeploy', ...args, '-C', root], {
    out: (s) => void (out += s),
    err: (s) => void (err += s),
  });
  return { code, out, err };
}

/** `minutes_spent` renamed to `time_spent` (`renamedFrom`, which keeps its data), and every place that names it. */
export function renameMinutesSpent(d: Document): void {
  const field = d.getIn(['fields', 'minutes_spent']) as { set(k: string, v: unknown): void };
  field.set('renamedFrom', 'minutes_spent');
  d.setIn(['fields', 'time_spent'], field);
  d.deleteIn(['fields', 'minutes_spent']);
  d.setIn(['layout', 7, 'layout', 1, 'fields', 1, 'code'], 'time_spent');
  d.setIn(['fieldAcl', 0, 'field'], 'time_spent');
  d.setIn(['reports', 'Average handling time', 'aggregations', 0, 'code'], 'time_spent');
  d.setIn(['reports', 'Average handling time', 'aggregations', 1, 'code'], 'time_spent');
}
