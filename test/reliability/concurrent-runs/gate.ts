/**
 * A gate between one run of the built CLI and the local service: every request passes through
 * it, counted, and one request the test names (the Nth that matches a pattern) is held before
 * it reaches the service until the test releases it. So a second run goes from start to end
 * while the first stands at a known step (a preview write, the deploy call, a bulk request of a
 * seed or a migration's copy), with no sleep and no timing: the order is the seed's alone.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { listenOnLoopback, passThrough } from '../../support/pass-through.js';

export interface Hold {
  /** `METHOD /path` of the requests counted, e.g. /^(PUT|POST) \/k\/v1\/preview\//. */
  match: RegExp;
  /** The matching request held: 1 for the first. */
  nth: number;
}

export interface Gate {
  readonly url: string;
  /** Every request seen, `METHOD /path`, in the order they came. */
  readonly seen: string[];
  /** Holds the request `hold` names; resolves `held` once it came. */
  arm(hold: Hold): void;
  /** Resolves when the armed request is held (true), or when `ended` resolves first (false). */
  held(ended: Promise<unknown>): Promise<boolean>;
  /** Lets the held request (and any later one) through. */
  release(): void;
  close(): Promise<void>;
}

export async function openGate(base: string): Promise<Gate> {
  const seen: string[] = [];
  let armed: (Hold & { count: number }) | null = null;
  let releaseHeld: () => void = () => undefined;
  let released = Promise.resolve();
  let onHeld: () => void = () => undefined;
  const heldNow = new Promise<void>((resolve) => (onHeld = resolve));
  const server: Server = createServer((req: IncomingMessage, res) => {
    const name = `${req.method} ${(req.url ?? '/').split('?')[0]}`;
    seen.push(name);
    if (armed !== null && armed.match.test(name) && ++armed.count === armed.nth) {
      armed = null;
      onHeld();
      // The body stays unread meanwhile: the service sees the call only once released.
      void released.then(() => passThrough(req, res, base));
      return;
    }
    passThrough(req, res, base);
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    arm(hold) {
      armed = { ...hold, count: 0 };
      released = new Promise<void>((resolve) => (releaseHeld = resolve));
    },
    held: (ended) => Promise.race([heldNow.then(() => true), ended.then(() => false)]),
    release: () => releaseHeld(),
    async close() {
      releaseHeld();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
