/**
 * Sends one logical call: JSON in and out, the credentials' headers, the shared concurrency limit,
 * a timeout and the caller's AbortSignal on every attempt (both covering the wait for a slot),
 * retries with backoff, and a GET that would pass 4,096 characters sent as POST with
 * `X-HTTP-Method-Override: GET`.
 */
import type { Dispatcher, FormData } from 'undici';
import { abortAfter } from './abort-after.js';
import type { Credentials } from './auth.js';
import {
  ClientError,
  TransportAbortedError,
  TransportNetworkError,
  TransportTimeoutError,
} from './errors.js';
import type { CallOptions, ClientEvent, ClientLogger } from './options.js';
import { encodeQuery, queryAsJson, type ArrayStyle, type QueryParams } from './query-string.js';
import { createHash } from 'node:crypto';
import { closedUnanswered, describeFailure, type ReachFacts } from './connection-failure.js';
import { speaksTls } from './tls-probe.js';
import { exchange as send, SinkFailed, utf8Text, type Answer, type BodySink } from './exchange.js';
import { errorFromBody, parseSuccess, type ResponseContext } from './response.js';
import { backoffDelay, parseRetryAfter, shouldRetry, sleep, type RetryOptions } from './retry.js';
import type { Semaphore } from './semaphore.js';
import type { DownloadTarget } from './files.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The longest URL sent as a GET; beyond it the parameters travel in a POST body. */
export const MAX_GET_URL_LENGTH = 4096;

/** A call whose answer is JSON says so; a file download takes whatever type the file has. */
const ACCEPT_JSON = { accept: 'application/json' } as const;
const ACCEPT_ANY = { accept: '*/*' } as const;
const JSON_BODY = { ...ACCEPT_JSON, 'content-type': 'application/json' } as const;

export interface TransportConfig {
  baseUrl: URL;
  dispatcher: Dispatcher;
  credentials: Credentials;
  semaphore: Semaphore;
  timeoutMs: number;
  /** `Accept-Language` of every call that does not name its own. */
  language?: string | undefined;
  retry: RetryOptions;
  logger: ClientLogger | undefined;
  /** The proxy the calls go through, as messages name it (reach.ts). */
  proxy?: { shown: string; source: string } | undefined;
  /** Whether a client certificate is presented. */
  clientCertificate?: boolean | undefined;
  /** Whether extra CAs (`ca`) are trusted on top of the default ones. */
  ca?: boolean | undefined;
  /** ClientOptions.signal: aborts every call of the client but those that free what aborted work left. */
  signal?: AbortSignal | undefined;
  random?: () => number;
}

export interface JsonCall {
  method: HttpMethod;
  /** The service path, e.g. `/k/v1/records.json` (guest prefix already applied). */
  path: string;
  /** GET parameters. */
  query?: QueryParams | undefined;
  arrayStyle?: ArrayStyle | undefined;
  /** POST, PUT and DELETE parameters, sent as JSON. */
  body?: unknown;
  /**
   * Whether repeating the call after a 5xx, timeout or lost connection is harmless. Defaults to
   * true for GET and false otherwise; a GET that moves server state (a cursor page) sets false.
   */
  idempotent?: boolean | undefined;
  /**
   * Sent even once the client's signal has fired: the call frees what the aborted work left on
   * the service (a cursor: at most 10 may be open, platform-facts "Cursors").
   */
  freesAfterAbort?: boolean | undefined;
  options?: CallOptions | undefined;
}

interface Exchange<T> {
  method: HttpMethod;
  path: string;
  query: string;
  /** The app the call is about, when its parameters name one: for the logger (never the query). */
  app?: string | undefined;
  headers: Record<string, string>;
  /** Built anew for every attempt (a FormData or stream cannot be sent twice). */
  body: () => string | FormData | undefined;
  safeToRepeat: boolean;
  /**
   * Where a successful answer's body goes as it arrives, made anew for each attempt (a retry
   * starts over); absent: the body is gathered whole.
   */
  sink?: (() => (chunk: Buffer) => void) | undefined;
  /**
   * What turns the answer's body into the value, called once the call's slot is given back
   * (parsing a large JSON answer need not hold a slot).
   */
  read: (answer: Answer, context: ResponseContext) => () => T;
  options: CallOptions | undefined;
  freesAfterAbort?: boolean | undefined;
}

export class Transport {
  readonly #config: TransportConfig;
  readonly #retryAfter = new WeakMap<object, number>();
  /** Calls started and not settled: sent, queued for a slot, or waiting to try again. */
  readonly #underWay = new Set<Promise<unknown>>();
  #closed = false;

  constructor(config: TransportConfig) {
    this.#config = config;
  }

