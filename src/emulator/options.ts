import { langOf, type Lang } from './messages/lang.js';
import { SETTINGS_CATALOGUE, settingsCatalogue, type SettingsEndpoint } from '../platform/index.js';
import type { AppPermission } from './access.js';
import type { JsonObject } from './model/app.js';
import type { Shape } from './validate/shape.js';

/** A login/password user of the emulator. */
export interface EmulatorUser {
  readonly login: string;
  readonly password: string;
  readonly admin: boolean;
  readonly name?: string;
  /** The user's language setting; absent means "as the browser" (Accept-Language decides). */
  readonly lang?: Lang;
}

/**
 * A group or organization the service starts with (`--group code:login,...`), as
 * `PUT /_emulator/directory` defines one; kept across `POST /_emulator/reset`, like the users.
 */
export interface EmulatorUnit {
  readonly code: string;
  readonly name?: string;
  readonly users: readonly string[];
}

/**
 * The service's certificate and key (PEM), and, for a Secure Access domain, the authority whose
 * certificates it requires of every client.
 */
export interface EmulatorTls {
  cert: string | Buffer;
  key: string | Buffer;
  clientCa?: string | Buffer | undefined;
}

/**
 * A settings endpoint served beside the platform's: the endpoint of an area defined outside src/
 * (a test's), with its entry in a catalogue (platform/settings-catalogue.ts, settingsCatalogue).
 * Its paths, whether a live PUT publishes and which calls a token may make are the entry's, and
 * it is read and written as every settings endpoint is (handlers/settings/routes.ts: the app's
 * permission, its revision, the draft deployed to live); what the service needs beyond the entry
 * is said here.
 */
export interface AddedSettingsEndpoint {
  readonly entry: SettingsEndpoint<string>;
  /** A new app's content, as the GET answers it without `revision`. */
  readonly initial: JsonObject;
  /** Each key a PUT's body may hold, with its shape (validate/shape.ts); any other is refused. */
  readonly body: Readonly<Record<string, Shape>>;
  /** The keys a PUT must hold (none unless given). */
  readonly required?: readonly string[];
  /** What reading the live copy needs (the draft always needs manage); manage unless given. */
  readonly readPermission?: AppPermission;
}

export interface EmulatorOptions {
  /** TCP port; 0 picks a free one. Default 8085. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. A non-loopback host is refused while any user is admin:admin. */
  host?: string;
  /** Directory for the journal and snapshots; memory only when absent. */
  data?: string | null;
  /** Delay added to every answer, in milliseconds. */
  latencyMs?: number;
  /** How long a deploy stays PROCESSING, in milliseconds of the service clock. Default 200. */
  deployMs?: number;
  /** Users; default one administrator admin:admin. */
  users?: readonly EmulatorUser[];
  /** Groups and organizations defined at start (and again after a reset); none by default. */
  groups?: readonly EmulatorUnit[];
  organizations?: readonly EmulatorUnit[];
  /** Serve the `/_emulator/` control API (default true). */
  control?: boolean;
  /** Largest request body accepted, in bytes (uploads excepted: see maxFileBytes). Default 100 MB. */
  maxBodyBytes?: number;
  /** Largest uploaded file, in bytes; an upload's body may be this plus 64 KiB of framing. Default 100 MB. */
  maxFileBytes?: number;
  /** Requests in flight before the service answers 429. Default 100. */
  concurrencyLimit?: number;
  /** Journal size (bytes) at which it is compacted into a snapshot. Default 64 MB. */
  compactAtBytes?: number;
  /** The organisation's language: answers when neither the user nor Accept-Language says. Default en. */
  locale?: Lang;
  /**
   * API requests a day per app before the service refuses more (403 `EMU_QU01`); default none:
   * it counts without refusing, as the hosted platform does (quota.ts). Tests set a small number.
   */
  dailyRequestLimit?: number | null;
  /** Serve HTTPS with this certificate (and require client certificates signed by `clientCa`). */
  tls?: EmulatorTls | undefined;
  /** Settings endpoints to serve beside the platform's (none by default). */
  endpoints?: readonly AddedSettingsEndpoint[];
}

