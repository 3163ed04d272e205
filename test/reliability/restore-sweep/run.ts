/**
 * The machinery of restore-sweep.test.ts: the project (environment `emu` at the local service,
 * signed in with a secret of its own), the built CLI run with that secret, and reads of the
 * service that the checks compare: every record's values with each attachment's bytes hashed.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { Client } from '../../../src/client/index.js';
import { validateProject, type Project } from '../../../src/project/index.js';
import { appdeploy, type Run } from '../../support/cli.js';
import { DIRECTORY_SERVICE } from '../conversion-values.js';

/** The password of the user the CLI signs in as: it must appear in no backup and no output. */
export const SECRET = 'Rst0re-sw33p-S3cret-pw';
export const LOGIN = 'restorer';
export const SECRET_ENV = { EMU_LOGIN: LOGIN, EMU_PASSWORD: SECRET };
/** Forms the secret could leak in: as written, and in the login header (base64 of login:password). */
export const SECRET_FORMS = [SECRET, Buffer.from(`${LOGIN}:${SECRET}`).toString('base64')];

/** The conversion fuzzers' directory, and an administrator `restorer` with the secret. */
export const SWEEP_DIRECTORY = {
  ...DIRECTORY_SERVICE,
  users: [...DIRECTORY_SERVICE.users, { login: LOGIN, password: SECRET, admin: true }],
};

/** Writes the project: environment `emu` at `url`, its secrets from the variables, app `sweep`. */
export async function writeProject(root: string, url: string, manifest: object, id?: string): Promise<void> {
  await mkdir(join(root, 'apps'), { recursive: true });
  await writeFile(join(root, 'apps', 'sweep.yaml'), stringify(manifest));
  if (id !== undefined) return;
  const config = {
    environments: { emu: { baseUrl: url, auth: { login: '${EMU_LOGIN}', password: '${EMU_PASSWORD}' } } },
    apps: { sweep: { manifest: 'apps/sweep.yaml' } },
  };
  await writeFile(join(root, 'appdeploy.yaml'), stringify(config));
}

export async function loadProject(root: string): Promise<Project> {
  const result = await validateProject({ cwd: root, dir: root, env: 'emu', variables: SECRET_ENV });
  if (!result.project) throw new Error(JSON.stringify(result.problems, null, 2));
  return result.project;
}

/** The built CLI in the project, `--env emu`, signed in with the secret. */
export const cli = (root: string, ...args: string[]): Promise<Run> =>
  appdeploy([...args, '--env', 'emu'], root, SECRET_ENV);

/** A value as the checks compare it: files by name, type, size and bytes; entities by code; choices as a set; empty as ''. */
export type Plain = unknown;

/** One record: its revision and each field's value (a table: its rows, each `{ id, cells }`). */
export interface Rec {
  revision: string;
  values: Record<string, Plain>;
}

export interface Row {
  id: string;
  cells: Record<string, Plain>;
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 16);

/** Every record of the app by id, attachments downloaded and hashed. */
export async function readState(client: Client, app: string): Promise<Map<string, Rec>> {
  const out = new Map<string, Rec>();
  for await (const r of client.records.iterate(app, {})) {
    const values: Record<string, Plain> = {};
    for (const [code, field] of Object.entries(r)) {
      if (
        code.startsWith('$') ||
        [
          'RECORD_NUMBER',
          'CREATOR',
          'MODIFIER',
          'CREATED_TIME',
          'UPDATED_TIME',
          'STATUS',
          'STATUS_ASSIGNEE',
          'CATEGORY',
          'CALC',
        ].includes(field.type)
      )
        continue;
      if (field.type === 'SUBTABLE') {
        const rows: Row[] = [];
        for (const row of field.value) {
          const cells: Record<string, Plain> = {};
          for (const [c, cell] of Object.entries(row.value))
            cells[c] = await plain(client, cell.type, cell.value);
          rows.push({ id: row.id, cells });
        }
        values[code] = rows;
      } else values[code] = await plain(client, field.type, field.value);
    }
    out.set(r.$id!.value as string, { revision: r.$revision!.value as string, values });
  }
  return out;
}

/** A value as read from the service, comparable. */
export async function plain(client: Client, type: string, value: unknown): Promise<Plain> {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return '';
  if (type === 'FILE')
    return Promise.all(
      (value as { fileKey: string; name: string; contentType: string; size: string }[]).map(async (f) => ({
        name: f.name,
        contentType: f.contentType,
        size: String(f.size),
        bytes: sha((await client.files.download({ fileKey: f.fileKey })).data),
      })),
    );
  return plainValue(type, value);
}

/** A backup line's value, comparable: its files' bytes read from the backup's folder. */
export async function plainFromBackup(folder: string, type: string, value: unknown): Promise<Plain> {
  if (type !== 'FILE') return plainValue(type, value);
  return Promise.all(
    (value as { name: string; contentType: string; size: string; path: string }[]).map(async (f) => ({
      name: f.name,
      contentType: f.contentType,
      size: String(f.size),
      bytes: sha(await readFile(join(folder, f.path))),
    })),
  );
}

function plainValue(type: string, value: unknown): Plain {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return '';
  if (Array.isArray(value)) {
    const items = value.map((v: unknown) =>
      typeof v === 'object' && v !== null ? (v as { code: string }).code : String(v),
    );
    // Several choices are a set (the platform may give them in its options' order); entities a list.
    return ['CHECK_BOX', 'MULTI_SELECT'].includes(type) ? items.sort() : items;
  }
  return value;
}

export const same = (a: Plain, b: Plain): boolean => JSON.stringify(a) === JSON.stringify(b);
