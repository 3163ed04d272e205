/**
 * Every setting of an app as the service's REST reads answer it (live), with only what the
 * service assigns itself taken out: revisions, the ids of views, graphs and actions, the app's
 * own id (a lookup of itself), an uploaded file's key (its name, type and size stay), so that two
 * apps holding the same settings read the same.
 */
import type { Control } from './world.js';

type Obj = Record<string, any>;

/** Each REST read, and the area (src/areas) whose export notes speak of it. */
const READS: Record<string, string> = {
  'app/settings': 'general',
  'app/form/fields': 'fields',
  'app/form/layout': 'layout',
  'app/views': 'views',
  'app/reports': 'reports',
  'app/status': 'process',
  'app/customize': 'customize',
  'app/acl': 'appAcl',
  'record/acl': 'recordAcl',
  'field/acl': 'fieldAcl',
  'app/notifications/general': 'notificationsGeneral',
  'app/notifications/perRecord': 'notificationsPerRecord',
  'app/notifications/reminder': 'notificationsReminder',
  'app/actions': 'actions',
  'app/adminNotes': 'adminNotes',
  'app/plugins': 'plugins',
};

/** Whether an export note names the area a difference (`/<read path>/...: ...`) is in. */
export function explains(note: string, difference: string): boolean {
  const read = Object.keys(READS).find((path) => difference.startsWith(`/${path}/`));
  return read !== undefined && note.startsWith(`${READS[read]}:`);
}

const SERVER_IDS = new Set(['revision', 'id', 'fileKey']);

function scrub(value: unknown, self: string): unknown {
  if (Array.isArray(value)) return value.map((v) => scrub(v, self));
  if (value === null || typeof value !== 'object') return value;
  const out: Obj = {};
  for (const [key, v] of Object.entries(value)) {
    if (SERVER_IDS.has(key)) continue;
    out[key] = key === 'app' && v === self ? '(self)' : scrub(v, self);
  }
  return out;
}

/** Each area's read, scrubbed. */
export async function readApp(control: Control, app: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const path of Object.keys(READS))
    out[path] = scrub(await control('GET', `/k/v1/${path}.json?app=${app}`), app);
  return out;
}

/**
 * Keys a hand-made write may leave out that the local service then answers without, where no
 * evidence says what the platform answers instead (apply writes them empty): not a difference.
 * - a view's sort: the official client sweep's KNOWN list (test/emulator/service);
 * - a lookup's or related records' sort: likewise (the official types make it a plain string);
 * - a LIST view's fields: the official types make it a list; none says what one left out becomes.
 */
const SILENT_LEFT_OUT: readonly RegExp[] = [
  /^\/app\/views\/views\/[^/]+\/sort$/,
  /^\/app\/form\/fields\/properties\/[^/]+\/(lookup|referenceTable)\/sort$/,
  /^\/app\/views\/views\/[^/]+\/fields$/,
];

const isEmpty = (value: unknown) => value === '' || (Array.isArray(value) && value.length === 0);

/** The paths at which two reads differ, each with both values (`a` the source, `b` the copy). */
export function differences(a: unknown, b: unknown, path = ''): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (a === undefined && isEmpty(b) && SILENT_LEFT_OUT.some((p) => p.test(path))) return [];
  const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object';
  if (isObj(a) && isObj(b) && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => differences(a[k], b[k], `${path}/${k}`));
  }
  return [`${path}: ${JSON.stringify(a)} -> ${JSON.stringify(b)}`];
}
