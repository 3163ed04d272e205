/**
 * What an environment that authenticates with API tokens alone cannot do on the hosted platform,
 * which answers such calls `403 GAIA_NO01` ("Using this API token, you cannot run the specified
 * API."; the local service does the same). Which calls those are, and the evidence, the platform
 * says (platform/token-calls.ts; each settings endpoint's `token`, platform/settings-catalogue.ts):
 *
 * - what an area's settings endpoints refuse, the area says (its `token`: customize.ts, views.ts);
 * - creating an app with no id in the environment (Add Preview App);
 * - the plug-in system calls: the packages a project carries can be neither checked nor installed.
 *
 * The planner reads around what a token cannot read and names every such need in the plan;
 * apply refuses a plan that has any, before it writes anything.
 */
import { AREAS, tokenUnreadable } from '../areas/index.js';
import type { Area, AreaKey, TokenNeed } from '../areas/types.js';
import { AppdeployError } from '../errors.js';
import { tokenRefusedCall } from '../platform/index.js';
import type { PluginItem } from '../project/manifest.js';
import type { AppPlan, Plan } from './types.js';

/** One thing the plan needs that the hosted platform refuses to an API token. */
export interface PasswordNeed {
  /** The app's key in appdeploy.yaml; null for the service's plug-ins (installed for every app). */
  app: string | null;
  /** A settings area's key (AreaKey), `app` (creating the app itself), or `systemPlugins`. */
  area: string;
  /** What the plan would do there, in words. */
  action: string;
  /** The calls refused to a token. */
  calls: string[];
}

/** What the plan cannot do with the environment's API token, and how to let it. */
export interface TokenLimits {
  needs: PasswordNeed[];
  instead: string;
}

export { usesTokenOnly } from '../project/index.js';

/**
 * Pure: what one planned app needs a password login for. `unread` are the managed areas the
 * planner could not read (tokenUnreadable), left out of the app's plan. First what a token can
 * do nothing with (an unreadable area, read or written), then the writes it cannot make, each
 * in the table's order.
 */
export function appPasswordNeeds(
  app: AppPlan,
  unread: readonly AreaKey[],
  areas: readonly Area[] = AREAS,
): PasswordNeed[] {
  const needs: PasswordNeed[] = [];
  if (app.id === null)
    needs.push({
      app: app.key,
      area: 'app',
      action: 'create the app',
      calls: [tokenRefusedCall('addApp')],
    });
  const limited = areas.filter((area) => area.token !== undefined);
  const ordered = [...tokenUnreadable(limited), ...limited.filter((area) => !area.token?.unreadable)];
  for (const area of ordered) {
    const need = areaNeed(app, area, unread);
    if (need) needs.push({ app: app.key, area: area.key, ...need });
  }
  return needs;
}

/** An unreadable area's need when it went unread; else its write's, when the plan writes it. */
function areaNeed(app: AppPlan, area: Area, unread: readonly AreaKey[]): TokenNeed | null {
  if (unread.includes(area.key)) return area.token?.unreadable ?? null;
  const planned = app.areas.find((a) => a.key === area.key);
  if (planned === undefined || planned.action === 'no-op') return null;
  return area.token?.write?.(planned.after) ?? null;
}

/** What checking and installing a project's plug-in packages calls (Get Installed Plug-ins, Install, Update). */
const SYSTEM_PLUGIN_CALLS = ['getInstalledPlugins', 'installPlugin', 'updatePlugin'];

/** Pure: the system plug-ins need, when an app names a package (`plugins[].path`) to install. */
export function pluginPasswordNeeds(
  apps: readonly { manifest: { plugins?: PluginItem[] } }[],
): PasswordNeed[] {
  const carries = apps.some((app) => (app.manifest.plugins ?? []).some((p) => p.path !== undefined));
  if (!carries) return [];
  return [
    {
      app: null,
      area: 'systemPlugins',
      action: 'check which plug-ins are installed, and install or update the packages the project carries',
      calls: SYSTEM_PLUGIN_CALLS.map(tokenRefusedCall),
    },
  ];
}

/** How to give the environment a login, in appdeploy.yaml's words. */
export function passwordInstead(environment: string): string {
  const prefix = environment.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  return (
    `give environment "${environment}" a login with the rights these need, in appdeploy.yaml: ` +
    `auth: { login: \${${prefix}_LOGIN}, password: \${${prefix}_PASSWORD} } ` +
    `(the values from the environment or .env). The hosted platform refuses these calls to an API token (403 GAIA_NO01).`
  );
}

/** Apply's first check: a plan with needs a token cannot meet is refused before anything is written. */
export function refuseTokenLimits(plan: Pick<Plan, 'environment' | 'tokenLimits'>): void {
  const limits = plan.tokenLimits;
  if (limits === undefined || limits.needs.length === 0) return;
  const list = limits.needs.map(describeNeed).join('; ');
  throw new AppdeployError(
    'APPLY.NEEDS_PASSWORD',
    `environment "${plan.environment}" authenticates with an API token, which cannot ${list}; nothing was changed`,
    { hint: `${limits.instead.charAt(0).toUpperCase()}${limits.instead.slice(1)}` },
  );
}

/** `customers: write the JavaScript and CSS customization (PUT /k/v1/preview/app/customize.json)`. */
export function describeNeed(need: PasswordNeed): string {
  const where = need.app === null ? 'system plug-ins' : `${need.app}`;
  return `${where}: ${need.action} (${need.calls.join(', ')})`;
}
