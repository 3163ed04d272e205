/**
 * What every sub-client needs: the transport, and the path of an endpoint under `/k/v1/` or,
 * for a client bound to a guest space, under `/k/guest/{spaceId}/v1/`.
 */
import { ClientOptionsError } from './errors.js';
import type { CallOptions } from './options.js';
import type { Platform } from './platform.js';
import type { HttpMethod, Transport } from './transport.js';
import type { Id } from './types/common.js';

export interface ClientContext {
  transport: Transport;
  /** `api('records.json')` is `/k/v1/records.json` (or the guest-space form of it). */
  api: (endpoint: string) => string;
  /** System-wide endpoints (installed plug-ins, guest users) that no guest space has: always `/k/v1/`. */
  systemApi: (endpoint: string) => string;
  /** Whose names to use where the spec and the hosted platform differ (platform.ts). */
  platform: Platform;
}

export function createContext(
  transport: Transport,
  guestSpaceId: Id | undefined,
  platform: Platform = 'service',
): ClientContext {
  const prefix = guestSpaceId === undefined ? '/k/v1/' : guestPrefix(guestSpaceId);
  return {
    transport,
    api: (endpoint) => `${prefix}${endpoint}`,
    systemApi: (endpoint) => `/k/v1/${endpoint}`,
    platform,
  };
}

/**
 * The call most endpoint methods make: the parameters go where the method carries them, a GET's
 * in the query string and any other's as the JSON body. One place for that rule, so an endpoint
 * method says only its method and path; calls with more to say (indexed arrays) build their own
 * JsonCall. `idempotent` as in JsonCall: left out, a GET is retried and anything else is not.
 */
export function callJson<T>(
  ctx: ClientContext,
  method: HttpMethod,
  path: string,
  params: object,
  options: CallOptions | undefined,
  idempotent?: boolean,
): Promise<T> {
  const carried = method === 'GET' ? { query: params } : { body: params };
  return ctx.transport.json({ method, path, ...carried, idempotent, options });
}

/** `/k/guest/{spaceId}/v1/`, after checking that the id is a positive whole number. */
export function guestPrefix(spaceId: Id): string {
  const text = String(spaceId);
  if (!/^[1-9]\d*$/.test(text)) {
    throw new ClientOptionsError(
      `guest space id must be a positive whole number, got ${JSON.stringify(text)}; ` +
        `pass the numeric id of the guest space.`,
    );
  }
  return `/k/guest/${text}/v1/`;
}
