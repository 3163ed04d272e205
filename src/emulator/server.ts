import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, errorId, errors } from './errors.js';
import { dispatch, type Answer } from './dispatch.js';
import { chooseLang } from './messages/lang.js';
import { translateBody } from './messages/translate.js';
import type { EmulatorContext } from './context.js';
import type { EmulatorTls } from './options.js';

/**
 * The HTTP edge: turns requests into `ApiRequest`s for the handlers and their results into JSON.
 * With `tls`, over HTTPS; with a client CA, a client without a certificate it signed is refused
 * in the TLS handshake (node's requestCert and rejectUnauthorized: no request is ever read).
 */
export function createHttpServer(ctx: EmulatorContext, tls?: EmulatorTls): Server | HttpsServer {
  let inFlight = 0;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    inFlight++;
    res.setHeader('X-ConcurrencyLimit-Limit', String(ctx.settings.concurrencyLimit));
    res.setHeader('X-ConcurrencyLimit-Running', String(inFlight));
    res.on('close', () => inFlight--);
    const over = inFlight > ctx.settings.concurrencyLimit;
    void handle(ctx, req, res, over);
  };
  const server = tls
    ? createHttpsServer(
        {
          cert: tls.cert,
          key: tls.key,
          ...(tls.clientCa === undefined
            ? {}
            : { ca: tls.clientCa, requestCert: true, rejectUnauthorized: true }),
        },
        onRequest,
      )
    : createServer(onRequest);
  server.keepAliveTimeout = 30_000;
  return server;
}

async function handle(
  ctx: EmulatorContext,
  req: IncomingMessage,
  res: ServerResponse,
  overLimit: boolean,
): Promise<void> {
  let result: Answer;
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
  if (ctx.settings.latencyMs > 0)
    await sleep(ctx.settings.latencyMs, undefined, { signal: ctx.runtime.stopping }).catch(() => {});
  // The rest of an oversized body is never read, so this connection cannot carry another request.
  if (!('raw' in result) && result.status === 413) res.setHeader('Connection', 'close');
  send(res, result);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
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

function send(res: ServerResponse, result: Answer): void {
  if (res.destroyed) return;
  if ('raw' in result) {
    res.writeHead(result.status, { ...result.headers, 'Content-Length': String(result.body.length) });
    res.end(result.body);
    return;
  }
  // The text itself goes to the socket, which encodes it as it writes: a page of 500 records was
  // copied into a Buffer of its own first.
  const payload = JSON.stringify(result.body);
  res.writeHead(result.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(payload)),
  });
  res.end(payload, 'utf8');
}
