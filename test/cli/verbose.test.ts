/**
 * `--verbose` (request-log.ts), as a user behind a proxy meets it with the built CLI: the first
 * line says where the calls go and through which proxy (from which variable), or why directly;
 * then every request, its status and time, and each retry; never the proxy's credentials nor the
 * service's (README, "Behind a proxy, with Secure Access").
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { appdeploy, tempDir } from '../support/cli.js';
import { NO_MACHINE_PROXY, startConnectProxy, type TestProxy } from '../support/connect-proxy.js';

const PASSWORD = 'pw-of-admin-9f3';
const PROXY_PASSWORD = 'proxy-secret-4k7';
let service: RunningEmulator;
let proxy: TestProxy;
let root: string;

beforeAll(async () => {
  service = await startEmulator({ port: 0, users: [{ login: 'admin', password: PASSWORD, admin: true }] });
  proxy = await startConnectProxy({ login: 'me', password: PROXY_PASSWORD });
  root = await tempDir('verbose');
  await mkdir(join(root, 'apps'));
  await writeFile(join(root, 'apps/notes.yaml'), stringify({ name: 'Notes', fields: {} }));
  await writeFile(
    join(root, 'appdeploy.yaml'),
    stringify({
      defaultEnvironment: 'prod',
      environments: { prod: { baseUrl: service.url, auth: { login: 'admin', password: PASSWORD } } },
      apps: { notes: { manifest: 'apps/notes.yaml' } },
    }),
  );
});

afterAll(async () => {
  await proxy.close();
  await service.close();
  await rm(root, { recursive: true, force: true });
});

function secretsIn(text: string): string[] {
  const basic = Buffer.from(`admin:${PASSWORD}`).toString('base64');
  return [PASSWORD, PROXY_PASSWORD, basic].filter((secret) => text.includes(secret));
}

const port = () => new URL(service.url).port;

describe('--verbose', () => {
  it('names the proxy and the variable it came from, then every call; no credential', async () => {
    const proxyUrl = `http://me:${PROXY_PASSWORD}@127.0.0.1:${proxy.port}`;
    const result = await appdeploy(['status', '--verbose'], root, {
      ...NO_MACHINE_PROXY,
      HTTP_PROXY: proxyUrl,
    });
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('http:'));
    expect(lines[0]).toBe(
      `http: http://127.0.0.1:${port()}/ through the proxy http://127.0.0.1:${proxy.port} (from HTTP_PROXY)`,
    );
    expect(lines).toContain('http: -> GET /v1/users.json');
    expect(lines.some((line) => /^http: <- 200 GET \/v1\/users\.json in \d+ ms$/.test(line))).toBe(true);
    // Every request line has its answer.
    const sent = lines.filter((line) => line.startsWith('http: -> ')).length;
    expect(lines.filter((line) => line.startsWith('http: <- ')).length).toBe(sent);
    expect(secretsIn(result.stdout + result.stderr)).toEqual([]);
    expect(proxy.tunnels.length).toBeGreaterThan(0);
  });

  it('says why the calls go directly when NO_PROXY names the host', async () => {
    const result = await appdeploy(['status', '--verbose'], root, {
      ...NO_MACHINE_PROXY,
      HTTP_PROXY: `http://me:${PROXY_PASSWORD}@127.0.0.1:${proxy.port}`,
      NO_PROXY: '127.0.0.1',
    });
    expect(result.stderr.split('\n')[0]).toBe(
      `http: http://127.0.0.1:${port()}/ directly (HTTP_PROXY is set, but NO_PROXY names this host)`,
    );
    expect(secretsIn(result.stderr)).toEqual([]);
  });

  it('shows a retry with its reason and delay, and the attempt that follows', async () => {
    await fetch(new URL('/_emulator/faults', service.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-Cybozu-Authorization': Buffer.from(`admin:${PASSWORD}`).toString('base64'),
      },
      body: JSON.stringify({ method: 'GET', path: '^/v1/users\\.json', status: 503, times: 1 }),
    });
    const result = await appdeploy(['status', '--verbose'], root, NO_MACHINE_PROXY);
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('http:'));
    const failed = lines.findIndex((line) => line.startsWith('http: <- 503 GET /v1/users.json'));
    expect(failed).toBeGreaterThan(0);
    expect(lines[failed + 1]).toMatch(
      /^http: GET \/v1\/users\.json: attempt 1 failed \(.+\); trying again in \d+(\.\d)? m?s$/,
    );
    expect(lines).toContain('http: -> GET /v1/users.json (attempt 2)');
    // The retry succeeded: status answers as ever (2: the app is not created yet).
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('notes: not created yet');
  });

  it('names the app a call is about', async () => {
    expect((await appdeploy(['apply', '--yes'], root, NO_MACHINE_PROXY)).code).toBe(0);
    const result = await appdeploy(['plan', '--verbose', '--detailed-exitcode'], root, NO_MACHINE_PROXY);
    expect(result.code).toBe(0);
    const id = /^http: -> GET \/k\/v1\/preview\/app\/settings\.json \(app (\d+)\)$/m.exec(result.stderr)?.[1];
    expect(id).toBeDefined();
    expect(result.stderr).toMatch(
      new RegExp(`^http: <- 200 GET /k/v1/app/settings\\.json \\(app ${id}\\) in \\d+ ms$`, 'm'),
    );
  });

  it('prints nothing of the kind without the flag', async () => {
    const result = await appdeploy(['status'], root, NO_MACHINE_PROXY);
    expect(result.stderr).not.toMatch(/^http:/m);
  });
});
