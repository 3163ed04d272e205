/**
 * What the environments sweep expects, worked out from the docs rather than from appdeploy's own
 * code: each user, group and organization a manifest names becomes the code the environment's map
 * gives it (its entry, else itself), an item whose code maps to `~` is not there at all (README,
 * "Promoting a project through environments"), and the values a filter compares with a user,
 * group or organization field are mapped the same way, a `~` one kept as written. What the
 * service holds is read back over REST, as any client would.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { targetIn, type Environment, type Kind } from './world.js';

const KIND_OF: Record<string, Kind> = { USER: 'users', GROUP: 'groups', ORGANIZATION: 'organizations' };

/** Every `{type, code}` of the directory anywhere inside `value`, as `TYPE:code`. */
export function entitiesIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) entitiesIn(item, out);
  else if (value !== null && typeof value === 'object') {
    const { type, code } = value as { type?: unknown; code?: unknown };
    if (typeof type === 'string' && KIND_OF[type] !== undefined && typeof code === 'string')
      out.push(`${type}:${code}`);
    for (const inner of Object.values(value)) entitiesIn(inner, out);
  }
  return out;
}

/** Every `filterCond` inside `value`. */
export function filtersIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) filtersIn(item, out);
  else if (value !== null && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'filterCond' && typeof inner === 'string' && inner !== '') out.push(inner);
      else filtersIn(inner, out);
    }
  return out;
}

/** The directory's entities the manifest names, as the environment should hold them. */
export function expectedEntities(manifest: unknown, env: Environment): string[] {
  return entitiesIn(manifest)
    .flatMap((e) => {
      const [type, code] = e.split(/:(.*)/s) as [string, string];
      if (code === 'everyone') return [e];
      const target = targetIn(env, KIND_OF[type]!, code);
      return target === null ? [] : [`${type}:${target}`];
    })
    .sort();
}

/** The fields the sweep's filters compare, and the kind of their values. */
const FILTER_FIELDS: Record<string, Kind> = {
  owner: 'users',
  who: 'users',
  team: 'groups',
  dept: 'organizations',
};

/** A filter as the environment should hold it: each compared value mapped, a `~` one as written. */
export function expectedFilter(filter: string, env: Environment): string {
  return filter.replace(/\b(\w+) in \("([^"]*)"\)/g, (all, field: string, code: string) => {
    const kind = FILTER_FIELDS[field];
    if (kind === undefined) return all;
    return `${field} in ("${targetIn(env, kind, code) ?? code}")`;
  });
}

/** The settings endpoints that hold what each manifest part manages. */
const ENDPOINTS: [string[], string][] = [
  [['fields'], '/k/v1/app/form/fields.json'],
  [['views'], '/k/v1/app/views.json'],
  [['appAcl'], '/k/v1/app/acl.json'],
  [['recordAcl'], '/k/v1/record/acl.json'],
  [['fieldAcl'], '/k/v1/field/acl.json'],
  [['notifications', 'general'], '/k/v1/app/notifications/general.json'],
  [['notifications', 'perRecord'], '/k/v1/app/notifications/perRecord.json'],
  [['notifications', 'reminder'], '/k/v1/app/notifications/reminder.json'],
  [['process'], '/k/v1/app/status.json'],
  [['actions'], '/k/v1/app/actions.json'],
];

/** A call as the environment's administrator: its JSON answer. */
export async function call(
  url: string,
  password: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<any> {
  const res = await fetch(url + path, {
    method,
    headers: {
      'X-Service-Authorization': Buffer.from(`admin:${password}`).toString('base64'),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** A GET as the environment's administrator. */
export const get = (url: string, password: string, path: string): Promise<any> =>
  call(url, password, 'GET', path);

const has = (manifest: Record<string, unknown>, path: string[]) =>
  path.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], manifest) !== undefined;

/** The entities and filters of the live settings of the areas the manifest manages. */
export async function liveSettings(
  url: string,
  password: string,
  app: string,
  manifest: Record<string, unknown>,
): Promise<{ entities: string[]; filters: string[] }> {
  const entities: string[] = [];
  const filters: string[] = [];
  for (const [path, endpoint] of ENDPOINTS) {
    if (!has(manifest, path)) continue;
    const body = await get(url, password, `${endpoint}?app=${app}`);
    entitiesIn(body, entities);
    filtersIn(body, filters);
  }
  // docs/manifests.md: an app with process management on has the service's built-in view
  // "(Assigned to me)", filtered on the status assignee; no manifest writes it.
  const own = filters.filter((f) => f !== 'Assignee in (LOGINUSER())');
  return { entities: entities.sort(), filters: own.sort() };
}

/** Every `file:line:col` the text names, with the source line it points at. */
export async function locations(root: string, text: string): Promise<{ at: string; line: string }[]> {
  const out: { at: string; line: string }[] = [];
  for (const match of text.matchAll(/((?:apps|records)\/[\w.]+\.yaml|appdeploy\.yaml):(\d+):(\d+)/g)) {
    const lines = (await readFile(join(root, match[1]!), 'utf8')).split('\n');
    out.push({ at: match[0], line: lines[Number(match[2]) - 1] ?? '' });
  }
  return out;
}

/** How many items the environment leaves out of the manifest: one per entity whose code maps to `~`. */
export function expectedLeftOut(manifest: unknown, env: Environment): number {
  return entitiesIn(manifest).filter((e) => {
    const [type, code] = e.split(/:(.*)/s) as [string, string];
    return targetIn(env, KIND_OF[type]!, code) === null;
  }).length;
}

/** The `line:col` where the node at `path` (`appAcl[1]`, `fields.owner.defaultValue[0]`) starts, read by the yaml library. */
export function nodeAt(text: string, path: string): string {
  const segments = [...path.matchAll(/\[("(?:[^"\\]|\\.)*")\]|\[(\d+)\]|([^.[\]]+)/g)].map((m) =>
    m[1] !== undefined ? (JSON.parse(m[1]) as string) : m[2] !== undefined ? Number(m[2]) : m[3]!,
  );
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const node = doc.getIn(segments, true) as { range?: [number, number, number] } | undefined;
  if (node?.range === undefined) return `nothing at ${path}`;
  const { line, col } = counter.linePos(node.range[0]);
  return `${line}:${col}`;
}
