/**
 * The world of kill-anywhere.test.ts: a project of two apps on a local service in a process of its
 * own (so that it outlives the CLI it serves), the manifests the rounds move between, the record
 * file seed writes, and the seeded random numbers that pick each kill moment.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { seededRandom } from '../../support/seeded-random.js';

/** The seeded generator every fuzzer draws from (a seed names a run). */
export const random = seededRandom;

export const between = (next: () => number, low: number, high: number): number =>
  low + Math.floor(next() * (high - low + 1));

const REGIONS = { north: { label: 'north' }, south: { label: 'south' }, east: { label: 'east' } };

/** Customers' related-records table showing the orders of each customer (by orders' lookup). */
export const ORDERS_TABLE = {
  type: 'REFERENCE_TABLE',
  label: 'Orders',
  referenceTable: {
    relatedApp: { app: 'orders' },
    condition: { field: 'code', relatedField: 'customer' },
    displayFields: ['title'],
  },
};

/** Orders' lookup of a customer by code. */
export const CUSTOMER_LOOKUP = {
  type: 'SINGLE_LINE_TEXT',
  label: 'Customer',
  lookup: {
    relatedApp: { app: 'customers' },
    relatedKeyField: 'code',
    fieldMappings: [{ field: 'customer_name', relatedField: 'name' }],
  },
};

/** A graph of customers per region. */
export const PER_REGION = {
  'Per region': {
    chartType: 'PIE',
    groups: [{ code: 'region' }],
    aggregations: [{ type: 'COUNT' }],
    sorts: [{ by: 'TOTAL', order: 'DESC' }],
  },
};

/** The customers app as it starts: no other app names it yet. */
const CUSTOMERS_V1 = {
  name: 'Customers',
  fields: {
    code: { type: 'SINGLE_LINE_TEXT', label: 'Code', unique: true, required: true },
    name: { type: 'SINGLE_LINE_TEXT', label: 'Name' },
    notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' },
    qty: { type: 'NUMBER', label: 'Qty' },
  },
  views: { All: { type: 'LIST', fields: ['code', 'name'] } },
};

/**
 * Settings changed across areas (general, fields, views, reports, customize), a reference table
 * naming the new app orders, whose lookup names customers: the two reference each other, so the
 * apply deploys in two steps (plan/steps.ts).
 */
function customersV2(notes: 'MULTI_LINE_TEXT' | 'SINGLE_LINE_TEXT', withQty = true) {
  return {
    name: 'Customers',
    description: 'Every customer, by code.',
    fields: {
      code: CUSTOMERS_V1.fields.code,
      name: CUSTOMERS_V1.fields.name,
      notes: { type: notes, label: 'Notes' },
      ...(withQty ? { qty: CUSTOMERS_V1.fields.qty } : {}),
      region: { type: 'DROP_DOWN', label: 'Region', options: REGIONS },
      orders: ORDERS_TABLE,
    },
    views: {
      All: { type: 'LIST', fields: ['code', 'name', 'region'] },
      'By region': { type: 'LIST', fields: ['region', 'code'], sort: 'region asc' },
    },
    reports: PER_REGION,
    customize: { scope: 'ALL', desktop: { js: [{ type: 'FILE', path: 'customize/customers.js' }] } },
  };
}

function ordersManifest(extra: boolean) {
  return {
    name: 'Orders',
    fields: {
      title: { type: 'SINGLE_LINE_TEXT', label: 'Title' },
      customer: CUSTOMER_LOOKUP,
      customer_name: { type: 'SINGLE_LINE_TEXT', label: 'Customer name' },
      ...(extra ? { due: { type: 'DATE', label: 'Due' } } : {}),
    },
    views: { Open: { type: 'LIST', fields: extra ? ['title', 'customer', 'due'] : ['title', 'customer'] } },
  };
}

/** Each state of the project the rounds apply, by name. */
export const STATES = {
  start: { customers: CUSTOMERS_V1 },
  'two apps': { customers: customersV2('MULTI_LINE_TEXT'), orders: ordersManifest(false) },
  'settings changed': {
    customers: { ...customersV2('MULTI_LINE_TEXT'), description: 'Customers, changed.' },
    orders: ordersManifest(true),
  },
  migrated: { customers: customersV2('SINGLE_LINE_TEXT'), orders: ordersManifest(true) },
  'qty removed': { customers: customersV2('SINGLE_LINE_TEXT', false), orders: ordersManifest(true) },
} as const;
export type StateName = keyof typeof STATES;

/** The customization file of each state, by its round: another content makes another upload. */
export const customizeJs = (version: number) => `// customers, version ${version}\nwindow.v = ${version};\n`;

export const RECORDS_FILE = 'records/customers.csv';

/** A customer as the record file gives it (and the records API reads it back as plain values). */
export interface Customer {
  code: string;
  name: string;
  notes: string;
  qty: string;
  region: string;
}

export function customer(i: number, edition = 0): Customer {
  return {
    code: `C${String(i).padStart(5, '0')}`,
    name: edition === 0 ? `Customer "${i}", Ltd` : `Customer ${i}, edition ${edition}`,
    // One line: the migration to SINGLE_LINE_TEXT converts every value (docs/migrations.md).
    notes: i % 4 === 0 ? '' : `notes of ${i}`,
    qty: i % 9 === 0 ? '' : String(i % 500),
    region: ['north', 'south', 'east', ''][i % 4]!,
  };
}

const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export function csv(customers: readonly Customer[]): string {
  return [
    'code,name,notes,qty,region',
    ...customers.map((c) => [c.code, c.name, c.notes, c.qty, c.region].map(cell).join(',')),
    '',
  ].join('\n');
}

/** Writes the manifests of `state`, the customization file and appdeploy.yaml (ids kept where given). */
export async function writeProject(
  root: string,
  url: string,
  state: StateName,
  version: number,
  ids: Record<string, number>,
): Promise<void> {
  await mkdir(join(root, 'apps', 'customize'), { recursive: true });
  await mkdir(join(root, 'records'), { recursive: true });
  const manifests: Record<string, object> = STATES[state];
  for (const [key, manifest] of Object.entries(manifests))
    await writeFile(join(root, 'apps', `${key}.yaml`), stringify(manifest));
  await writeFile(join(root, 'apps', 'customize', 'customers.js'), customizeJs(version));
  const apps = Object.fromEntries(
    Object.keys(manifests).map((key) => [
      key,
      {
        manifest: `apps/${key}.yaml`,
        ...(ids[key] === undefined ? {} : { ids: { emu: ids[key] } }),
        ...(key === 'customers' ? { records: { file: RECORDS_FILE, key: 'code' } } : {}),
      },
    ]),
  );
  const environments = {
    emu: { baseUrl: url, auth: { login: '${EMU_LOGIN}', password: '${EMU_PASSWORD}' } },
  };
  await writeFile(join(root, 'appdeploy.yaml'), stringify({ environments, apps }));
}
