/**
 * The official client (`@kintone/rest-api-client`, unmodified) pointed at the local service through
 * a pass-through proxy: the client takes plain http for the host name `localhost` only. The proxy
 * changes nothing, and keeps the raw body of the last answer, so a check can read what the service
 * sent before the client reshaped it (an error's body, the ids of POST records.json).
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect } from 'vitest';
import { KintoneRestAPIClient, KintoneRestAPIError } from '@kintone/rest-api-client';
import { listenOnLoopback } from '../../support/pass-through.js';
import { request } from 'node:http';
import { checkShape, type Shape } from './official-shapes.js';
import { errorBody } from './official-answers.js';

export interface RawAnswer {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly body: unknown;
}

/** Figures of a run: calls whose answers were checked, and the values read in them. */
export const figures = { answers: 0, values: 0, refusals: 0, methods: new Set<string>() };

export function useOfficialClient(serviceUrl: () => string) {
  let proxy: Server;
  let base = '';
  const answers: RawAnswer[] = [];

  beforeAll(async () => {
    proxy = createServer((req, res) => {
      const upstream = request(
        new URL(req.url ?? '/', serviceUrl()),
        { method: req.method, headers: req.headers },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            const bytes = Buffer.concat(chunks);
            let body: unknown = bytes;
            if (String(answer.headers['content-type'] ?? '').includes('json'))
              body = JSON.parse(bytes.toString('utf8'));
            answers.push({
              method: req.method ?? '',
              path: (req.url ?? '').split('?')[0]!,
              status: answer.statusCode ?? 0,
              body,
            });
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(bytes);
          });
        },
      );
      upstream.on('error', (error) => res.destroy(error));
      req.pipe(upstream);
    });
    base = `http://localhost:${await listenOnLoopback(proxy)}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
  });

  return {
    /** A client signed in as the administrator; with a guest space's id, it calls its guest paths. */
    client(guestSpaceId?: string, user = { username: 'admin', password: 'admin' }): KintoneRestAPIClient {
      return new KintoneRestAPIClient({
        baseUrl: base,
        auth: user,
        ...(guestSpaceId ? { guestSpaceId } : {}),
      });
    },
    /** The raw answer to the last call made. */
    last(): RawAnswer {
      const found = answers.at(-1);
      if (!found) throw new Error('nothing answered yet');
      return found;
    },
    /** The raw answer to the last call of `method` on a path ending in `suffix`. */
    raw(method: string, suffix: string): RawAnswer {
      const found = answers.findLast((a) => a.method === method && a.path.endsWith(suffix));
      if (!found) throw new Error(`no ${method} ${suffix} answered yet`);
      return found;
    },
  };
}

/**
 * The differences between an answer and its shape (none, when the local service answers as the
 * platform does); counts the method and the values read for the figures.
 */
export function differences(method: string, answer: unknown, shape: Shape): string[] {
  const report = checkShape(answer, shape, method);
  figures.answers++;
  figures.values += report.checked;
  figures.methods.add(method.split(/[ (]/)[0]!);
  return report.problems;
}

/** The failure of a call, which must be the platform's error type. */
export async function refusal(call: Promise<unknown>): Promise<KintoneRestAPIError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(KintoneRestAPIError);
  figures.refusals++;
  return error as KintoneRestAPIError;
}

/** Status, code and the keys of `errors` (sorted; [] when there is none) of a refusal. */
export async function refused(call: Promise<unknown>): Promise<[number, string, string[]]> {
  const error = await refusal(call);
  return [error.status, error.code, Object.keys(error.errors ?? {}).sort()];
}

/** A refusal's raw body has exactly the platform's error keys. */
export function errorShapeOf(raw: RawAnswer): string[] {
  return checkShape(raw.body, errorBody, `${raw.method} ${raw.path}`).problems;
}
