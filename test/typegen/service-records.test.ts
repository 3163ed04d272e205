/**
 * The generated types against what the local service truly does, with the TypeScript compiler:
 * an app with a field of every type (every-type-app.ts) applied to a service on port 0, records
 * written and read back through the REST interface, then
 * - every record the service returns (GET record.json and records.json, full, empty, moved on by
 *   a process action) type-checks as `AppRecord`, with no field missing and none too many;
 * - for every field and table column, one write of it alone, added and updated: the write types
 *   take it exactly where the service keeps what was sent, and refuse it where the service
 *   ignores it (calculated values, the record number, process fields, lookup copies, the creator
 *   and times on an update).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { generateTypes } from '../../src/typegen/index.js';
import { applyProject } from '../export/harness.js';
import { writeProject } from '../plan/harness.js';
import { EXAMPLE_DIRECTORY } from '../support/example-directory.js';
import { adminCall, useLocalService } from '../support/service.js';
import { compileErrors } from './compile.js';
import { COLUMNS, EVERY, EVERY_FIELDS, SIDE } from './every-type-app.js';

// One app for every test of the file: the service is not reset between them.
const service = useLocalService({
  emulator: { deployMs: 10, ...EXAMPLE_DIRECTORY },
  client: { retry: { retries: 0 } },
  resetEachTest: false,
});
let root = '';
let every = '';

type Json = any;
const get = (path: string): Promise<Json> => adminCall(service.url, 'GET', path);
const call = (method: string, path: string, body: unknown): Promise<Json> =>
  adminCall(service.url, method, path, body);

async function fileKey(): Promise<string> {
  return (await service.client.files.upload(new TextEncoder().encode('hello'), { name: 'a.txt' })).fileKey;
}

/** A value of each type as a write sends it (a new file key each time: a key is good for one write). */
async function sample(type: string, name: string): Promise<Json> {
  const code = name.replace(/^table\./, '');
  switch (type) {
    case 'NUMBER':
    case 'CALC':
    case 'RECORD_NUMBER':
      return code === 'no' ? '1' : '12';
    case 'MULTI_LINE_TEXT':
      return 'two\nlines';
    case 'RICH_TEXT':
      return '<b>rich</b>';
    case 'LINK':
      return 'https://example.com';
    case 'CHECK_BOX':
    case 'MULTI_SELECT':
      return ['B'];
    case 'RADIO_BUTTON':
    case 'DROP_DOWN':
      return 'B';
    case 'FILE':
      return [{ fileKey: await fileKey() }];
    case 'DATE':
      return '2026-01-02';
    case 'TIME':
      return '10:30';
    case 'DATETIME':
    case 'CREATED_TIME':
    case 'UPDATED_TIME':
      return '2020-01-02T03:04:00Z';
    case 'USER_SELECT':
    case 'STATUS_ASSIGNEE':
      return [{ code: 'bob' }];
    case 'ORGANIZATION_SELECT':
      return [{ code: 'finance' }];
    case 'GROUP_SELECT':
      return [{ code: 'sales' }];
    case 'CREATOR':
    case 'MODIFIER':
      return { code: 'bob' };
    case 'STATUS':
      return 'Doing';
    case 'CATEGORY':
      return ['x'];
    case '__ID__':
    case '__REVISION__':
      return '99';
    default:
      return code === 'key' || code === 'c_key' ? 'K1' : 'mine';
  }
}

/** Whether a value read back is the one sent (entities by code, files by their count). */
function kept(sent: Json, read: Json): boolean {
  if (read === undefined) return false;
  if (Array.isArray(sent) && sent[0]?.fileKey !== undefined) return Array.isArray(read) && read.length === 1;
  const codes = (v: Json): unknown =>
    Array.isArray(v) ? v.map((e): unknown => e?.code ?? e) : (v?.code ?? v);
  return JSON.stringify(codes(sent)) === JSON.stringify(codes(read));
}

