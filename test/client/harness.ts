/**
 * A client wired to undici's MockAgent with the network disabled. Replies are queued in order;
 * every request the client sends is recorded with its method, path, raw query, headers and body.
 */
import { MockAgent } from 'undici';
import { createClient, type Client, type ClientEvent, type ClientOptions } from '../../src/client/index.js';

export const ORIGIN = 'https://service.test';
export const TOKEN = 'tok-Secret-0001';

export interface RecordedCall {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface Harness {
  client: Client;
  events: ClientEvent[];
  /** Queues one JSON reply. */
  reply(status: number, body: unknown, headers?: Record<string, string>): void;
  /** Queues one raw reply (not JSON). */
  replyRaw(status: number, text: string, headers?: Record<string, string>): void;
  /** Queues one connection failure. */
  replyError(error: Error): void;
  /** Queues a reply that arrives only after `ms`. */
  replyLate(ms: number, status: number, body: unknown): void;
  calls(): RecordedCall[];
  /** Fails if a queued reply was never used. */
  assertAllUsed(): void;
  close(): Promise<void>;
}

export function harness(options: Partial<ClientOptions> = {}): Harness {
  const agent = new MockAgent({ enableCallHistory: true });
  agent.disableNetConnect();
  const pool = agent.get(ORIGIN);
  const events: ClientEvent[] = [];
  const client = createClient({
    baseUrl: ORIGIN,
    auth: { apiToken: TOKEN },
    dispatcher: agent,
    retry: { initialDelayMs: 1, maxDelayMs: 2 },
    logger: (event) => events.push(event),
    ...options,
  });
  const any = () => pool.intercept({ path: () => true, method: () => true });
  const json = { 'content-type': 'application/json' };
  return {
    client,
    events,
    reply: (status, body, headers = {}) =>
      void any().reply(status, JSON.stringify(body), { headers: { ...json, ...headers } }),
    replyRaw: (status, text, headers = {}) => void any().reply(status, text, { headers }),
    replyError: (error) => void any().replyWithError(error),
    replyLate: (ms, status, body) =>
      void any().reply(status, JSON.stringify(body), { headers: json }).delay(ms),
    calls: () =>
      (agent.getCallHistory()?.calls() ?? []).map((call) => {
        const url = new URL(call.fullUrl);
        return {
          method: call.method,
          path: url.pathname,
          query: decodeURIComponent(url.search.replace(/^\?/, '')),
          headers: Object.fromEntries(
            Object.entries(call.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
          ),
          body: parseBody(call.body),
        };
      }),
    assertAllUsed: () => agent.assertNoPendingInterceptors(),
    close: async () => {
      await client.close();
      await agent.close();
    },
  };
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** A connection reset, as a socket reports it. */
export function connectionReset(): Error {
  return Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
}
