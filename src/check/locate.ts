/**
 * Where a refused request's value is in the manifest: the request's path says the settings
 * area, the service's `errors` keys say the part of the body (`properties.price.lookup...`,
 * `rights[2].entities[0]...`), which follow the manifest's own shapes (DESIGN.md: the manifest
 * follows the service's shapes, field codes as keys), so the path in the manifest is the area's
 * place plus that key with the body's wrapper left out.
 */
import type { Path, ProjectApp } from '../project/index.js';

interface AreaPlace {
  area: string;
  /** Where the area is in a manifest ([] for the general settings, which sit at its top). */
  manifest: string[];
  /** The body's key that wraps the area's content (dropped from an errors key). */
  wrapper: string | null;
}

/** Request path (after `/k/v1/`, `preview/` dropped) -> area. */
const AREAS: Record<string, AreaPlace> = {
  'app/form/fields.json': { area: 'fields', manifest: ['fields'], wrapper: 'properties' },
  'app/form/layout.json': { area: 'layout', manifest: ['layout'], wrapper: 'layout' },
  'app/views.json': { area: 'views', manifest: ['views'], wrapper: 'views' },
  'app/settings.json': { area: 'general', manifest: [], wrapper: null },
  'app/status.json': { area: 'process', manifest: ['process'], wrapper: null },
  'app/customize.json': { area: 'customize', manifest: ['customize'], wrapper: null },
  'app/acl.json': { area: 'appAcl', manifest: ['appAcl'], wrapper: 'rights' },
  'record/acl.json': { area: 'recordAcl', manifest: ['recordAcl'], wrapper: 'rights' },
  'field/acl.json': { area: 'fieldAcl', manifest: ['fieldAcl'], wrapper: 'rights' },
  'app/notifications/general.json': {
    area: 'notificationsGeneral',
    manifest: ['notifications', 'general'],
    wrapper: null,
  },
  'app/notifications/perRecord.json': {
    area: 'notificationsPerRecord',
    manifest: ['notifications', 'perRecord'],
    wrapper: 'notifications',
  },
  'app/notifications/reminder.json': {
    area: 'notificationsReminder',
    manifest: ['notifications', 'reminder'],
    wrapper: null,
  },
  'app/reports.json': { area: 'reports', manifest: ['reports'], wrapper: 'reports' },
  'app/actions.json': { area: 'actions', manifest: ['actions'], wrapper: 'actions' },
  'app/adminNotes.json': { area: 'adminNotes', manifest: ['adminNotes'], wrapper: null },
  'app/plugins.json': { area: 'plugins', manifest: ['plugins'], wrapper: 'ids' },
};

/** The area a request path writes, or null (apps, deploys, plug-ins of the service). */
export function areaOfPath(path: string | undefined): AreaPlace | null {
  const tail = (path ?? '').replace(/^\/k\/(guest\/\d+\/)?v1\/(preview\/)?/, '');
  return AREAS[tail] ?? null;
}

/** `file:line:col` of what the errors point at in the app's manifest (the area when they point nowhere). */
export function locateRefusal(
  app: ProjectApp,
  place: AreaPlace | null,
  errors: Record<string, unknown> | undefined,
  body: unknown,
): string {
  const base: Path = place?.manifest ?? [];
  const first = Object.keys(errors ?? {})[0];
  const rest = first === undefined ? [] : manifestNames(errorKeyPath(first), body);
  const inner = place?.wrapper !== null && rest[0] === place?.wrapper ? rest.slice(1) : rest;
  // locate() answers the nearest part that exists: the value, else its closest parent.
  const at = app.source.locate([...base, ...inner]);
  return `${at.file}:${at.line}:${at.col}`;
}

/** `rights[2].entities[0].entity.code` -> ['rights', 2, 'entities', 0, 'entity', 'code']. */
function errorKeyPath(key: string): Path {
  return key
    .split('.')
    .flatMap((part) => {
      const match = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
      if (!match) return [part];
      const indexes = [...(match[2] ?? '').matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
      return [...(match[1] ? [match[1]] : []), ...indexes];
    })
    .filter((segment) => segment !== '');
}

/**
 * The errors' key names an item by the key it was sent under, which for a renamed status is its
 * name before (apply renames in place: `states: {"Not started": {name: "Open"}}`); the manifest
 * names it by its new `name`.
 */
function manifestNames(path: Path, body: unknown): Path {
  let node: unknown = body;
  return path.map((segment) => {
    const inner: unknown =
      node !== null && typeof node === 'object'
        ? (node as Record<string | number, unknown>)[segment]
        : undefined;
    node = inner;
    const named = (inner as { name?: unknown } | null | undefined)?.name;
    return typeof segment === 'string' && typeof named === 'string' ? named : segment;
  });
}
