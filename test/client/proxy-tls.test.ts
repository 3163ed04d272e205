/**
 * A proxy reached over https:// whose own TLS fails is said of the proxy, not of the service: its
 * certificate not trusted, expired or not issued for its address, or a proxy that speaks plain
 * HTTP given as https:// (HTTPS_PROXY=https://proxy:8080, often written so). Before, each was
 * said of the service's certificate or, for the last, as the service answering in plain HTTP
 * with the advice to change the base URL. The service is plain HTTP here, so nothing but the
 * proxy speaks TLS. Certificates: test/fixtures/tls/.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { ADMIN } from '../support/users.js';
import { tlsFile } from '../support/tls.js';

let service: RunningEmulator;
const proxies: Server[] = [];

/** A CONNECT proxy to 127.0.0.1, on `host`, over TLS with `cert` (or plain HTTP). */
async function proxy(host: string, cert?: string): Promise<number> {
  const tunnel = (req: { url?: string }, client: Socket, head: Buffer) => {
    const upstream = connect(Number(req.url?.split(':')[1]), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  };
  const server =
    cert === undefined
      ? createHttpServer()
      : createHttpsServer({
          cert: readFileSync(tlsFile(`${cert}.pem`)),
          key: readFileSync(tlsFile(`${cert}-key.pem`)),
        });
  server.on('connect', tunnel);
  proxies.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

let trusted: number;
let expired: number;
let misnamed: number;
let plain: number;

beforeAll(async () => {
  service = await startEmulator({ port: 0 });
  // 127.0.0.2 (loopback too): an address the proxy's certificate (for 127.0.0.1, localhost) does not name.
  [trusted, expired, misnamed, plain] = await Promise.all([
    proxy('127.0.0.1', 'server'),
    proxy('127.0.0.1', 'server-expired'),
    proxy('127.0.0.2', 'server'),
    proxy('127.0.0.1'),
  ]);
});

afterAll(async () => {
  await service.close();
  await Promise.all(proxies.map((server) => new Promise((resolve) => server.close(resolve))));
});

async function failure(proxyUrl: string, ca?: string): Promise<string> {
  const client = createClient({
    baseUrl: service.url,
    auth: ADMIN,
    proxy: proxyUrl,
    retry: { retries: 0 },
    ...(ca === undefined ? {} : { ca: tlsFile(ca) }),
  });
  try {
    await client.apps.getApps({});
    return 'the call succeeded';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.close();
  }
}

it('reaches the service through an https:// proxy whose certificate ca trusts', async () => {
  expect(await failure(`https://127.0.0.1:${trusted}`, 'ca.pem')).toBe('the call succeeded');
});

it.each([
  [
    'a certificate not trusted',
    () => `https://127.0.0.1:${trusted}`,
    undefined,
    /^GET \/k\/v1\/apps\.json failed: the certificate of the proxy https:\/\/127\.0\.0\.1:\d+ \(from the proxy option\) is not signed by an authority this machine trusts \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)\. Give the certificate \(PEM\) of the authority that signs the proxy's certificate as `ca`/,
  ],
  [
    'a certificate signed by another authority than ca',
    () => `https://127.0.0.1:${trusted}`,
    'other-ca.pem',
    /is not signed by an authority this machine trusts \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)\. The `ca` given did not sign it either: give the certificate \(PEM\) of the authority that signs the proxy's certificate/,
  ],
  [
    'an expired certificate',
    () => `https://127.0.0.1:${expired}`,
    'ca.pem',
    /failed: the certificate the proxy https:\/\/127\.0\.0\.1:\d+ \(from the proxy option\) presents has expired \(CERT_HAS_EXPIRED\)\. Check the proxy's address/,
  ],
  [
    'a certificate not issued for its address',
    () => `https://127.0.0.2:${misnamed}`,
    'ca.pem',
    /failed: the certificate the proxy https:\/\/127\.0\.0\.2:\d+ \(from the proxy option\) presents is not issued for 127\.0\.0\.2/,
  ],
  [
    'plain HTTP given as https://',
    () => `https://127.0.0.1:${plain}`,
    undefined,
    /failed: the proxy https:\/\/127\.0\.0\.1:(\d+) \(from the proxy option\) answered in plain HTTP, not HTTPS \(ERR_SSL_\w+\)\. Give it as http:\/\/127\.0\.0\.1:\1 /,
  ],
])('says the proxy has %s', async (_, url, ca, said) => {
  const message = await failure(url(), ca);
  expect(message).toMatch(said);
  expect(message).not.toMatch(/base URL/);
});
