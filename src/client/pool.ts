/**
 * One keep-alive connection pool per origin, shared by every client that talks to it, and closed
 * when the last of those clients closes.
 */
import { isIP } from 'node:net';
import { Pool, ProxyAgent, type Dispatcher } from 'undici';
import { TUNNEL_DROPPED } from './connection-failure.js';
import { PROXY_TLS } from './proxy-tls-failure.js';
import { isTlsFailureCode } from './tls-codes.js';
import type { Reach } from './reach.js';

const pools = new Map<string, { pool: Pool; users: number }>();

export interface PoolLease {
  dispatcher: Dispatcher;
  /** Gives the pool back; the last lease of an origin closes its connections. */
  release(): Promise<void>;
}

export function leasePool(origin: string): PoolLease {
  let entry = pools.get(origin);
  if (!entry) {
    entry = { pool: new Pool(origin, { keepAliveTimeout: 10_000 }), users: 0 };
    pools.set(origin, entry);
  }
  entry.users += 1;
  const leased = entry;
  let released = false;
  return {
    dispatcher: leased.pool,
    release: async () => {
      if (released) return;
      released = true;
      leased.users -= 1;
      if (leased.users > 0) return;
      if (pools.get(origin) === leased) pools.delete(origin);
      await leased.pool.close();
    },
  };
}

/**
 * A connection of the client's own, not shared, when it goes through a proxy or with TLS settings
 * of its own (reach.ts): one proxy agent or pool that closes with the client. The proxy agent
 * opens a tunnel (CONNECT) to the service for https:// and http:// services alike (undici 7's
 * ProxyAgent, proxyTunnel true by default), and speaks TLS with the service through it.
 */
export function ownDispatcher(baseUrl: URL, reach: Reach): PoolLease | undefined {
  if (reach.proxy === undefined && reach.secureContext === undefined) return undefined;
  const requestTls = reach.secureContext ? { secureContext: reach.secureContext } : undefined;
  const dispatcher: Dispatcher = reach.proxy
    ? new ProxyAgent({
        uri: reach.proxy.url.href,
        keepAliveTimeout: 10_000,
        clientFactory: tunnelFailingOnClose,
        ...(requestTls ? { requestTls } : {}),
        ...(reach.proxyTls ? { proxyTls: { secureContext: reach.proxyTls } } : {}),
      })
    : new Pool(baseUrl.origin, { keepAliveTimeout: 10_000, connect: { ...requestTls } });
  let released = false;
  return {
    dispatcher,
    // Destroyed, not closed: it is released once every call of its client has settled (client.ts),
    // so it holds no request of ours; and undici 7.30's ProxyAgent.close(), called while calls
    // waited for tunnels whose TLS failed (a certificate not issued for the host), never resolved:
    // a failing command then ended with node's exit code 13 and not a word of why
    // (test/cli/reach-tunnel-close.test.ts).
    release: async () => {
      if (released) return;
      released = true;
      await dispatcher.destroy();
    },
  };
}

/**
 * The pool to the proxy, whose TLS failures (an https:// proxy) are marked as the proxy's, and whose
 * CONNECT a proxy that closes the connection without answering
 * (a server that is no proxy, a TLS port) fails rather than repeats. undici 7.30's ProxyAgent
 * passes that UND_ERR_SOCKET on to the service's client, which takes it for a recoverable drop of
 * an open connection and connects again at once, forever, at full CPU, with the request never
 * started so that no timeout or abort ends it (nodejs/undici#3897, fixed in 8 by wrapping it as
 * UND_ERR_PRX_CONN: nodejs/undici#5441). Any other code is undici's to handle as it does.
 */
function tunnelFailingOnClose(origin: URL | string, options: Pool.Options): Pool {
  const pool = new Pool(origin, options);
  const connect: (params: Dispatcher.ConnectOptions) => Promise<Dispatcher.ConnectData> =
    pool.connect.bind(pool);
  (pool as { connect: unknown }).connect = async (params: Dispatcher.ConnectOptions) => {
    try {
      return await connect(withoutAddressAsName(params));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // The proxy's own TLS (an https:// proxy), told apart from the service's through the tunnel.
      if (isTlsFailureCode(code))
        throw Object.assign(new Error("the proxy's TLS failed"), { code: PROXY_TLS, cause: error });
      if (code !== 'UND_ERR_SOCKET') throw error;
      throw Object.assign(new Error('the proxy closed the connection without answering the tunnel request'), {
        code: TUNNEL_DROPPED,
        cause: error,
      });
    }
  };
  return pool;
}

/**
 * The CONNECT to a proxy reached over https:// at an IP address, without that address as the TLS
 * server name: undici 7.30's ProxyAgent names the proxy's host as the server name of its TLS
 * connection, and node warns on stderr, on every command, that an IP address there "is not
 * permitted by RFC 6066" (DEP0123; RFC 6066, section 3: "Literal IPv4 and IPv6 addresses are not
 * permitted in HostName"). Left out, undici names none for an address, as it does for a service
 * reached at one; the proxy's certificate is still verified against the address.
 */
function withoutAddressAsName(params: Dispatcher.ConnectOptions): Dispatcher.ConnectOptions {
  const name = (params as { servername?: unknown }).servername;
  if (typeof name !== 'string' || isIP(name.replace(/^\[(.*)\]$/, '$1')) === 0) return params;
  return { ...params, servername: undefined } as Dispatcher.ConnectOptions;
}
