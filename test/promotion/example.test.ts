/**
 * examples/promotion's second environment, `staging`, is a second local service with other
 * people: the example applies there through its maps and then plans to nothing (its `local`
 * environment is applied by test/first-run/examples.test.ts like every example).
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apply } from '../../src/apply/index.js';
import { createClient, type Client } from '../../src/client/index.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { plan } from '../../src/plan/index.js';
import { validateProject } from '../../src/project/index.js';

let staging: RunningEmulator;
let client: Client;
let dir: string;

beforeAll(async () => {
  staging = await startEmulator({
    port: 0,
    deployMs: 20,
    users: [
      { login: 'admin', password: 'admin', admin: true },
      { login: 'a.smith', password: 'pw', admin: false },
      { login: 'r.jones', password: 'pw', admin: false },
    ],
  });
  const res = await fetch(`${staging.url}/_emulator/directory`, {
    method: 'PUT',
    headers: {
      'X-Service-Authorization': Buffer.from('admin:admin').toString('base64'),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      groups: [{ code: 'sales-eu', users: ['a.smith'] }],
      organizations: [{ code: 'head-office', users: ['a.smith', 'r.jones'] }],
    }),
  });
  expect(res.status).toBe(200);
  client = createClient({ baseUrl: staging.url, auth: { login: 'admin', password: 'admin' } });
  dir = await mkdtemp(join(tmpdir(), 'appdeploy-promotion-example-'));
  await cp(new URL('../../examples/promotion', import.meta.url), dir, { recursive: true });
});

afterAll(async () => {
  await client.close();
  await staging.close();
  await rm(dir, { recursive: true, force: true });
});

const load = async () => {
  const result = await validateProject({
    cwd: dir,
    dir,
    env: 'staging',
    variables: { PROMOTION_STAGING_URL: staging.url },
  });
  expect(result.problems).toEqual([]);
  return result.project!;
};

it('examples/promotion applies to its staging service through the maps, then plans to nothing', async () => {
  const project = await load();
  const first = await plan({ project, client });
  // Everyone the manifests name has a code in staging: nothing is left out there.
  expect(first.apps.map((a) => a.leftOut)).toEqual([undefined, undefined]);
  const result = await apply({ plan: first, project, client, pollIntervalMs: { initial: 10, max: 50 } });
  expect(result.outcome, JSON.stringify(result)).toBe('applied');
  const again = await plan({ project: await load(), client });
  expect(again.apps.map((a) => a.action)).toEqual(['no-op', 'no-op']);
});
