/**
 * What a failed connection means, said for the one who can fix it: the proxy (unreachable, or
 * refusing the tunnel), the service's certificate (not trusted), the client certificate (missing
 * or refused), or the service itself. Library messages (OpenSSL's reason codes, undici's
 * "Proxy response (407) !== 200 when HTTP Tunneling") are replaced by what to check.
 */
import { PROXY_TLS, proxyTlsFailure } from './proxy-tls-failure.js';
import { takeTlsAlert } from './tls-alerts.js';
import { UNTRUSTED } from './tls-codes.js';

/** What the transport knows of how it connects (reach.ts). */
export interface ReachFacts {
  baseUrl: URL;
  /** The proxy in use, as messages name it, and where it was set. */
  proxy: { shown: string; source: string } | undefined;
  clientCertificate: boolean;
  /** Whether extra CAs (`ca`) are trusted on top of the default ones. */
  ca: boolean;
  /**
   * Whether the server at an http:// base URL speaks TLS (tls-probe.ts), when asked: after a
   * connection it closed without answering (`closedUnanswered`). Undefined when not known.
   */
  speaksTls?: boolean | undefined;
}

export interface Failure {
  detail: string;
  /** The sentence that says what to check; the generic one when absent. */
  advice?: string;
  /** False for a refusal that answers the same however often the call is repeated. */
  retryable: boolean;
  /** The code to show, when not the error's own (a failure the client marked as the proxy's). */
  code?: string | undefined;
  /** Set when the proxy is what failed (not the service behind it): where the fix is. */
  proxy?: { shown: string; source: string } | undefined;
  /** The request may have reached the service whole: the connection closed after it was sent. */
  sent?: boolean;
}

/** Codes of a connection that never opened: through a proxy, the proxy is the one not reached. */
const NOT_REACHED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

const TRUST_ADVICE =
  "If a company proxy or a private certificate authority signs the service's certificate, give that authority's certificate (PEM) as `ca`, or in NODE_EXTRA_CA_CERTS; verification cannot be turned off.";
/** The same, when a `ca` is given already: it is not the authority that signed. */
const OTHER_CA_ADVICE =
  "The `ca` given did not sign it either: give the certificate (PEM) of the authority that signs this service's certificate, or of the company proxy that inspects TLS on the way (the issuer of the certificate the service presents); verification cannot be turned off.";

/** What a CONNECT the proxy closed without answering fails with (pool.ts; undici 8's own code). */
export const TUNNEL_DROPPED = 'UND_ERR_PRX_CONN';

/**
 * undici's answer to a request on a dispatcher already closed: the client's own after close() (or
 * a dispatcher of the caller's that the caller closed). Nothing reached the network, and nothing
 * will on a retry.
 */
const CLOSED: Failure = {
  detail: 'the client was closed (close()) before this call was sent',
  advice: 'Make calls before close(), or create a new client for them.',
  retryable: false,
};

