/**
 * What docs/client.md promises for one call of a draw, worked out attempt by attempt from the
 * server's script, never from the client's code:
 *
 * - Retries: "429 for every call; 5xx, timeouts ... and connection failures only for calls safe
 *   to repeat: GETs ... Never app creation, record writes, bulk, upload, comments, deploy or
 *   settings writes", at most `retries` of them.
 * - Errors: a JSON error body is a `ServiceError` (`status`, `code`); "a non-JSON answer" is
 *   `TransportError.InvalidResponse`; no complete answer within the timeout is
 *   `TransportError.Timeout`; a failed connection is `TransportError.Network` with its `code`; the
 *   caller's signal is `TransportError.Aborted`.
 * - A 429 is the hosted platform's "too many concurrent requests" (GAIA_TO04, platform-facts.md),
 *   turned away unprocessed; any other answer, or none, may come after the service acted.
 */
import type { ClientErrorKind } from '../../../src/client/index.js';
import { safeToRepeat, type CallKind, type Draw } from './draw.js';
import type { Behaviour } from './server.js';

export type Result =
  | { type: 'success' }
  | { type: 'error'; kind: ClientErrorKind; status?: number | undefined; code?: string | undefined };

export interface Expected {
  /** Attempts made: requests the server sees (a reset at accept counts), or connections refused. */
  attempts: number;
  result: Result;
  /** How long the attempts may wait for the timeout, at most (a bound for a hung call). */
  waitsMs: number;
}

export const CALL_PATHS: Record<CallKind, { method: string; path: string }> = {
  getRecords: { method: 'GET', path: '/k/v1/records.json' },
  getViews: { method: 'GET', path: '/k/v1/preview/app/views.json' },
  addRecords: { method: 'POST', path: '/k/v1/records.json' },
  deploy: { method: 'POST', path: '/k/v1/preview/app/deploy.json' },
  upload: { method: 'POST', path: '/k/v1/file.json' },
  updateRecords: { method: 'PUT', path: '/k/v1/records.json' },
  bulk: { method: 'POST', path: '/k/v1/bulkRequest.json' },
  updateViews: { method: 'PUT', path: '/k/v1/preview/app/views.json' },
};

/** One attempt's result, and whether the docs let the call try again after it. */
function attemptResult(
  behaviour: Behaviour,
  safe: boolean,
): { result: Result; retry: boolean; waits: boolean } {
  const network: Result = { type: 'error', kind: 'network' };
  switch (behaviour.kind) {
    case 'ok':
    case 'http10':
      return { result: { type: 'success' }, retry: false, waits: false };
    case 'resetOnAccept':
    case 'staleKeepAlive':
    case 'dropAfterRead':
    case 'partialHeaders':
    case 'truncatedBody':
      return { result: network, retry: safe, waits: false };
    case 'silent':
    case 'stalledBody':
      return { result: { type: 'error', kind: 'timeout' }, retry: safe, waits: true };
    case 'notJson':
      return {
        result: { type: 'error', kind: 'invalid-response', status: behaviour.status },
        retry: safe && behaviour.status >= 500,
        waits: false,
      };
    case 'tooMany':
      return {
        result: { type: 'error', kind: 'service', status: 429, code: 'GAIA_TO04' },
        retry: true,
        waits: false,
      };
    case 'serverError':
      return {
        result: behaviour.json
          ? { type: 'error', kind: 'service', status: behaviour.status, code: 'CB_IJ01' }
          : // An empty body is not the service's JSON: something in front of it answered.
            { type: 'error', kind: 'invalid-response', status: behaviour.status },
        retry: safe,
        waits: false,
      };
    case 'refused': {
      const code = { 401: 'CB_WA01', 403: 'CB_NO02', 520: 'GAIA_NO01' }[behaviour.status];
      return {
        result: { type: 'error', kind: 'service', status: behaviour.status, code },
        // A 5xx, 520 included: docs/client.md retries "5xx" for calls safe to repeat.
        retry: safe && behaviour.status >= 500,
        waits: false,
      };
    }
  }
}

/** What the call `index` (0-based) of the draw must do when nothing aborts it. */
export function expectCall(draw: Draw, index: number): Expected {
  const safe = safeToRepeat(draw.kind);
  if (draw.closedPort) {
    return {
      attempts: safe ? draw.retries + 1 : 1,
      result: { type: 'error', kind: 'network', code: 'ECONNREFUSED' },
      waitsMs: 0,
    };
  }
  const script = draw.scripts[index]!;
  let waitsMs = 0;
  for (let attempt = 1; ; attempt++) {
    const behaviour = script[attempt - 1] ?? { kind: 'ok' };
    const { result, retry, waits } = attemptResult(behaviour, safe);
    if (waits) waitsMs += draw.timeoutMs;
    if (!retry || attempt > draw.retries) return { attempts: attempt, result, waitsMs };
  }
}

/** Whether an attempt's outcome leaves it unknown whether the service acted (anything but a 429). */
export function mayHaveActed(behaviour: Behaviour): boolean {
  return behaviour.kind !== 'tooMany';
}
