/**
 * A proxy reached over https:// as the built CLI meets it (found by
 * test/reliability/reach-sweep.test.ts): `ca:` adds to the authorities this machine trusts, for
 * the proxy as for the service (README, "Trust"), so a proxy whose certificate NODE_EXTRA_CA_CERTS
 * trusts stays trusted when the environment gives a `ca` of its own; and a proxy at an IP address
 * brings no warning of node's onto the command's stderr.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { appdeploy, tempDir } from '../support/cli.js';
import { NO_MACHINE_PROXY, startConnectProxy, type TestProxy } from '../support/connect-proxy.js';
import { SECURE_ACCESS, tlsFile } from '../support/tls.js';

let service: RunningEmulator;
let proxy: TestProxy;
let root: string;

beforeAll(async () => {
  service = await startEmulator({ port: 0 });
  // Over https://, its certificate (for 127.0.0.1) signed by the test CA.
  proxy = await startConnectProxy({ tls: { cert: SECURE_ACCESS.cert, key: SECURE_ACCESS.key } });
  root = await tempDir('reach-proxy-trust');
  await mkdir(join(root, 'apps'));
  await mkdir(join(root, 'certs'));
  await writeFile(join(root, 'certs/other-ca.pem'), await readFile(tlsFile('other-ca.pem')));
  await writeFile(join(root, 'apps/notes.yaml'), stringify({ name: 'Notes', fields: {} }));
});

afterAll(async () => {
  await proxy.close();
  await service.close();
  await rm(root, { recursive: true, force: true });
});

async function plan(prod: Record<string, unknown>) {
  await writeFile(
    join(root, 'appdeploy.yaml'),
    stringify({
      defaultEnvironment: 'prod',
      environments: { prod: { baseUrl: service.url, auth: { login: 'admin', password: 'admin' }, ...prod } },
      apps: { notes: { manifest: 'apps/notes.yaml' } },
    }),
  );
  const before = proxy.tunnels.length;
  const result = await appdeploy(['plan'], root, {
    ...NO_MACHINE_PROXY,
    NODE_EXTRA_CA_CERTS: tlsFile('ca.pem'),
  });
  return { ...result, tunnels: proxy.tunnels.length - before };
}

it("a proxy NODE_EXTRA_CA_CERTS trusts stays trusted beside the environment's own ca", async () => {
  const result = await plan({ proxy: proxy.url, ca: 'certs/other-ca.pem' });
  expect(result.stderr).not.toMatch(/certificate of the proxy/);
  expect(result.code, result.stderr).toBe(0);
  expect(result.tunnels).toBeGreaterThan(0);
});

it('a proxy over https:// at an IP address: no warning of node on stderr', async () => {
  const result = await plan({ proxy: proxy.url });
  expect(result.code, result.stderr).toBe(0);
  expect(result.tunnels).toBeGreaterThan(0);
  expect(result.stderr).not.toMatch(/Warning/);
});
