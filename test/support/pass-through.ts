import {
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A test's stand-in between a client and the local service: sends one request on to `base` as it
 * came (with `headers` in place of its own), and the answer back unchanged.
 */
export function passThrough(
  req: IncomingMessage,
  res: ServerResponse,
  base: string,
  headers: IncomingHttpHeaders = req.headers,
): void {
  const upstream = request(new URL(req.url ?? '/', base), { method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', (error) => res.destroy(error));
  req.pipe(upstream);
}

/** Starts `server` on a free port of the IPv4 loopback address; returns the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