  /**
   * Resolves once every call of this client has settled (a call started meanwhile included): what
   * the client's close waits for before it lets go of its connections. Whole calls, not only the
   * requests with the dispatcher: a call queued for a slot, waiting to try again or reading an
   * upload's bytes would otherwise be sent after its connections were gone (found by the transport
   * sweep, test/reliability/transport-sweep.test.ts).
   */
  async settled(): Promise<void> {
    while (this.#underWay.size > 0) await Promise.allSettled([...this.#underWay]);
  }

  /**
   * From now on, every attempt fails at once as a closed client's (the client's close(), once
   * settled() has resolved): also where the pool stays open for other clients of the origin.
   */
  refuseCalls(): void {
    this.#closed = true;
  }

  /** Counts `call` among this client's calls under way until it settles, and returns it. */
  track<T>(call: Promise<T>): Promise<T> {
    this.#underWay.add(call);
    const forget = () => this.#underWay.delete(call);
    call.then(forget, forget);
    return call;
  }

  /** Passes an event to the debug logger, if there is one. */
  log(event: ClientEvent): void {
    this.#config.logger?.(event);
  }

  /** A call with JSON parameters and a JSON answer. */
  json<T>(call: JsonCall): Promise<T> {
    return this.track(this.#json<T>(call));
  }

  /** Async, so that an encoding failure (a BigInt in a body) rejects the promise rather than throwing at the caller. */
  async #json<T>(call: JsonCall): Promise<T> {
    const query = call.query ? encodeQuery(call.query, call.arrayStyle) : '';
    const idempotent = call.idempotent ?? call.method === 'GET';
    const app = appOf(call.query) ?? appOf(call.body);
    const readJson = (answer: Answer, context: ResponseContext) => () =>
      parseSuccess(utf8Text(answer.body), context) as T;
    if (call.method === 'GET' && this.#urlLength(call.path, query) > MAX_GET_URL_LENGTH) {
      const body = JSON.stringify(queryAsJson(call.query ?? {}));
      return await this.#execute({
        method: 'POST',
        path: call.path,
        query: '',
        app,
        headers: { ...JSON_BODY, 'x-http-method-override': 'GET' },
        body: () => body,
        safeToRepeat: idempotent,
        read: readJson,
        options: call.options,
        freesAfterAbort: call.freesAfterAbort,
      });
    }
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    return await this.#execute({
      method: call.method,
      path: call.path,
      query,
      app,
      headers: body === undefined ? ACCEPT_JSON : JSON_BODY,
      body: () => body,
      safeToRepeat: idempotent,
      read: readJson,
      options: call.options,
      freesAfterAbort: call.freesAfterAbort,
    });
  }

  /** A GET whose answer is raw bytes (file download). */
  bytes(
    path: string,
    query: QueryParams,
    options: CallOptions | undefined,
  ): Promise<{ data: Buffer; contentType: string | undefined }> {
    return this.#fileGet(path, query, options, {
      // A copy of its own: the body may be a view of the buffer undici read it into.
      read: (answer, context) => () => ({
        data: Buffer.from(answer.body),
        contentType: context.contentType,
      }),
    });
  }

  /**
   * A file download hashed as it arrives (SHA-256), never held whole: what a comparison of
   * contents needs of a file that may be tens of megabytes. With a `target`, each piece of the
   * body is handed to it too, in order (a file written as the body arrives): its `restart` is
   * called as each attempt starts, since a retry after a body cut part-way starts over, and a
   * `write` that throws ends the call with its error, not retried.
   */
  digest(
    path: string,
    query: QueryParams,
    options: CallOptions | undefined,
    target?: DownloadTarget,
  ): Promise<{ sha256: string; size: number; contentType: string | undefined }> {
    let hash = createHash('sha256');
    let size = 0;
    return this.#fileGet(path, query, options, {
      // A fresh hash (and target) per attempt.
      sink: () => {
        hash = createHash('sha256');
        size = 0;
        target?.restart();
        return (chunk) => {
          target?.write(chunk);
          hash.update(chunk);
          size += chunk.length;
        };
      },
      read: (_answer, context) => () => ({
        sha256: hash.digest('hex'),
        size,
        contentType: context.contentType,
      }),
    });
  }

  /** The one exchange every file download makes: a GET, any content type, safe to repeat. */
  #fileGet<T>(
    path: string,
    query: QueryParams,
    options: CallOptions | undefined,
    answer: Pick<Exchange<T>, 'read' | 'sink'>,
  ): Promise<T> {
    return this.track(
      this.#execute({
        method: 'GET',
        path,
        query: encodeQuery(query),
        headers: ACCEPT_ANY,
        body: () => undefined,
        safeToRepeat: true,
        ...answer,
        options,
      }),
    );
  }

  /** A multipart POST (file upload); never repeated except after a 429. */
  multipart<T>(path: string, form: () => FormData, options: CallOptions | undefined): Promise<T> {
    return this.track(
      this.#execute({
        method: 'POST',
        path,
        query: '',
        // undici sets the multipart content type, with its boundary, from the FormData.
        headers: ACCEPT_JSON,
        body: form,
        safeToRepeat: false,
        read: (answer, context) => () => parseSuccess(utf8Text(answer.body), context) as T,
        options,
      }),
    );
  }

  /** The signal a call of this client answers to: its own, joined by the client's (ClientOptions.signal). */
  callerSignal(own: AbortSignal | undefined): AbortSignal | undefined {
    const client = this.#config.signal;
    if (client === undefined) return own;
    return own === undefined ? client : AbortSignal.any([own, client]);
  }

  async #execute<T>(given: Exchange<T>): Promise<T> {
    const signal = given.freesAfterAbort ? given.options?.signal : this.callerSignal(given.options?.signal);
    const exchange: Exchange<T> = { ...given, options: { ...given.options, signal } };
    const { retry, logger } = this.#config;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const decode = await this.#attempt(exchange, attempt);
        await answersInHandFirst();
        return decode();
      } catch (error) {
        if (attempt > retry.retries || !shouldRetry(error, exchange.safeToRepeat)) throw error;
        const retryAfter = typeof error === 'object' && error ? this.#retryAfter.get(error) : undefined;
        const delayMs = backoffDelay(attempt, retry, retryAfter, this.#config.random);
        logger?.({
          type: 'retry',
          method: exchange.method,
          path: exchange.path,
          ...appField(exchange),
          attempt,
          delayMs,
          reason: (error as Error).message,
        });
        await sleep(delayMs, exchange.options?.signal).catch(() => {
          throw new TransportAbortedError(exchange);
        });
      }
    }
  }

  #language(exchange: Exchange<unknown>): Record<string, string> {
    const language = exchange.options?.language ?? this.#config.language;
    return language ? { 'accept-language': language } : {};
  }

  async #attempt<T>(exchange: Exchange<T>, attempt: number): Promise<() => T> {
    const { credentials, semaphore, logger } = this.#config;
    const userSignal = exchange.options?.signal;
    const timeoutMs = exchange.options?.timeoutMs ?? this.#config.timeoutMs;
    // The timer starts before the wait for a slot: a caller's timeout bounds the whole attempt,
    // queueing behind this client's other calls included.
    const { controller: timeout, clear: clearTimer } = abortAfter(timeoutMs);
    const signal = userSignal ? AbortSignal.any([userSignal, timeout.signal]) : timeout.signal;
    let release: (() => void) | undefined;
    try {
      release = await semaphore.acquire(signal).catch(() => {
        throw userSignal?.aborted
          ? new TransportAbortedError(exchange)
          : new TransportTimeoutError({ ...exchange, timeoutMs, queuedBehind: semaphore.limit });
      });
      if (this.#closed) throw Object.assign(new Error('closed'), { code: 'UND_ERR_CLOSED' });
      // Aborted while its slot was being handed over: never sent, so never logged as a request.
      signal.throwIfAborted();
      const started = Date.now();
      logger?.({
        type: 'request',
        method: exchange.method,
        path: exchange.path,
        ...appField(exchange),
        attempt,
      });
      const sink = sinkOf(exchange);
      const sending = send(
        this.#config.dispatcher,
        {
          origin: this.#config.baseUrl.origin,
          path: this.#fullPath(exchange.path, exchange.query),
          method: exchange.method,
          headers: { ...exchange.headers, ...this.#language(exchange), ...credentials.headers() },
          body: exchange.body() ?? null,
        },
        signal,
        sink === undefined ? undefined : successSink(sink),
      );
      const response = await sending;
      const contentType = headerValue(response.headers['content-type']);
      const context: ResponseContext = {
        method: exchange.method,
        path: exchange.path,
        status: response.statusCode,
        contentType,
        redact: credentials.redact,
      };
      logger?.({
        type: 'response',
        method: exchange.method,
        path: exchange.path,
        ...appField(exchange),
        attempt,
        status: response.statusCode,
        durationMs: Date.now() - started,
      });
      if (response.statusCode >= 200 && response.statusCode < 300) {
        return exchange.read(response, context);
      }
      const error = errorFromBody(utf8Text(response.body), context);
      const retryAfter = parseRetryAfter(headerValue(response.headers['retry-after']), Date.now());
      if (retryAfter !== undefined) this.#retryAfter.set(error, retryAfter);
      throw error;
    } catch (error) {
      if (error instanceof ClientError) throw error;
      // The caller's own failure (a file it could not write): its error as it is, not retried.
      if (error instanceof SinkFailed) throw error.failure;
      if (userSignal?.aborted) throw new TransportAbortedError(exchange);
      if (timeout.signal.aborted) throw new TransportTimeoutError({ ...exchange, timeoutMs });
      throw await this.#networkError(error, exchange);
    } finally {
      clearTimer();
      release?.();
    }
  }

  /**
   * A connection failure, said for the one who can fix it (connection-failure.ts), with the
   * library's message stripped of anything credential-like.
   */
  async #networkError(
    error: unknown,
    where: { method: string; path: string; safeToRepeat: boolean },
  ): Promise<TransportNetworkError> {
    const { redact } = this.#config.credentials;
    const original = error instanceof Error ? error : new Error(String(error));
    const code = (original as { code?: unknown }).code;
    const known = typeof code === 'string' ? code : undefined;
    const facts: ReachFacts = {
      baseUrl: this.#config.baseUrl,
      proxy: this.#config.proxy,
      clientCertificate: this.#config.clientCertificate ?? false,
      ca: this.#config.ca ?? false,
    };
    if (closedUnanswered(known, original, facts)) facts.speaksTls = await this.#speaksTls();
    const failure = describeFailure(original, known, facts);
    const detail = redact(failure?.detail ?? (original.message || original.name));
    const cause = new Error(detail);
    cause.name = original.name;
    const advice = failure?.sent && !where.safeToRepeat ? MAY_HAVE_TAKEN_EFFECT : failure?.advice;
    return new TransportNetworkError(
      {
        code: failure?.code ?? known,
        detail,
        method: where.method,
        path: where.path,
        ...(advice ? { advice } : {}),
        retryable: failure?.retryable ?? true,
        ...(failure?.proxy ? { proxy: failure.proxy } : {}),
      },
      cause,
    );
  }

  /** Asked once per client: the answer does not change between its calls' retries. */
  #tlsProbe: Promise<boolean> | undefined;

  #speaksTls(): Promise<boolean> {
    this.#tlsProbe ??= speaksTls(this.#config.baseUrl);
    return this.#tlsProbe;
  }

  #fullPath(path: string, query: string): string {
    const prefix = this.#config.baseUrl.pathname.replace(/\/+$/, '');
    return `${prefix}${path}${query ? `?${query}` : ''}`;
  }

  #urlLength(path: string, query: string): number {
    return this.#config.baseUrl.origin.length + this.#fullPath(path, query).length;
  }
}

