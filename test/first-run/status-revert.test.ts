/**
 * `appdeploy status` and `revert` through the built CLI on the embedded local service: not created,
 * in sync, a pending draft (made through the client, as someone in the browser would), drift from
 * an edited manifest; revert refusing without a terminal, then discarding with --yes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { startLocal } from '../../src/local/connect.js';
import { useTempDir } from '../support/temp-dir.js';
import { appdeploy } from '../support/cli.js';

let project = '';

const dir = useTempDir('status', async (d) => {
  project = join(d, 'p');
  const init = await appdeploy(['init', 'p'], d);
  if (init.code !== 0) throw new Error(init.stderr);
});

/** Changes the draft of the app `id` the way a person in the browser would, then lets go of the data. */
async function editDraft(id: string): Promise<void> {
  const emulator = await startLocal({ root: project }, { port: 0 });
  const client = createClient({ baseUrl: emulator.url, auth: { login: 'admin', password: 'admin' } });
  try {
    await client.form.updateFields({
      app: id,
      properties: { title: { type: 'SINGLE_LINE_TEXT', label: 'Headline' } },
    });
  } finally {
    await client.close();
    await emulator.close();
  }
}

describe('appdeploy status and revert', () => {
  it('follows an app from not created, to in sync, to a pending draft, to reverted, to drift', async () => {
    const before = await appdeploy(['status'], project);
    expect(before.code).toBe(2);
    expect(before.stdout).toContain('tasks: not created yet (apply creates it)');

    expect((await appdeploy(['apply', '--yes'], project)).code).toBe(0);
    const synced = await appdeploy(['status', '--format', 'json'], project);
    expect(synced.code).toBe(0);
    const result = JSON.parse(synced.stdout);
    expect(result).toMatchObject({
      environment: 'local',
      inSync: true,
      apps: [{ key: 'tasks', deploy: 'SUCCESS', pendingDraft: [], drift: [], inSync: true }],
    });
    const id = String(result.apps[0].id);
    expect((await appdeploy(['status'], project)).stdout).toContain(
      `tasks (app ${id}): in sync; last deployment SUCCESS`,
    );

    await editDraft(id);
    const pending = await appdeploy(['status'], project);
    expect(pending.code).toBe(2);
    expect(pending.stdout).toContain(`tasks (app ${id}): pending draft in fields`);
    expect(pending.stdout).toContain('`npx appdeploy revert` discards pending drafts');

    const refused = await appdeploy(['revert'], project);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(`tasks (app ${id}): fields`);
    expect(refused.stderr).toContain('Pass --yes');
    expect((await appdeploy(['status'], project)).code).toBe(2);

    const reverted = await appdeploy(['revert', '--yes', '--app', 'tasks'], project);
    expect(reverted.code).toBe(0);
    expect(reverted.stdout).toMatch(/\nReverted 1 app: its settings are the live ones again\.\n$/);
    expect((await appdeploy(['status'], project)).code).toBe(0);
    expect((await appdeploy(['revert'], project)).stdout).toContain('No pending drafts: nothing to revert.');

    const manifest = join(project, 'apps/tasks.yaml');
    await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('label: Title', 'label: Task'));
    const drifted = await appdeploy(['status', '-C', project], dir());
    expect(drifted.code).toBe(2);
    expect(drifted.stdout).toContain(`tasks (app ${id}): drift in fields; last deployment SUCCESS`);
    expect(drifted.stdout).toContain(`\`npx appdeploy plan -C ${project}\` shows the differences`);
  }, 180_000);

  it('names an unknown app', async () => {
    const unknown = await appdeploy(['status', '--app', 'nope'], project);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('--app nope: not an app of the project');
  }, 60_000);
});
