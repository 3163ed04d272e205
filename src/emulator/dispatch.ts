import type { IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, errorId, errors } from './errors.js';
import { authenticate, type Dialect, type Principal } from './auth.js';
import { asTokenRefusal } from './token-refusal.js';
import { refusesToken } from '../platform/index.js';
import { requireGuestSpace } from './access.js';
import { Params } from './http/params.js';
import { parseQueryString } from './http/query-string.js';
import { bodyLimit, mediaType, parseJsonObject, readBody } from './http/body.js';
import { foldGuestPath } from './router.js';
import { settleDeploys } from './model/deploy-state.js';
import { appOfParam, spendRequest } from './quota.js';
import type { Lang } from './messages/lang.js';
import type { ApiRequest, EmulatorContext, Fault, HttpMethod, RawResponse, Route } from './context.js';

export type Answer = { status: number; body: unknown } | RawResponse;

/**
 * One HTTP request through the service, as a list of named steps: each either hands the next what
 * it learnt or ends the call (an answer, or an `ApiError` thrown for the edge to render). The
 * order is the platform's: a fault or an unknown path is answered before the body is read, the
 * body before the caller is known, the caller before the handler runs.
 */
export async function dispatch(
  ctx: EmulatorContext,
  req: IncomingMessage,
  lang: { value: Lang },
): Promise<Answer | 'dropped'> {
  const call = countCall(ctx, req);
  const faulted = await injectedFault(ctx, req, call);
  if (typeof faulted === 'number')
    return held(faulted, ctx.runtime.stopping, () => handle(ctx, req, lang, call));
  if (faulted) return faulted;
  return handle(ctx, req, lang, call);
}

/** The call carried out, its answer (or refusal) held `ms` after. */
async function held(ms: number, stopping: AbortSignal, answer: () => Promise<Answer>): Promise<Answer> {
  try {
    return await answer();
  } finally {
    await sleep(ms, undefined, { signal: stopping });
  }
}

async function handle(
  ctx: EmulatorContext,
  req: IncomingMessage,
  lang: { value: Lang },
  call: Call,
): Promise<Answer> {
  const { route, path, guestSpaceId } = findRoute(ctx, call);
  const input = await readInput(ctx, req, route, call.search);
  const { principal, dialect } = signIn(ctx, req, route, call.isControl, lang);
  // Once for every handler: a guest path must name a guest space; handlers then only compare ids.
  requireGuestSpace({ ctx, guestSpaceId });
  settleDeploys(ctx);
  // The day's count of the app the call names (a cursor read counts in cursors.ts, a bulk
  // request per call inside it in bulk.ts); the control API is no call of the platform's.
  if (!call.isControl) spendRequest(ctx, appOfParam(input.params.raw.app));
  // Named one by one, not spread from `input`: a spread made this object ~6 µs a call and the
  // emulator bench's throughput 0.53-0.59 -> 0.65-0.72 of bare node:http without it.
  const request: ApiRequest = {
    body: input.body,
    contentType: input.contentType,
    params: input.params,
    method: call.method,
    path,
    principal,
    dialect,
    guestSpaceId,
    headers: req.headers,
    ctx,
    lang: lang.value,
  };
  return runHandler(route, request);
}

interface Call {
  readonly method: HttpMethod;
  readonly pathname: string;
  readonly search: string;
  /** The local service's own `/_emulator/` control API. */
  readonly isControl: boolean;
}

/** Step 1: what is asked, counted per method and path for the control API's statistics. */
function countCall(ctx: EmulatorContext, req: IncomingMessage): Call {
  const { pathname, search } = splitUrl(req.url ?? '/');
  const rawMethod = (req.method ?? 'GET').toUpperCase();
  // A POST carrying `X-HTTP-Method-Override: GET` is a GET (long queries): counted and faulted as one.
  const override = String(req.headers['x-http-method-override'] ?? '').toUpperCase();
  const method = (rawMethod === 'POST' && override === 'GET' ? 'GET' : rawMethod) as HttpMethod;
  const statsKey = `${method} ${pathname}`;
  ctx.runtime.stats.set(statsKey, (ctx.runtime.stats.get(statsKey) ?? 0) + 1);
  return { method, pathname, search, isControl: pathname.startsWith('/_emulator/') };
}

/** Step 2: a fault armed through the control API (never on the control API itself) answers first. */
async function injectedFault(
  ctx: EmulatorContext,
  req: IncomingMessage,
  call: Call,
): Promise<Answer | 'dropped' | number | undefined> {
  if (call.isControl) return undefined;
  const fault = takeFault(ctx, call.method, call.pathname);
  if (!fault) return undefined;
  // A service closed meanwhile never carries the call out (the sleep throws).
  if (fault.delayMs) await sleep(fault.delayMs, undefined, { signal: ctx.runtime.stopping });
  if (fault.answerDelayMs !== undefined && !fault.drop && fault.status === undefined)
    return fault.answerDelayMs;
  if (fault.drop) {
    req.socket.destroy();
    return 'dropped';
  }
  if (fault.status !== undefined)
    return { status: fault.status, body: fault.body ?? faultBody(fault.status) };
  return undefined;
}

