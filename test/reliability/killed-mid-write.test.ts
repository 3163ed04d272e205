import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { RecoveryRecord } from '../../src/apply/recovery.js';
import { startApply } from './apply-process.js';
import { call, EMU_ENV, emulatorAndProject, writeEmuProject, type Cleanups } from './emulator-process.js';

/**
 * Issue 32 item 7: kill -9 of the CLI (the built `appdeploy apply`) at one write position after
 * another, as the service holds the answer of a write it carried out (the answer never reached
 * the apply), or holds a write it never carries out. The recovery record names each
 * write before it is sent, so the next apply recognises every draft the killed one wrote as its
 * own, discards it and converges with no --discard-pending-drafts; a draft that someone else
 * touched after the kill is still refused, also in an area the killed apply had written whole
 * while the revision counter has room for the foreign write (a write of ours never carried out).
 */
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const KEYS = ['customers', 'deals', 'helpdesk', 'notes'];
const text = (label: string) => ({ type: 'SINGLE_LINE_TEXT', label });
const rows = (codes: string[]) => codes.map((code) => ({ type: 'ROW', fields: [{ code }] }));
const V1 = (key: string) => ({ name: key, fields: { title: text('Title') }, layout: rows(['title']) });
/** Each app: its name, a field added, a label changed, and the layout: four writes or more. */
const V2 = (key: string) => ({
  name: `${key} v2`,
  description: `${key}, second version`,
  fields: { title: text('Headline'), amount: text('Amount') },
  layout: rows(['amount', 'title']),
});
/** Writes to drafts (every preview call but the deploy and app creation). */
const WRITE_PATH = '^/k/v1/preview/app/(?!deploy\\.json$)';

async function writeManifests(root: string, version: (key: string) => object): Promise<void> {
  for (const key of KEYS) await writeFile(join(root, 'apps', `${key}.yaml`), stringify(version(key)));
}

