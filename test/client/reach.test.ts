/**
 * The client reaching the service the way users behind company networks do (issue 34), end to
 * end on loopback: through a CONNECT proxy (counted; the service is addressed by a name only the
 * proxy resolves, so a request that went around it fails), with and without the proxy's
 * credentials; the local service over HTTPS requiring a client certificate (Secure Access), with
 * the test CA trusted through `ca`; and NO_PROXY. Certificates: test/fixtures/tls/.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { createServer, type AddressInfo } from 'node:net';
import {
  ClientOptionsError,
  createClient,
  type ClientOptions,
  type TransportNetworkError,
} from '../../src/client/index.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { startConnectProxy, type TestProxy } from '../support/connect-proxy.js';
import { ADMIN } from '../support/users.js';
import { PEM_PASSPHRASE, PFX_PASSWORD, SECURE_ACCESS, tlsFile } from '../support/tls.js';

let service: RunningEmulator;
let plain: RunningEmulator;
const proxies: TestProxy[] = [];

beforeAll(async () => {
  service = await startEmulator({ port: 0, tls: SECURE_ACCESS });
  plain = await startEmulator({ port: 0 });
});
afterAll(async () => {
  await service.close();
  await plain.close();
});
beforeEach(() => {
  // The machine's own proxy settings stay out of these tests.
  for (const name of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY', 'no_proxy', 'NO_PROXY'])
    vi.stubEnv(name, undefined);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
});

async function proxy(options: Parameters<typeof startConnectProxy>[0] = {}): Promise<TestProxy> {
  const started = await startConnectProxy({ aliases: ['service.invalid'], ...options });
  proxies.push(started);
  return started;
}

const pfx = { pfx: tlsFile('client.pfx'), password: PFX_PASSWORD };
const pem = {
  cert: tlsFile('client.pem'),
  key: tlsFile('client-key-encrypted.pem'),
  passphrase: PEM_PASSPHRASE,
};

/** The client certificate and the CA that signed the service's: what the local service requires. */
const SECURE = { clientCertificate: pfx, ca: tlsFile('ca.pem') };

/** Reads the apps (one GET) with these options; the client is closed after. */
async function listApps(options: Partial<ClientOptions>): Promise<number> {
  const client = createClient({ baseUrl: service.url, auth: ADMIN, retry: { retries: 0 }, ...options });
  try {
    return (await client.apps.getApps({})).apps.length;
  } finally {
    await client.close();
  }
}

/** The error a call with these options fails with. */
async function failure(options: Partial<ClientOptions>): Promise<Error> {
  return listApps(options).then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: Error) => error,
  );
}

/** The service by a name only the test proxy resolves. */
const behindProxy = () => service.url.replace('127.0.0.1', 'service.invalid');

