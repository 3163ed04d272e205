/** The codes node gives a TLS connection's failures, for the ones who say what they mean. */

/** OpenSSL's verification failures of a server's certificate (node's error codes). */
export const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_UNTRUSTED',
]);

/**
 * A failure of the TLS handshake itself: a certificate not trusted, expired or not issued for the
 * host, or OpenSSL's reason for anything else (ERR_SSL_<reason>, as node names them).
 */
export function isTlsFailureCode(code: unknown): code is string {
  return (
    typeof code === 'string' &&
    (UNTRUSTED.has(code) ||
      code === 'CERT_HAS_EXPIRED' ||
      code === 'ERR_TLS_CERT_ALTNAME_INVALID' ||
      code.startsWith('ERR_SSL_'))
  );
}
