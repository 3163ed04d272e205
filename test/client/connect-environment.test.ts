/**
 * `connect` from the library's main entry: a program reaches a project's environment as the CLI
 * does. Before it was exported, README's CI script built the client from `baseUrl` and `auth`
 * alone, so a program behind a proxy or on a Secure Access domain could not connect although
 * `appdeploy plan` could: here the environment names a CONNECT proxy (its password from a
 * variable) and a .pfx client certificate, and the service answers only through the proxy (its
 * name resolves nowhere else) and only to that certificate.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { AppdeployError, connect, loadProject } from '../../src/index.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { startConnectProxy, type TestProxy } from '../support/connect-proxy.js';
import { tempDir } from '../support/cli.js';
import { PFX_PASSWORD, SECURE_ACCESS, tlsFile } from '../support/tls.js';

const PROXY_PASSWORD = 'proxy-Secret-90ab1';
let service: RunningEmulator;
let proxy: TestProxy;
let root: string;

beforeAll(async () => {
  service = await startEmulator({ port: 0, tls: SECURE_ACCESS });
  proxy = await startConnectProxy({ login: 'corp', password: PROXY_PASSWORD, aliases: ['service.invalid'] });
  root = await tempDir('connect-library');
  await mkdir(join(root, 'apps'));
  await writeFile(join(root, 'client.pfx'), await readFile(tlsFile('client.pfx')));
  await writeFile(join(root, 'ca.pem'), await readFile(tlsFile('ca.pem')));
  await writeFile(join(root, 'apps/notes.yaml'), stringify({ name: 'Notes', fields: {} }));
  const port = new URL(service.url).port;
  await writeFile(
    join(root, 'appdeploy.yaml'),
    stringify({
      environments: {
        prod: {
          baseUrl: `https://service.invalid:${port}`,
          auth: { login: 'admin', password: 'admin' },
          proxy: `http://corp:\${PROXY_PASSWORD}@127.0.0.1:${proxy.port}`,
          clientCertificate: { pfx: 'client.pfx', password: '${PFX_PASSWORD}' },
          ca: 'ca.pem',
        },
      },
      apps: { notes: { manifest: 'apps/notes.yaml' } },
    }),
  );
});

afterAll(async () => {
  await service.close();
  await proxy.close();
  await rm(root, { recursive: true, force: true });
});

const variables = { PROXY_PASSWORD, PFX_PASSWORD };

it('reaches the environment through its proxy with its client certificate', async () => {
  const project = await loadProject({ cwd: root, env: 'prod', variables });
  const connection = await connect(project);
  try {
    expect(connection.describe).toBe(project.environment.config.baseUrl);
    expect((await connection.client.apps.getApps({})).apps).toEqual([]);
    expect(connection.client.connection.route).toMatch(/^through the proxy http:\/\/127\.0\.0\.1:\d+/);
  } finally {
    await connection.close();
  }
  expect(proxy.tunnels).toContain(`service.invalid:${new URL(service.url).port}`);
});

it('ends the calls when its signal aborts', async () => {
  const project = await loadProject({ cwd: root, env: 'prod', variables });
  const controller = new AbortController();
  const connection = await connect(project, { signal: controller.signal });
  try {
    controller.abort();
    await expect(connection.client.apps.getApps({})).rejects.toThrow();
  } finally {
    await connection.close();
  }
});

it('refuses an environment with a base URL and no auth, saying what to add', async () => {
  const project = await loadProject({ cwd: root, env: 'prod', variables });
  const { auth: _auth, ...withoutAuth } = project.environment.config;
  const noAuth = { ...project, environment: { ...project.environment, config: withoutAuth } };
  const refused = await connect(noAuth).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(AppdeployError);
  expect(refused).toMatchObject({ code: 'ENVIRONMENT.NO_AUTH' });
});