interface Probe {
  /** `code`, or `table.column`. */
  name: string;
  type: string;
  /** The write of the field alone. */
  record: (value: Json) => Json;
  /** Its value in a record read back. */
  read: (record: Json) => unknown;
}

const SYSTEM: [string, string][] = [
  ['$id', '__ID__'],
  ['$revision', '__REVISION__'],
  ['Record_number', 'RECORD_NUMBER'],
  ['Created_by', 'CREATOR'],
  ['Created_datetime', 'CREATED_TIME'],
  ['Updated_by', 'MODIFIER'],
  ['Updated_datetime', 'UPDATED_TIME'],
  ['Status', 'STATUS'],
  ['Assignee', 'STATUS_ASSIGNEE'],
  ['Categories', 'CATEGORY'],
];

const PROBES: Probe[] = [
  ...Object.entries(EVERY_FIELDS)
    .filter(([, f]) => !['SUBTABLE', 'GROUP', 'REFERENCE_TABLE'].includes(f.type as string))
    .map(([code, f]) => [code, f.type as string] as [string, string])
    .concat(SYSTEM)
    .map(([code, type]) => ({
      name: code,
      type,
      record: (value: Json) => ({ [code]: { value } }),
      read: (record: Json): unknown => record[code]?.value,
    })),
  ...Object.entries(COLUMNS).map(([code, f]) => ({
    name: `table.${code}`,
    type: f.type as string,
    record: (value: Json) => ({ table: { value: [{ value: { [code]: { value } } }] } }),
    read: (record: Json): unknown => record.table?.value[0]?.value[code]?.value,
  })),
];

const readRecord = async (id: string): Promise<Json> =>
  (await get(`/k/v1/record.json?app=${every}&id=${id}`)).record;

/** What the service does with the probe's value: kept or ignored, on add and on update. */
async function observe(probe: Probe): Promise<{ add: boolean; update: boolean }> {
  const added = await call('POST', '/k/v1/record.json', {
    app: every,
    record: probe.record(await sample(probe.type, probe.name)),
  });
  const add = kept(await sample(probe.type, probe.name), probe.read(await readRecord(added.id)));
  const blank = await call('POST', '/k/v1/record.json', { app: every, record: {} });
  const value = await sample(probe.type, probe.name);
  await call('PUT', '/k/v1/record.json', { app: every, id: blank.id, record: probe.record(value) });
  return { add, update: kept(value, probe.read(await readRecord(blank.id))) };
}

let types = '';

