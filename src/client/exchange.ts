/**
 * One HTTP request and its whole answer, through undici's `dispatch` with a handler of our own
 * instead of its `request` API. `request` hands every answer over as a Readable stream; the client
 * reads each one whole anyway (JSON, or a file it returns as bytes), and the stream's machinery was
 * most of undici's cost per call: 3,600 GETs at 16 in flight took 475-1,175 ms of CPU through
 * `request` and 308-635 ms through this (bare undici against a server that only waits 20 ms). The
 * client's CPU per answer is what keeps answers unread while others are handled (transport.ts).
 */
import type { Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';

export interface Answer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * Where the body of an answer with `status` goes instead of being gathered: a download hashed as
 * it arrives is never held whole. Undefined for a status whose body is to be gathered (an error's
 * JSON). The body the answer then carries is empty.
 */
export type BodySink = (status: number) => ((chunk: Buffer) => void) | undefined;

/**
 * A sink that threw (a download's file could not be written: a full disk): the request is aborted
 * there, not read to its end, and the exchange rejects with this, the sink's error as `cause`, so
 * that the caller tells it from a failure of the connection (which a retry could cure).
 */
export class SinkFailed extends Error {
  constructor(readonly failure: unknown) {
    super('the sink of an answer body failed', { cause: failure });
  }
}

/**
 * Sends `options` and gathers the answer (or hands its body to `sinkFor`'s sink). `signal` aborts it at any point, as it would a `request`
 * call: while it waits for the answer or while the body arrives (the promise then rejects with
 * undici's error), or before undici has started it. Undici starts a request only once it has a
 * connected socket, and a connection can hang (a TLS handshake or a proxy's CONNECT that never
 * answers) until undici's own connect timeout, or forever with a connector that never calls back:
 * so an abort before the start rejects at once, and the reason is kept to abort the request as
 * soon as undici starts it (or drops it when the connection fails).
 */
export function exchange(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  signal: AbortSignal,
  sinkFor?: BodySink,
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    let controller: Dispatcher.DispatchController | undefined;
    let abortReason: Error | undefined;
    const onAbort = () => {
      abortReason = (signal.reason as Error | undefined) ?? new Error('aborted');
      if (controller) controller.abort(abortReason);
      else reject(abortReason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);
    let statusCode = 0;
    let headers: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    let sink: ((chunk: Buffer) => void) | undefined;
    let sinkFailed: SinkFailed | undefined;
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart: (started) => {
        controller = started;
        if (abortReason !== undefined) started.abort(abortReason);
      },
      onResponseStart: (_, status, answerHeaders) => {
        statusCode = status;
        headers = answerHeaders;
        sink = sinkFor?.(status);
      },
      onResponseData: (started, chunk) => {
        if (sinkFailed) return;
        if (!sink) chunks.push(chunk);
        else
          try {
            sink(chunk);
          } catch (error) {
            sinkFailed = new SinkFailed(error);
            started.abort(sinkFailed);
          }
      },
      onResponseEnd: () => {
        settle();
        if (sinkFailed) {
          reject(sinkFailed);
          return;
        }
        resolve({ statusCode, headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
      },
      onResponseError: (_, error) => {
        settle();
        reject(sinkFailed ?? error);
      },
    };
    try {
      dispatcher.dispatch(options, handler);
    } catch (error) {
      settle();
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** A body as text, as undici's `body.text()` decodes it: UTF-8, a leading byte order mark dropped. */
export function utf8Text(body: Buffer): string {
  const text = body.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
