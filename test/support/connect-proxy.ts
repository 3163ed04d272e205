/**
 * An HTTP proxy for tests, on loopback port 0: it answers CONNECT by opening a tunnel to the
 * target (what every HTTPS client asks of a company proxy), and counts the tunnels and the
 * requests it was sent. With credentials, a CONNECT without the right Proxy-Authorization is
 * answered 407; `refuse` answers every CONNECT 403. It serves nothing but tunnels: a plain
 * request sent to it is answered 405. `aliases` are host names only the proxy resolves (to
 * 127.0.0.1): a service addressed by one of them is reached through the proxy or not at all, so
 * no request can go around it unseen. With `tls` it is reached over https://. With `badGateway`
 * it answers as company proxies do (squid, and most others) when it cannot reach the target (a
 * closed port; a `.invalid` name, which never resolves: RFC 6761): 502 Bad Gateway, where it
 * otherwise just closes the connection.
 */
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** The machine's own proxy variables, emptied: what a built-CLI run of a reach test starts from. */
export const NO_MACHINE_PROXY = {
  https_proxy: '',
  HTTPS_PROXY: '',
  http_proxy: '',
  HTTP_PROXY: '',
  no_proxy: '',
  NO_PROXY: '',
} as const;

export interface TestProxy {
  readonly url: string;
  readonly port: number;
  /** Tunnels opened, by target `host:port`. */
  readonly tunnels: string[];
  /** CONNECTs refused (407 or 403). */
  readonly refused: number;
  close(): Promise<void>;
}

export async function startConnectProxy(
  options: {
    login?: string;
    password?: string;
    refuse?: boolean;
    aliases?: readonly string[];
    tls?: { cert: Buffer; key: Buffer };
    badGateway?: boolean;
  } = {},
): Promise<TestProxy> {
  const tunnels: string[] = [];
  let refused = 0;
  const sockets = new Set<Socket>();
  const expected =
    options.login === undefined
      ? undefined
      : `Basic ${Buffer.from(`${options.login}:${options.password ?? ''}`).toString('base64')}`;
  const server: Server = options.tls ? createHttpsServer(options.tls) : createServer();
  server.on('request', (_req, res) => res.writeHead(405).end());
  server.on(options.tls ? 'secureConnection' : 'connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    if (options.refuse || (expected !== undefined && req.headers['proxy-authorization'] !== expected)) {
      refused += 1;
      const status = options.refuse ? '403 Forbidden' : '407 Proxy Authentication Required';
      client.end(`HTTP/1.1 ${status}\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const [host, port] = [
      target.slice(0, target.lastIndexOf(':')),
      Number(target.slice(target.lastIndexOf(':') + 1)),
    ];
    const address = options.aliases?.includes(host) ? '127.0.0.1' : host;
    const badGateway = () => client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
    if (options.badGateway && address.endsWith('.invalid')) return badGateway();
    let opened = false;
    const upstream = connect(port, address, () => {
      opened = true;
      tunnels.push(target);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => (options.badGateway && !opened ? badGateway() : client.destroy()));
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    tunnels,
    get refused() {
      return refused;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
