/**
 * Every error the client throws. One base class, `ClientError`, with a `kind` tag so callers can
 * switch over them exhaustively. None of them holds a credential: messages and fields are built
 * from the service's answer and the request's method and path only, and anything that could echo
 * a request (a transport library's message, a non-JSON body) passes through the client's redactor.
 */

export type ClientErrorKind =
  | 'service'
  | 'invalid-response'
  | 'timeout'
  | 'network'
  | 'aborted'
  | 'bulk-write'
  | 'deploy-timeout'
  | 'options';

export abstract class ClientError extends Error {
  abstract readonly kind: ClientErrorKind;
  /** The HTTP method and the path (without query string) of the call that failed, when one did. */
  readonly method: string | undefined;
  readonly path: string | undefined;

  constructor(message: string, where: { method?: string; path?: string }, cause?: Error) {
    super(message, cause === undefined ? undefined : { cause });
    this.method = where.method;
    this.path = where.path;
  }
}

/** Validation failures as the service reports them: `{"records[3].title.value": {messages: [...]}}`. */
export type ServiceValidationErrors = Record<string, { messages: string[] }>;

/** The service answered with an error body `{code, id, message, errors?}`. */
export class ServiceError extends ClientError {
  readonly kind = 'service';
  override readonly name = 'ServiceError';
  readonly status: number;
  readonly code: string;
  readonly id: string;
  readonly serviceMessage: string;
  readonly errors: ServiceValidationErrors | undefined;
  /** For a bulk request: the index of the call that failed. */
  readonly bulkIndex: number | undefined;
  /**
   * For a bulk request: every entry of `results` as the service sent it. The hosted platform puts
   * the error at `bulkIndex` and `{}` everywhere else, so the answers of the calls before it (which
   * kept their effect) are not known.
   */
  readonly bulkResults: unknown[] | undefined;

  constructor(init: {
    status: number;
    code: string;
    id: string;
    message: string;
    errors?: ServiceValidationErrors | undefined;
    method: string;
    path: string;
    bulkIndex?: number | undefined;
    bulkResults?: unknown[] | undefined;
  }) {
    super(`[${init.status}] [${init.code}] ${init.message} (${init.id})`, init);
    this.status = init.status;
    this.code = init.code;
    this.id = init.id;
    this.serviceMessage = init.message;
    this.errors = init.errors;
    this.bulkIndex = init.bulkIndex;
    this.bulkResults = init.bulkResults;
  }
}

/** Base of the errors where no usable service answer arrived. Names start with `TransportError`. */
export abstract class TransportError extends ClientError {}

/** The service (or something in front of it) answered with a body that is not the expected JSON. */
export class TransportInvalidResponseError extends TransportError {
  readonly kind = 'invalid-response';
  override readonly name = 'TransportError.InvalidResponse';
  readonly status: number;
  readonly contentType: string | undefined;
  /** The start of the body (at most 300 characters, credentials removed). */
  readonly bodySnippet: string;

  constructor(init: {
    status: number;
    contentType: string | undefined;
    bodySnippet: string;
    method: string;
    path: string;
    reason: string;
  }) {
    super(
      `${init.method} ${init.path} answered ${init.status} with ${init.reason} ` +
        `(content-type ${init.contentType ?? 'none'}): ${JSON.stringify(init.bodySnippet)}. ` +
        `Check the base URL and any proxy in front of the service.`,
      init,
    );
    this.status = init.status;
    this.contentType = init.contentType;
    this.bodySnippet = init.bodySnippet;
  }
}

/**
 * No complete answer within the call's timeout. The timeout counts from the moment the call
 * starts waiting for one of the client's concurrency slots; `queued` is true when it ran out
 * there, before the request was sent (the service never saw it).
 */
export class TransportTimeoutError extends TransportError {
  readonly kind = 'timeout';
  override readonly name = 'TransportError.Timeout';
  readonly timeoutMs: number;
  readonly queued: boolean;
  /** How many calls were ahead of it (the client's concurrency), when `queued`. */
  readonly queuedBehind: number | undefined;

  constructor(init: {
    timeoutMs: number;
    method: string;
    path: string;
    /** Set when the time ran out waiting for a slot: the client's concurrency limit. */
    queuedBehind?: number | undefined;
  }) {
    super(
      init.queuedBehind === undefined
        ? `${init.method} ${init.path} got no answer within ${init.timeoutMs} ms. ` +
            `Raise timeoutMs or check that the service is reachable.`
        : `${init.method} ${init.path} waited ${init.timeoutMs} ms behind this client's other calls ` +
            `(concurrency ${init.queuedBehind}) and was never sent. ` +
            `Raise timeoutMs or concurrency, or start fewer calls at once.`,
      init,
    );
    this.timeoutMs = init.timeoutMs;
    this.queued = init.queuedBehind !== undefined;
    this.queuedBehind = init.queuedBehind;
  }
}

/**
 * The connection failed (refused, reset, DNS, TLS, a proxy refusing the tunnel). `code` is the
 * system code when there is one.
 */
export class TransportNetworkError extends TransportError {
  readonly kind = 'network';
  override readonly name = 'TransportError.Network';
  readonly code: string | undefined;
  /**
   * False when repeating the call would meet the same refusal (a proxy asking for credentials, a
   * certificate not trusted or refused): the client does not retry it.
   */
  readonly retryable: boolean;
  /**
   * The proxy, as messages name it, and where it was set (the `proxy` option or a variable's
   * name), when the failure is the proxy's to fix: not reached, not a proxy, its certificate, its
   * refusal of the credentials or of the service. Absent when the service (or its address) is.
   */
  readonly proxy: { shown: string; source: string } | undefined;

  constructor(
    init: {
      code: string | undefined;
      detail: string;
      method: string;
      path: string;
      /** What to check; by default the base URL and the network. */
      advice?: string | undefined;
      retryable?: boolean | undefined;
      proxy?: { shown: string; source: string } | undefined;
    },
    cause: Error,
  ) {
    super(
      `${init.method} ${init.path} failed: ${init.detail}${init.code ? ` (${init.code})` : ''}. ` +
        (init.advice ?? `Check the base URL and the network.`),
      init,
      cause,
    );
    this.code = init.code;
    this.retryable = init.retryable ?? true;
    // Only these two: the transport's proxy also holds its URL with the credentials and their
    // secrets, which JSON.stringify(error) or console.log(error) would otherwise show.
    this.proxy = init.proxy && { shown: init.proxy.shown, source: init.proxy.source };
  }
}

/** The caller's AbortSignal fired. */
export class TransportAbortedError extends TransportError {
  readonly kind = 'aborted';
  override readonly name = 'TransportError.Aborted';

  constructor(init: { method: string; path: string }) {
    super(`${init.method} ${init.path} was aborted by the caller.`, init);
  }
}

/** The client's options are unusable (bad base URL, credentials in the URL, bad guest space id). */
export class ClientOptionsError extends ClientError {
  readonly kind = 'options';
  override readonly name = 'ClientOptionsError';

  constructor(message: string) {
    super(message, {});
  }
}

/**
 * A call that failed without the service refusing it: the service erred (5xx), or no usable
 * answer came (the connection, a timeout, a body not the service's). Whether it took effect is
 * unknown, and the same call again may pass. A caller's abort is not one: it was asked for.
 */
export function failedUnrefused(error: unknown): error is ServiceError | TransportError {
  if (error instanceof ServiceError) return error.status >= 500;
  return error instanceof TransportError && !(error instanceof TransportAbortedError);
}
