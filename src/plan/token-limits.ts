/**
 * What an environment that authenticates with API tokens alone cannot do on the hosted platform,
 * which answers such calls `403 GAIA_NO01` ("Using this API token, you cannot run the specified
 * API."; the local service does the same, src/emulator/token-refusal.ts). From each endpoint's
 * page on kintone.dev ("API Tokens cannot be used with this API", or no API token among its
 * authentication methods):
 *
 * - Get Customization (live and pre-live) and Update Customization: the `customize` area can be
 *   neither read nor written;
 * - Add Preview App: an app with no id in the environment cannot be created;
 * - Update Views with a Customize (CUSTOM) view: the views of an app that has one cannot be
 *   written (Get Views takes tokens);
 * - the plug-in system endpoints (Get Installed Plug-ins, Install and Update Plug-in): the
 *   packages a project carries can be neither checked nor installed.
 *
 * Every other settings API takes a token with the app's "manage" permission (cybozu.dev, API
 * updates of February and April 2020), and adding plug-ins to an app does too (Add Plug-ins).
 * The planner reads around what a token cannot read and names every such need in the plan;
 * apply refuses a plan that has any, before it writes anything.
 */
import type { AreaKey, Json } from '../areas/types.js';
import { AppdeployError } from '../errors.js';
import { TOKEN_UNREADABLE_AREAS } from '../platform/index.js';
import type { PluginItem } from '../project/manifest.js';
import type { AppPlan, Plan } from './types.js';

/** One thing the plan needs that the hosted platform refuses to an API token. */
export interface PasswordNeed {
  /** The app's key in appdeploy.yaml; null for the service's plug-ins (installed for every app). */
  app: string | null;
  /** A settings area, `app` (creating the app itself), or `systemPlugins`. */
  area: AreaKey | 'app' | 'systemPlugins';
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

/** Areas no API token can read: the planner does not read them with one. */
export const TOKEN_UNREADABLE: ReadonlySet<AreaKey> = new Set<AreaKey>(TOKEN_UNREADABLE_AREAS);

const CUSTOMIZE_CALLS = [
  'GET /k/v1/app/customize.json',
  'GET /k/v1/preview/app/customize.json',
  'PUT /k/v1/preview/app/customize.json',
];

export { usesTokenOnly } from '../project/index.js';

/**
 * Pure: what one planned app needs a password login for. `unread` are the managed areas the
 * planner could not read (TOKEN_UNREADABLE), left out of the app's plan.
 */
export function appPasswordNeeds(app: AppPlan, unread: readonly AreaKey[]): PasswordNeed[] {
  const needs: PasswordNeed[] = [];
  if (app.id === null)
    needs.push({
      app: app.key,
      area: 'app',
      action: 'create the app',
      calls: ['POST /k/v1/preview/app.json'],
    });
  const customize = app.areas.find((a) => a.key === 'customize');
  if (unread.includes('customize'))
    needs.push({
      app: app.key,
      area: 'customize',
      action: 'read and write the JavaScript and CSS customization',
      calls: CUSTOMIZE_CALLS,
    });
  else if (customize !== undefined && customize.action !== 'no-op')
    needs.push({
      app: app.key,
      area: 'customize',
      action: 'write the JavaScript and CSS customization',
      calls: CUSTOMIZE_CALLS.slice(2),
    });
  const views = app.areas.find((a) => a.key === 'views');
  if (views !== undefined && views.action !== 'no-op' && hasCustomView(views.after))
    needs.push({
      app: app.key,
      area: 'views',
      action: 'write views that include a custom (CUSTOM) view',
      calls: ['PUT /k/v1/preview/app/views.json'],
    });
  return needs;
}

function hasCustomView(views: Json): boolean {
  if (typeof views !== 'object' || views === null || Array.isArray(views)) return false;
  return Object.values(views).some(
    (view) => typeof view === 'object' && view !== null && !Array.isArray(view) && view.type === 'CUSTOM',
  );
}

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
      calls: ['GET /k/v1/plugins.json', 'POST /k/v1/plugin.json', 'PUT /k/v1/plugin.json'],
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
