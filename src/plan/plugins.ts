/**
 * System plug-ins whose packages the project carries: each distinct package named by the apps
 * planned is read (id, name, version, hash) and compared with what the service has installed.
 * The planner and apply read packages the same way (readers/plugin-package.ts).
 */
import { PLUGINS_PER_LIST } from '../platform/index.js';
import { dirname, relative, resolve, sep } from 'node:path';
import type { Client } from '../client/index.js';
import { AppdeployError } from '../errors.js';
import { readLocalPackage, type LocalPluginPackage } from '../readers/index.js';
import type { ProjectApp } from '../project/index.js';
import type { PluginPlan } from './types.js';

/** The service answers at most 100 ids a call. */
const IDS_PER_CALL = PLUGINS_PER_LIST;

/** Every distinct package the apps name, read once, in the order the project names them. */
export async function projectPackages(
  root: string,
  apps: readonly ProjectApp[],
): Promise<LocalPluginPackage[]> {
  const named = new Map<string, string>();
  for (const app of apps)
    for (const item of app.manifest.plugins ?? []) {
      if (item.path === undefined) continue;
      const path = relative(root, resolve(dirname(app.manifestPath), item.path))
        .split(sep)
        .join('/');
      if (!named.has(path)) named.set(path, item.id);
    }
  const packages = await Promise.all([...named].map(([path]) => readLocalPackage(root, path)));
  for (const pkg of packages) {
    const id = named.get(pkg.path);
    if (pkg.id !== id)
      throw new AppdeployError('PLUGIN.ID_MISMATCH', `${pkg.path} is plug-in ${pkg.id}, not ${id}`, {
        hint: 'Run `npx appdeploy validate`: the manifest’s id must be the package’s.',
      });
  }
  const byId = new Map<string, LocalPluginPackage>();
  for (const pkg of packages) {
    const other = byId.get(pkg.id);
    // Two different files of one plug-in: which version to install would depend on the order.
    if (other && other.sha256 !== pkg.sha256)
      throw new AppdeployError(
        'PLAN.PLUGIN_CONFLICT',
        `${other.path} and ${pkg.path} are two different packages of plug-in ${pkg.id}`,
        { hint: 'Name one package of a plug-in in every manifest that adds it.' },
      );
    if (!other) byId.set(pkg.id, pkg);
  }
  return [...byId.values()];
}

/** The plug-ins to install, update or leave, after asking the service what it has installed. */
export async function planPlugins(
  client: Client,
  root: string,
  apps: readonly ProjectApp[],
): Promise<PluginPlan[]> {
  const packages = await projectPackages(root, apps);
  const installed = new Map<string, string>();
  for (let i = 0; i < packages.length; i += IDS_PER_CALL) {
    const ids = packages.slice(i, i + IDS_PER_CALL).map((p) => p.id);
    const { plugins } = await client.plugins.getPlugins({ ids, limit: IDS_PER_CALL });
    for (const plugin of plugins) installed.set(plugin.id, plugin.version);
  }
  return packages.map((pkg) => {
    const installedVersion = installed.get(pkg.id) ?? null;
    return {
      id: pkg.id,
      name: pkg.name,
      path: pkg.path,
      sha256: pkg.sha256,
      version: pkg.version,
      installedVersion,
      action: installedVersion === null ? 'install' : installedVersion === pkg.version ? 'no-op' : 'update',
    };
  });
}