beforeAll(async () => {
  root = await writeProject({
    'appdeploy.yaml': [
      'environments:',
      `  test: { baseUrl: '${service.url}', auth: { login: admin, password: admin } }`,
      'apps:',
      '  side: { manifest: apps/side.yaml }',
      '  every: { manifest: apps/every.yaml }',
      '',
    ].join('\n'),
    'apps/side.yaml': stringify(SIDE),
    'apps/every.yaml': stringify(EVERY),
  });
  const project = await applyProject(root, service.client);
  every = project.apps.find((a) => a.key === 'every')!.id!;
  const side = project.apps.find((a) => a.key === 'side')!.id!;
  await call('POST', '/k/v1/record.json', {
    app: side,
    record: { side_key: { value: 'K1' }, side_name: { value: 'One' } },
  });
  types = join(root, 'types');
  await mkdir(types, { recursive: true });
  for (const file of generateTypes(project)) await writeFile(join(types, file.name), file.text);
}, 120_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('generated types against the records of the local service', () => {
  it('every record the service returns is an AppRecord: no field missing, none too many', async () => {
    const full: Json = {};
    for (const probe of PROBES) {
      if (probe.name.startsWith('table.')) continue;
      Object.assign(full, probe.record(await sample(probe.type, probe.name)));
    }
    full.table = {
      value: [
        {
          value: Object.fromEntries(
            await Promise.all(
              Object.entries(COLUMNS).map(async ([c, f]) => [
                c,
                { value: await sample(f.type as string, c) },
              ]),
            ),
          ),
        },
      ],
    };
    const a = await call('POST', '/k/v1/record.json', { app: every, record: full });
    const b = await call('POST', '/k/v1/record.json', { app: every, record: {} });
    await call('PUT', '/k/v1/record/status.json', {
      app: every,
      id: a.id,
      action: 'Start',
      assignee: 'admin',
    });
    const read = [await readRecord(a.id), await readRecord(b.id)];
    const { records } = await get(`/k/v1/records.json?app=${every}`);
    const path = join(root, 'read.ts');
    await writeFile(
      path,
      [
        "import type { AppRecord } from './types/every.js';",
        `export const records: AppRecord[] = ${JSON.stringify([...read, ...records], null, 1)};`,
        '',
      ].join('\n'),
    );
    expect(compileErrors([path]).get(path)).toEqual([]);
  }, 60_000);

  it('each write type takes a field exactly where the service keeps the value written', async () => {
    const rows: { name: string; add: boolean; update: boolean; forAdd: boolean; forWrite: boolean }[] = [];
    const files: [add: string, write: string][] = [];
    for (const [i, probe] of PROBES.entries()) {
      const seen = await observe(probe);
      const record = JSON.stringify(probe.record(await sample(probe.type, probe.name)));
      const program = async (name: string, type: string) => {
        const path = join(root, `${name}-${i}.ts`);
        await writeFile(
          path,
          `import type { ${type} } from './types/every.js';\nexport const write: ${type} = ${record};\n`,
        );
        return path;
      };
      files.push([await program('add', 'AppRecordForAdd'), await program('write', 'AppRecordForWrite')]);
      rows.push({ name: probe.name, ...seen, forAdd: false, forWrite: false });
    }
    const errors = compileErrors(files.flat());
    const compiles = (path: string) => errors.get(path)!.length === 0;
    for (const [i, row] of rows.entries()) {
      row.forAdd = compiles(files[i]![0]);
      row.forWrite = compiles(files[i]![1]);
    }
    // `AppRecordForAdd` is what an add keeps; `AppRecordForWrite`, what an add and an update both keep.
    const wrong = rows.filter((r) => r.forAdd !== r.add || r.forWrite !== (r.add && r.update));
    expect(wrong).toEqual([]);
    // The probe sees every side: fields both writes keep, fields both ignore, fields only an add keeps
    // (no field is kept by an update alone: a lookup's copy was, until the local service ignored it).
    expect(new Set(rows.map((r) => `${r.add} ${r.update}`))).toEqual(
      new Set(['true true', 'false false', 'true false']),
    );
  }, 120_000);

  it('keeps a table row named by its id as a number, as the write type lets a program name it', async () => {
    const row = { c_text: { value: 'first' }, c_num: { value: '3' } };
    const { id } = await call('POST', '/k/v1/record.json', {
      app: every,
      record: { table: { value: [{ value: row }] } },
    });
    const rowId = Number((await readRecord(id)).table.value[0].id);
    // The kintone "Update Record" documentation's own example names a row as `"id": 1`.
    const update = { table: { value: [{ id: rowId, value: { c_text: { value: 'changed' } } }] } };
    await call('PUT', '/k/v1/record.json', { app: every, id, record: update });
    const [kept] = (await readRecord(id)).table.value;
    expect([kept.id, kept.value.c_text.value, kept.value.c_num.value]).toEqual([
      String(rowId),
      'changed',
      '3',
    ]);
    const path = join(root, 'row-id.ts');
    await writeFile(
      path,
      `import type { AppRecordForWrite } from './types/every.js';\nexport const write: AppRecordForWrite = ${JSON.stringify(update)};\n`,
    );
    expect(compileErrors([path]).get(path)).toEqual([]);
  }, 60_000);
});
