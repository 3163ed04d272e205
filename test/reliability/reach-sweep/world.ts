/**
 * The sweep's network on loopback, all on port 0: the local service over plain HTTP, over HTTPS
 * requiring client certificates signed by the test CA (a Secure Access domain), over HTTPS with a
 * certificate that expired, on 127.0.0.2 (loopback too) which its certificate does not name; a
 * closed port; and the proxies (test/support/connect-proxy.ts,
 * answering 502 for a target they cannot reach, as company proxies do): one taking anyone, one
 * wanting credentials, one refusing every tunnel, one over https:// wanting credentials, the
 * plain service's port as an address that is no proxy, and a closed port. Certificates:
 * test/fixtures/tls/ (scripts/make-test-certs.sh).
 */
import { readFileSync } from 'node:fs';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { startConnectProxy, type TestProxy } from '../../support/connect-proxy.js';
import { tlsFile } from '../../support/tls.js';
import type { Ports } from './expect.js';
import { API_LOGIN, API_PASSWORD, PROXY_LOGIN, PROXY_PASSWORD } from './secrets.js';
import { closedPort } from '../../support/closed-port.js';

export interface World {
  ports: Ports;
  proxies: Record<'plain' | 'auth' | 'refusing' | 'tls', TestProxy>;
  close(): Promise<void>;
}

export async function startWorld(): Promise<World> {
  const users = [{ login: API_LOGIN, password: API_PASSWORD, admin: true, name: 'Deployer' }];
  const server = { cert: readFileSync(tlsFile('server.pem')), key: readFileSync(tlsFile('server-key.pem')) };
  const services: RunningEmulator[] = await Promise.all([
    startEmulator({ port: 0, users, deployMs: 20 }),
    startEmulator({
      port: 0,
      users,
      deployMs: 20,
      tls: { ...server, clientCa: readFileSync(tlsFile('ca.pem')) },
    }),
    startEmulator({
      port: 0,
      users,
      deployMs: 20,
      tls: {
        cert: readFileSync(tlsFile('server-expired.pem')),
        key: readFileSync(tlsFile('server-expired-key.pem')),
      },
    }),
    startEmulator({
      port: 0,
      host: '127.0.0.2',
      users,
      deployMs: 20,
      tls: { ...server, clientCa: readFileSync(tlsFile('ca.pem')) },
    }),
  ]);
  const [http, secure, expired, wrongHost] = services as [
    RunningEmulator,
    RunningEmulator,
    RunningEmulator,
    RunningEmulator,
  ];
  const common = { aliases: ['service.invalid'], badGateway: true };
  const credentials = { login: PROXY_LOGIN, password: PROXY_PASSWORD };
  const proxies = {
    plain: await startConnectProxy(common),
    auth: await startConnectProxy({ ...common, ...credentials }),
    refusing: await startConnectProxy({ ...common, refuse: true }),
    tls: await startConnectProxy({ ...common, ...credentials, tls: server }),
  };
  const ports: Ports = {
    service: {
      http: http.port,
      secure: secure.port,
      expired: expired.port,
      wrongHost: wrongHost.port,
      closed: await closedPort(),
    },
    proxy: {
      plain: proxies.plain.port,
      auth: proxies.auth.port,
      refusing: proxies.refusing.port,
      tls: proxies.tls.port,
      notProxy: http.port,
      closed: await closedPort(),
    },
  };
  return {
    ports,
    proxies,
    close: async () => {
      await Promise.all([...services.map((s) => s.close()), ...Object.values(proxies).map((p) => p.close())]);
    },
  };
}
