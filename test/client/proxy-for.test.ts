/**
 * Which proxy a client takes (src/client/reach.ts proxyFor), as undici's EnvHttpProxyAgent and
 * curl read the variables: the option first, then the scheme's variable (lowercase name first),
 * unless NO_PROXY names the host, a domain above it, or it with its port.
 */
import { describe, expect, it } from 'vitest';
import { ClientOptionsError } from '../../src/client/errors.js';
import { proxyFor } from '../../src/client/reach.js';

const P = 'http://proxy.corp:3128';
const Q = 'http://other.corp:8080';

// [case, service, option, variables, the proxy taken (shown) and where from, or null]
const CASES: [string, string, string | false | undefined, Record<string, string>, string | null][] = [
  [
    'HTTPS_PROXY for an https service',
    'https://a.example.com',
    undefined,
    { HTTPS_PROXY: P },
    `${P} HTTPS_PROXY`,
  ],
  [
    'https_proxy before HTTPS_PROXY',
    'https://a.example.com',
    undefined,
    { https_proxy: Q, HTTPS_PROXY: P },
    `${Q} https_proxy`,
  ],
  [
    'HTTP_PROXY when HTTPS_PROXY is not set',
    'https://a.example.com',
    undefined,
    { HTTP_PROXY: P },
    `${P} HTTP_PROXY`,
  ],
  ['not HTTPS_PROXY for an http service', 'http://a.example.com', undefined, { HTTPS_PROXY: P }, null],
  [
    'an empty variable is unset',
    'https://a.example.com',
    undefined,
    { https_proxy: '', HTTPS_PROXY: P },
    `${P} HTTPS_PROXY`,
  ],
  ['the option over the variables', 'https://a.example.com', Q, { HTTPS_PROXY: P }, `${Q} the proxy option`],
  ['false over the variables', 'https://a.example.com', false, { HTTPS_PROXY: P }, null],
  [
    'NO_PROXY naming the host',
    'https://a.example.com',
    undefined,
    { HTTPS_PROXY: P, NO_PROXY: 'a.example.com' },
    null,
  ],
  [
    'NO_PROXY naming a domain above it',
    'https://a.example.com',
    undefined,
    { HTTPS_PROXY: P, NO_PROXY: 'example.com' },
    null,
  ],
  [
    'NO_PROXY with a leading dot',
    'https://a.example.com',
    undefined,
    { HTTPS_PROXY: P, NO_PROXY: '.example.com' },
    null,
  ],
  [
    'NO_PROXY with a leading *.',
    'https://a.example.com',
    undefined,
    { HTTPS_PROXY: P, NO_PROXY: '*.example.com' },
    null,
  ],
  [
    'NO_PROXY in capitals',
    'https://a.example.com',
    undefined,
    { HTTPS_PROXY: P, NO_PROXY: 'A.EXAMPLE.COM' },
    null,
  ],
  ['NO_PROXY *', 'https://a.example.com', undefined, { HTTPS_PROXY: P, NO_PROXY: '*' }, null],
  [
    'NO_PROXY with the default port',
    'https://a.example.com',
    undefined,
    { HTTPS_PROXY: P, NO_PROXY: 'a.example.com:443' },
    null,
  ],
  [
    'NO_PROXY with another port',
    'https://a.example.com',
    undefined,
    { HTTPS_PROXY: P, NO_PROXY: 'a.example.com:8443' },
    `${P} HTTPS_PROXY`,
  ],
  [
    'NO_PROXY naming a name that merely ends the same',
    'https://badexample.com',
    undefined,
    { HTTPS_PROXY: P, NO_PROXY: 'example.com' },
    `${P} HTTPS_PROXY`,
  ],
  [
    'no_proxy before NO_PROXY',
    'https://a.example.com',
    undefined,
    { HTTPS_PROXY: P, no_proxy: 'other.com', NO_PROXY: 'example.com' },
    `${P} HTTPS_PROXY`,
  ],
  // IP addresses as curl takes them (curl.se, CURLOPT_NOPROXY): IPv6 without brackets, CIDR blocks.
  ['NO_PROXY ::1 for [::1]', 'https://[::1]:8443', undefined, { HTTPS_PROXY: P, NO_PROXY: '::1' }, null],
  [
    'NO_PROXY [::1] with its port',
    'https://[::1]:8443',
    undefined,
    { HTTPS_PROXY: P, NO_PROXY: '[::1]:8443' },
    null,
  ],
  [
    'NO_PROXY [::1] with another port',
    'https://[::1]:8443',
    undefined,
    { HTTPS_PROXY: P, NO_PROXY: '[::1]:9443' },
    `${P} HTTPS_PROXY`,
  ],
  [
    'NO_PROXY ::1 written long',
    'https://[::1]',
    undefined,
    { HTTPS_PROXY: P, NO_PROXY: '0:0:0:0:0:0:0:1' },
    null,
  ],
  [
    'NO_PROXY 127.0.0.0/8',
    'https://127.0.0.1:8443',
    undefined,
    { HTTPS_PROXY: P, NO_PROXY: '127.0.0.0/8' },
    null,
  ],
  [
    'NO_PROXY 192.168.0.0/16 among names',
    'https://192.168.10.20',
    undefined,
    { HTTPS_PROXY: P, NO_PROXY: 'localhost, .corp, 192.168.0.0/16' },
    null,
  ],
  ['NO_PROXY fd00::/8', 'https://[fd12:3456::1]', undefined, { HTTPS_PROXY: P, NO_PROXY: 'fd00::/8' }, null],
  [
    'NO_PROXY 10.0.0.0/8 for an address outside it',
    'https://127.0.0.1',
    undefined,
    { HTTPS_PROXY: P, NO_PROXY: '10.0.0.0/8' },
    `${P} HTTPS_PROXY`,
  ],
  [
    'NO_PROXY 127.0.0.0/8 for a name (never resolved)',
    'https://localhost',
    undefined,
    { HTTPS_PROXY: P, NO_PROXY: '127.0.0.0/8' },
    `${P} HTTPS_PROXY`,
  ],
  [
    'NO_PROXY does not bypass the option',
    'https://a.example.com',
    Q,
    { NO_PROXY: '*' },
    `${Q} the proxy option`,
  ],
];

