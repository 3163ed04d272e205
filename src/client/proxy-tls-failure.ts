/**
 * A proxy reached over https:// whose TLS failed: its certificate not trusted, expired or not
 * issued for its host, or a proxy that speaks plain HTTP given as https:// (a common way to write
 * HTTPS_PROXY). Said of the proxy: the same codes from the service's own handshake, through the
 * tunnel, are the service's (connection-failure.ts), and were said of it before, with the advice
 * to change the base URL.
 */
import { UNTRUSTED } from './tls-codes.js';

/** What a failure of the connection to the proxy itself is thrown with (pool.ts); its cause is node's. */
export const PROXY_TLS = 'APPDEPLOY_PROXY_TLS';

export interface ProxyTlsFailure {
  detail: string;
  advice: string;
  retryable: boolean;
  /** Node's own code, shown in place of the mark. */
  code: string | undefined;
}

export function proxyTlsFailure(
  error: Error,
  proxy: { shown: string; source: string },
  ca: boolean,
): ProxyTlsFailure {
  const cause = (error.cause as { code?: unknown } | undefined)?.code;
  const code = typeof cause === 'string' ? cause : undefined;
  const named = `the proxy ${proxy.shown} (from ${proxy.source})`;
  const where = 'the `proxy` setting, or HTTPS_PROXY / HTTP_PROXY';
  if (code !== undefined && UNTRUSTED.has(code))
    return {
      detail: `the certificate of ${named} is not signed by an authority this machine trusts`,
      advice: `${ca ? 'The `ca` given did not sign it either: give' : 'Give'} the certificate (PEM) of the authority that signs the proxy's certificate as \`ca\` (trusted for the proxy and the service), or in NODE_EXTRA_CA_CERTS; verification cannot be turned off.`,
      retryable: false,
      code,
    };
  if (code === 'CERT_HAS_EXPIRED' || code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return {
      detail: `the certificate ${named} presents ${code === 'CERT_HAS_EXPIRED' ? 'has expired' : `is not issued for ${new URL(proxy.shown).hostname}`}`,
      advice: `Check the proxy's address (${where}); its administrators renew its certificate.`,
      retryable: false,
      code,
    };
  if (code !== undefined && /WRONG_VERSION_NUMBER|HTTP_REQUEST|PACKET_LENGTH_TOO_LONG/.test(code)) {
    const http = new URL(proxy.shown);
    http.protocol = 'http:';
    return {
      detail: `${named} answered in plain HTTP, not HTTPS`,
      advice: `Give it as ${http.href.replace(/\/$/, '')} (${where}): most proxies are reached in plain HTTP, and the tunnel to the service is TLS all the same.`,
      retryable: false,
      code,
    };
  }
  return {
    detail: `the TLS connection to ${named} failed (${code ?? error.message})`,
    advice: `Check the proxy's address and scheme (${where}).`,
    retryable: true,
    code,
  };
}
