/**
 * System plug-ins in the renderings: apply installs and updates them for the whole service
 * before it writes any app, so they come first, in a block (text) and a table (Markdown) of
 * their own rather than inside an app.
 */
import type { Plan, PluginPlan } from '../plan/types.js';
import type { Line, Marker } from './lines.js';
import { codeSpan, markdownText, tableCell } from './markdown-text.js';
import { plural } from './values.js';

/** Whether the plan changes anything, plug-ins included (the plan's own actions, not a recount). */
export function planChanges(plan: Plan): boolean {
  return plan.plugins.some((p) => p.action !== 'no-op') || plan.apps.some((a) => a.action !== 'no-op');
}

/** The plug-ins block, or nothing when no plug-in changes. */
export function pluginLines(plugins: readonly PluginPlan[]): Line[] {
  const changed = plugins.filter((p) => p.action !== 'no-op');
  if (changed.length === 0) return [];
  const hidden = plugins.length - changed.length;
  return [
    {
      depth: 0,
      marker: null,
      heading: true,
      text: '# system plug-ins will be installed or updated first (for the whole service)',
    },
    ...changed.map((p): Line => ({
      depth: 0,
      marker: PLUGIN_ACTIONS[p.action].marker,
      text: `plugin ${JSON.stringify(p.name)} (${p.id}) version ${versionText(p)}`,
      note: `from ${p.path}`,
    })),
    ...(hidden > 0
      ? [{ depth: 0, marker: null, text: `# (${plural(hidden, 'unchanged plug-in')} hidden)` }]
      : []),
  ];
}

/** The Markdown table: every plug-in the project carries, changed or not (as the apps table does). */
export function pluginTable(plugins: readonly PluginPlan[]): string[] {
  if (plugins.length === 0) return [];
  const rows = plugins.map((p) => {
    const cells = [
      markdownText(p.name),
      codeSpan(p.id),
      PLUGIN_ACTIONS[p.action].word,
      versionText(p),
      codeSpan(p.path),
    ];
    return `| ${cells.map(tableCell).join(' | ')} |`;
  });
  return [
    '#### System plug-ins (installed before the apps are written)',
    '',
    '| Plug-in | Id | Action | Version | Package |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ];
}

/** Each plug-in action's marker and word: a table, so that every action has them. */
const PLUGIN_ACTIONS: Readonly<Record<PluginPlan['action'], { marker: Marker | null; word: string }>> = {
  install: { marker: '+', word: 'install' },
  update: { marker: '~', word: 'update' },
  'no-op': { marker: null, word: 'no changes' },
};

/** `1.2`, or `1.1 -> 1.2` for an update. */
function versionText(plugin: PluginPlan): string {
  return plugin.action === 'update' && plugin.installedVersion !== null
    ? `${plugin.installedVersion} -> ${plugin.version}`
    : plugin.version;
}
