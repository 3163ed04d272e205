import { PLUGINS_PER_LIST } from '../../../platform/index.js';
import { canSeeApp } from '../../access.js';
import { ApiError, invalid } from '../../errors.js';
import { nextId } from '../../model/ids.js';
import { consumeUploadKey } from '../../model/files.js';
import { readPluginPackage, type PluginPackage } from './package.js';
import { allApps, appPluginIds, installedPlugin, pluginsTable, type PluginDoc } from './store.js';
import type { ApiRequest, Route } from '../../context.js';

/** The Installed plug-in resource. */
function pluginView(p: PluginDoc): Record<string, unknown> {
  return {
    id: p.id,
    name: p.name,
    isMarketPlugin: p.isMarketPlugin,
    version: p.version,
    description: p.description,
  };
}

function page<T>(req: ApiRequest, items: T[], maxLimit: number): T[] {
  const offset = req.params.int('offset', { default: 0, min: 0 });
  const limit = req.params.int('limit', { default: 100, min: 1, max: maxLimit });
  return items.slice(offset, offset + limit);
}

function listPlugins(req: ApiRequest): unknown {
  const ids = req.params.array('ids', { max: PLUGINS_PER_LIST }).map((v, i) => {
    if (typeof v !== 'string' || v === '') throw invalid({ [`ids[${i}]`]: 'Enter a plug-in id.' });
    return v;
  });
  const wanted = new Set(ids);
  const plugins = [...pluginsTable(req.ctx).values()]
    .filter((p) => p.installed && (wanted.size === 0 || wanted.has(p.id)))
    .sort((a, b) => b.installOrder - a.installOrder);
  return { plugins: page(req, plugins, PLUGINS_PER_LIST).map(pluginView) };
}

/** Consumes the upload key and reads the package it carries; call inside a transaction. */
function packageFromKey(req: ApiRequest): { pkg: PluginPackage; fileKey: string } {
  const key = req.params.str('fileKey', { min: 1 });
  const file = consumeUploadKey(req.ctx, key, 'fileKey', { kind: 'plugin' });
  const bytes = req.ctx.store.blobs.get(file.blob);
  if (!bytes) throw new ApiError(404, 'GAIA_BL01', `The file key "${key}" has no content; upload it again.`);
  return { pkg: readPluginPackage(bytes, 'fileKey'), fileKey: file.fileKey };
}

function installPlugin(req: ApiRequest): unknown {
  return req.ctx.store.transaction(() => {
    const { pkg, fileKey } = packageFromKey(req);
    const table = pluginsTable(req.ctx);
    if (table.get(pkg.id)?.installed)
      throw new ApiError(
        400,
        'GAIA_PL02',
        `The plug-in "${pkg.name}" (id: ${pkg.id}) is already installed; update it with PUT /k/v1/plugin.json.`,
      );
    const installOrder = Number(nextId(req.ctx.store, 'plugin-install'));
    table.put(pkg.id, { ...pkg, isMarketPlugin: false, installed: true, installOrder, fileKey });
    return { id: pkg.id, version: pkg.version };
  });
}

function updatePlugin(req: ApiRequest): unknown {
  const id = req.params.str('id', { min: 1 });
  return req.ctx.store.transaction(() => {
    const current = installedPlugin(req.ctx, id);
    const { pkg, fileKey } = packageFromKey(req);
    if (pkg.id !== id)
      throw new ApiError(
        400,
        'GAIA_PL04',
        `The package is plug-in ${pkg.id} ("${pkg.name}"), not ${id}: an update must be signed with the same key as the installed plug-in.`,
        { fileKey: { messages: [`The package's id is ${pkg.id}.`] } },
      );
    pluginsTable(req.ctx).put(id, { ...current, ...pkg, fileKey });
    return { id, version: pkg.version };
  });
}

function uninstallPlugin(req: ApiRequest): unknown {
  const id = req.params.str('id', { min: 1 });
  req.ctx.store.transaction(() => {
    const current = installedPlugin(req.ctx, id);
    pluginsTable(req.ctx).put(id, { ...current, installed: false });
  });
  return {};
}

function pluginApps(req: ApiRequest): unknown {
  const id = req.params.str('id', { min: 1 });
  // An uninstalled plug-in that apps still name can be asked about too (see required.json).
  if (!pluginsTable(req.ctx).has(id)) installedPlugin(req.ctx, id);
  // Only apps the caller may see are named: a user (a guest above all) learns nothing of the others.
  const apps = allApps(req.ctx).filter((a) => appPluginIds(a).has(id) && canSeeApp(req.principal, a));
  return {
    apps: page(req, apps, 500).map((a) => ({ id: a.id, name: (a.live ?? a.draft).general.name ?? '' })),
  };
}

function requiredPlugins(req: ApiRequest): unknown {
  const referenced = new Set(allApps(req.ctx).flatMap((a) => [...appPluginIds(a)]));
  const table = pluginsTable(req.ctx);
  const required = [...referenced]
    .map((id) => table.get(id))
    .filter((p): p is PluginDoc => p !== undefined && !p.installed)
    .sort((a, b) => a.id.localeCompare(b.id));
  return {
    plugins: page(req, required, PLUGINS_PER_LIST).map((p) => ({
      id: p.id,
      name: p.name,
      isMarketPlugin: p.isMarketPlugin,
    })),
  };
}

export const systemPluginRoutes: Route[] = [
  { method: 'GET', path: '/k/v1/plugins.json', auth: 'any', handler: listPlugins },
  { method: 'POST', path: '/k/v1/plugin.json', auth: 'admin', handler: installPlugin },
  { method: 'PUT', path: '/k/v1/plugin.json', auth: 'admin', handler: updatePlugin },
  { method: 'DELETE', path: '/k/v1/plugin.json', auth: 'admin', handler: uninstallPlugin },
  { method: 'GET', path: '/k/v1/plugin/apps.json', auth: 'any', handler: pluginApps },
  { method: 'GET', path: '/k/v1/plugins/required.json', auth: 'any', handler: requiredPlugins },
];
