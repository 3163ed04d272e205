import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, errorId, errors } from './errors.js';
import { authenticate } from './auth.js';
import { asTokenRefusal } from './token-refusal.js';
import { requireGuestSpace } from './access.js';
import { Params } from './http/params.js';
import { parseQueryString } from './http/query-string.js';
import { bodyLimit, mediaType, parseJsonObject, readBody } from './http/body.js';
import { foldGuestPath } from './router.js';
import { settleDeploys } from './model/deploy-state.js';
import { chooseLang, type Lang } from './messages/lang.js';
import { translateBody } from './messages/translate.js';
import type { ApiRequest, EmulatorContext, Fault, HttpMethod, RawResponse } from './context.js';

const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'DELETE']);

/** The HTTP edge: turns requests into `ApiRequest`s for the handlers and their results into JSON. */
export function createHttpServer(ctx: EmulatorContext): Server {
  let inFlight = 0;
  const server = createServer((req, res) => {
    inFlight++;
    res.setHeader('X-ConcurrencyLimit-Limit', String(ctx.settings.concurrencyLimit));
    res.setHeader('X-ConcurrencyLimit-Running', String(inFlight));
    res.on('close', () => inFlight--);
    const over = inFlight > ctx.settings.concurrencyLimit;
    void handle(ctx, req, res, over);
  });
  server.keepAliveTimeout = 30_000;
  return server;
}

async function handle(
  ctx: EmulatorContext,
  req: IncomingMessage,
  res: ServerResponse,
  overLimit: boolean,
): Promise<void> {
  let result: { status: number; body: unknown } | RawResponse;
  // Accept-Language or the service default until the caller is known; dispatch then applies the
  // user's own setting, so even a refused call answers in the caller's language.
  const lang = { value: chooseLang(undefined, header(req, 'accept-language'), ctx.settings.locale) };
  try {
    if (overLimit) throw errors.tooMany();
    const outcome = await dispatch(ctx, req, lang);
    if (outcome === 'dropped') return;
    result = outcome;
  } catch (error) {
    const failed = errorResult(error);
    result = { status: failed.status, body: translateBody(failed.body, lang.value) };
  }
  if (ctx.settings.latencyMs > 0) await sleep(ctx.settings.latencyMs);
  // The rest of an oversized body is never read, so this connection cannot carry another request.
  if (!('raw' in result) && result.status === 413) res.setHeader('Connection', 'close');
  send(res, result);
}

async function dispatch(
  ctx: EmulatorContext,
  req: IncomingMessage,
  lang: { value: Lang },
): Promise<{ status: number; body: unknown } | RawResponse | 'dropped'> {
  const url = splitUrl(req.url ?? '/');
  const rawMethod = (req.method ?? 'GET').toUpperCase();
  // A POST carrying `X-HTTP-Method-Override: GET` is a GET (long queries): counted and faulted as one.
  const override = String(req.headers['x-http-method-override'] ?? '').toUpperCase();
  const method = (rawMethod === 'POST' && override === 'GET' ? 'GET' : rawMethod) as HttpMethod;
  const statsKey = `${method} ${url.pathname}`;
  ctx.runtime.stats.set(statsKey, (ctx.runtime.stats.get(statsKey) ?? 0) + 1);

  const isControl = url.pathname.startsWith('/_emulator/');
  if (!isControl) {
    const fault = takeFault(ctx, method, url.pathname);
    if (fault) {
      if (fault.delayMs) await sleep(fault.delayMs);
      if (fault.drop) {
        req.socket.destroy();
        return 'dropped';
      }
      if (fault.status !== undefined)
        return { status: fault.status, body: fault.body ?? faultBody(fault.status) };
    }
  }

  const { path, guestSpaceId } = foldGuestPath(url.pathname);
  if (!METHODS.has(method)) throw new ApiError(405, 'CB_ME01', `Method ${method} is not supported.`);
  const route = isControl && !ctx.settings.control ? undefined : ctx.router.find(method, path);
  if (!route) {
    if (ctx.router.knows(path) && (!isControl || ctx.settings.control))
      throw new ApiError(405, 'CB_ME01', `${method} is not supported on ${path}.`);
    throw errors.notFoundPath(method, url.pathname);
  }
  // Read once the route is known: an upload's limit follows maxFileBytes, any other maxBodyBytes.
  const body = await readBody(req, bodyLimit(ctx.settings, route.body === 'multipart'));

  const type = mediaType(req.headers['content-type']);
  let bodyParams: Record<string, unknown> = {};
  if (route.body === 'multipart') {
    if (type !== 'multipart/form-data') throw errors.contentType(type || '(none)');
  } else if (body.length > 0) {
    if (type !== 'application/json') throw errors.contentType(type || '(none)');
    bodyParams = parseJsonObject(body);
  }
  const query = parseQueryString(url.search);
  const fromQuery = new Set(Object.keys(query).filter((name) => !(name in bodyParams)));
  const params = new Params({ ...query, ...bodyParams }, fromQuery);
  const { principal, dialect } = authenticate(req.headers, ctx);
  if (principal.kind === 'user' && principal.lang) lang.value = principal.lang;
  // An API that takes no token (token-refusal.ts): the hosted platform's 403 GAIA_NO01; the
  // control API is the local service's own, for administrators (403 CB_NO02 as to any other).
  if (route.auth !== 'any' && principal.kind !== 'user')
    throw isControl ? errors.forbidden('this operation with an API token') : errors.tokenCannotRun();
  if (route.auth === 'admin' && !(principal.kind === 'user' && principal.admin))
    throw errors.forbidden('this operation');
  // Once for every handler: a guest path must name a guest space; handlers then only compare ids.
  requireGuestSpace({ ctx, guestSpaceId });

  settleDeploys(ctx);
  const apiRequest: ApiRequest = {
    method,
    path,
    params,
    principal,
    dialect,
    guestSpaceId,
    headers: req.headers,
    body,
    contentType: type,
    ctx,
    lang: lang.value,
  };
  let value: unknown;
  try {
    value = await route.handler(apiRequest);
  } catch (error) {
    throw asTokenRefusal(error, principal);
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
  const fault = ctx.runtime.faults.find((f) => (!f.method || f.method === method) && f.path.test(path));
  if (!fault) return undefined;
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

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function isRaw(value: unknown): value is RawResponse {
  return typeof value === 'object' && value !== null && (value as { raw?: unknown }).raw === true;
}

function errorResult(error: unknown): { status: number; body: unknown } {
  if (error instanceof ApiError) return { status: error.status, body: error.body() };
  // A bug in the emulator: answer JSON (never HTML, never a stack), and keep the detail for the log.
  const message = error instanceof Error ? error.message : String(error);
  return {
    status: 500,
    body: { code: 'CB_IL01', id: errorId(), message: `Internal error in the emulator: ${message}` },
  };
}

function send(res: ServerResponse, result: { status: number; body: unknown } | RawResponse): void {
  if (res.destroyed) return;
  if ('raw' in result) {
    res.writeHead(result.status, { ...result.headers, 'Content-Length': String(result.body.length) });
    res.end(result.body);
    return;
  }
  const payload = Buffer.from(JSON.stringify(result.body));
  res.writeHead(result.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(payload.length),
  });
  res.end(payload);
}
