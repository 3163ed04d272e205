/**
 * A service that misbehaves at the socket: a raw node:net (or node:tls) server on a loopback port
 * that reads HTTP/1.1 requests itself and answers each as its script says, down to resetting the
 * connection between two bytes of a header. Every request is counted (by the call it belongs to,
 * read from its `app` parameter), and so are the requests in flight: read, and neither answered
 * nor dropped.
 */
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { createSecureContext, TLSSocket } from 'node:tls';
import { SECURE_ACCESS } from '../../support/tls.js';

/** What the server does with one request (or, for `resetOnAccept`, one connection). */
export type Behaviour =
  /** Answers the JSON success `{ answer: nonce }`, keeping the connection open. */
  | { kind: 'ok' }
  /** Resets the connection before reading a byte of the request (at accept, or on a reused one at its first byte). */
  | { kind: 'resetOnAccept' }
  /** Reads the whole request, then resets (RST) or closes (FIN) without a byte of answer. */
  | { kind: 'dropAfterRead'; how: 'reset' | 'close' }
  /** Sends the status line and part of a header, then resets. */
  | { kind: 'partialHeaders' }
  /** Sends the headers and part of the promised body, then resets or closes. */
  | { kind: 'truncatedBody'; how: 'reset' | 'close' }
  /** Answers `status` with an HTML page (a proxy's, echoing the request's credentials). */
  | { kind: 'notJson'; status: number }
  /** Never answers: the client's timeout or signal must end it. */
  | { kind: 'silent' }
  /** Sends the headers and the start of the body, then nothing more. */
  | { kind: 'stalledBody' }
  /** 429 GAIA_TO04 with a Retry-After of `retryAfter` (seconds, as text), or none. */
  | { kind: 'tooMany'; retryAfter: string | undefined }
  /** A 5xx, with the service's JSON error or with an empty body. */
  | { kind: 'serverError'; status: 500 | 502 | 503 | 504; json: boolean }
  /** A refusal in the service's JSON, echoing the request's credentials in it. */
  | { kind: 'refused'; status: 401 | 403 | 520 }
  /** The success as an HTTP/1.0 answer without a length, ended by closing the connection. */
  | { kind: 'http10' }
  /** On a connection that has served a request before: closes it at the request's first byte. */
  | { kind: 'staleKeepAlive' };

export interface SeenRequest {
  call: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Whether it came on a connection that had carried a request before. */
  reused: boolean;
  /** What a success answering it carries (`{ answer: nonce }`), unique per request. */
  nonce: string;
}

export interface FaultServer {
  port: number;
  tls: boolean;
  /** Plays `scripts[call]` to the requests of each call in order; a call past its script gets `ok`. */
  play(scripts: Map<string, Behaviour[]>): void;
  /** Every request read (or, for a reset at accept, every connection reset), in arrival order. */
  seen(): SeenRequest[];
  /** The most requests in flight at once since `play`. */
  maxInFlight(): number;
  /** Connections open now. */
  openConnections(): number;
  /** Called when a request has been read in full (before its behaviour runs). */
  onRequest(listener: ((request: SeenRequest) => void) | undefined): void;
  /** Called when the headers (and any first part of the body) of an answer have been written. */
  onHeadersSent(listener: ((call: string) => void) | undefined): void;
  close(): Promise<void>;
}

const CRLF = '\r\n';

