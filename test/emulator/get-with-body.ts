import { request } from 'node:http';

/**
 * A real GET carrying a JSON body, as the spec shows the system plug-in calls (fetch cannot send
 * one). Resolves with the status and the parsed JSON answer.
 */
export function getWithJsonBody(
  baseUrl: string,
  path: string,
  params: unknown,
  login = 'admin:admin',
): Promise<{ status: number; body: any }> {
  const payload = Buffer.from(JSON.stringify(params));
  return new Promise((resolve, reject) => {
    const req = request(
      baseUrl + path,
      {
        method: 'GET',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(payload.length),
          'X-Service-Authorization': Buffer.from(login).toString('base64'),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
