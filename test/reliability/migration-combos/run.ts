/**
 * The machinery of migration-combos.test.ts: the faults a round can arm, and the reads its checks
 * make of the service.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '../../../src/client/index.js';
import type { Rng } from '../conversion-values.js';

/**
 * The writes a fault can hit (the local service's fault control, `/_emulator/faults`): each write
 * of a migration apply, by method and path.
 */
const WRITES = [
  { method: 'POST', path: '^/k/v1/bulkRequest\\.json$' },
  { method: 'POST', path: '^/k/v1/preview/app/form/fields\\.json$' },
  { method: 'PUT', path: '^/k/v1/preview/app/form/fields\\.json$' },
  { method: 'DELETE', path: '^/k/v1/preview/app/form/fields\\.json$' },
  { method: 'PUT', path: '^/k/v1/preview/app/form/layout\\.json$' },
  { method: 'PUT', path: '^/k/v1/preview/app/views\\.json$' },
  { method: 'POST', path: '^/k/v1/preview/app/deploy\\.json$' },
  { method: 'POST', path: '^/k/v1/records/cursor\\.json$' },
] as const;

export interface Fault {
  method: string;
  path: string;
  status: 500;
  skip: number;
  times?: number;
}

/** A 500 at a write drawn from the seed: the n-th of its kind, once or every time until cleared. */
export function drawFault(r: Rng): Fault {
  const write = r.pick(WRITES);
  return { ...write, status: 500, skip: r.int(3), ...(r.chance(0.5) ? { times: 1 } : {}) };
}

export const describeFault = (f: Fault): string =>
  `500 at ${f.method} ${f.path} after ${f.skip} (${f.times === 1 ? 'once' : 'every time'})`;

/** Every field code live in an app, a table's columns as `table.code`, with its type. */
export async function liveFields(client: Client, app: string): Promise<Map<string, string>> {
  const { properties } = await client.form.getFields({ app, copy: 'live' });
  const out = new Map<string, string>();
  for (const [code, def] of Object.entries(properties)) {
    const d = def as { type: string; fields?: Record<string, { type: string }> };
    out.set(code, d.type);
    for (const [column, c] of Object.entries(d.fields ?? {})) out.set(`${code}.${column}`, c.type);
  }
  return out;
}

/** The lines of every backup the project's applies wrote, in any environment. */
export async function backupLines(
  root: string,
): Promise<{ raw: string; id: string; field: string; table?: string; value: unknown }[]> {
  const lines = [];
  const dir = join(root, '.appdeploy', 'backups');
  for (const env of await readdir(dir).catch(() => []))
    for (const file of (await readdir(join(dir, env))).filter((f) => f.endsWith('.jsonl')))
      for (const raw of (await readFile(join(dir, env, file), 'utf8')).trim().split('\n'))
        lines.push({
          raw,
          ...(JSON.parse(raw) as { id: string; field: string; table?: string; value: unknown }),
        });
  return lines;
}
