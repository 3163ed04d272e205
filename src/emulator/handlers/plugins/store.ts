import { ApiError } from '../../errors.js';
import type { EmulatorContext } from '../../context.js';
import { APPS_TABLE, type AppDoc } from '../../model/app.js';

/**
 * A plug-in known to the service (table `plugins`, keyed by id). Uninstalling keeps the doc with
 * `installed: false`, so apps that still name the plug-in can report it as required.
 */
export interface PluginDoc {
  readonly id: string;
  readonly name: string;
  readonly version: string;
  readonly description: string;
  readonly isMarketPlugin: boolean;
  readonly installed: boolean;
  /** Position in install order (newest install lists first); an update keeps it. */
  readonly installOrder: number;
  /** The attachment key of the package the current version came from. */
  readonly fileKey: string;
}

export const PLUGINS_TABLE = 'plugins';

export function pluginsTable(ctx: EmulatorContext) {
  return ctx.store.table<PluginDoc>(PLUGINS_TABLE);
}

export function installedPlugin(ctx: EmulatorContext, id: string, path = 'id'): PluginDoc {
  const plugin = pluginsTable(ctx).get(id);
  if (!plugin?.installed)
    throw new ApiError(404, 'GAIA_PL01', `The plug-in (id: ${id}) is not installed.`, {
      [path]: { messages: ['Install the plug-in first (POST /k/v1/plugin.json).'] },
    });
  return plugin;
}

/** Ids of the plug-ins an app names, in its draft or its live settings. */
export function appPluginIds(app: AppDoc): Set<string> {
  const ids = new Set<string>();
  for (const settings of [app.draft, app.live]) {
    for (const item of settings?.plugins ?? []) if (typeof item.id === 'string') ids.add(item.id);
  }
  return ids;
}

export function allApps(ctx: EmulatorContext): AppDoc[] {
  return [...ctx.store.table<AppDoc>(APPS_TABLE).values()].sort((a, b) => Number(a.id) - Number(b.id));
}
