import { request, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * Passes a request a test's proxy took on to `base` with `headers`, and the answer back as it
 * came; a failed upstream call ends the client's connection, as a real proxy's would.
 */
export function forward(
  req: IncomingMessage,
  res: ServerResponse,
  base: string,
  headers: IncomingMessage['headers'],
): void {
  const upstream = request(new URL(req.url ?? '/', base), { method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', (error) => res.destroy(error));
  req.pipe(upstream);
}
