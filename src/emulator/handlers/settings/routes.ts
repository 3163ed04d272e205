import { invalid } from '../../errors.js';
import { readSettings, writeSettings, type WriteTarget } from '../../model/settings-write.js';
import { APPS_TABLE, type AppDoc, type JsonObject } from '../../model/app.js';
import { checkBody, fieldIndex, type OtherApps } from '../../validate/context.js';
import { statusesAfterWrite } from '../../validate/statuses.js';
import { anyJson, obj } from '../../validate/shape.js';
import { SETTINGS_AREAS, type SettingsArea } from './areas.js';
import { addedArea, SERVED_FROM_ENTRY } from './added.js';
import type { AppPermission } from '../../access.js';
import type { ApiRequest, Route } from '../../context.js';
import type { AppSettings } from '../../model/app.js';
import type { AddedSettingsEndpoint } from '../../options.js';

const LANGS = ['en', 'zh', 'ja', 'user', 'default'];

/** `lang` is accepted where the spec lists it; the emulator keeps one language, so it only checks the value. */
export function checkLang(req: ApiRequest): void {
  const lang = req.params.optStr('lang');
  if (lang !== undefined && !LANGS.includes(lang))
    throw invalid({ lang: `Enter one of ${LANGS.join(', ')}.` });
}

/**
 * Other apps named by id or code: their fields (copy actions' destination: the latest copy), and
 * what a lookup or related-records table may name (the live copy only, see validate/related.ts).
 */
export function otherAppFields(req: ApiRequest): OtherApps {
  const find = (app: unknown, code: unknown): AppDoc | undefined => {
    const apps = req.ctx.store.table<AppDoc>(APPS_TABLE);
    return typeof app === 'number' || (typeof app === 'string' && app !== '')
      ? apps.get(String(app).trim())
      : typeof code === 'string' && code !== ''
        ? [...apps.values()].find((a) => a.code === code)
        : undefined;
  };
  return {
    fields: (app, code) => {
      const doc = find(app, code);
      return doc ? fieldIndex((doc.live ?? doc.draft).properties).fields : undefined;
    },
    related: (app, code) => {
      const doc = find(app, code);
      if (!doc) return { kind: 'missing' };
      if (!doc.live) return { kind: 'not-deployed', id: doc.id };
      const draft = new Set(fieldIndex(doc.draft.properties).fields.keys());
      return { kind: 'live', id: doc.id, properties: doc.live.properties, draft };
    },
  };
}

/** A GET handler answering one copy of the settings: the area's body plus the copy's revision. */
function readHandler(
  copy: 'draft' | 'live',
  permission: AppPermission,
  lang: boolean,
  read: (settings: AppSettings, req: ApiRequest) => JsonObject,
): (req: ApiRequest) => unknown {
  return (req) => {
    if (lang) checkLang(req);
    const { settings, revision } = readSettings(req, copy, permission);
    return { ...read(settings, req), revision };
  };
}

/**
 * The two GETs of a settings pair: the live copy for whoever holds `livePermission`, the draft
 * (the `preview/` path) for those who may manage the app. Settings areas and the form's fields and
 * layout all read this way.
 */
export function copyReadRoutes(
  paths: { readonly live: string; readonly draft: string },
  auth: Route['auth'],
  livePermission: AppPermission,
  lang: boolean,
  read: (settings: AppSettings, req: ApiRequest) => JsonObject,
): Route[] {
  return [
    { method: 'GET', path: paths.live, auth, handler: readHandler('live', livePermission, lang, read) },
    { method: 'GET', path: paths.draft, auth, handler: readHandler('draft', 'manage', lang, read) },
  ];
}

/**
 * A PUT handler: the common write path (permission, running deploy, revision), then the body
 * checked against the area's shape and the draft's fields, then applied to the draft (and the
 * draft published, for `publish`).
 */
function writeHandler(area: SettingsArea, target: WriteTarget): (req: ApiRequest) => unknown {
  const shape = obj({ ...area.body, app: anyJson, revision: anyJson }, { required: area.required });
  return (req) => {
    area.guardWrite?.(req);
    let reply: JsonObject = {};
    const { revision } = writeSettings(req, target, (settings) => {
      const body = checkBody<JsonObject>(
        shape,
        req.params.raw,
        settings.properties,
        otherAppFields(req),
        req.dialect,
        area.anyStatus ? undefined : statusesAfterWrite(settings, req.params.raw),
      );
      const { app: _app, revision: _revision, ...values } = body;
      const result = area.apply(settings, values, req);
      reply = result.reply ?? {};
      return result.states ? { settings: result.settings, states: result.states } : result.settings;
    });
    return { ...reply, revision };
  };
}

function areaRoutes(area: SettingsArea): Route[] {
  // Whether a token may call them the dispatch asks the platform (platform/token-calls.ts).
  const auth = 'any';
  const routes: Route[] = [
    ...copyReadRoutes(area, auth, area.readPermission, area.lang, area.read),
    { method: 'PUT', path: area.draft, auth, handler: writeHandler(area, 'draft') },
  ];
  if (area.publishes)
    routes.push({ method: 'PUT', path: area.live, auth, handler: writeHandler(area, 'publish') });
  return routes;
}

/**
 * Every route of the App settings table: its areas, the endpoints served from their entry
 * (added.ts), and those the option `endpoints` adds beside the platform's.
 */
export function settingsRoutes(added: readonly AddedSettingsEndpoint[] = []): Route[] {
  return [...SETTINGS_AREAS, ...[...SERVED_FROM_ENTRY, ...added].map(addedArea)].flatMap(areaRoutes);
}
