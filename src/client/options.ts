import type { Dispatcher } from 'undici';
import type { Auth, BasicAuth } from './auth.js';
import type { Platform } from './platform.js';
import type { ClientCertificate, FileOrBytes } from './reach.js';
import type { RetryOptions } from './retry.js';

/**
 * The hosted platform answers at most 100 requests in flight per domain, counting every user and
 * integration of that domain, and refuses more with 429 until the count falls ("How to Avoid
 * Kintone REST API limits", kintone.dev: "a limit of 100 concurrent API connections per
 * domain"). A client never asks for more than that.
 */
export const MAX_CONCURRENCY = 100;

/**
 * Calls in flight when nothing says otherwise: a sixth of the domain's 100, leaving the rest to
 * the domain's other users. Measured (issue 25, a plan of 20 apps against the local service
 * answering 20 ms late): 8 in flight took 1.46 s, 16 took 0.87 s, 32 took 0.64 s; past 16 the
 * gain shrinks while the share of the domain's limit taken doubles.
 */
export const DEFAULT_CONCURRENCY = 16;

/** Options every call takes last. */
export interface CallOptions {
  /** Aborts the call (and any retry waiting to happen). */
  signal?: AbortSignal | undefined;
  /** This call's timeout in milliseconds, instead of the client's. */
  timeoutMs?: number | undefined;
  /**
   * The language to ask for (`Accept-Language`), instead of the client's: it words the service's
   * messages and, on app creation, names the new app's system fields and preset statuses (when
   * the user's own language setting leaves it to the browser).
   */
  language?: string | undefined;
}

export interface ClientOptions {
  /** Where the service lives, e.g. `https://example.com` (a path prefix is kept). */
  baseUrl: string;
  auth: Auth;
  /**
   * Which names to speak (platform.ts): `kintone` sends the hosted platform's header names, adds
   * plug-ins through the draft path and names a field ACL rule's field `code`; `service` speaks the
   * spec. Default: `kintone` for a base URL on the hosted platform's domains, else `service`.
   */
  platform?: Platform | undefined;
  /** HTTP Basic credentials for a proxy in front of the service. */
  basicAuth?: BasicAuth | undefined;
  /**
   * An HTTP proxy between this machine and the service, e.g. `http://proxy.example.com:8080`, its
   * credentials in the URL (`http://login:password@host:port`); calls go through it in a tunnel
   * (CONNECT). Default: the environment's HTTPS_PROXY / HTTP_PROXY (lowercase names first), unless
   * NO_PROXY names the service's host. `false`: none, whatever the environment says.
   */
  proxy?: string | false | undefined;
  /**
   * The certificate to present to a service that requires one (the hosted platform's Secure
   * Access): `{ pfx, password }` or, in PEM, `{ cert, key, passphrase }`. Each file is its path
   * (relative to the working directory) or its contents as bytes. A wrong password is a
   * ClientOptionsError from createClient.
   */
  clientCertificate?: ClientCertificate | undefined;
  /**
   * Certificate authorities (PEM) to trust on top of the default ones, for a service or a proxy
   * that inspects TLS, signed by a private authority: a path or the contents, or a list of them.
   */
  ca?: FileOrBytes | readonly FileOrBytes[] | undefined;
  /** Send every call through `/k/guest/{guestSpaceId}/v1/` instead of `/k/v1/`. */
  guestSpaceId?: number | string | undefined;
  /** `Accept-Language` for every call (see CallOptions.language); none by default. */
  language?: string | undefined;
  /** Per-call timeout in milliseconds (default 60,000). */
  timeoutMs?: number | undefined;
  /** How many calls of this client may be in flight at once (default DEFAULT_CONCURRENCY, at most MAX_CONCURRENCY). */
  concurrency?: number | undefined;
  retry?: Partial<RetryOptions> | undefined;
  /** Receives every request, response and retry; never a credential. */
  logger?: ((event: ClientEvent) => void) | undefined;
  /**
   * Aborts every call of this client, those under way and those to come: each ends in
   * TransportError.Aborted and none is sent after it, but the deletion of a cursor (which frees
   * what the aborted work left). How a program stops work of many calls that takes no signal of
   * its own (plan, exportApps); a call's own `signal` adds to it.
   */
  signal?: AbortSignal | undefined;
  /** An undici dispatcher to use instead of the client's own (tests); not with clientCertificate or ca. */
  dispatcher?: Dispatcher | undefined;
}

/**
 * What the debug logger receives. `path` never carries the query string; `app` is the app id the
 * call's parameters name, when they name one.
 */
export type ClientEvent =
  | { type: 'request'; method: string; path: string; app?: string; attempt: number }
  | {
      type: 'response';
      method: string;
      path: string;
      app?: string;
      attempt: number;
      status: number;
      durationMs: number;
    }
  | {
      type: 'retry';
      method: string;
      path: string;
      app?: string;
      attempt: number;
      delayMs: number;
      reason: string;
    }
  | { type: 'cleanup-failed'; method: string; path: string; reason: string };

export type ClientLogger = (event: ClientEvent) => void;
