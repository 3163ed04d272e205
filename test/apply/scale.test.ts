/**
 * Scale: apply creates 310 apps and then changes every one of them in the local service, over
 * HTTP, and a fresh plan is empty after each. 310 is more than one deploy call takes (300 apps,
 * the deploy API's limit on cybozu.dev), so each apply deploys in two calls; the new apps' ids
 * all reach appdeploy.yaml (written once for their dependency level).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { apply } from '../../src/apply/index.js';
import { createClient, type Client } from '../../src/client/index.js';
import { plan } from '../../src/plan/index.js';
import { ADMIN, loadValid, projectFile, removeProject, useService, writeProject } from '../plan/harness.js';
import { said } from '../support/cli-results.js';

const APPS = 310;
const service = useService();
const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await removeProject(root);
});

const keys = Array.from({ length: APPS }, (_, i) => `app${String(i).padStart(3, '0')}`);

function manifest(key: string, label: string): string {
  return stringify({
    name: `Scale ${key}`,
    fields: {
      subject: { type: 'SINGLE_LINE_TEXT', label, required: true },
      amount: { type: 'NUMBER', label: 'Amount' },
    },
    views: { All: { type: 'LIST', index: 0, fields: ['subject', 'amount'] } },
    adminNotes: { content: `Notes of ${key}` },
  });
}

function manifests(label: string): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [`apps/${key}.yaml`, manifest(key, label)]));
}

/** A client that counts its deploy calls. */
function countingClient(): { client: Client; deploys: () => number } {
  let deploys = 0;
  const client = createClient({
    baseUrl: service.url,
    auth: ADMIN,
    concurrency: 16,
    logger: (event) => {
      if (
        event.type === 'request' &&
        event.method === 'POST' &&
        event.path.endsWith('/preview/app/deploy.json')
      )
        deploys += 1;
    },
  });
  return { client, deploys: () => deploys };
}

async function planAndApply(root: string, client: Client) {
  const project = await loadValid(root);
  const planned = await plan({ project, client });
  const result = await apply({ plan: planned, project, client, pollIntervalMs: { initial: 10, max: 100 } });
  return { planned, result };
}

describe(`apply at scale (${APPS} apps)`, { timeout: 240_000 }, () => {
  it('creates them, changes each, and a fresh plan is empty after each apply', async () => {
    const root = await writeProject({
      'appdeploy.yaml': projectFile(service.url, Object.fromEntries(keys.map((k) => [k, null]))),
      ...manifests('Subject'),
    });
    roots.push(root);
    const { client, deploys } = countingClient();
    try {
      const created = await planAndApply(root, client);
      expect(created.result.outcome, said(created.result)).toBe('applied');
      expect(created.result.apps.filter((a) => a.outcome !== 'created')).toEqual([]);
      const ids = (await loadValid(root)).apps.map((a) => a.id);
      expect(ids.filter((id) => id === null)).toEqual([]);
      expect(new Set(ids).size).toBe(APPS);
      expect(deploys()).toBe(2);
      const fresh = await plan({ project: await loadValid(root), client });
      expect(fresh.apps.filter((a) => a.action !== 'no-op').map((a) => a.key)).toEqual([]);

      for (const [path, text] of Object.entries(manifests('Topic'))) await writeFile(join(root, path), text);
      const changed = await planAndApply(root, client);
      expect(changed.planned.apps.filter((a) => a.action !== 'update')).toEqual([]);
      expect(changed.result.outcome, said(changed.result)).toBe('applied');
      expect(deploys()).toBe(4);

      const after = await plan({ project: await loadValid(root), client });
      expect(after.apps.filter((a) => a.action !== 'no-op').map((a) => a.key)).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