export function describeFailure(
  error: Error,
  code: string | undefined,
  facts: ReachFacts,
): Failure | undefined {
  const { proxy, baseUrl } = facts;
  if (code === 'UND_ERR_CLOSED' || code === 'UND_ERR_DESTROYED') return CLOSED;
  const ofProxy = proxy === undefined ? undefined : proxyFailure(error, code, proxy, facts);
  if (ofProxy !== undefined) return ofProxy;
  const unreached = serviceNotReached(code, baseUrl);
  if (proxy === undefined && unreached !== undefined) return unreached;
  if (code !== undefined && UNTRUSTED.has(code))
    return {
      detail: `the certificate of ${baseUrl.host} is not signed by an authority this machine trusts`,
      advice: facts.ca ? OTHER_CA_ADVICE : TRUST_ADVICE,
      retryable: false,
    };
  if (code === 'CERT_HAS_EXPIRED' || code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return {
      detail: `the certificate ${baseUrl.host} presents ${code === 'CERT_HAS_EXPIRED' ? 'has expired' : `is not issued for ${baseUrl.hostname}`}`,
      advice: 'Check the base URL; a proxy that inspects TLS must sign for the host it answers for.',
      retryable: false,
    };
  const alert = code === 'UND_ERR_SOCKET' ? takeTlsAlert((error as { socket?: unknown }).socket) : code;
  return (
    clientCertificateRefusal(alert, code, error, facts) ??
    tlsFailure(alert, baseUrl) ??
    httpToTls(code, error, facts) ??
    connectionDropped(code, error, baseUrl)
  );
}

/** A connection that opened and then was closed or reset by the other side (or a proxy between). */
const DROPPED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * A connection the service (or something on the way) closed after the request was sent: in place
 * of undici's bare "other side closed", the host, and whether part of an answer had come. `sent`
 * tells the transport that a call not safe to repeat may have been carried out.
 */
function connectionDropped(code: string | undefined, error: Error, baseUrl: URL): Failure | undefined {
  // The library's own words ("other side closed", "read ECONNRESET") add nothing to the code.
  if (code === undefined || !DROPPED.has(code)) return undefined;
  const socket = (error as { socket?: { bytesRead?: number } }).socket;
  const answered = (socket?.bytesRead ?? 0) > 0;
  return {
    detail: `${baseUrl.host} closed the connection ${answered ? 'in the middle of its answer' : 'before answering'}`,
    retryable: true,
    sent: true,
  };
}

/**
 * A failure at the proxy: not reached, not answering, its TLS, or its refusal of the tunnel. Each
 * but a 5xx answer (the proxy could not reach the service: the base URL may be what is wrong) is
 * the proxy's setting to fix, and says so (`proxy`).
 */
function proxyFailure(
  error: Error,
  code: string | undefined,
  proxy: { shown: string; source: string },
  facts: ReachFacts,
): Failure | undefined {
  const { baseUrl } = facts;
  const refused = /Proxy response \((\d+)\)/.exec(error.message);
  if (refused) {
    const status = Number(refused[1]);
    return { ...proxyRefusal(status, proxy, baseUrl), ...(status < 500 ? { proxy } : {}) };
  }
  // undici wraps a proxy certificate not issued for its host as its own SecureProxyConnectionError.
  if (code === PROXY_TLS || code === 'UND_ERR_PRX_TLS')
    return { ...proxyTlsFailure(error, proxy, facts.ca), proxy };
  if (code === TUNNEL_DROPPED)
    return {
      detail: `the proxy ${proxy.shown} (from ${proxy.source}) closed the connection when asked for a tunnel to ${baseUrl.host}, without answering`,
      advice:
        'Check that this address is the HTTP proxy (one that takes CONNECT) and its port, not a web server or a TLS port; the `proxy` setting, or HTTPS_PROXY / HTTP_PROXY.',
      retryable: false,
      proxy,
    };
  if (code !== undefined && NOT_REACHED.has(code))
    return {
      detail: `the proxy ${proxy.shown} (from ${proxy.source}) is not reachable`,
      advice:
        'Check the proxy address (the `proxy` setting, or HTTPS_PROXY / HTTP_PROXY) and that the proxy runs; NO_PROXY lists the hosts reached without it.',
      retryable: true,
      proxy,
    };
  return undefined;
}

/**
 * Whether a failure is a connection to an http:// base URL (no proxy in the way) that the server
 * closed without a byte in answer: what node's TLS server does to plain HTTP (the local service
 * with --tls-cert), and what a plain server that drops the connection does too. The transport
 * then asks the server for a TLS handshake (tls-probe.ts) to tell which.
 */
export function closedUnanswered(code: string | undefined, error: Error, facts: ReachFacts): boolean {
  const socket = (error as { socket?: { bytesRead?: number } }).socket;
  return (
    facts.proxy === undefined &&
    facts.baseUrl.protocol === 'http:' &&
    code === 'UND_ERR_SOCKET' &&
    socket?.bytesRead === 0
  );
}

/**
 * http:// to a port that serves HTTPS, which undici reports as "other side closed": the mirror of
 * tlsFailure's answer in plain HTTP to https://. Said only when the server answered a TLS
 * handshake (then no retry can help); a server that does not speak TLS just closed the connection
 * (connectionDropped).
 */
function httpToTls(code: string | undefined, error: Error, facts: ReachFacts): Failure | undefined {
  if (!closedUnanswered(code, error, facts) || facts.speaksTls !== true) return undefined;
  const https = new URL(facts.baseUrl.href);
  https.protocol = 'https:';
  return {
    detail: `the server at ${facts.baseUrl.host} serves HTTPS, and closed the connection this plain-HTTP request opened: use ${https.href.replace(/\/$/, '')} as the base URL`,
    retryable: false,
  };
}

/**
 * The service's own address not reached (no proxy in the way): said for the one who wrote it, in
 * place of node's `connect ECONNREFUSED 127.0.0.1:1` or `getaddrinfo ENOTFOUND host`. A host the
 * network cannot resolve is often one it reaches only through a company proxy.
 */
function serviceNotReached(code: string | undefined, baseUrl: URL): Failure | undefined {
  if (code === 'ECONNREFUSED')
    return {
      detail: `nothing accepts connections at ${baseUrl.host}`,
      advice: "Check the base URL's host and port, and that the service runs there.",
      retryable: true,
    };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return {
      detail: `the host ${baseUrl.hostname} ${code === 'ENOTFOUND' ? 'is not known to DNS' : 'could not be looked up (DNS did not answer)'}`,
      advice:
        "Check the base URL's host name; where this network reaches the service only through a company proxy, give the environment's proxy (or HTTPS_PROXY).",
      retryable: true,
    };
  return undefined;
}

function proxyRefusal(status: number, proxy: { shown: string; source: string }, baseUrl: URL): Failure {
  const detail = `the proxy ${proxy.shown} (from ${proxy.source}) refused to open a tunnel to ${baseUrl.host}: it answered ${status}`;
  if (status === 407)
    return {
      detail: `${detail} (Proxy Authentication Required)`,
      advice:
        'Give the proxy its login and password in its URL: http://LOGIN:${PASSWORD}@host:port (the password from a variable); check them if they are there.',
      retryable: false,
    };
  if (status === 403)
    return {
      detail: `${detail} (Forbidden)`,
      advice: `Ask the proxy's administrators to allow ${baseUrl.host}, or, if the service is reachable without the proxy, add its host to NO_PROXY.`,
      retryable: false,
    };
  return {
    detail,
    advice: `Check that the proxy can reach ${baseUrl.host}.`,
    retryable: status >= 500,
  };
}

/** OpenSSL's alerts about the client's certificate, as node names them (ERR_SSL_<reason>). */
const REFUSED_CERTIFICATE =
  /ALERT_(BAD_CERTIFICATE|UNKNOWN_CA|CERTIFICATE_(EXPIRED|REVOKED|UNKNOWN|UNOBTAINABLE)|ACCESS_DENIED|UNSUPPORTED_CERTIFICATE|DECRYPT_ERROR)$/;

function clientCertificateRefusal(
  code: string | undefined,
  errorCode: string | undefined,
  error: Error,
  facts: ReachFacts,
): Failure | undefined {
  const host = facts.baseUrl.host;
  if (code === 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED' && !facts.clientCertificate)
    return {
      detail: `${host} asks for a client certificate (a Secure Access domain) and none is set`,
      advice:
        'Set clientCertificate: { pfx: FILE, password: ${VARIABLE} } (the certificate issued for this domain), or { cert, key, passphrase } in PEM.',
      retryable: false,
    };
  if (!facts.clientCertificate) return undefined;
  if (code !== undefined && (REFUSED_CERTIFICATE.test(code) || code.endsWith('CERTIFICATE_REQUIRED')))
    return refusedCertificate(host, code.slice('ERR_SSL_'.length).toLowerCase().replace(/_/g, ' '));
  // A server that checks the certificate after the handshake (node's own, without an alert) just
  // closes: before a single byte of an answer, over TLS, with a certificate presented.
  const socket = (error as { socket?: { bytesRead?: number } }).socket;
  if (errorCode === 'UND_ERR_SOCKET' && facts.baseUrl.protocol === 'https:' && socket?.bytesRead === 0)
    return refusedCertificate(host, 'the connection was closed right after the TLS handshake');
  return undefined;
}

function refusedCertificate(host: string, why: string): Failure {
  return {
    detail: `${host} refused the client certificate (${why})`,
    advice:
      "Check that clientCertificate is this domain's current certificate: issued by the authority it trusts, not expired or revoked.",
    retryable: false,
  };
}

/**
 * Any other TLS failure, in place of OpenSSL's own text (`...:error:0A00010B:SSL
 * routines:ssl3_get_record:wrong version number:...`). Node reports the handshake's failures by
 * OpenSSL's reason as the error code (ERR_SSL_<REASON>); a server that answers the handshake in
 * plain HTTP gives WRONG_VERSION_NUMBER (or, from some servers, HTTP_REQUEST).
 */
function tlsFailure(code: string | undefined, baseUrl: URL): Failure | undefined {
  if (code === undefined || !code.startsWith('ERR_SSL_')) return undefined;
  if (
    baseUrl.protocol === 'https:' &&
    /WRONG_VERSION_NUMBER|HTTP_REQUEST|PACKET_LENGTH_TOO_LONG/.test(code)
  ) {
    const http = new URL(baseUrl.href);
    http.protocol = 'http:';
    return {
      detail: `the server at ${baseUrl.host} answered in plain HTTP, not HTTPS: use ${http.href.replace(/\/$/, '')} as the base URL, or the server's HTTPS port`,
      retryable: true,
    };
  }
  return {
    detail: `the TLS connection failed (${code.slice('ERR_SSL_'.length).toLowerCase().replace(/_/g, ' ')})`,
    retryable: true,
  };
}
