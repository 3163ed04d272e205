/**
 * The projects the docs' samples describe, beyond an `init` project or an example: written as the
 * text around each sample says, in the folder of a situation (situations.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { initProject, run, writeFiles, type Ctx } from './situations.js';

/** An init project's plan saved, then applied with --app: refused (docs/errors.md). */
export async function savedPlanNarrowed(ctx: Ctx, flags: string[]) {
  const root = await initProject(ctx);
  await run(root, ['plan', '--out', 'plan.json'], 0);
  return run(root, ['apply', 'plan.json', '--app', 'tasks', ...flags], 1);
}

/** customers with a `code`, and orders whose lookup names `cod` at line 11, column 24. */
export async function lookupTypo(ctx: Ctx): Promise<string> {
  const root = await ctx.folder();
  await writeFiles(root, {
    'appdeploy.yaml':
      'environments:\n  local: {}\napps:\n  customers: { manifest: apps/customers.yaml }\n  orders: { manifest: apps/orders.yaml }\n',
    'apps/customers.yaml':
      'name: Customers\nfields:\n  code: { type: SINGLE_LINE_TEXT, label: Code, unique: true, required: true }\n  name: { type: SINGLE_LINE_TEXT, label: Name }\n',
    'apps/orders.yaml': [
      'name: Orders',
      'fields:',
      '  customer:',
      '    type: SINGLE_LINE_TEXT',
      '    label: Customer',
      '    lookup:',
      '      relatedApp: { app: customers }',
      '      fieldMappings:',
      '        - { field: customer_name, relatedField: name }',
      '      lookupPickerFields: [name]',
      '      relatedKeyField: cod',
      '  customer_name: { type: SINGLE_LINE_TEXT, label: Customer name }',
      '',
    ].join('\n'),
  });
  return root;
}

/** The customers app of docs/records.md, on the local environment, with these records. */
export async function customersProject(ctx: Ctx, records: string[]): Promise<string> {
  const root = await ctx.folder();
  await writeFiles(root, {
    'appdeploy.yaml':
      'environments:\n  local: {}\napps:\n  customers:\n    manifest: apps/customers.yaml\n    records: { file: records/customers.yaml, key: customer_code }\n',
    'apps/customers.yaml': [
      'name: Customers',
      'fields:',
      '  customer_code: { type: SINGLE_LINE_TEXT, label: Code, unique: true, required: true }',
      '  name: { type: SINGLE_LINE_TEXT, label: Name }',
      '  amount: { type: NUMBER, label: Amount }',
      '  owner: { type: USER_SELECT, label: Owner }',
      '',
    ].join('\n'),
    'records/customers.yaml': records.join(''),
  });
  return root;
}

export const customerRecords = (n: number) =>
  Array.from({ length: n }, (_, i) => `- customer_code: C${i + 1}\n  amount: ${(i + 1) * 300}\n`);

/** tasks.yaml with an app ACL, before its fields, whose second rule names the group reviewers at line 31, column 13. */
export async function tasksWithAcl(root: string): Promise<string> {
  const lines = (await readFile(join(root, 'apps/tasks.yaml'), 'utf8')).split('\n');
  const fields = lines.indexOf('fields:');
  const acl = [
    'appAcl:',
    '  - entity: { type: CREATOR }',
    '    appEditable: true',
    '  - entity:',
    '      type: GROUP',
    '      code: reviewers',
    '    recordViewable: true',
  ];
  // Comment lines before the ACL put `code: reviewers` on line 31.
  const padding = 31 - (fields + acl.indexOf('      code: reviewers') + 1);
  const comments = Array.from({ length: padding }, () => '# who may do what in the app');
  return [...lines.slice(0, fields), ...comments, ...acl, '', ...lines.slice(fields)].join('\n');
}

/** deals' customer lookup copies customers' region into a new field deal_region. */
export async function addLookupCopy(root: string): Promise<void> {
  const deals = await readFile(join(root, 'apps/deals.yaml'), 'utf8');
  const mapping = /( *)- \{ field: [a-z_]+, relatedField: [a-z_]+ \}\n/.exec(deals);
  if (!mapping) throw new Error('apps/deals.yaml: no fieldMappings entry to add to');
  await writeFiles(root, {
    'apps/deals.yaml': deals
      .replace(mapping[0], `${mapping[0]}${mapping[1]}- { field: deal_region, relatedField: region }\n`)
      .replace(/\nfields:\n/, '\nfields:\n  deal_region: { type: SINGLE_LINE_TEXT, label: Region }\n')
      .replace(/\nlayout:\n/, '\nlayout:\n  - type: ROW\n    fields: [{ code: deal_region }]\n'),
  });
}
