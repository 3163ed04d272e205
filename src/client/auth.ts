/**
 * Credentials to request headers, and the redactor that keeps them out of everything else.
 * The header values live only inside the closure returned here; nothing else in the client keeps
 * a reference to a password or token.
 */
import { ClientOptionsError } from './errors.js';
import { AUTH_HEADER_NAMES } from '../platform/index.js';
import type { Platform } from './platform.js';

/**
 * Login name and password, sent as `X-Cybozu-Authorization: base64(login:password)` to the hosted
 * platform and `X-Service-Authorization` to a service of our spec (platform.ts).
 */
export interface PasswordAuth {
  login: string;
  password: string;
}

/** One or more API tokens, sent comma-joined as `X-Cybozu-API-Token` (or `X-Service-API-Token`). */
export interface ApiTokenAuth {
  apiToken: string | readonly string[];
}

export type Auth = PasswordAuth | ApiTokenAuth;

/**
 * Who the service acts for: a user by login, or an API token (the hosted platform records a
 * token's operations as Administrator's, and does not hold it to record and field permissions:
 * kintone REST API common spec, "Authentication"). Never a secret.
 */
export type SignedInAs = { readonly login: string } | { readonly apiToken: true };

/** Whom `auth` signs in as: its tokens when it has any (createCredentials sends those), else its login. */
export function signedInAs(auth: Auth): SignedInAs {
  return 'apiToken' in auth ? { apiToken: true } : { login: auth.login };
}

/**
 * HTTP Basic credentials for a proxy in front of the service (`Authorization: Basic ...`): the
 * same `{login, password}` shape as `auth` and as appdeploy.yaml's `basicAuth`.
 */
export interface BasicAuth {
  login: string;
  password: string;
}

export interface Credentials {
  /** The authentication headers to put on every request. */
  headers: () => Record<string, string>;
  /** Replaces every credential (and its encodings) in `text` with `***`. */
  redact: (text: string) => string;
}

export function createCredentials(
  auth: Auth,
  basicAuth: BasicAuth | undefined,
  platform: Platform = 'service',
  /** Other secrets of the client's options (a proxy's or a certificate's password). */
  otherSecrets: readonly string[] = [],
): Credentials {
  const names = AUTH_HEADER_NAMES[platform];
  const headers: Record<string, string> = {};
  const secrets: string[] = [...otherSecrets];
  if (typeof auth !== 'object' || auth === null) {
    throw new ClientOptionsError('auth is required: { login, password } or { apiToken }');
  }
  if ('apiToken' in auth) {
    const tokens = typeof auth.apiToken === 'string' ? [auth.apiToken] : [...auth.apiToken];
    if (tokens.length === 0 || tokens.some((token) => typeof token !== 'string' || token === '')) {
      throw new ClientOptionsError('auth.apiToken must be a non-empty token or a list of non-empty tokens');
    }
    const joined = tokens.join(',');
    headers[names.token] = joined;
    secrets.push(joined, ...tokens);
  } else {
    if (typeof auth.login !== 'string' || auth.login === '' || typeof auth.password !== 'string') {
      throw new ClientOptionsError('auth needs a login and a password (strings), or an apiToken');
    }
    const encoded = base64(`${auth.login}:${auth.password}`);
    headers[names.password] = encoded;
    secrets.push(encoded, auth.password);
  }
  if (basicAuth !== undefined) {
    if (
      typeof basicAuth !== 'object' ||
      basicAuth === null ||
      typeof basicAuth.login !== 'string' ||
      typeof basicAuth.password !== 'string'
    ) {
      throw new ClientOptionsError('basicAuth needs a login and a password (strings): { login, password }');
    }
    const encoded = base64(`${basicAuth.login}:${basicAuth.password}`);
    headers.authorization = `Basic ${encoded}`;
    secrets.push(encoded, basicAuth.password);
  }
  const needles = expand(secrets);
  return {
    headers: () => ({ ...headers }),
    redact: (text) => needles.reduce((out, needle) => out.split(needle).join('***'), text),
  };
}

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** Secrets shorter than this are not redacted (see `expand`). */
const MIN_REDACTED_LENGTH = 2;

/**
 * Each secret in every form an echo may take: as written, JSON-escaped (a password with `"` or
 * `\` inside a JSON or HTML error page), URL-encoded and form-encoded. Longest first so a token
 * inside a joined list goes too.
 */
function expand(secrets: string[]): string[] {
  const all = new Set<string>();
  for (const secret of secrets) {
    // A one-character "secret" would turn every occurrence of that letter in every message into
    // ***, making errors unreadable, and hiding it protects nothing: one character is guessed in
    // a few tries. So such values (and the empty password) are left as they are.
    if (secret.length < MIN_REDACTED_LENGTH) continue;
    all.add(secret);
    for (const escaped of jsonEscapes(secret)) all.add(escaped);
    all.add(encodeURIComponent(secret));
    all.add(new URLSearchParams({ s: secret }).toString().slice(2));
  }
  return [...all].sort((a, b) => b.length - a.length);
}

/**
 * A string as JSON encoders write it inside quotes: JSON.stringify's way, and with every
 * character past ASCII as `\uXXXX` in lower-case hex (Python's json.dumps, PHP's json_encode) or
 * upper-case (Jackson's ESCAPE_NON_ASCII), each also with `/` as `\/` (PHP's). An error page that
 * echoes a request in one of these is no longer hidden by the plain form (found by the transport
 * sweep, test/reliability/transport-sweep.test.ts).
 */
function jsonEscapes(secret: string): string[] {
  const plain = JSON.stringify(secret).slice(1, -1);
  const ascii = (hex: (code: string) => string) =>
    plain.replace(/[\u0080-\uffff]/g, (c) => `\\u${hex(c.charCodeAt(0).toString(16).padStart(4, '0'))}`);
  const forms = [plain, ascii((h) => h), ascii((h) => h.toUpperCase())];
  return [...forms, ...forms.map((form) => form.replace(/\//g, '\\/'))];
}
