/**
 * How the hosted platform refuses an API token: `403 GAIA_NO01` ("Using this API token, you
 * cannot run the specified API."), whatever the reason, where a signed-in user is told `403
 * CB_NO02`. Two reasons exist:
 *
 * - the API takes no token at all. Each endpoint's page on kintone.dev lists its authentication
 *   methods and says "API Tokens cannot be used with this API": Get and Update Customization
 *   (live and pre-live), Add Preview App, Get Apps, the plug-in system endpoints (Get Installed
 *   Plug-ins, Get Plug-in Apps, Get Required Plug-ins, Install/Update/Uninstall Plug-in), the
 *   space endpoints; and Update Views for a Customize (CUSTOM) view (custom-views.ts). The API
 *   update of April 2020 (cybozu.dev, api-updates/2020-04) says every other app settings API
 *   takes tokens. Those routes are `auth: 'user'` or `'admin'` (context.ts); the HTTP edge
 *   refuses a token there before the handler runs.
 * - the token lacks the permission the call needs (view, add, edit, delete, manage). Observed
 *   on a real kintone by kintone/cli-kintone's end-to-end suite (features/import.feature: a
 *   view-only token importing records, an add-only token updating them: `[403] [GAIA_NO01]`).
 *   The permission checks are shared with users and throw CB_NO02; `asTokenRefusal` turns that
 *   into the token's answer at the edge and in a bulk request. A token outranks the app, record
 *   and field ACLs (get.kintone.help, Generating an API Token), so a token meets no other 403.
 */
import { ApiError, errors } from './errors.js';
import type { Principal } from './auth.js';

/** The error a token caller gets for `error`: a permission refusal becomes GAIA_NO01; all else stays. */
export function asTokenRefusal(error: unknown, principal: Principal): unknown {
  if (principal.kind !== 'token') return error;
  if (error instanceof ApiError && error.status === 403 && error.code === 'CB_NO02')
    return errors.tokenCannotRun();
  return error;
}
