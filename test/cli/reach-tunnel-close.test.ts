/**
 * A command whose calls fail through a proxy's tunnels ends, and says why. `status` reads many
 * settings at once; the first failure ends the command while the others still wait for their
 * tunnels, and the client is closed then. When each tunnel's TLS failed (a certificate not issued
 * for the host asked for), undici's ProxyAgent never finished closing: the CLI ended with node's
 * exit code 13 (a top-level await left unsettled) and printed nothing. Run in-process, where that
 * shows as a command that never returns.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../support/cli.js';
import { startConnectProxy, type TestProxy } from '../support/connect-proxy.js';
import { runMain } from '../support/main-in-process.js';
import { PFX_PASSWORD, SECURE_ACCESS, tlsFile } from '../support/tls.js';

let service: RunningEmulator;
let proxy: TestProxy;
let root: string;

beforeAll(async () => {
  service = await startEmulator({ port: 0, tls: SECURE_ACCESS });
  // other.invalid: a name the proxy resolves to the service, whose certificate is not issued for it.
  proxy = await startConnectProxy({ aliases: ['other.invalid'] });
  root = await tempDir('tunnel-close');
  await mkdir(join(root, 'apps'));
  await writeFile(
    join(root, 'apps/notes.yaml'),
    stringify({
      name: 'Notes',
      fields: { title: { type: 'SINGLE_LINE_TEXT', label: 'Title' } },
      layout: [{ type: 'ROW', fields: [{ code: 'title' }] }],
    }),
  );
  await writeFile(
    join(root, 'appdeploy.yaml'),
    stringify({
      environments: {
        misnamed: {
          baseUrl: service.url.replace('127.0.0.1', 'other.invalid'),
          auth: { login: 'admin', password: 'admin' },
          proxy: proxy.url,
          clientCertificate: { pfx: tlsFile('client.pfx'), password: PFX_PASSWORD },
          ca: tlsFile('ca.pem'),
        },
      },
      apps: { notes: { manifest: 'apps/notes.yaml', ids: { misnamed: 1 } } },
    }),
  );
});

afterAll(async () => {
  await service.close();
  await proxy.close();
  await rm(root, { recursive: true, force: true });
});

it('status through tunnels to a misnamed certificate ends, saying the certificate is not issued for the host', async () => {
  const run = await runMain(['status', '-C', root]);
  expect(run.code).toBe(1);
  expect(run.err).toMatch(
    /^Error: GET \/k\/v1\/\S+ failed: the certificate other\.invalid:\d+ presents is not issued for other\.invalid \(ERR_TLS_CERT_ALTNAME_INVALID\)\. Check the base URL; a proxy that inspects TLS must sign for the host it answers for\.\n/,
  );
});
