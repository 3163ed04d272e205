/**
 * A client wired to undici's MockAgent with the network disabled. Replies are queued in order;
 * every request the client sends is recorded as it left the client: method, path, the raw query
 * string (not decoded, so `fields[]=` and `fields%5B%5D=` differ), headers and body.
 */
import { MockAgent, type Dispatcher } from 'undici';
import { onTestFinished } from 'vitest';
import { createClient, type Client, type ClientEvent, type ClientOptions } from '../../src/client/index.js';

export const ORIGIN = 'https://service.test';
export const TOKEN = 'tok-Secret-0001';

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string exactly as sent, without the `?`. */
  query: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Replies the test releases by hand, to keep calls in flight. */
export interface HeldReplies {
  /** Requests that arrived and are not answered yet. */
  waiting(): number;
  /** The most requests that were waiting at once. */
  maxWaiting(): number;
  /** Answers the oldest waiting request; false if none waits. */
  releaseOne(): boolean;
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
  /** Answers every later request with `body`, but only when the test releases it. */
  hold(body?: unknown): HeldReplies;
  calls(): RecordedCall[];
  /** Fails if a queued reply was never used. */
  assertAllUsed(): void;
  close(): Promise<void>;
}

/** A harness that closes when the test calling this finishes, so no test leaks its mock agent. */
export function testHarness(options: Partial<ClientOptions> = {}): Harness {
  const h = harness(options);
  onTestFinished(() => h.close());
  return h;
}

export function harness(options: Partial<ClientOptions> = {}): Harness {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(ORIGIN);
  const recorded: RecordedCall[] = [];
  // Records what the client handed to its dispatcher, before anything parses or normalizes it.
  const recording = agent.compose((dispatch) => (opts, handler) => {
    recorded.push(record(opts));
    return dispatch(opts, handler);
  });
  const events: ClientEvent[] = [];
  const client = createClient({
    baseUrl: ORIGIN,
    auth: { apiToken: TOKEN },
    dispatcher: recording,
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
    hold: (body = {}) => {
      const waiting: (() => void)[] = [];
      let maxWaiting = 0;
      // MockAgent waits for a reply body given as a promise; each one resolves on release.
      const held = () =>
        new Promise<string>((resolve) => {
          waiting.push(() => resolve(JSON.stringify(body)));
          maxWaiting = Math.max(maxWaiting, waiting.length);
        });
      any()
        .reply(200, held as unknown as () => string, { headers: json })
        .persist();
      return {
        waiting: () => waiting.length,
        maxWaiting: () => maxWaiting,
        releaseOne: () => {
          const next = waiting.shift();
          next?.();
          return next !== undefined;
        },
      };
    },
    calls: () => [...recorded],
    assertAllUsed: () => agent.assertNoPendingInterceptors(),
    close: async () => {
      await client.close();
      await agent.close();
    },
  };
}

function record(opts: Dispatcher.DispatchOptions): RecordedCall {
  const [path = '', query = ''] = opts.path.split(/\?(.*)/s);
  const headers = (opts.headers ?? {}) as Record<string, string | string[] | undefined>;
  return {
    method: opts.method,
    path,
    query,
    headers: Object.fromEntries(
      Object.entries(headers)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k.toLowerCase(), String(v)]),
    ),
    body: parseBody(opts.body),
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

/**
 * The client with every sub-client method call made directly on it noted as `group.method`, or
 * `group.method({ copy: 'draft' })` for a read that names its copy, as the README table writes
 * them (calls the client makes internally, such as waitForDeploy's status polls, are not noted).
 */
export function noting(client: Client): { client: Client; noted: string[] } {
  const noted: string[] = [];
  const wrap = (group: string, sub: object) =>
    new Proxy(sub, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function' || typeof name !== 'string') return value;
        // Bound to the real sub-client: its private fields are not reachable through a proxy.
        return (...args: unknown[]) => {
          noted.push(`${group}.${name}${copyNamed(args[0])}`);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const proxied = new Proxy(client, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      return typeof name === 'string' && typeof value === 'object' && value !== null
        ? wrap(name, value)
        : value;
    },
  });
  return { client: proxied, noted };
}

function copyNamed(params: unknown): string {
  const copy =
    typeof params === 'object' && params !== null ? (params as { copy?: unknown }).copy : undefined;
  return typeof copy === 'string' ? `({ copy: '${copy}' })` : '';
}
