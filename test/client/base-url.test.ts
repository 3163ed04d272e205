/**
 * Two base URL mistakes, each answered with what is wrong and what to write instead: https:// to a
 * port that speaks plain HTTP (not OpenSSL's own text), and a base URL that already ends in the
 * API's path (/k/v1), which the client adds to every call itself (the official client's paths
 * are /k/v1/... below the domain: AppClient.js builds them from buildPath).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientOptionsError, createClient, TransportNetworkError } from '../../src/client/index.js';
import { tlsFile } from '../support/tls.js';

let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((_req, res) => res.end('{}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the base URL', () => {
  it('https:// to a plain HTTP port: says so and names the http:// URL, without OpenSSL text', async () => {
    const client = createClient({
      baseUrl: `https://127.0.0.1:${port}`,
      auth: { apiToken: 't' },
      retry: { retries: 0 },
    });
    try {
      const error = await client.apps.getApps().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportNetworkError);
      const message = (error as Error).message;
      expect(message).not.toMatch(/SSL routines|openssl|0A00010B/);
      expect(message).toContain(
        `the server at 127.0.0.1:${port} answered in plain HTTP, not HTTPS: use http://127.0.0.1:${port} as the base URL`,
      );
    } finally {
      await client.close();
    }
  });

  it('http:// to a port that serves HTTPS: says so for certain (the server answers a TLS handshake), and does not retry', async () => {
    let connections = 0;
    const tlsServer: TlsServer = createTlsServer(
      { cert: readFileSync(tlsFile('server.pem')), key: readFileSync(tlsFile('server-key.pem')) },
      (_req, res) => res.end('{}'),
    );
    tlsServer.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
    const tlsPort = (tlsServer.address() as AddressInfo).port;
    const client = createClient({ baseUrl: `http://127.0.0.1:${tlsPort}`, auth: { apiToken: 't' } });
    try {
      const error = await client.apps.getApps().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportNetworkError);
      expect((error as Error).message).toBe(
        `GET /k/v1/apps.json failed: the server at 127.0.0.1:${tlsPort} serves HTTPS, and closed the connection this plain-HTTP request opened: use https://127.0.0.1:${tlsPort} as the base URL (UND_ERR_SOCKET). Check the base URL and the network.`,
      );
      // The request's connection and the one handshake that asked; no retries.
      expect(connections).toBe(2);
    } finally {
      await client.close();
      await new Promise<void>((resolve) => tlsServer.close(() => resolve()));
    }
  });

  it.each([
    'https://example.com/k/v1',
    'https://example.com/k/v1/',
    'https://example.com/proxy/k/guest/3/v1',
  ])('%s: refused, naming the base URL to give instead', (baseUrl) => {
    let thrown: unknown;
    try {
      createClient({ baseUrl, auth: { apiToken: 't' } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ClientOptionsError);
    const expected = baseUrl.includes('/proxy') ? 'https://example.com/proxy' : 'https://example.com';
    expect((thrown as Error).message).toBe(
      `baseUrl ends in the API's own path (${new URL(baseUrl).pathname.replace(/\/$/, '').replace(/^\/proxy/, '')}), which every call adds: give ${expected}`,
    );
  });

  it.each([
    ['https://example.cybozu.com/k/', 'https://example.cybozu.com', '(/k/)'],
    ['https://example.cybozu.com/k/#/space/1', 'https://example.cybozu.com', '(/k/#/space/1)'],
    ['https://example.com/proxy/k/guest/5/', 'https://example.com/proxy', '(/proxy/k/guest/5/)'],
  ])('%s, a page of the service copied from the browser: refused, naming %s', (baseUrl, expected, shown) => {
    expect(() => createClient({ baseUrl, auth: { apiToken: 't' } })).toThrow(
      new ClientOptionsError(
        `baseUrl is the address of the service's pages ${shown}, not of its API, which every call adds below /k/: give ${expected}`,
      ),
    );
  });

  it.each([
    [
      'a closed port',
      async () => {
        const closed = createServer();
        await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
        const free = (closed.address() as AddressInfo).port;
        await new Promise<void>((resolve) => closed.close(() => resolve()));
        return `http://127.0.0.1:${free}`;
      },
      /^GET \/k\/v1\/apps\.json failed: nothing accepts connections at 127\.0\.0\.1:\d+ \(ECONNREFUSED\)\. Check the base URL's host and port, and that the service runs there\.$/,
    ],
    [
      'a host no DNS knows (.invalid never resolves)',
      () => Promise.resolve('https://no-such-host.invalid'),
      /^GET \/k\/v1\/apps\.json failed: the host no-such-host\.invalid (is not known to DNS|could not be looked up \(DNS did not answer\)) \((ENOTFOUND|EAI_AGAIN)\)\. Check the base URL's host name; where this network reaches the service only through a company proxy, give the environment's proxy \(or HTTPS_PROXY\)\.$/,
    ],
  ])("an address not reached, %s: says what of it, not node's text", async (_, address, said) => {
    const client = createClient({ baseUrl: await address(), auth: { apiToken: 't' }, retry: { retries: 0 } });
    try {
      const error = await client.apps.getApps().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportNetworkError);
      expect((error as Error).message).toMatch(said);
    } finally {
      await client.close();
    }
  });
});
