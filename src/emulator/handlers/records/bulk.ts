import { CALLS_PER_BULK_REQUEST } from '../../../platform/index.js';
import { ApiError, invalid } from '../../errors.js';
import { asTokenRefusal } from '../../token-refusal.js';
import { Params } from '../../http/params.js';
import { translateBody } from '../../messages/translate.js';
import { foldGuestPath } from '../../router.js';
import { requireGuestSpace } from '../../access.js';
import { appOfParam, spendRequest } from '../../quota.js';
import type { ApiRequest, HttpMethod, RawResponse, Route } from '../../context.js';

const MAX_CALLS = CALLS_PER_BULK_REQUEST;
const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'DELETE']);

interface Call {
  readonly route: Route;
  readonly path: string;
  readonly guestSpaceId: string | null;
  readonly payload: Record<string, unknown>;
}

/** Runs a check of one call, naming that call's parameter in the error it throws. */
function inCall(param: string, check: () => void): void {
  try {
    check();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new ApiError(error.status, error.code, `${param}: ${error.message}`, {
      ...error.errors,
      [param]: { messages: [error.message] },
    });
  }
}

/** Checks every call before any runs: a malformed call, or an API not allowed in bulk, fails the whole request. */
function parseCalls(req: ApiRequest): Call[] {
  const items = req.params.array('requests', { max: MAX_CALLS, required: true });
  return items.map((item, i) => {
    const path = `requests[${i}]`;
    const { method, api, payload } = (item ?? {}) as { method?: unknown; api?: unknown; payload?: unknown };
    if (typeof method !== 'string' || !METHODS.has(method.toUpperCase()))
      throw invalid({ [`${path}.method`]: 'Enter GET, POST, PUT or DELETE.' });
    if (typeof api !== 'string' || api === '') throw invalid({ [`${path}.api`]: 'Required.' });
    if (payload === undefined || payload === null || typeof payload !== 'object' || Array.isArray(payload))
      throw invalid({ [`${path}.payload`]: 'Enter an object.' });
    const folded = foldGuestPath(api.split('?')[0]!);
    const route = req.ctx.router.find(method.toUpperCase() as HttpMethod, folded.path);
    if (!route?.bulk)
      throw invalid({
        [`${path}.api`]: `${method.toUpperCase()} ${api} cannot be used in a bulk request; only record.json, records.json, record/status.json, records/status.json and record/assignees.json can.`,
      });
    inCall(`${path}.api`, () => requireGuestSpace({ ctx: req.ctx, guestSpaceId: folded.guestSpaceId }));
    return {
      route,
      path: folded.path,
      guestSpaceId: folded.guestSpaceId,
      payload: payload as Record<string, unknown>,
    };
  });
}

/**
 * Runs up to 20 record calls in order, as one caller, inside one store transaction (one journal
 * write). Each call has its own nested transaction: a failing call undoes only itself, the calls
 * before it keep their effect, and the later ones never run. On failure the answer carries the
 * failing call's HTTP status and, as the hosted platform reports it, `results` with the error
 * body at the failing index and `{}` everywhere else, the completed calls included (their
 * effects stay; their answers are not given). Clients find the failure as the one non-empty entry.
 */
function bulkRequest(req: ApiRequest): unknown {
  const calls = parseCalls(req);
  const results: unknown[] = [];
  const failure = req.ctx.store.transaction(() => {
    for (const call of calls) {
      const sub: ApiRequest = {
        ...req,
        method: call.route.method,
        path: call.path,
        params: new Params(call.payload),
        guestSpaceId: call.guestSpaceId,
        body: Buffer.alloc(0),
      };
      try {
        const value = req.ctx.store.transaction(() => {
          // Each call counts against its app's daily requests (quota.ts).
          spendRequest(req.ctx, appOfParam(call.payload.app));
          const out = call.route.handler(sub);
          if (out instanceof Promise)
            throw new Error(`${call.path} is asynchronous and cannot run in a bulk request`);
          return out;
        });
        results.push(value ?? {});
      } catch (caught) {
        // A token is refused in the token's words inside a bulk request too (token-refusal.ts).
        const error = asTokenRefusal(caught, req.principal);
        if (!(error instanceof ApiError)) throw error;
        results.push(error.body());
        return error;
      }
    }
    return null;
  });
  if (!failure) return { results };
  const failed = results.length - 1;
  const reported = calls.map((_call, i) => (i === failed ? results[i] : {}));
  const body: RawResponse = {
    raw: true,
    status: failure.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify(translateBody({ results: reported }, req.lang ?? 'en'))),
  };
  return body;
}

export const bulkHandlers = { bulkRequest };