const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'DELETE']);

/** Step 3: the endpoint, with a guest-space prefix folded away; 405 for a known path, else 404. */
function findRoute(
  ctx: EmulatorContext,
  call: Call,
): { route: Route; path: string; guestSpaceId: string | null } {
  const { path, guestSpaceId } = foldGuestPath(call.pathname);
  const { method, isControl } = call;
  if (!METHODS.has(method)) throw new ApiError(405, 'CB_ME01', `Method ${method} is not supported.`);
  const reachable = !isControl || ctx.settings.control;
  const route = reachable ? ctx.router.find(method, path) : undefined;
  if (route) return { route, path, guestSpaceId };
  if (reachable && ctx.router.knows(path))
    throw new ApiError(405, 'CB_ME01', `${method} is not supported on ${path}.`);
  throw errors.notFoundPath(method, call.pathname);
}

/** Step 4: the body (read once the route is known: an upload's limit follows maxFileBytes) and the parameters. */
async function readInput(
  ctx: EmulatorContext,
  req: IncomingMessage,
  route: Route,
  search: string,
): Promise<Pick<ApiRequest, 'body' | 'contentType' | 'params'>> {
  const multipart = route.body === 'multipart';
  const body = await readBody(req, bodyLimit(ctx.settings, multipart));
  const contentType = mediaType(req.headers['content-type']);
  const expected = multipart ? 'multipart/form-data' : body.length > 0 ? 'application/json' : undefined;
  if (expected && contentType !== expected) throw errors.contentType(contentType || '(none)');
  const bodyParams = expected === 'application/json' ? parseJsonObject(body) : {};
  const query = parseQueryString(search);
  const fromQuery = new Set(Object.keys(query).filter((name) => !(name in bodyParams)));
  return { body, contentType, params: new Params({ ...query, ...bodyParams }, fromQuery) };
}

/** Step 5: who calls, in which header dialect, and whether the route lets that kind of caller in. */
function signIn(
  ctx: EmulatorContext,
  req: IncomingMessage,
  route: Route,
  isControl: boolean,
  lang: { value: Lang },
): { principal: Principal; dialect: Dialect } {
  const caller = authenticate(req.headers, ctx);
  const { principal } = caller;
  // From here on even a refusal answers in the user's own language setting.
  if (principal.kind === 'user' && principal.lang) lang.value = principal.lang;
  // An API that takes no token (platform/token-calls.ts): the hosted platform's 403 GAIA_NO01;
  // the control API is the local service's own, for administrators (403 CB_NO02 as to any other).
  if (principal.kind !== 'user') {
    if (isControl && route.auth === 'admin') throw errors.forbidden('this operation with an API token');
    // The settings endpoints served beside the platform's refuse a token as their entry says.
    const added = ctx.settings.endpoints.map((e) => e.entry);
    if (!isControl && refusesToken(route.method, route.path, added)) throw errors.tokenCannotRun();
  }
  if (route.auth === 'admin' && !(principal.kind === 'user' && principal.admin))
    throw errors.forbidden('this operation');
  return caller;
}

/** Step 6: the handler's answer, as JSON (`{}` for nothing) or raw bytes; refusals reworded for a token. */
async function runHandler(route: Route, request: ApiRequest): Promise<Answer> {
  let value: unknown;
  try {
    value = await route.handler(request);
  } catch (error) {
    throw asTokenRefusal(error, request.principal);
  }
  if (isRaw(value)) return value;
  return { status: 200, body: value ?? {} };
}

/**
 * The path and query of a request target. Cheaper than `new URL` on the hot path; an absolute
 * target (`http://host/path`, allowed by HTTP for proxies) is reduced to its path first.
 */
function splitUrl(target: string): { pathname: string; search: string } {
  const path = /^[a-z][a-z0-9+.-]*:\/\//i.test(target)
    ? new URL(target).pathname + new URL(target).search
    : target;
  const q = path.indexOf('?');
  return q < 0 ? { pathname: path, search: '' } : { pathname: path.slice(0, q), search: path.slice(q) };
}

function takeFault(ctx: EmulatorContext, method: string, path: string): Fault | undefined {
  const fault = ctx.runtime.faults.find(
    (f) => (!f.method || f.method.split('|').includes(method)) && f.path.test(path),
  );
  if (!fault) return undefined;
  if (fault.skip !== undefined && fault.skip > 0) {
    fault.skip--;
    return undefined;
  }
  if (fault.remaining !== undefined) {
    fault.remaining--;
    if (fault.remaining <= 0) ctx.runtime.faults = ctx.runtime.faults.filter((f) => f !== fault);
  }
  return fault;
}

function faultBody(status: number): unknown {
  const code = status === 429 ? 'GAIA_TO04' : status >= 500 ? 'CB_IL02' : 'CB_FA01';
  return { code, id: errorId(), message: `Fault injected by the emulator control API (HTTP ${status}).` };
}

function isRaw(value: unknown): value is RawResponse {
  return typeof value === 'object' && value !== null && (value as { raw?: unknown }).raw === true;
}
