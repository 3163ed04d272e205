/**
 * How the hosted platform refuses an API token: `403 GAIA_NO01` ("Using this API token, you
 * cannot run the specified API."), whatever the reason, where a signed-in user is told `403
 * CB_NO02`. Two reasons exist:
 *
 * - the API takes no token at all: the calls of platform/token-calls.ts, and those the settings
 *   catalogue refuses (platform/settings-catalogue.ts, each entry's `token`). The HTTP edge
 *   (dispatch.ts) refuses a token on the former before the handler runs; the settings routes
 *   refuse the latter (handlers/settings/areas.ts).
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
