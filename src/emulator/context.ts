import type { Lang } from './messages/lang.js';
import type { Clock } from './clock.js';
import type { Store } from './store/store.js';
import type { EmulatorSettings } from './options.js';
import type { Params } from './http/params.js';
import type { Dialect, Principal } from './auth.js';
import type { Router } from './router.js';
import type { QuotaState } from './quota.js';

/** What every handler may use: the store, the clock, the settings it was started with. */
export interface EmulatorContext {
  readonly store: Store;
  readonly clock: Clock;
  readonly settings: EmulatorSettings;
  readonly runtime: Runtime;
  /** Every route, for the bulk endpoint that runs other calls inside one request. */
  readonly router: Router;
}

/** A fault the control API armed: matching calls answer `status`/`body`, wait, or lose their connection. */
export interface Fault {
  readonly id: string;
  /** One method, or several joined by `|` (`PUT|POST|DELETE`). */
  readonly method?: string;
  readonly path: RegExp;
  readonly status?: number;
  readonly body?: unknown;
  readonly delayMs?: number;
  /** The call is carried out at once; its answer waits this long. */
  readonly answerDelayMs?: number;
  readonly drop?: boolean;
  /** Calls left to hit; undefined means every matching call until cleared. */
  remaining?: number;
  /** Matching calls still to let through before the fault hits. */
  skip?: number;
}

/** What lives only as long as the process: armed faults and request counts. */
export interface Runtime {
  faults: Fault[];
  readonly stats: Map<string, number>;
  /** The daily request count per app, and the limit tests may set (quota.ts). */
  readonly quota: QuotaState;
  /**
   * Aborted when the service closes: a call held by a fault or `--latency` stops waiting, so a
   * SIGTERM ends the process at once, and a call held before it is carried out never is.
   */
  readonly stopping: AbortSignal;
}

/** A request as handlers see it: HTTP already parsed, the caller already authenticated. */
export interface ApiRequest {
  readonly method: HttpMethod;
  /** The path with any guest-space prefix folded to `/k/v1/...`. */
  readonly path: string;
  readonly params: Params;
  readonly principal: Principal;
  /** The header names the caller authenticated with: its answers use that dialect's shapes. */
  readonly dialect: Dialect;
  /** Set when the call came through `/k/guest/{spaceId}/v1/`. */
  readonly guestSpaceId: string | null;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The raw body (multipart uploads read it); empty for GET. */
  readonly body: Buffer;
  readonly contentType: string;
  readonly ctx: EmulatorContext;
  /** The caller's language (messages/lang.ts `chooseLang`); absent in calls built outside HTTP: en. */
  readonly lang?: Lang;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A response that is not JSON (file download). */
export interface RawResponse {
  readonly raw: true;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

/**
 * One endpoint. `auth` says who may call at all: `any` (every user; an API token too unless
 * platform/token-calls.ts or the settings catalogue refuses it the call; the handler checks per
 * app), `admin` (a service administrator). `bulk` marks the record endpoints a bulk request may
 * carry.
 */
export interface Route {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: 'any' | 'admin';
  readonly bulk?: boolean;
  /** `multipart` routes get the raw body (file upload); all others take JSON. */
  readonly body?: 'json' | 'multipart';
  readonly handler: (req: ApiRequest) => unknown;
}
