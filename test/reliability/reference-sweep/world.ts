/**
 * The project the reference sweep starts from: three apps that name each other's fields.
 *
 * - `master`: the looked-up app (unique `code` and `num` keys, a name, a price, a drop-down, a date,
 *   a table), with a related-records table of the orders whose lookup copied its code (a cycle:
 *   orders looks master up, master lists orders);
 * - `orders`: a lookup into master by `code` copying name, price and kind, and a copy action into
 *   master;
 * - `notes`: a lookup into orders by `order_no`, copying a field orders' own lookup fills.
 *
 * Manifests are plain data the edits change; appdeploy.yaml names the apps in `order`.
 */
import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';

export type Manifests = Record<string, Record<string, any>>;

export interface World {
  manifests: Manifests;
  /** The apps of appdeploy.yaml, in its order (an app left out is not managed). */
  order: string[];
  /** The apps' ids on the service, once created (apply writes them into appdeploy.yaml). */
  ids: Record<string, string>;
}

const KIND_OPTIONS = { A: { label: 'A', index: 0 }, B: { label: 'B', index: 1 } };

export function startingWorld(): World {
  const master = {
    name: 'Master',
    fields: {
      code: { type: 'SINGLE_LINE_TEXT', label: 'Code', unique: true },
      num: { type: 'NUMBER', label: 'Number', unique: true },
      title: { type: 'SINGLE_LINE_TEXT', label: 'Title' },
      price: { type: 'NUMBER', label: 'Price' },
      kind: { type: 'DROP_DOWN', label: 'Kind', options: structuredClone(KIND_OPTIONS) },
      day: { type: 'DATE', label: 'Day' },
      memo: { type: 'MULTI_LINE_TEXT', label: 'Memo' },
      items: {
        type: 'SUBTABLE',
        label: 'Items',
        fields: {
          item: { type: 'SINGLE_LINE_TEXT', label: 'Item' },
          qty: { type: 'NUMBER', label: 'Qty' },
        },
      },
      order_list: {
        type: 'REFERENCE_TABLE',
        label: 'Orders',
        referenceTable: {
          relatedApp: { app: 'orders' },
          condition: { field: 'code', relatedField: 'm_code' },
          displayFields: ['order_no', 'm_price'],
          size: 5,
        },
      },
    },
  };
  const orders = {
    name: 'Orders',
    fields: {
      order_no: { type: 'SINGLE_LINE_TEXT', label: 'Order', unique: true },
      m_code: {
        type: 'SINGLE_LINE_TEXT',
        label: 'Master code',
        lookup: {
          relatedApp: { app: 'master' },
          relatedKeyField: 'code',
          fieldMappings: [
            { field: 'm_title', relatedField: 'title' },
            { field: 'm_price', relatedField: 'price' },
            { field: 'm_kind', relatedField: 'kind' },
          ],
          lookupPickerFields: ['code', 'title'],
          filterCond: 'price > 0',
          sort: 'title asc',
        },
      },
      m_title: { type: 'SINGLE_LINE_TEXT', label: 'Master title' },
      m_price: { type: 'NUMBER', label: 'Master price' },
      m_kind: { type: 'DROP_DOWN', label: 'Master kind', options: structuredClone(KIND_OPTIONS) },
      note: { type: 'SINGLE_LINE_TEXT', label: 'Note' },
    },
    actions: {
      'Back to master': {
        destApp: { app: 'master' },
        mappings: [{ srcType: 'FIELD', srcField: 'note', destField: 'title' }],
        entities: [{ type: 'GROUP', code: 'sales' }],
      },
    },
  };
  const notes = {
    name: 'Notes',
    fields: {
      subject: { type: 'SINGLE_LINE_TEXT', label: 'Subject' },
      order_ref: {
        type: 'SINGLE_LINE_TEXT',
        label: 'Order',
        lookup: {
          relatedApp: { app: 'orders' },
          relatedKeyField: 'order_no',
          fieldMappings: [{ field: 'o_title', relatedField: 'm_title' }],
          lookupPickerFields: ['order_no'],
        },
      },
      o_title: { type: 'SINGLE_LINE_TEXT', label: 'Order title' },
    },
  };
  return { manifests: { master, orders, notes }, order: ['master', 'orders', 'notes'], ids: {} };
}

export async function newProjectFolder(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'appdeploy-ref-sweep-'));
  await mkdir(join(root, 'apps'), { recursive: true });
  return root;
}

/** appdeploy.yaml (the `test` environment at `url`) and every manifest of `world`. */
export async function writeWorld(root: string, url: string, world: World): Promise<void> {
  const apps = Object.fromEntries(
    world.order.map((key) => [
      key,
      { manifest: `apps/${key}.yaml`, ...(world.ids[key] ? { ids: { test: Number(world.ids[key]) } } : {}) },
    ]),
  );
  const config = {
    environments: { test: { baseUrl: url, auth: { login: 'admin', password: 'admin' } } },
    defaultEnvironment: 'test',
    apps,
  };
  await writeFile(join(root, 'appdeploy.yaml'), stringify(config));
  for (const [key, manifest] of Object.entries(world.manifests))
    await writeFile(join(root, 'apps', `${key}.yaml`), stringify(manifest));
}

/** The manifests as written (what validate reads). */
export async function readManifest(root: string, key: string): Promise<Record<string, any>> {
  return parse(await readFile(join(root, 'apps', `${key}.yaml`), 'utf8')) as Record<string, any>;
}

/** The ids apply wrote into appdeploy.yaml, added to `world.ids`. */
export async function readIds(root: string, world: World): Promise<void> {
  const config = parse(await readFile(join(root, 'appdeploy.yaml'), 'utf8')) as {
    apps: Record<string, { ids?: { test?: number } }>;
  };
  for (const [key, app] of Object.entries(config.apps))
    if (app.ids?.test !== undefined) world.ids[key] = String(app.ids.test);
}
