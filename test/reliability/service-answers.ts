import { expect } from 'vitest';
import type { Reply } from '../emulator/harness.js';

/** The documented error body (docs/local-service.md, Errors): `{code, id, message, errors?}`. */
export function expectErrorShape(reply: Reply, what: string): void {
  const body = reply.body as Record<string, unknown>;
  expect(typeof body, `${what}: not JSON: ${String(reply.body).slice(0, 200)}`).toBe('object');
  expect(body, what).not.toBeNull();
  expect(
    Object.keys(body).filter((k) => !['code', 'id', 'message', 'errors'].includes(k)),
    what,
  ).toEqual([]);
  expect(typeof body.code, what).toBe('string');
  expect(typeof body.id, what).toBe('string');
  expect(typeof body.message, what).toBe('string');
  if (body.errors !== undefined) {
    expect(typeof body.errors, what).toBe('object');
    expect(Array.isArray(body.errors), what).toBe(false);
  }
}

/** Never a 5xx (no fault is injected here: a 500 is CB_IL01, a bug), and every failure documented. */
export function expectServiceAnswer(reply: Reply, what: string): void {
  expect(reply.status, `${what}: ${JSON.stringify(reply.body)?.slice(0, 400)}`).toBeLessThan(500);
  if (reply.status < 400) return;
  // A failed bulk request answers {results} at the failing call's status (documented).
  const body = reply.body as { results?: unknown } | null;
  if (what.includes('bulkRequest') && body && typeof body === 'object' && Array.isArray(body.results)) return;
  expectErrorShape(reply, what);
}
