import { langOf, type Lang } from './messages/lang.js';
import { userLang } from './messages/user-lang.js';
import { errors } from './errors.js';
import type { EmulatorContext } from './context.js';
import { guestSpaceIds } from './model/space.js';
import { unitsOf } from './directory/units.js';
import { GUESTS_TABLE, type GuestDoc } from './directory/users.js';
import { AUTH_HEADER_NAMES, type Dialect } from '../platform/index.js';

export interface TokenDoc {
  readonly token: string;
  readonly app: string;
  readonly permissions: TokenPermissions;
}

export interface TokenPermissions {
  readonly view: boolean;
  readonly add: boolean;
  readonly edit: boolean;
  readonly delete: boolean;
  readonly manage: boolean;
}

export type Principal =
  | {
      readonly kind: 'user';
      readonly login: string;
      readonly name: string;
      readonly admin: boolean;
      readonly guest: boolean;
      /** The user's language setting; absent: "as the browser" (Accept-Language decides). */
      readonly lang?: Lang;
      /** The groups and organizations the user belongs to (directory/units.ts `unitsOf`), for ACL entities. */
      readonly units: ReadonlySet<string>;
      /** For a guest: the guest spaces they are a member of (see model/space.ts). */
      readonly guestSpaces?: readonly string[];
    }
  | { readonly kind: 'token'; readonly tokens: readonly TokenDoc[] };

/**
 * Which header names a caller speaks (platform/auth-headers.ts). The local service accepts both and
 * answers each caller in its own dialect where the two differ (a field ACL right's `code` or
 * `field`, DESIGN.md).
 */
export type { Dialect };

export const TOKENS_TABLE = 'tokens';

/**
 * Who is calling, and in which dialect. Login/password wins when both kinds of header are sent
 * (platform-facts), whichever names they use; a caller sending the same kind under both names is
 * taken at the hosted platform's name. A request with neither is refused here; which principal may
 * do what is decided per endpoint.
 */
export function authenticate(
  headers: Record<string, string | string[] | undefined>,
  ctx: EmulatorContext,
): { principal: Principal; dialect: Dialect } {
  for (const dialect of DIALECTS) {
    const authorization = header(headers, AUTH_HEADER_NAMES[dialect].password);
    if (authorization !== undefined) return { principal: authenticateUser(authorization, ctx), dialect };
  }
  for (const dialect of DIALECTS) {
    const name = AUTH_HEADER_NAMES[dialect].token;
    const tokenHeader = header(headers, name);
    if (tokenHeader === undefined) continue;
    const table = ctx.store.table<TokenDoc>(TOKENS_TABLE);
    const tokens = tokenHeader
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => table.get(t));
    if (tokens.length === 0 || tokens.some((t) => t === undefined)) throw errors.badToken(headerName(name));
    return { principal: { kind: 'token', tokens: tokens as TokenDoc[] }, dialect };
  }
  throw errors.noAuth();
}

const DIALECTS: readonly Dialect[] = ['kintone', 'service'];

/** `x-cybozu-api-token` as the documentation writes it: `X-Cybozu-API-Token`. */
function headerName(lower: string): string {
  return lower
    .replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase())
    .replace('Api', 'API');
}

function authenticateUser(encoded: string, ctx: EmulatorContext): Principal {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw errors.badLogin();
  const login = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  const user = ctx.settings.users.find((u) => u.login === login);
  if (user) {
    if (user.password !== password) throw errors.badLogin();
    return {
      kind: 'user',
      login,
      name: user.name ?? login,
      admin: user.admin,
      guest: false,
      ...langField(userLang(ctx, login, user.lang)),
      units: unitsOf(ctx, login),
    };
  }
  const guest = ctx.store.table<GuestDoc>(GUESTS_TABLE).get(login);
  if (guest && guest.password === password)
    return {
      kind: 'user',
      login,
      name: guest.name,
      admin: false,
      ...langField(userLang(ctx, login, langOf(guest.profile?.locale ?? ''))),
      guest: true,
      units: unitsOf(ctx, login),
      guestSpaces: guestSpaceIds(ctx.store, login),
    };
  throw errors.badLogin();
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** The `{code, name}` of the caller, as records and apps show creators and modifiers. */
export function principalEntity(principal: Principal): { code: string; name: string } {
  if (principal.kind === 'user') return { code: principal.login, name: principal.name };
  return { code: 'api-token', name: 'API token' };
}

function langField(lang: Lang | undefined): { lang?: Lang } {
  return lang ? { lang } : {};
}
