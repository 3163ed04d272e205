/**
 * System plug-ins, installed or updated before any app is written: the apps that add them need
 * them installed, and a plug-in the service refuses must stop the apply while no app has changed.
 * There is no undo: the interface cannot put an older version back, and uninstalling would take
 * the plug-in from every app that uses it, so what was installed stays and the result says so.
 */
import { PLUGINS_PER_LIST } from '../platform/index.js';
import { resolve } from 'node:path';
import type { Client } from '../client/index.js';
import type { PluginPlan } from '../plan/index.js';
import { errorText } from './error-text.js';
import type { ApplyEvent, PluginRefusal, PluginResult } from './types.js';
import { readLocalPackage } from '../readers/index.js';
import { pluginTitle } from '../wording.js';

/** The service answers at most 100 ids a call. */
const IDS_PER_CALL = PLUGINS_PER_LIST;

/**
 * Whether what the plan saw still holds for each plug-in it changes: the package's bytes, and
 * the version the service has installed (someone may have installed or updated it since).
 */
export async function pluginRefusals(
  client: Client,
  root: string,
  plugins: readonly PluginPlan[],
): Promise<PluginRefusal[]> {
  const changing = plugins.filter((p) => p.action !== 'no-op');
  const refusals: PluginRefusal[] = [];
  const moved = (plugin: PluginPlan, why: string) =>
    refusals.push({
      kind: 'plugin-moved',
      plugin: plugin.id,
      message: `${pluginTitle(plugin)}: ${why}; plan again`,
    });
  await Promise.all(
    changing.map(async (plugin) => {
      try {
        const now = await readLocalPackage(root, plugin.path);
        if (now.sha256 !== plugin.sha256)
          moved(plugin, `its package ${plugin.path} changed since the plan was made`);
      } catch (error) {
        moved(plugin, `its package cannot be read now (${errorText(error)})`);
      }
    }),
  );
  const installed = new Map<string, string>();
  for (let i = 0; i < changing.length; i += IDS_PER_CALL) {
    const ids = changing.slice(i, i + IDS_PER_CALL).map((p) => p.id);
    for (const p of (await client.plugins.getPlugins({ ids, limit: IDS_PER_CALL })).plugins)
      installed.set(p.id, p.version);
  }
  for (const plugin of changing) {
    const now = installed.get(plugin.id) ?? null;
    if (now !== plugin.installedVersion)
      moved(
        plugin,
        `the service has ${now === null ? 'no version' : `version ${now}`} installed now, the plan saw ${plugin.installedVersion === null ? 'none' : `version ${plugin.installedVersion}`}`,
      );
  }
  return refusals;
}

export type PluginsOutcome =
  { kind: 'done' } | { kind: 'failed'; refusal: PluginRefusal } | { kind: 'interrupted' };

/**
 * Installs or updates each plug-in the plan changes, one after the other, uploading its package
 * first (an upload key is good for one install). Stops at the first failure or interrupt;
 * `results` says what each plug-in ended as.
 */
export async function installPlugins(input: {
  client: Client;
  root: string;
  plugins: readonly PluginPlan[];
  results: PluginResult[];
  signal: AbortSignal | undefined;
  emit: (event: ApplyEvent) => void;
}): Promise<PluginsOutcome> {
  const { client, plugins, results } = input;
  for (const [i, plugin] of plugins.entries()) {
    if (plugin.action === 'no-op') continue;
    if (input.signal?.aborted) return { kind: 'interrupted' };
    const { id, name, version, path } = plugin;
    input.emit({ type: 'plugin', action: plugin.action, id, name, version, path });
    try {
      const { fileKey } = await client.files.upload(resolve(input.root, path));
      if (plugin.action === 'install') await client.plugins.installPlugin({ fileKey });
      else await client.plugins.updatePlugin({ id, fileKey });
      results[i] = { ...results[i]!, outcome: plugin.action === 'install' ? 'installed' : 'updated' };
    } catch (error) {
      const why = `${plugin.action === 'install' ? 'installing' : 'updating'} it from ${path} failed: ${errorText(error)}`;
      results[i] = { ...results[i]!, outcome: 'failed', reason: why };
      return {
        kind: 'failed',
        refusal: { kind: 'plugin-failed', plugin: id, message: `${pluginTitle(plugin)}: ${why}` },
      };
    }
  }
  return { kind: 'done' };
}

/** Every plug-in of the plan, as apply starts: nothing done yet. */
export function initialPluginResults(plugins: readonly PluginPlan[]): PluginResult[] {
  return plugins.map((p) => ({ id: p.id, name: p.name, version: p.version, outcome: 'unchanged' }));
}