/**
 * A write (a POST that adds, a deploy, an upload) whose connection closed after it was sent: the
 * service may have done it. The client does not send it again (retry.ts), and says so.
 */
const MAY_HAVE_TAKEN_EFFECT =
  'The service may have carried out this call before the connection closed; it was not sent again, since that could do it twice. Check whether it took effect before repeating it.';

/**
 * Waits until node has read every answer already in hand (setImmediate runs after the poll phase).
 * A caller's work on an answer (the planner normalizes and compares what it read) then runs after
 * the other answers that arrived with it have been read and their slots passed on, instead of
 * between them: answers come in bunches (calls sent together come back together), and each one
 * read late keeps a slot idle. A plan of 200 apps at 20 ms latency and 16 slots (3,600 calls):
 * 5.42 s -> 5.28 s (mean of six runs each), wall over its lower bound 1.21 -> 1.17.
 */
function answersInHandFirst(): Promise<void> {
  return new Promise((resolve) => realSetImmediate(resolve));
}

/** Node's own, taken at load: a test that fakes timers after that must not stall every call. */
const realSetImmediate = globalThis.setImmediate;

/** The exchange's sink for this attempt; one that cannot start (its file cannot be made) fails as a sink does. */
function sinkOf(exchange: Exchange<unknown>): ((chunk: Buffer) => void) | undefined {
  try {
    return exchange.sink?.();
  } catch (error) {
    throw new SinkFailed(error);
  }
}

/** A 2xx answer's body to `sink`; any other's gathered, for its error. */
function successSink(sink: (chunk: Buffer) => void): BodySink {
  return (status) => (status >= 200 && status < 300 ? sink : undefined);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The `app` parameter of a call's query or JSON body, when it is an id: what a log line names. */
function appOf(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null || !('app' in params)) return undefined;
  const app = params.app;
  return typeof app === 'number' || (typeof app === 'string' && /^\d+$/.test(app)) ? String(app) : undefined;
}

function appField(exchange: Exchange<unknown>): { app?: string } {
  return exchange.app === undefined ? {} : { app: exchange.app };
}
