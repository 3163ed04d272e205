/**
 * The client's own keep-alive pool against a real HTTP server on port 0: connections dropped
 * mid-request are retried for a GET and not for a POST, and clients of one origin share a pool.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, TransportNetworkError } from '../../src/client/index.js';

let server: Server;
let baseUrl: string;
const hits = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const key = `${req.method} ${req.url?.split('?')[0]}`;
    const count = (hits.get(key) ?? 0) + 1;
    hits.set(key, count);
    req.resume();
    req.on('end', () => {
      // The first request of each kind loses its connection; later ones are answered.
      if (count === 1 && !key.endsWith('/app.json')) {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: key }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const options = () => ({ baseUrl, auth: { apiToken: 't' }, retry: { initialDelayMs: 1, maxDelayMs: 2 } });

describe('over a real socket', () => {
  it('retries a GET whose connection was reset', async () => {
    const client = createClient(options());
    await expect(client.apps.getApps()).resolves.toEqual({ ok: 'GET /k/v1/apps.json' });
    expect(hits.get('GET /k/v1/apps.json')).toBe(2);
    await client.close();
  });

  it('does not retry a POST whose connection was reset', async () => {
    const client = createClient(options());
    const error = await client.records.addRecord({ app: 1, record: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportNetworkError);
    expect(hits.get('POST /k/v1/record.json')).toBe(1);
    await client.close();
  });

  it('shares one pool between clients of one origin and keeps it until the last one closes', async () => {
    const first = createClient(options());
    const second = createClient(options());
    await first.apps.getApp({ id: 1 });
    await first.close();
    await expect(second.apps.getApp({ id: 1 })).resolves.toEqual({ ok: 'GET /k/v1/app.json' });
    await second.close();
    const third = createClient(options());
    await expect(third.apps.getApp({ id: 1 })).resolves.toEqual({ ok: 'GET /k/v1/app.json' });
    await third.close();
  });
});
