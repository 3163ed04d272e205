import { createHash } from 'node:crypto';
import { SETTINGS_CATALOGUE, draftPath, livePath } from '../../../src/platform/index.js';
import { passwordHeader } from '../../support/users.js';

/** One read's answer: its HTTP status and JSON body (a download: its bytes' SHA-256). */
export interface Read {
  readonly status: number;
  readonly body: unknown;
}

/**
 * What a user can read of the service, keyed by what it is (`app 3 draft app/views.json`,
 * `app 3 record 12`, `app 3 record 12 comments`, `plugins`, `space 2`): every app's draft and
 * live settings of every area, its deploy status, every record with its revision (a file's
 * content by its hash, not its key), every comment, the plug-ins, the spaces, the directory, and
 * the clock's offset from the wall clock. Read over REST only.
 */
export interface Snapshot {
  readonly reads: Map<string, Read>;
  /** Service clock minus wall clock, in ms, when read. */
  readonly clockOffsetMs: number;
}

export interface Known {
  readonly apps: readonly string[];
  readonly spaces: readonly string[];
}

export async function get(base: string, path: string, query: Record<string, string> = {}): Promise<Read> {
  const url = new URL(base + path);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await fetch(url, { headers: passwordHeader() });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json'))
    return { status: res.status, body: { sha256: sha256(Buffer.from(await res.arrayBuffer())), type } };
  const body = await res.json();
  // An error's id is new with every answer: the code and message are what the state says.
  if (res.status >= 400 && body && typeof body === 'object' && 'id' in body) {
    const { id: _id, ...rest } = body as Record<string, unknown>;
    return { status: res.status, body: rest };
  }
  return { status: res.status, body };
}

export async function post(base: string, path: string, body: unknown, method = 'POST'): Promise<Read> {
  const res = await fetch(base + path, {
    method,
    headers: { ...passwordHeader(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function takeSnapshot(base: string, known: Known): Promise<Snapshot> {
  const reads = new Map<string, Read>();
  const put = (key: string, read: Read) => reads.set(key, read);
  put('apps', await get(base, '/k/v1/apps.json', { limit: '100' }));
  for (const app of known.apps) await readApp(base, app, put);
  // One past the last app known: nothing a failed or unanswered create left must be there.
  const next = String(Math.max(0, ...known.apps.map(Number)) + 1);
  put(`app ${next} draft settings`, await get(base, '/k/v1/preview/app/settings.json', { app: next }));
  put('plugins', await get(base, '/k/v1/plugins.json', { limit: '100' }));
  for (const space of known.spaces) {
    put(`space ${space}`, await get(base, '/k/v1/space.json', { id: space }));
    put(`space ${space} members`, await get(base, '/k/v1/space/members.json', { id: space }));
  }
  put('directory', await get(base, '/_emulator/directory'));
  const clock = await post(base, '/_emulator/clock', { advanceMs: 0 });
  const clockOffsetMs = Date.parse((clock.body as { now: string }).now) - Date.now();
  return { reads, clockOffsetMs };
}

async function readApp(base: string, app: string, put: (key: string, read: Read) => void): Promise<void> {
  put(`app ${app}`, await get(base, '/k/v1/app.json', { id: app }));
  put(`app ${app} deploy`, await get(base, '/k/v1/preview/app/deploy.json', { 'apps[0]': app }));
  for (const entry of SETTINGS_CATALOGUE) {
    put(`app ${app} draft ${entry.endpoint}`, await get(base, draftPath(entry), { app }));
    put(`app ${app} live ${entry.endpoint}`, await get(base, livePath(entry), { app }));
  }
  await readRecords(base, app, put);
}

/** Every record by `$id` ascending, each with its files' contents and its comments. */
async function readRecords(base: string, app: string, put: (key: string, read: Read) => void): Promise<void> {
  let last = 0;
  for (;;) {
    const query = `$id > ${last} order by $id asc limit 500`;
    const page = await get(base, '/k/v1/records.json', { app, query });
    if (page.status !== 200) {
      put(`app ${app} records`, page);
      return;
    }
    const records = (page.body as { records: Record<string, { type: string; value: unknown }>[] }).records;
    for (const record of records) {
      const id = record.$id!.value as string;
      put(`app ${app} record ${id}`, { status: 200, body: await withFileContents(base, record) });
      await readComments(base, app, id, put);
    }
    if (records.length < 500) return;
    last = Number(records.at(-1)!.$id!.value);
  }
}

type Field = { type: string; value: unknown };

/** The record with each attachment's key replaced by its content's hash (a key is per read). */
async function withFileContents(base: string, record: Record<string, Field>): Promise<unknown> {
  const out: Record<string, unknown> = {};
  for (const [code, field] of Object.entries(record)) {
    if (field.type === 'FILE') out[code] = { type: 'FILE', value: await files(base, field.value) };
    else if (field.type === 'SUBTABLE') {
      const rows = field.value as { id: string; value: Record<string, Field> }[];
      out[code] = {
        type: 'SUBTABLE',
        value: await Promise.all(
          rows.map(async (row) => ({ id: row.id, value: await withFileContents(base, row.value) })),
        ),
      };
    } else out[code] = field;
  }
  return out;
}

async function files(base: string, value: unknown): Promise<unknown> {
  const attached = value as { fileKey: string; name: string; contentType: string; size: string }[];
  return Promise.all(
    attached.map(async ({ fileKey, ...rest }) => ({
      ...rest,
      content: await get(base, '/k/v1/file.json', { fileKey }),
    })),
  );
}

async function readComments(
  base: string,
  app: string,
  record: string,
  put: (key: string, read: Read) => void,
): Promise<void> {
  const all: unknown[] = [];
  for (let offset = 0; ; offset += 10) {
    const page = await get(base, '/k/v1/record/comments.json', {
      app,
      record,
      order: 'asc',
      offset: String(offset),
      limit: '10',
    });
    if (page.status !== 200) {
      put(`app ${app} record ${record} comments`, page);
      return;
    }
    const { comments, newer } = page.body as { comments: unknown[]; newer: boolean };
    all.push(...comments);
    if (!newer) break;
  }
  put(`app ${app} record ${record} comments`, { status: 200, body: all });
}

/** The keys whose reads differ, each with both sides (undefined: not read on that side). */
export function differences(
  before: Snapshot,
  after: Snapshot,
  ignore: (key: string) => boolean = () => false,
): { key: string; before: Read | undefined; after: Read | undefined }[] {
  const keys = new Set([...before.reads.keys(), ...after.reads.keys()]);
  const out: { key: string; before: Read | undefined; after: Read | undefined }[] = [];
  for (const key of keys) {
    if (ignore(key)) continue;
    const a = before.reads.get(key);
    const b = after.reads.get(key);
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ key, before: a, after: b });
  }
  return out;
}
