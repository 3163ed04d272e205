/**
 * What is wrong with a client certificate's files, said per file before node opens them, and why
 * node could not open them, in words that never hold the password. Node's own failures name
 * neither the file nor the option (`ERR_OSSL_PEM_NO_START_LINE` for a key given as the
 * certificate, `wrong tag` for PEM text given as a .pfx), and say nothing of a password left out.
 */
import type { ClientCertificate } from './reach.js';

const PEM_LINE = '-----BEGIN ';

/**
 * The file given as `option` is not what that option takes: null when it may be. A .pfx is binary
 * (DER); a certificate and a key in PEM are text with their BEGIN lines (RFC 7468).
 */
export function misplacedFile(bytes: Buffer, option: 'pfx' | 'cert' | 'key', named: string): string | null {
  const text = bytes.toString('latin1');
  if (option === 'pfx')
    return text.includes(PEM_LINE)
      ? `clientCertificate.pfx ${named} is PEM text, not a PKCS#12 (.pfx) file: give its certificate and key as clientCertificate: { cert, key, passphrase }`
      : null;
  if (option === 'cert' && !text.includes(`${PEM_LINE}CERTIFICATE-----`))
    return `clientCertificate.cert ${named} holds no certificate in PEM (no -----BEGIN CERTIFICATE----- line): give the certificate issued for this domain${text.includes(PEM_LINE) ? '' : ', or a .pfx as clientCertificate: { pfx, password }'}`;
  if (option === 'key' && !/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text))
    return `clientCertificate.key ${named} holds no private key in PEM (no -----BEGIN ... PRIVATE KEY----- line): give the key the certificate was issued for`;
  return null;
}

/** Why node could not open the certificate, said for the option to fix. */
export function openingFailure(
  error: unknown,
  certificate: ClientCertificate | undefined,
  file: string,
): string {
  const code = (error as { code?: string }).code ?? '';
  const message = error instanceof Error ? error.message : String(error);
  if (certificate !== undefined && 'pfx' in certificate && /mac verify failure/i.test(message))
    return certificate.password
      ? `clientCertificate.password does not open ${file} (or it is not a PKCS#12 file): check the password it was issued with`
      : `${file} needs a password and clientCertificate.password is ${certificate.password === '' ? 'empty' : 'not set'}: give the password it was issued with (from a variable)`;
  if (code === 'ERR_OSSL_BAD_DECRYPT')
    return certificate !== undefined && 'key' in certificate && !certificate.passphrase
      ? `the key ${file} is encrypted and clientCertificate.passphrase is ${certificate.passphrase === '' ? 'empty' : 'not set'}: give its passphrase (from a variable)`
      : `clientCertificate.passphrase does not open the key ${file}: check the passphrase (needed when the key is encrypted)`;
  if (code === 'ERR_OSSL_X509_KEY_VALUES_MISMATCH')
    return `clientCertificate.key ${file} is not the key of clientCertificate.cert: give the key the certificate was issued for`;
  const reason = code || message.replace(/^error:[^:]*:/, '');
  // A PKCS#12 file is DER: what node cannot parse of it fails with ASN.1's own words and no code
  // (`not enough data`, `header too long`, `wrong tag`), a PEM file's with ERR_OSSL_PEM_* codes.
  if (certificate !== undefined && 'pfx' in certificate && !code.startsWith('ERR_OSSL_PEM'))
    return `${named('pfx', certificate.pfx)} is not a PKCS#12 (.pfx) file that can be opened (${reason}): give the .pfx issued for this domain, or its certificate and key in PEM as clientCertificate: { cert, key, passphrase }`;
  return `${filesNamed(certificate)} could not be used (${reason}): check that the files are what their names say (PEM or PKCS#12)`;
}

/** An option of the certificate as messages name it: with its path, when it is one. */
const named = (option: string, value: unknown) =>
  `clientCertificate.${option}${typeof value === 'string' ? ` ${value}` : ''}`;

/** The files a failure to open them may be of, as the options name them. */
function filesNamed(certificate: ClientCertificate | undefined): string {
  if (certificate === undefined) return 'the ca';
  return 'pfx' in certificate
    ? `${named('pfx', certificate.pfx)} or the ca`
    : `${named('cert', certificate.cert)}, ${named('key', certificate.key)} or the ca`;
}
