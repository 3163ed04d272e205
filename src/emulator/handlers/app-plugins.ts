import { settingsPaths, PLUGINS_PER_LIST } from '../../platform/index.js';
import { invalid, Problems } from '../errors.js';
import { authorizeSettingsWrite, readSettings, writeSettings } from '../model/settings-write.js';
import { installedPlugin, pluginsTable } from './plugins/store.js';
import type { JsonObject } from '../model/app.js';
import type { ApiRequest, Route } from '../context.js';

/** App plug-in items live in `AppSettings.plugins` as `{id, name, enabled}`, in the order added. */
function listAppPlugins(copy: 'draft' | 'live') {
  return (req: ApiRequest): unknown => {
    // Who may read comes before the paging parameters, as for a write (addAppPlugins).
    const { settings, revision } = readSettings(req, copy);
    const offset = req.params.int('offset', { default: 0, min: 0 });
    const limit = req.params.int('limit', { default: PLUGINS_PER_LIST, min: 1, max: PLUGINS_PER_LIST });
    const plugins = pluginsTable(req.ctx);
    const items = settings.plugins.slice(offset, offset + limit).map((item) => {
      // The name follows the installed plug-in (an update may rename it).
      const doc = typeof item.id === 'string' ? plugins.get(item.id) : undefined;
      return { ...item, name: doc?.name ?? item.name ?? '' };
    });
    return { plugins: items, revision };
  };
}

/** Adds installed plug-ins to an app's draft (deploy makes them live). */
function addAppPlugins(req: ApiRequest): unknown {
  // Who may write comes before the body: a caller without the right learns nothing of plug-ins.
  authorizeSettingsWrite(req, 'draft');
  const ids = req.params.array('ids', { required: true, max: 100 });
  const problems = new Problems();
  const seen = new Set<string>();
  const wanted = ids.map((value, i) => {
    if (typeof value !== 'string' || value === '') {
      problems.add(`ids[${i}]`, 'Enter a plug-in id.');
      return '';
    }
    if (seen.has(value)) problems.add(`ids[${i}]`, `The plug-in ${value} is named twice.`);
    seen.add(value);
    return value;
  });
  problems.throwIfAny();
  const docs = wanted.map((id, i) => installedPlugin(req.ctx, id, `ids[${i}]`));
  const { revision } = writeSettings(req, 'draft', (settings) => {
    const present = new Set(settings.plugins.map((p) => p.id));
    const already = wanted.findIndex((id) => present.has(id));
    if (already >= 0)
      throw invalid({ [`ids[${already}]`]: `The plug-in ${wanted[already]!} is already added to the app.` });
    const added: JsonObject[] = docs.map((d) => ({ id: d.id, name: d.name, enabled: true }));
    return { ...settings, plugins: [...settings.plugins, ...added] };
  });
  return { revision };
}

const PLUGINS = settingsPaths('plugins');

export const appPluginRoutes: Route[] = [
  { method: 'GET', path: PLUGINS.live, auth: 'any', handler: listAppPlugins('live') },
  { method: 'GET', path: PLUGINS.draft, auth: 'any', handler: listAppPlugins('draft') },
  { method: 'POST', path: PLUGINS.live, auth: 'any', handler: addAppPlugins },
  { method: 'POST', path: PLUGINS.draft, auth: 'any', handler: addAppPlugins },
];