export async function startFaultServer(tls: boolean): Promise<FaultServer> {
  let scripts = new Map<string, Behaviour[]>();
  let seen: SeenRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let onRequest: ((request: SeenRequest) => void) | undefined;
  let onHeadersSent: ((call: string) => void) | undefined;
  let nonce = 0;
  const sockets = new Set<Socket>();
  /**
   * The call whose next behaviour is meant for a connection's start (a reset at accept, a stale
   * keep-alive connection): those are drawn only for a draw of one call at a time, so there is at
   * most one, and its requests need not be told apart before they are read.
   */
  const connectionFault = (kinds: Behaviour['kind'][]): string | undefined => {
    for (const [call, script] of scripts) if (kinds.includes(script[0]?.kind ?? 'ok')) return call;
    return undefined;
  };
  const take = (call: string): Behaviour => scripts.get(call)?.shift() ?? { kind: 'ok' };

  const handle = (socket: Socket, raw: Socket = socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const resetCall = connectionFault(['resetOnAccept']);
    if (resetCall !== undefined) {
      take(resetCall);
      seen.push({ call: resetCall, method: '', path: '', headers: {}, reused: false, nonce: '' });
      raw.resetAndDestroy();
      return;
    }
    const reset = () => raw.resetAndDestroy();
    let buffer = Buffer.alloc(0);
    let served = 0;
    let busy = false;
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (served > 0 && !busy && buffer.length === chunk.length) {
        // The first byte of a request on a reused connection: a close or reset meant for it comes now.
        const call = connectionFault(['staleKeepAlive', 'resetOnAccept']);
        if (call !== undefined) {
          const fault = take(call);
          seen.push({ call, method: '', path: '', headers: {}, reused: true, nonce: '' });
          if (fault.kind === 'staleKeepAlive') socket.destroy();
          else reset();
          return;
        }
      }
      const request = parseRequest(buffer);
      if (request === undefined) return;
      buffer = buffer.subarray(request.length);
      const call = callOf(request.target + request.body) ?? '?';
      nonce += 1;
      const entry: SeenRequest = {
        call,
        nonce: `${call}#${nonce}`,
        method: request.method,
        path: request.target.split('?')[0]!,
        headers: request.headers,
        reused: served > 0,
      };
      served += 1;
      seen.push(entry);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      busy = true;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        inFlight -= 1;
        busy = false;
      };
      socket.once('close', finish);
      onRequest?.(entry);
      answer(socket, take(call), {
        nonce: entry.nonce,
        echo: echoOf(request.headers),
        finish,
        reset,
        headersSent: () => onHeadersSent?.(call),
      });
    };
    socket.on('data', onData);
  };

  // Over TLS, each connection is wrapped by hand, so that a reset can reach the TCP socket under it.
  const secureContext = createSecureContext({ cert: SECURE_ACCESS.cert, key: SECURE_ACCESS.key });
  const server: Server = createNetServer((raw) => {
    if (!tls) return handle(raw);
    raw.on('error', () => undefined);
    const secure = new TLSSocket(raw, { isServer: true, secureContext });
    secure.on('secure', () => handle(secure, raw));
    secure.on('error', () => raw.destroy());
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    tls,
    play: (next) => {
      scripts = new Map([...next].map(([call, script]) => [call, [...script]]));
      seen = [];
      maxInFlight = inFlight;
    },
    seen: () => [...seen],
    maxInFlight: () => maxInFlight,
    openConnections: () => sockets.size,
    onRequest: (listener) => (onRequest = listener),
    onHeadersSent: (listener) => (onHeadersSent = listener),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface AnswerContext {
  nonce: string;
  /** The credentials the request carried, in the forms a careless server repeats them. */
  echo: string;
  /** Marks the request as no longer in flight. */
  finish: () => void;
  /** Resets the connection (RST): over TLS, the TCP connection under it. */
  reset: () => void;
  headersSent: () => void;
}

function answer(socket: Socket, behaviour: Behaviour, context: AnswerContext): void {
  const { nonce, echo, finish, reset } = context;
  const send = (status: number, body: string, type = 'application/json; charset=utf-8', extra = '') => {
    const head =
      `HTTP/1.1 ${status} ${REASONS[status] ?? 'Status'}${CRLF}content-type: ${type}${CRLF}` +
      `content-length: ${Buffer.byteLength(body)}${CRLF}${extra}${CRLF}`;
    finish();
    socket.write(head + body);
    context.headersSent();
  };
  const errorBody = (code: string, message: string) =>
    JSON.stringify({ code, id: `id-${nonce}`, message, errors: { [echo]: { messages: [echo] } } });
  switch (behaviour.kind) {
    case 'ok':
      return send(200, JSON.stringify({ answer: nonce }));
    case 'resetOnAccept':
    case 'staleKeepAlive':
      // Meant for a connection's start; met in the middle of one, it drops the request unanswered.
      finish();
      reset();
      return;
    case 'dropAfterRead':
      finish();
      if (behaviour.how === 'reset') reset();
      else socket.destroy();
      return;
    case 'partialHeaders':
      socket.write(`HTTP/1.1 200 OK${CRLF}content-type: applic`);
      finish();
      setImmediate(() => reset());
      return;
    case 'truncatedBody': {
      const body = JSON.stringify({ answer: nonce, padding: 'x'.repeat(200) });
      socket.write(
        `HTTP/1.1 200 OK${CRLF}content-type: application/json${CRLF}content-length: ${body.length}${CRLF}${CRLF}${body.slice(0, 40)}`,
      );
      context.headersSent();
      finish();
      setImmediate(() => (behaviour.how === 'reset' ? reset() : socket.destroy()));
      return;
    }
    case 'notJson':
      return send(
        behaviour.status,
        `<html><body><h1>${REASONS[behaviour.status] ?? 'Error'}</h1><p>request: ${echo}</p></body></html>`,
        'text/html',
      );
    case 'silent':
      return;
    case 'stalledBody':
      socket.write(
        `HTTP/1.1 200 OK${CRLF}content-type: application/json${CRLF}content-length: 400${CRLF}${CRLF}{"answer":`,
      );
      context.headersSent();
      return;
    case 'tooMany':
      return send(
        429,
        errorBody('GAIA_TO04', `Too many concurrent requests: ${echo}`),
        undefined,
        behaviour.retryAfter === undefined ? '' : `retry-after: ${behaviour.retryAfter}${CRLF}`,
      );
    case 'serverError':
      return send(
        behaviour.status,
        behaviour.json ? errorBody('CB_IJ01', `An unexpected error occurred (${echo})`) : '',
        behaviour.json ? undefined : 'text/plain',
      );
    case 'refused': {
      const code = { 401: 'CB_WA01', 403: 'CB_NO02', 520: 'GAIA_NO01' }[behaviour.status];
      return send(behaviour.status, errorBody(code, `Refused: ${echo}`));
    }
    case 'http10': {
      finish();
      socket.end(
        `HTTP/1.0 200 OK${CRLF}content-type: application/json${CRLF}${CRLF}${JSON.stringify({ answer: nonce })}`,
      );
      context.headersSent();
      return;
    }
  }
}

const REASONS: Record<number, string> = {
  200: 'OK',
  401: 'Unauthorized',
  403: 'Forbidden',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  520: 'Unknown',
};

/** The credential headers' values as a careless server repeats them: raw, JSON-escaped, URL-encoded. */
function echoOf(headers: Record<string, string>): string {
  const values = Object.entries(headers)
    .filter(([name]) => /authorization|api-token/.test(name))
    .map(([, value]) => value);
  const decoded = values.flatMap((value) => {
    const base64 = value.replace(/^Basic /, '');
    const text = Buffer.from(base64, 'base64').toString('utf8');
    return [value, text, text.slice(text.indexOf(':') + 1)];
  });
  return decoded
    .flatMap((value) => [value, JSON.stringify(value), asciiJson(value), encodeURIComponent(value)])
    .join(' | ');
}

/** JSON as servers that escape every non-ASCII character write it (Python's json.dumps, PHP's json_encode). */
export function asciiJson(value: string): string {
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The call a request belongs to: its `app` parameter (query string or JSON body), or an upload's file name. */
function callOf(text: string): string | undefined {
  return (
    /[?&]app=(\d+)/.exec(text)?.[1] ??
    /"app":"?(\d+)/.exec(text)?.[1] ??
    /filename="call-(\d+)\.txt"/.exec(text)?.[1]
  );
}

interface ParsedRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  body: string;
  /** How many bytes of the buffer it took. */
  length: number;
}

/** One whole request at the start of `buffer` (a Content-Length or chunked body), or undefined. */
function parseRequest(buffer: Buffer): ParsedRequest | undefined {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [line, ...lines] = buffer.subarray(0, end).toString('latin1').split(CRLF);
  const [method = '', target = ''] = line!.split(' ');
  const headers: Record<string, string> = {};
  for (const header of lines) {
    const colon = header.indexOf(':');
    headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
  }
  const start = end + 4;
  if (headers['transfer-encoding']?.includes('chunked')) {
    const chunks: Buffer[] = [];
    let at = start;
    for (;;) {
      const lineEnd = buffer.indexOf(CRLF, at);
      if (lineEnd < 0) return undefined;
      const size = parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
      if (buffer.length < lineEnd + 2 + size + 2) return undefined;
      if (size === 0)
        return { method, target, headers, body: Buffer.concat(chunks).toString('utf8'), length: lineEnd + 4 };
      chunks.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  }
  const length = Number(headers['content-length'] ?? 0);
  if (buffer.length < start + length) return undefined;
  return {
    method,
    target,
    headers,
    body: buffer.subarray(start, start + length).toString('utf8'),
    length: start + length,
  };
}