async function writesSeen(url: string): Promise<number> {
  const { requests } = (await call(url, 'GET', '/_emulator/stats')).body as {
    requests: Record<string, number>;
  };
  return Object.entries(requests)
    .filter(([k]) => /^(PUT|POST|DELETE) \/k\/v1\/preview\/app\//.test(k) && !k.endsWith('/deploy.json'))
    .reduce((n, [, count]) => n + count, 0);
}

/** v1 applied; then v2 applied by a CLI killed at write `position`; `lands`: that write is carried out. */
async function killedAt(name: string, position: number, lands: boolean) {
  const { emu, project } = await emulatorAndProject(name, cleanups, 'SIGKILL');
  const root = project.path;
  const run = await writeEmuProject(root, emu.url, Object.fromEntries(KEYS.map((key) => [key, V1(key)])));
  const first = await run('apply', '--yes');
  expect(first.code, first.stderr).toBe(0);
  await writeManifests(root, V2);

  const before = await writesSeen(emu.url);
  const fault = await call(emu.url, 'POST', '/_emulator/faults', {
    method: 'PUT|POST|DELETE',
    path: WRITE_PATH,
    skip: position - 1,
    times: 1,
    ...(lands ? { answerDelayMs: 1000 } : { delayMs: 60_000, drop: true }),
  });
  expect(fault.status, JSON.stringify(fault.body)).toBe(200);
  const applying = startApply(root, ['--env', 'emu', '--yes'], EMU_ENV, cleanups);
  const deadline = Date.now() + 30_000;
  while ((await writesSeen(emu.url)) - before < position) {
    if (Date.now() > deadline) throw new Error(`write ${position} never came: ${applying.stderr()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  applying.child.kill('SIGKILL');
  await applying.exited;
  await call(emu.url, 'DELETE', '/_emulator/faults');
  return { url: emu.url, root, run };
}

async function liveNames(url: string): Promise<string[]> {
  const apps = (await call(url, 'GET', '/k/v1/apps.json')).body.apps as { name: string }[];
  return apps.map((a) => a.name).sort();
}

describe('an apply killed with kill -9 between its writes', { timeout: 120_000 }, () => {
  it.each([
    [2, true],
    [8, true],
    [13, false],
    [13, true],
  ])(
    'at write %i (the held write carried out: %s): the next apply discards its drafts and converges',
    async (position, lands) => {
      const w = await killedAt(`killed-write-${position}`, position, lands);
      const status = await w.run('status');
      expect(status.stdout).toContain('An apply was interrupted');
      // The plan warns of the pending draft, and says whose it is, as apply does.
      const planned = await w.run('plan');
      expect(planned.stdout).toContain('Pending draft');
      expect(planned.stderr).toContain('is the one an interrupted apply wrote');

      const applied = await w.run('apply', '--yes');
      expect(applied.code, applied.stdout + applied.stderr).toBe(0);
      expect(applied.stdout + applied.stderr).not.toContain('--discard-pending-drafts');
      expect(applied.stderr).toContain('is the one an interrupted apply wrote');
      expect(await liveNames(w.url)).toEqual(KEYS.map((k) => `${k} v2`).sort());
      expect(existsSync(join(w.root, '.appdeploy', 'apply-emu.json'))).toBe(false);
      expect((await w.run('plan', '--detailed-exitcode')).code).toBe(0);
    },
  );

  it('is reported by status as it stands: writes sent unanswered, and the drafts they left as its own', async () => {
    // Write 2 is carried out and its answer held: the kill leaves it sent, done and unanswered.
    const w = await killedAt('killed-write-status', 2, true);
    const status = await w.run('status');
    expect(status.code, status.stderr).toBe(2);
    expect(status.stdout).toMatch(
      /\n {2}- writes sent whose answers never came back \(the service may have carried them out\): \w+ \(app \d+, \w+\)/,
    );
    expect(status.stdout).not.toContain('nothing written yet');
    // The drafts it wrote are its own, as the next apply takes them: not "made outside appdeploy".
    expect(status.stdout).toMatch(
      /: drift in [\w, ]+; pending draft in [\w, ]+ \(written by the interrupted apply\)/,
    );
    expect(status.stdout).not.toContain('made outside appdeploy');
    // Its drift is the apply's unfinished work, not changes on the service to keep: export would
    // write back into the manifests the live settings the apply was replacing.
    expect(status.stdout).not.toContain('export');
    // The next step is worded for this environment.
    expect(status.stdout).toContain(
      '  `npx appdeploy apply --env emu` finishes it: it discards the drafts it wrote (where no one changed them since) and applies again.',
    );
    const json = JSON.parse((await w.run('status', '--format', 'json')).stdout) as {
      apps: { pendingDraftBy: string | null }[];
      interruptedApply: { unanswered: unknown[] };
    };
    expect(json.interruptedApply.unanswered.length).toBeGreaterThan(0);
    expect(json.apps.map((a) => a.pendingDraftBy)).toContain('apply');
    expect(json.apps.map((a) => a.pendingDraftBy)).not.toContain('other');
  });

  it('still refuses a draft that someone else touched after the kill', async () => {
    const w = await killedAt('killed-write-touched', 8, true);
    // Someone edits the draft of an app the killed apply had written. Its id is looked up: the
    // first apply creates the four apps at once, so which gets id 1 is not fixed.
    const apps = (await call(w.url, 'GET', '/k/v1/apps.json')).body.apps as { appId: string; name: string }[];
    const customers = apps.find((a) => a.name === 'customers')?.appId;
    expect(customers).toBeDefined();
    const edit = await call(w.url, 'PUT', '/k/v1/preview/app/settings.json', {
      app: customers,
      description: 'mine',
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const refused = await w.run('apply', '--yes');
    expect(refused.code).toBe(1);
    expect(refused.stdout + refused.stderr).toContain('pass --discard-pending-drafts to discard them first');
    expect(refused.stdout + refused.stderr).toContain(
      'customers: its draft has changes that are not deployed',
    );
    expect(existsSync(join(w.root, '.appdeploy', 'apply-emu.json'))).toBe(true);
  });

  it('refuses a draft whose area written whole someone else changed, even with room in the counter', async () => {
    // Write 13 (the first general write) is held and never carried out: that app's draft is one
    // short of the writes named for it, so one foreign write keeps its revision in range.
    const w = await killedAt('killed-write-done-touched', 13, false);
    const record = JSON.parse(
      await readFile(join(w.root, '.appdeploy', 'apply-emu.json'), 'utf8'),
    ) as RecoveryRecord;
    const short: { key: string; id: string }[] = [];
    for (const entry of record.writes ?? []) {
      const settings = await call(w.url, 'GET', `/k/v1/preview/app/settings.json?app=${entry.id}`);
      if (Number(settings.body.revision) < Number(entry.from) + entry.sent) short.push(entry);
    }
    const held = short[0]!;
    // Someone relabels a field the killed apply had written whole (Title -> Headline).
    const edit = await call(w.url, 'PUT', '/k/v1/preview/app/form/fields.json', {
      app: held.id,
      properties: { title: { type: 'SINGLE_LINE_TEXT', label: 'Headline, as someone else wants it' } },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const refused = await w.run('apply', '--yes');
    expect(refused.code, refused.stdout + refused.stderr).toBe(1);
    expect(refused.stdout + refused.stderr).toContain('pass --discard-pending-drafts to discard them first');
    expect(refused.stdout + refused.stderr).toContain(
      `${held.key}: its draft has changes that are not deployed`,
    );
    // Someone else's label is still in the draft: nothing was discarded.
    const fields = await call(w.url, 'GET', `/k/v1/preview/app/form/fields.json?app=${held.id}`);
    expect(fields.body.properties.title.label).toBe('Headline, as someone else wants it');
    // The record says the fields and the layout were written whole before the kill.
    expect(record.writes?.find((e) => e.key === held.key)?.done).toEqual(
      expect.arrayContaining(['fields', 'layout']),
    );
  });
});
