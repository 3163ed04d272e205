/**
 * The TLS fixtures (test/fixtures/tls/, written by scripts/make-test-certs.sh, valid for 100
 * years): a CA, the local service's certificate for 127.0.0.1 signed by it, a client certificate
 * it signed (PEM with an encrypted key, and .pfx), an unrelated CA's client certificate, and a
 * certificate for 127.0.0.1 the CA signed that expired in 2001 (server-expired.pem).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './cli.js';

export const TLS_DIR = join(ROOT, 'test/fixtures/tls');

export const tlsFile = (name: string): string => join(TLS_DIR, name);

/** The password of client.pfx and stranger.pfx, and the passphrase of client-key-encrypted.pem. */
export const PFX_PASSWORD = 'pfx-pass-7731';
export const PEM_PASSPHRASE = 'pem-pass-4418';

/** The local service over HTTPS, requiring client certificates signed by the test CA. */
export const SECURE_ACCESS = {
  cert: readFileSync(tlsFile('server.pem')),
  key: readFileSync(tlsFile('server-key.pem')),
  clientCa: readFileSync(tlsFile('ca.pem')),
};

/** The local service over HTTPS presenting a certificate that expired in 2001 (no client certificate asked). */
export const EXPIRED_SERVICE = {
  cert: readFileSync(tlsFile('server-expired.pem')),
  key: readFileSync(tlsFile('server-expired-key.pem')),
};
