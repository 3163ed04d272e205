/**
 * The service's actual state, read over its REST interface as any client reads it (not through
 * the code under test): each app's draft against its live copy, the temporary fields a migration
 * adds, deploys still running, and every record's values.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { call } from '../emulator-process.js';

/**
 * The settings each app has a draft and a live copy of (rest-interface.md: `preview/` is the
 * draft). A draft that differs from live in any of them is a pending draft.
 */
const SETTINGS = [
  'app/settings.json',
  'app/form/fields.json',
  'app/form/layout.json',
  'app/views.json',
  'app/reports.json',
  'app/customize.json',
  'app/acl.json',
  'app/status.json',
];

export interface AppState {
  id: string;
  /** False when the app exists only as a draft (never deployed). */
  deployed: boolean;
  /** The settings whose draft differs from live. */
  differs: string[];
  /** Field codes ending in `__migrating`, in the draft or live, a table's columns included. */
  temporary: string[];
  deploying: boolean;
}

/** Without the revision, which every copy carries and which says nothing of the content. */
function content(body: unknown): string {
  const { revision: _revision, ...rest } = (body ?? {}) as Record<string, unknown>;
  return JSON.stringify(rest);
}

export async function appState(url: string, id: string): Promise<AppState> {
  const differs: string[] = [];
  let deployed = true;
  for (const path of SETTINGS) {
    const [draft, live] = await Promise.all([
      call(url, 'GET', `/k/v1/preview/${path}?app=${id}`),
      call(url, 'GET', `/k/v1/${path}?app=${id}`),
    ]);
    if (draft.status !== 200) throw new Error(`draft ${path} of app ${id}: ${JSON.stringify(draft.body)}`);
    if (live.status !== 200) {
      deployed = false;
      continue;
    }
    if (content(draft.body) !== content(live.body)) differs.push(path);
  }
  const temporary = new Set<string>();
  for (const prefix of ['/k/v1/preview/', '/k/v1/']) {
    const fields = await call(url, 'GET', `${prefix}app/form/fields.json?app=${id}`);
    // A table's columns too: a field moving into a table is added there under its temporary code.
    for (const [code, def] of Object.entries(
      (fields.body?.properties ?? {}) as Record<string, { fields?: object }>,
    ))
      for (const c of [code, ...Object.keys(def.fields ?? {})])
        if (c.endsWith('__migrating')) temporary.add(c);
  }
  const deploy = await call(url, 'GET', `/k/v1/preview/app/deploy.json?apps[]=${id}`);
  const deploying = (deploy.body?.apps as { status: string }[] | undefined)?.[0]?.status === 'PROCESSING';
  return { id, deployed, differs, temporary: [...temporary], deploying };
}

/** The app ids appdeploy.yaml records for the environment `emu` (apply writes a new app's there). */
export async function projectIds(root: string): Promise<Record<string, number>> {
  const text = await readFile(join(root, 'appdeploy.yaml'), 'utf8').catch(() => 'apps: {}');
  const config = parse(text) as {
    apps: Record<string, { ids?: { emu?: number } }>;
  };
  return Object.fromEntries(
    Object.entries(config.apps).flatMap(([key, app]) =>
      app.ids?.emu === undefined ? [] : [[key, app.ids.emu]],
    ),
  );
}

/** Every app on the service, deployed or not, found by id from 1 up to the first gap past `known`. */
export async function serviceApps(url: string, known: number): Promise<string[]> {
  const ids: string[] = [];
  for (let id = 1; id <= known + 3; id++) {
    const read = await call(url, 'GET', `/k/v1/preview/app/settings.json?app=${id}`);
    if (read.status === 200) ids.push(String(id));
  }
  return ids;
}

export type Values = Record<string, string>;

/** Every record of the app, by $id, with the plain values of `fields`. */
export async function records(
  url: string,
  app: string,
  fields: readonly string[],
): Promise<Map<string, Values>> {
  const out = new Map<string, Values>();
  for (let last = 0; ;) {
    const query = encodeURIComponent(`$id > ${last} order by $id asc limit 500`);
    const read = await call(url, 'GET', `/k/v1/records.json?app=${app}&query=${query}`);
    if (read.status !== 200) throw new Error(`records of app ${app}: ${JSON.stringify(read.body)}`);
    const page = read.body.records as Record<string, { value: unknown }>[];
    if (page.length === 0) return out;
    for (const r of page) {
      const values: Values = {};
      // A field the record holds no value of reads as empty: the local service leaves out of a
      // record a field added after it was written (a migration's temporary field where the copy
      // wrote nothing, an empty value), where the platform reads it empty.
      for (const f of fields) values[f] = r[f] === undefined ? '' : plain(r[f].value);
      out.set(r.$id!.value as string, values);
    }
    last = Number(page.at(-1)!.$id!.value);
  }
}

function plain(value: unknown): string {
  // A drop-down with nothing chosen reads as null, as the file's empty cell means.
  if (value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
