import { expect } from 'vitest';
import { multipart } from '../emulator/files/file-upload.js';
import type { CallOptions, Reply, useEmulator } from '../emulator/harness.js';
import type { Case, Permission } from './sweep-cases.js';
import type { AppTargets, World } from './sweep-world.js';
import { expectErrorShape } from './service-answers.js';

type Emulator = ReturnType<typeof useEmulator>;

/**
 * Sends one case's call about the app `t`, through `base` (default: the app's own API root;
 * a guest sweep passes the root it is testing); the guest-space endpoint names `guestSpace`. Uploads go as multipart (a JSON body there is
 * 415 whoever sends it).
 */
export async function send(
  emu: Emulator,
  c: Case,
  t: AppTargets,
  w: World,
  opts: CallOptions,
  base = c.appScoped ? t.base : '/k/v1',
  guestSpace = w.guestSpace.id,
): Promise<Reply> {
  const path = c.path.replace('/k/v1', base).replace('{spaceId}', guestSpace);
  if (c.method === 'POST' && c.path === '/k/v1/file.json') {
    const { body, contentType } = await multipart({ file: { bytes: Buffer.from('x'), name: 'x.txt' } });
    return emu.call('POST', path, undefined, {
      ...opts,
      rawBody: body,
      headers: { 'Content-Type': contentType },
    });
  }
  const params = c.params(t, w);
  // A bulk request names its calls' paths itself: sent through another root, so are they.
  if (c.path === '/k/v1/bulkRequest.json' && base !== t.base)
    for (const r of params.requests as { api: string }[]) r.api = r.api.replace(t.base, base);
  return emu.call(c.method, path, params, opts);
}

/**
 * The status and code of a refusal. A failed bulk request answers the failing call's status with
 * `{results}` holding its error body (platform-facts, bulk): that body's code is the refusal's.
 */
export function refusal(reply: Reply, what: string): [number, string] {
  const results = (reply.body as { results?: unknown[] } | null)?.results;
  const body = Array.isArray(results)
    ? { ...reply, body: results.find((r) => (r as { code?: string }).code) }
    : reply;
  expectErrorShape(body, what);
  return [reply.status, body.body.code as string];
}

/** The administrator's own call succeeds: the parameters are valid, so a refusal is the permission check. */
export async function expectAdminSucceeds(emu: Emulator, c: Case, t: AppTargets, w: World): Promise<void> {
  const reply = await send(emu, c, t, w, {});
  expect(reply.status, `${c.method} ${c.path} as the administrator: ${JSON.stringify(reply.body)}`).toBe(200);
  // A deploy runs on: later calls writing the app's settings would meet it (GAIA_DE01).
  if (c.path === '/k/v1/preview/app/deploy.json' && c.method === 'POST')
    await emu.waitDeploy([t.app], t.base);
}

export const label = (c: Case) => `${c.method} ${c.path}`;

const PERMISSIONS: readonly Permission[] = ['view', 'add', 'edit', 'delete', 'manage'];

/** A token of `app` holding every permission except `lacking` (made with the control API). */
export async function tokenFor(
  emu: Emulator,
  app: string,
  lacking: readonly Permission[] = [],
): Promise<string> {
  const permissions = Object.fromEntries(PERMISSIONS.map((p) => [p, !lacking.includes(p)]));
  const reply = await emu.call('POST', '/_emulator/tokens', { app, permissions });
  if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
  return reply.body.token as string;
}