describe('Secure Access: the local service over HTTPS with a client CA', () => {
  it.each([
    ['a .pfx and its password', pfx],
    ['a PEM certificate and its encrypted key', pem],
    [
      'a PEM certificate and its key unencrypted',
      { cert: tlsFile('client.pem'), key: tlsFile('client-key.pem') },
    ],
  ])('works with %s, the test CA trusted through ca', async (_, clientCertificate) => {
    expect(service.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(await listApps({ clientCertificate, ca: tlsFile('ca.pem') })).toBe(0);
  });

  it('refuses a client without a certificate, and says one is needed', async () => {
    const error = await failure({ ca: tlsFile('ca.pem') });
    expect(error.message).toMatch(/asks for a client certificate \(a Secure Access domain\) and none is set/);
    expect(error.message).toMatch(/Set clientCertificate/);
  });

  it('refuses a certificate signed by another authority, and says it refused the certificate', async () => {
    const error = await failure({
      ca: tlsFile('ca.pem'),
      clientCertificate: { pfx: tlsFile('stranger.pfx'), password: PFX_PASSWORD },
    });
    expect(error.message).toMatch(/refused the client certificate/);
  });

  it.each([
    [
      'a .pfx',
      { pfx: tlsFile('client.pfx'), password: 'not-the-password' },
      /clientCertificate.password does not open .*client\.pfx/,
    ],
    [
      'a PEM key',
      { ...pem, passphrase: 'not-the-passphrase' },
      /clientCertificate.passphrase does not open the key/,
    ],
  ])(
    'says a wrong password of %s is wrong, before any request, never showing it',
    (_, clientCertificate, said) => {
      expect(() => createClient({ baseUrl: service.url, auth: ADMIN, clientCertificate })).toThrow(said);
      try {
        createClient({ baseUrl: service.url, auth: ADMIN, clientCertificate });
      } catch (error) {
        expect(String((error as Error).message)).not.toMatch(/not-the-pass/);
        expect((error as Error).name).toBe('ClientOptionsError');
      }
    },
  );

  // Each file checked for what its option takes, and a password left out said as left out: node's
  // own words name neither (ERR_OSSL_PEM_NO_START_LINE, "wrong tag", "mac verify failure").
  it.each<[string, ClientOptions['clientCertificate'], RegExp]>([
    [
      'a .pfx without its password',
      { pfx: tlsFile('client.pfx') },
      /^\S*client\.pfx needs a password and clientCertificate\.password is not set: give the password it was issued with/,
    ],
    [
      'a .pfx with an empty password',
      { pfx: tlsFile('client.pfx'), password: '' },
      /^\S*client\.pfx needs a password and clientCertificate\.password is empty/,
    ],
    [
      'an encrypted key without its passphrase',
      { cert: tlsFile('client.pem'), key: tlsFile('client-key-encrypted.pem') },
      /^the key \S*client-key-encrypted\.pem is encrypted and clientCertificate\.passphrase is not set: give its passphrase/,
    ],
    [
      'the key given as the certificate',
      { cert: tlsFile('client-key.pem'), key: tlsFile('client.pem') },
      /^clientCertificate\.cert \S*client-key\.pem holds no certificate in PEM \(no -----BEGIN CERTIFICATE----- line\): give the certificate issued for this domain$/,
    ],
    [
      'a .pfx given as the certificate',
      { cert: tlsFile('client.pfx'), key: tlsFile('client-key.pem') },
      /^clientCertificate\.cert \S*client\.pfx holds no certificate in PEM .*, or a \.pfx as clientCertificate: \{ pfx, password \}$/,
    ],
    [
      'the certificate given as the key',
      { cert: tlsFile('client.pem'), key: tlsFile('client.pem') },
      /^clientCertificate\.key \S*client\.pem holds no private key in PEM/,
    ],
    [
      'PEM text given as the .pfx',
      { pfx: tlsFile('client.pem'), password: PFX_PASSWORD },
      /^clientCertificate\.pfx \S*client\.pem is PEM text, not a PKCS#12 \(\.pfx\) file: give its certificate and key as clientCertificate: \{ cert, key, passphrase \}$/,
    ],
    [
      "another certificate's key",
      { cert: tlsFile('stranger.pem'), key: tlsFile('client-key.pem') },
      /^clientCertificate\.key \S*client-key\.pem is not the key of clientCertificate\.cert/,
    ],
    // Found by test/reliability/reach-sweep.test.ts: said as 'the client certificate or ca could
    // not be used (not enough data)', naming neither the file nor what it should be.
    [
      'bytes that are no PKCS#12 given as the .pfx',
      { pfx: new Uint8Array([0x30, 0x82, 0x01, 0x00, 7, 7, 7]), password: PFX_PASSWORD },
      /^clientCertificate\.pfx is not a PKCS#12 \(\.pfx\) file that can be opened \(not enough data\): give the \.pfx issued for this domain/,
    ],
    [
      'a certificate whose PEM is damaged',
      {
        cert: Buffer.from('-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----\n'),
        key: tlsFile('client-key.pem'),
      },
      /^clientCertificate\.cert, clientCertificate\.key \S*client-key\.pem or the ca could not be used \(ERR_OSSL_PEM_BAD_BASE64_DECODE\)/,
    ],
  ])('says %s, before any request', (_, clientCertificate, said) => {
    let thrown: unknown;
    try {
      createClient({ baseUrl: service.url, auth: ADMIN, clientCertificate });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ClientOptionsError);
    expect((thrown as Error).message).toMatch(said);
    expect((thrown as Error).message).not.toContain(PFX_PASSWORD);
  });

  it('says a missing certificate file is missing', () => {
    expect(() =>
      createClient({ baseUrl: service.url, auth: ADMIN, clientCertificate: { pfx: tlsFile('nope.pfx') } }),
    ).toThrow(/clientCertificate.pfx: cannot read .*nope\.pfx \(no such file\)/);
  });

  it('says http:// to its HTTPS port is answered by a closed connection, naming the https:// URL', async () => {
    const error = await failure({ baseUrl: service.url.replace('https:', 'http:'), ...SECURE });
    expect(error.message).toContain(
      // Certain, not "if it serves HTTPS": the server answered a TLS handshake (tls-probe.ts).
      `the server at 127.0.0.1:${service.port} serves HTTPS, and closed the connection this plain-HTTP request opened: use https://127.0.0.1:${service.port} as the base URL`,
    );
  });

  it("says the service's certificate is not trusted without ca, and what to do", async () => {
    // PEM: a .pfx that holds its issuer's certificate has node trust that issuer too.
    const error = await failure({ clientCertificate: pem });
    expect(error.message).toMatch(/not signed by an authority this machine trusts/);
    expect(error.message).toMatch(/as `ca`, or in NODE_EXTRA_CA_CERTS/);
  });
});

describe('a ca that cannot be what signs the service', () => {
  it.each([
    [
      'a key',
      tlsFile('client-key.pem'),
      /^ca \S*client-key\.pem holds no certificate \(no -----BEGIN CERTIFICATE----- line\): give the certificate of the authority \(PEM\)/,
    ],
    ['a .pfx', tlsFile('client.pfx'), /^ca \S*client\.pfx holds no certificate/],
    [
      'the CA in DER form, as Windows exports a .cer',
      new X509Certificate(readFileSync(tlsFile('ca.pem'))).raw,
      /^ca is a certificate in DER form; ca takes PEM: convert it with `openssl x509 -inform der -in FILE -out FILE\.pem`/,
    ],
  ])('is refused before any request when it is %s (node would skip it without a word)', (_, ca, said) => {
    let thrown: unknown;
    try {
      createClient({ baseUrl: service.url, auth: ADMIN, clientCertificate: pem, ca });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ClientOptionsError);
    expect((thrown as Error).message).toMatch(said);
  });

  it("says the ca given did not sign the service's certificate, not to give a ca", async () => {
    const error = await failure({ clientCertificate: pem, ca: tlsFile('other-ca.pem') });
    expect(error.message).toMatch(/not signed by an authority this machine trusts/);
    expect(error.message).toMatch(/The `ca` given did not sign it either/);
    expect(error.message).not.toMatch(/as `ca`, or in NODE_EXTRA_CA_CERTS/);
  });
});

describe('through a CONNECT proxy', () => {
  it('goes through the proxy given as an option, every request in its tunnel', async () => {
    const tunnel = await proxy();
    expect(await listApps({ baseUrl: behindProxy(), proxy: tunnel.url, ...SECURE })).toBe(0);
    expect(tunnel.tunnels).toEqual([`service.invalid:${service.port}`]);
  });

  it('tunnels to an http:// service too', async () => {
    const tunnel = await proxy({ aliases: ['plain.invalid'] });
    const client = createClient({
      baseUrl: plain.url.replace('127.0.0.1', 'plain.invalid'),
      auth: ADMIN,
      proxy: tunnel.url,
    });
    try {
      await client.apps.getApps({});
    } finally {
      await client.close();
    }
    expect(tunnel.tunnels).toEqual([`plain.invalid:${plain.port}`]);
  });

  it('sends the credentials of the proxy URL, and keeps them out of every message', async () => {
    const tunnel = await proxy({ login: 'proxy-user', password: 'proxy-secret-5519' });
    const url = tunnel.url.replace('//', '//proxy-user:proxy-secret-5519@');
    expect(await listApps({ baseUrl: behindProxy(), proxy: url, ...SECURE })).toBe(0);
    expect(tunnel.tunnels).toHaveLength(1);
  });

  it('says the proxy asks for credentials (407), naming the proxy, never its password', async () => {
    const tunnel = await proxy({ login: 'proxy-user', password: 'proxy-secret-5519' });
    const url = tunnel.url.replace('//', '//proxy-user:wrong-secret-2231@');
    const error = await failure({
      baseUrl: behindProxy(),
      proxy: url,
      ...SECURE,
    });
    expect(error.message).toContain(
      `the proxy ${tunnel.url} (from the proxy option) refused to open a tunnel to service.invalid:${service.port}: it answered 407`,
    );
    expect(error.message).toMatch(/Give the proxy its login and password in its URL/);
    expect(JSON.stringify({ message: error.message, cause: String(error.cause) })).not.toMatch(
      /wrong-secret|proxy-secret/,
    );
    // Nor in the error as a program logs it: its JSON, or as console.log shows it, its `proxy` included.
    const base64 = Buffer.from('proxy-user:wrong-secret-2231').toString('base64');
    for (const shown of [JSON.stringify(error), inspect(error, { depth: 10 })]) {
      expect(shown).not.toMatch(/wrong-secret|proxy-secret/);
      expect(shown).not.toContain(base64);
    }
    expect((error as TransportNetworkError).proxy).toEqual({ shown: tunnel.url, source: 'the proxy option' });
    expect(tunnel.tunnels).toEqual([]);
  });

  it('says the proxy refused the service (403), and is not retried', async () => {
    const tunnel = await proxy({ refuse: true });
    const client = createClient({
      baseUrl: behindProxy(),
      auth: ADMIN,
      proxy: tunnel.url,
      retry: { retries: 3, initialDelayMs: 1 },
    });
    const error = await client.apps.getApps({}).then(
      () => new Error('succeeded'),
      (e: Error) => e,
    );
    await client.close();
    expect(error.message).toMatch(
      /refused to open a tunnel to service\.invalid:\d+: it answered 403 \(Forbidden\)/,
    );
    expect(error.message).toMatch(/Ask the proxy's administrators to allow/);
    expect(tunnel.refused).toBe(1);
  });

  it('says a proxy that is not there is not reachable, naming it and where it was set', async () => {
    const gone = await proxy();
    await gone.close();
    vi.stubEnv('HTTPS_PROXY', gone.url);
    const error = await failure({ baseUrl: behindProxy() });
    expect(error.message).toContain(`the proxy ${gone.url} (from HTTPS_PROXY) is not reachable`);
    expect(error.message).toMatch(/Check the proxy address/);
  });

  it('takes HTTPS_PROXY from the environment', async () => {
    const tunnel = await proxy();
    vi.stubEnv('HTTPS_PROXY', tunnel.url);
    vi.stubEnv('NO_PROXY', '');
    expect(await listApps({ baseUrl: behindProxy(), ...SECURE })).toBe(0);
    expect(tunnel.tunnels).toHaveLength(1);
  });

  it.each(['127.0.0.1:PORT', 'corp:pw-7781@127.0.0.1:PORT'])(
    'takes HTTPS_PROXY without a scheme (%s) as an HTTP proxy, as curl does',
    async (written) => {
      const tunnel = await proxy(written.includes('@') ? { login: 'corp', password: 'pw-7781' } : {});
      vi.stubEnv('HTTPS_PROXY', written.replace('PORT', new URL(tunnel.url).port));
      expect(await listApps({ baseUrl: behindProxy(), ...SECURE })).toBe(0);
      expect(tunnel.tunnels).toHaveLength(1);
    },
  );

  it('says a "proxy" that closes the connection at CONNECT (no proxy at all) did so, at once', async () => {
    // undici 7 alone reconnects forever here, at full CPU, past every timeout (pool.ts).
    const notAProxy = createServer((socket) => socket.on('data', () => socket.destroy()));
    await new Promise<void>((resolve) => notAProxy.listen(0, '127.0.0.1', resolve));
    const port = (notAProxy.address() as AddressInfo).port;
    try {
      const error = await failure({ baseUrl: behindProxy(), proxy: `http://127.0.0.1:${port}`, ...SECURE });
      expect(error.message).toContain(
        `the proxy http://127.0.0.1:${port} (from the proxy option) closed the connection when asked for a tunnel to service.invalid:${service.port}, without answering`,
      );
      expect(error.message).toMatch(/Check that this address is the HTTP proxy \(one that takes CONNECT\)/);
    } finally {
      await new Promise<void>((resolve) => notAProxy.close(() => resolve()));
    }
  }, 10_000);

  it('the proxy option wins over HTTPS_PROXY', async () => {
    const unused = await proxy();
    const tunnel = await proxy();
    vi.stubEnv('HTTPS_PROXY', unused.url);
    expect(await listApps({ baseUrl: behindProxy(), proxy: tunnel.url, ...SECURE })).toBe(0);
    expect([unused.tunnels.length, tunnel.tunnels.length]).toEqual([0, 1]);
  });

  it.each(['127.0.0.1', '*', 'example.com, 127.0.0.1', `127.0.0.1:${0}`, '127.0.0.0/8'])(
    'reaches the service directly when NO_PROXY says %s',
    async (noProxy) => {
      const tunnel = await proxy({ aliases: [] });
      vi.stubEnv('HTTPS_PROXY', tunnel.url);
      // Without NO_PROXY, the same call goes through the proxy.
      await listApps({ ...SECURE });
      expect(tunnel.tunnels).toEqual([`127.0.0.1:${service.port}`]);
      vi.stubEnv('NO_PROXY', noProxy.replace(':0', `:${service.port}`));
      expect(await listApps({ ...SECURE })).toBe(0);
      expect(tunnel.tunnels).toHaveLength(1);
    },
  );

  it('goes through the proxy when NO_PROXY names another port of the host', async () => {
    const tunnel = await proxy({ aliases: [] });
    vi.stubEnv('HTTPS_PROXY', tunnel.url);
    vi.stubEnv('NO_PROXY', `127.0.0.1:${service.port + 1}`);
    expect(await listApps({ ...SECURE })).toBe(0);
    expect(tunnel.tunnels).toEqual([`127.0.0.1:${service.port}`]);
  });

  it('proxy: false ignores HTTPS_PROXY', async () => {
    const tunnel = await proxy({ aliases: [] });
    vi.stubEnv('HTTPS_PROXY', tunnel.url);
    await listApps({ ...SECURE });
    expect(tunnel.tunnels).toHaveLength(1);
    expect(await listApps({ proxy: false, ...SECURE })).toBe(0);
    expect(tunnel.tunnels).toHaveLength(1);
  });
});
