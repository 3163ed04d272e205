/**
 * The secrets of the sweep: every one a user gives (the proxy's password, the .pfx password, the
 * key's passphrase, the service's password, the basic-auth password) and the wrong ones tried in
 * their place, which are secrets too. None may appear in any output or file of a run, as written,
 * percent-encoded or in a Base64 credential.
 */
import { PEM_PASSPHRASE, PFX_PASSWORD } from '../../support/tls.js';

export { PEM_PASSPHRASE, PFX_PASSWORD };

/** The proxy's login and password, each with characters a URL gives a meaning to. */
export const PROXY_LOGIN = 'me@corp';
export const PROXY_PASSWORD = 'Px/7?q#9%z:k@w';
export const WRONG_PROXY_PASSWORD = 'Wrong-Proxy-3391';
export const WRONG_PFX_PASSWORD = 'Wrong-Pfx-4410';
export const WRONG_PEM_PASSPHRASE = 'Wrong-Pem-7712';
export const API_LOGIN = 'deployer';
export const API_PASSWORD = 'Api-Secret-5521q';
export const BASIC_LOGIN = 'gate';
export const BASIC_PASSWORD = 'Basic-Secret-8830r';

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** Every form of every secret that must never be shown. */
export const FORBIDDEN: readonly string[] = [
  PROXY_PASSWORD,
  encodeURIComponent(PROXY_PASSWORD),
  b64(`${PROXY_LOGIN}:${PROXY_PASSWORD}`),
  WRONG_PROXY_PASSWORD,
  b64(`${PROXY_LOGIN}:${WRONG_PROXY_PASSWORD}`),
  PFX_PASSWORD,
  WRONG_PFX_PASSWORD,
  PEM_PASSPHRASE,
  WRONG_PEM_PASSPHRASE,
  API_PASSWORD,
  b64(`${API_LOGIN}:${API_PASSWORD}`),
  BASIC_PASSWORD,
  b64(`${BASIC_LOGIN}:${BASIC_PASSWORD}`),
];
