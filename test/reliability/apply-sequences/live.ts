/**
 * The live settings as the service's REST interface gives them (raw calls, not appdeploy's areas),
 * compared with what the manifest says, area by area, for the areas the manifest manages: the
 * oracle a person would use, reading the app's settings pages after a deploy.
 */
import { adminCall } from '../../support/service.js';
import { SYSTEM_TYPES } from './pick.js';

/** What differs between the manifest and the live settings, one line each (empty: none). */
export async function liveDiffers(url: string, id: string, manifest: Record<string, any>): Promise<string[]> {
  // Paths under /k/v1/app/, but the record and field ACLs' (/k/v1/record/acl.json, /k/v1/field/acl.json).
  const get = (path: string) =>
    adminCall(url, 'GET', `${path.startsWith('/') ? path : `/k/v1/app/${path}`}?app=${id}`);
  const out: string[] = [];
  const same = (what: string, live: unknown, want: unknown) => {
    if (JSON.stringify(live) !== JSON.stringify(want))
      out.push(`${what}: live ${JSON.stringify(live)}, manifest ${JSON.stringify(want)}`);
  };
  const { properties } = await get('form/fields.json');
  compareFields(same, properties, manifest.fields ?? {}, '');
  const general = await get('settings.json');
  same('name', general.name, manifest.name);
  if (manifest.theme !== undefined) same('theme', general.theme, manifest.theme);
  if (manifest.enableComments !== undefined)
    same('enableComments', general.enableComments, manifest.enableComments);
  if (manifest.views !== undefined) {
    const { views } = await get('views.json');
    // "(Assigned to me)" is the platform's while process management is on (builtinType
    // ASSIGNEE, the official client's app/view.d.ts), not a manifest's.
    const mine = Object.keys(views).filter((name) => views[name].builtinType !== 'ASSIGNEE');
    same('view names', mine.sort(), Object.keys(manifest.views).sort());
    for (const [name, view] of Object.entries<any>(manifest.views))
      if (view.type === 'LIST' && views[name]) same(`view "${name}" fields`, views[name].fields, view.fields);
  }
  if (manifest.process !== undefined) {
    const process = await get('status.json');
    same('statuses', Object.keys(process.states ?? {}).sort(), Object.keys(manifest.process.states).sort());
    same(
      'actions',
      (process.actions ?? []).map((a: Item): unknown => [a.name, a.from, a.to]),
      manifest.process.actions.map((a: Item): unknown => [a.name, a.from, a.to]),
    );
  }
  if (manifest.reports !== undefined)
    same(
      'reports',
      Object.keys((await get('reports.json')).reports).sort(),
      Object.keys(manifest.reports).sort(),
    );
  if (manifest.appAcl !== undefined)
    same(
      'app ACL entities',
      (await get('acl.json')).rights.map(
        (r: Item): unknown => (r.entity as Item).code ?? (r.entity as Item).type,
      ),
      manifest.appAcl.map((r: Item): unknown => (r.entity as Item).code ?? (r.entity as Item).type),
    );
  if (manifest.recordAcl !== undefined)
    same(
      'record ACL filters',
      (await get('/k/v1/record/acl.json')).rights.map((r: Item): unknown => r.filterCond),
      manifest.recordAcl.map((r: Item): unknown => r.filterCond ?? ''),
    );
  if (manifest.fieldAcl !== undefined)
    same(
      'field ACL fields',
      (await get('/k/v1/field/acl.json')).rights.map((r: Item): unknown => r.code ?? r.field),
      manifest.fieldAcl.map((r: Item): unknown => r.field),
    );
  await compareNotifications(get, same, manifest.notifications);
  if (manifest.actions !== undefined)
    same(
      'actions',
      Object.keys((await get('actions.json')).actions).sort(),
      Object.keys(manifest.actions).sort(),
    );
  if (manifest.customize !== undefined) {
    const c = await get('customize.json');
    same(
      'desktop scripts',
      c.desktop.js.map((r: Item): unknown => r.type),
      manifest.customize.desktop.js.map((r: Item): unknown => r.type),
    );
  }
  return out;
}

/** An item of a list the service answers or the manifest gives. */
type Item = Record<string, unknown>;

type Same = (what: string, live: unknown, want: unknown) => void;

function compareFields(
  same: Same,
  live: Record<string, any>,
  want: Record<string, any>,
  where: string,
): void {
  const liveCodes = Object.keys(live).filter((c) => !SYSTEM_TYPES.has(live[c].type) || c in want);
  same(`${where}field codes`, liveCodes.sort(), Object.keys(want).sort());
  for (const [code, field] of Object.entries(want)) {
    const l = live[code];
    if (!l) continue;
    same(`${where}${code}.type`, l.type, field.type);
    if (field.label !== undefined) same(`${where}${code}.label`, l.label, field.label);
    if (['SINGLE_LINE_TEXT', 'NUMBER', 'DATE', 'LINK'].includes(field.type) && !field.lookup)
      same(`${where}${code}.unique`, l.unique === true, field.unique === true);
    if (field.required !== undefined || l.required === true)
      same(`${where}${code}.required`, l.required === true, field.required === true);
    if (field.options)
      same(`${where}${code}.options`, Object.keys(l.options ?? {}).sort(), Object.keys(field.options).sort());
    if (field.expression !== undefined) same(`${where}${code}.expression`, l.expression, field.expression);
    if (field.type === 'SUBTABLE') compareFields(same, l.fields ?? {}, field.fields ?? {}, `${code}.`);
  }
}

async function compareNotifications(get: (p: string) => Promise<any>, same: Same, want: any): Promise<void> {
  if (want?.general?.notifications)
    same(
      'general notifications',
      (await get('notifications/general.json')).notifications.length,
      want.general.notifications.length,
    );
  if (want?.perRecord?.notifications)
    same(
      'per-record notifications',
      (await get('notifications/perRecord.json')).notifications.map((n: Item): unknown => n.title),
      want.perRecord.notifications.map((n: Item): unknown => n.title),
    );
  if (want?.reminder?.notifications)
    same(
      'reminders',
      (await get('notifications/reminder.json')).notifications.map((n: Item): unknown => n.title),
      want.reminder.notifications.map((n: Item): unknown => n.title),
    );
}
