/**
 * Plug-ins added to the app (`app/plugins.json`): a set of plug-in ids, sorted. The interface can
 * only add plug-ins to an app (POST with their ids), never take one away, so a plug-in the
 * manifest no longer lists is a blocked change: the plan says so and what to do instead.
 * The draft list is `preview/app/plugins.json` (the hosted platform's, beyond the spec).
 */
import { PLUGINS_PER_LIST } from '../platform/index.js';
import { oneWrite, togetherPhase } from './area-kit.js';
import { diffMap, unchangedInMap } from './diff.js';
import type { AppManifest } from '../project/manifest.js';
import type { Area, BlockedChange, Change, ReadContext } from './types.js';

const PAGE = PLUGINS_PER_LIST;

const asMap = (ids: readonly string[]): Record<string, string> =>
  Object.fromEntries(ids.map((id) => [id, id]));

const diff = (desired: string[], current: string[]): Change[] => diffMap(asMap(desired), asMap(current));

async function read(ctx: ReadContext): Promise<{ value: string[]; revision: string }> {
  const first = await ctx.client.appPlugins.getPlugins({
    app: ctx.app,
    copy: ctx.copy,
    offset: 0,
    limit: PAGE,
  });
  const ids = first.plugins.map((p) => p.id);
  for (let offset = PAGE, last = first.plugins.length; last === PAGE; offset += PAGE) {
    const page = await ctx.client.appPlugins.getPlugins({
      app: ctx.app,
      copy: ctx.copy,
      offset,
      limit: PAGE,
    });
    ids.push(...page.plugins.map((p) => p.id));
    last = page.plugins.length;
  }
  // The first page's revision: the pages that follow read the same settings.
  return { value: [...new Set(ids)].sort(), revision: first.revision };
}

function blocked(desired: string[], current: string[]): BlockedChange[] {
  return diff(desired, current)
    .filter((c) => c.action === 'remove')
    .map((c) => ({
      path: c.path,
      reason: `the plug-in ${String(c.path[0])} cannot be removed from an app through the interface (it can only add plug-ins)`,
      instead: "remove it in the app's settings in the browser, or keep it in the manifest",
    }));
}

export const pluginsArea: Area<string[], 'plugins'> = {
  key: 'plugins',
  phases: togetherPhase('plugins'),
  itemNoun: 'plug-in',
  fromManifest: (m: AppManifest) =>
    m.plugins === undefined ? undefined : [...new Set(m.plugins.map((p) => p.id))].sort(),
  toManifest: (c) => ({ plugins: c.map((id) => ({ id })) }),
  read,
  diff,
  unchangedCount: (desired, current) => unchangedInMap(asMap(desired), asMap(current)),
  blocked,
  writes(desired, current) {
    // Only additions can be written; removals are reported by `blocked`.
    const added = diff(desired, current).filter((c) => c.action === 'add');
    return oneWrite('plugins', added, async (wctx, revision) => {
      const ids = added.map((c) => String(c.path[0]));
      const result = await wctx.client.appPlugins.addPlugins({ app: wctx.app, ids, revision });
      return result.revision;
    });
  },
};