/** The options with every default filled in. */
export interface EmulatorSettings {
  readonly port: number;
  readonly host: string;
  readonly data: string | null;
  readonly latencyMs: number;
  readonly deployMs: number;
  readonly users: readonly EmulatorUser[];
  /** Whether anyone can sign in as admin:admin (the default user, or one given as such). */
  readonly defaultCredentialsInUse: boolean;
  readonly groups: readonly EmulatorUnit[];
  readonly organizations: readonly EmulatorUnit[];
  readonly control: boolean;
  readonly maxBodyBytes: number;
  readonly maxFileBytes: number;
  readonly concurrencyLimit: number;
  readonly compactAtBytes: number;
  readonly locale: Lang;
  readonly dailyRequestLimit: number | null;
  readonly endpoints: readonly AddedSettingsEndpoint[];
}

export const DEFAULT_USERS: readonly EmulatorUser[] = [
  { login: 'admin', password: 'admin', admin: true, name: 'Administrator' },
];

export function resolveOptions(options: EmulatorOptions = {}): EmulatorSettings {
  const users = options.users && options.users.length > 0 ? options.users : DEFAULT_USERS;
  const endpoints = options.endpoints ?? [];
  // A key or an endpoint twice, or one of the platform's again, is refused by its name here.
  settingsCatalogue([...SETTINGS_CATALOGUE, ...endpoints.map((e) => e.entry)]);
  return {
    port: options.port ?? 8085,
    host: options.host ?? '127.0.0.1',
    data: options.data ?? null,
    latencyMs: options.latencyMs ?? 0,
    deployMs: options.deployMs ?? 200,
    users,
    defaultCredentialsInUse: users.some(isDefaultCredentials),
    groups: options.groups ?? [],
    organizations: options.organizations ?? [],
    control: options.control ?? true,
    maxBodyBytes: options.maxBodyBytes ?? 100 * 1024 * 1024,
    maxFileBytes: options.maxFileBytes ?? 100 * 1024 * 1024,
    concurrencyLimit: options.concurrencyLimit ?? 100,
    compactAtBytes: options.compactAtBytes ?? 64 * 1024 * 1024,
    locale: options.locale ?? 'en',
    dailyRequestLimit: options.dailyRequestLimit ?? null,
    endpoints,
  };
}

/**
 * admin:admin is the first guess of anyone who finds the port open, whether it came from the
 * default or from `--user admin:admin[:admin]`, so both count.
 */
function isDefaultCredentials(user: EmulatorUser): boolean {
  return user.login === 'admin' && user.password === 'admin';
}

/** Parses `login:password[:admin][:lang]` (lang: en, ja or zh) as the `--user` flag takes it. */
export function parseUserSpec(spec: string): EmulatorUser {
  const parts = spec.split(':');
  const lang = parts.length >= 3 && parts.at(-1) !== undefined ? langOf(parts.at(-1)!) : undefined;
  if (lang) parts.pop();
  const admin = parts.length >= 3 && parts.at(-1) === 'admin';
  const login = parts[0] ?? '';
  const password = parts.slice(1, admin ? -1 : undefined).join(':');
  if (!login || !password)
    throw new Error(
      `--user ${JSON.stringify(spec.split(':')[0])}...: expected login:password[:admin][:en|ja|zh]`,
    );
  return { login, password, admin, ...(lang ? { lang } : {}) };
}

/** Parses `code[:login,login...]` as the `--group` and `--organization` flags take it. */
export function parseUnitSpec(spec: string, flag: string): EmulatorUnit {
  const colon = spec.indexOf(':');
  const code = colon < 0 ? spec : spec.slice(0, colon);
  const logins = colon < 0 ? '' : spec.slice(colon + 1);
  if (!code) throw new Error(`${flag} ${JSON.stringify(spec)}: expected code:login1,login2,...`);
  return {
    code,
    users: logins
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean),
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host) || host.startsWith('127.');
}