describe('proxyFor', () => {
  it.each(CASES)('%s', (_, service, option, variables, taken) => {
    const proxy = proxyFor(new URL(service), option, variables);
    expect(proxy === undefined ? null : `${proxy.shown} ${proxy.source}`).toBe(taken);
  });

  it('shows a proxy without its credentials, and keeps them for the redactor', () => {
    const proxy = proxyFor(new URL('https://a.example.com'), 'http://me:p%40ss@proxy.corp:3128', {})!;
    expect(proxy.shown).toBe('http://proxy.corp:3128');
    expect(proxy.secrets).toEqual(
      expect.arrayContaining(['p@ss', Buffer.from('me:p@ss').toString('base64')]),
    );
  });

  it.each([
    ['a / (read as the host me, the port 12345)', 'http://me:12345/xyz@proxy.corp:3128'],
    ['a #', 'http://me:ab#cd34@proxy.corp:3128'],
    ['a ?', 'http://me:ab?cd34@proxy.corp:3128'],
    ['a % that starts no %XX (undici would throw decoding it)', 'http://me:50%off@proxy.corp:3128'],
    ['a % in the login', 'http://m%e:secret@proxy.corp:3128'],
    // Found by test/reliability/reach-sweep.test.ts: with a path after the address, said as
    // 'must be an http:// or https:// URL', the password's character not named as the cause.
    ['a /, a path after the address', 'http://me:ab/cd@proxy.corp:3128/proxy.pac'],
    ['a # and an @, a query after the address', 'http://me@corp:ab#cd@proxy.corp:3128?x'],
  ])('says a password holding %s must be percent-encoded, showing none of it', (_, option) => {
    for (const [given, variables, source] of [
      [option, {}, 'the proxy option'],
      [undefined, { HTTPS_PROXY: option }, 'HTTPS_PROXY'],
    ] as const) {
      let thrown: unknown;
      try {
        proxyFor(new URL('https://a.example.com'), given, variables);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ClientOptionsError);
      expect((thrown as Error).message).toBe(
        `${source} holds a login or password with a character that must be percent-encoded in a URL (/ ? # % @ : as %2F %3F %23 %25 %40 %3A): write http://LOGIN:PASSWORD@host:port with each encoded, as encodeURIComponent does`,
      );
    }
  });

  it.each([
    'http://proxy.corp:3128/some/path',
    'http://me:p%40ss@proxy.corp:3128/x?y#z',
    'proxy.corp:3128/x',
  ])('takes %s without its path, query and fragment (undici refuses a proxy URL with them)', (written) => {
    const proxy = proxyFor(new URL('https://a.example.com'), undefined, { HTTPS_PROXY: written })!;
    expect(proxy.shown).toBe('http://proxy.corp:3128');
    expect(`${proxy.url.pathname}${proxy.url.search}${proxy.url.hash}`).toBe('/');
    expect(decodeURIComponent(proxy.url.password)).toBe(written.includes('@') ? 'p@ss' : '');
  });

  it.each([
    ['proxy.corp:3128', '; got "proxy.corp:3128"'],
    ['socks5://proxy.corp:1080', '; got "socks5://proxy.corp:1080"'],
    ['socks5://me:secret@proxy.corp:1080', /such as http:\/\/proxy\.example\.com:8080$/],
    ['http://me:secret@', /such as http:\/\/proxy\.example\.com:8080$/],
  ])('refuses %s, never echoing credentials', (option, said) => {
    const refuse = () => proxyFor(new URL('https://a.example.com'), option, {});
    expect(refuse).toThrow(
      'the proxy option must be an http:// or https:// URL, such as http://proxy.example.com:8080',
    );
    expect(refuse).toThrow(said);
  });
});
