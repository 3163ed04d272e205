/**
 * The lock on a project's `.appdeploy/local`: a second command is refused with the holder's pid
 * while `appdeploy emulator -C DIR` serves the data (which curl-like clients can read), and a lock
 * left by a process that died is taken over.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLocalLock } from '../../src/local/lock.js';
import { useTempDir } from '../support/temp-dir.js';
import { appdeploy, BIN, runCommand, serveProject as serve, stopServing as stop } from '../support/cli.js';

let project = '';

const dir = useTempDir('lock', async (d) => {
  project = join(d, 'p');
  if ((await appdeploy(['init', 'p'], d)).code !== 0) throw new Error('init failed');
  if ((await appdeploy(['apply', '--yes'], project)).code !== 0) throw new Error('apply failed');
});

describe('the local data lock', () => {
  it('emulator -C serves the project data; meanwhile other commands are refused with its pid', async () => {
    const { child, url: listening } = serve(project);
    try {
      const url = await listening;
      // Its pid first (what older versions read), then the host and the start (local/lock-owner.ts).
      expect(await readFile(join(project, '.appdeploy/local/lock'), 'utf8')).toMatch(
        new RegExp(`^${child.pid}\nhost ${hostname()}\n(started \\S+\n)?$`),
      );
      const answer = await fetch(`${url}/k/v1/apps.json`, {
        headers: { 'X-Service-Authorization': Buffer.from('admin:admin').toString('base64') },
      });
      const { apps } = (await answer.json()) as { apps: { name: string }[] };
      expect(apps.map((a) => a.name)).toEqual(['Tasks']);

      const refused = await appdeploy(['plan'], project);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `another appdeploy command (pid ${child.pid}) is using .appdeploy/local; wait for it to finish, or stop it`,
      );
    } finally {
      await stop(child);
    }
    expect(existsSync(join(project, '.appdeploy/local/lock'))).toBe(false);
    expect((await appdeploy(['plan', '--detailed-exitcode'], project)).code).toBe(0);
  }, 60_000);

  it('takes over a lock whose process is gone', async () => {
    // A pid that surely ran and ended: a process that has exited.
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    await writeFile(join(project, '.appdeploy/local/lock'), `${dead.pid}\n`);
    const planned = await appdeploy(['plan', '--detailed-exitcode'], project);
    // Said, since that process ended without an answer of its own: nothing else is on stderr.
    expect(planned.stderr).toBe(
      `Note: .appdeploy/local/lock was left by pid ${dead.pid}, which no longer runs (it ended without releasing it: a crash or a kill -9); taken over.\n`,
    );
    expect(planned.code).toBe(0);
    expect(existsSync(join(project, '.appdeploy/local/lock'))).toBe(false);
  }, 60_000);

  it('emulator -C says so too when it takes over a lock whose process is gone', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    await writeFile(join(project, '.appdeploy/local/lock'), `${dead.pid}\n`);
    const { child, url } = serve(project);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      await url;
      const deadline = Date.now() + 10_000;
      while (!stderr.includes('taken over') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
      expect(stderr).toContain(
        `Note: .appdeploy/local/lock was left by pid ${dead.pid}, which no longer runs (it ended without releasing it: a crash or a kill -9); taken over.\n`,
      );
    } finally {
      await stop(child);
    }
  }, 60_000);

  it('refuses -C together with --data, and a -C without a project', async () => {
    const both = await appdeploy(['emulator', '-C', project, '--data', dir()], dir());
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('-C and --data both say where the data is');
    const none = await runCommand(process.execPath, [BIN, 'emulator', '-C', dir()], dir());
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no appdeploy.yaml in');
  }, 60_000);

  it('removes the lock a take-over killed half-way left aside, when its process is gone', async () => {
    const data = join(dir(), 'asides');
    await mkdir(data, { recursive: true });
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    // A take-over renames the lock to lock.stale-<uuid>, reads it, then unlinks it: a kill -9
    // between the two leaves it. One whose process runs is a take-over under way; an empty one
    // may be being written.
    await writeFile(join(data, 'lock.stale-1f0e'), `${dead.pid}\n`);
    await writeFile(join(data, 'lock.stale-2a7b'), `${process.pid}\n`);
    await writeFile(join(data, 'lock.stale-3c9d'), '');
    await mkdir(join(data, 'lock.stale-4d2e'));
    const lock = acquireLocalLock(data);
    lock.release();
    expect((await readdir(data)).sort()).toEqual(['lock.stale-2a7b', 'lock.stale-3c9d', 'lock.stale-4d2e']);
  });

  it('is held once per process, and released only by its holder', () => {
    const data = join(dir(), 'unit');
    const lock = acquireLocalLock(data);
    expect(() => acquireLocalLock(data)).toThrow(`another appdeploy command (pid ${process.pid})`);
    lock.release();
    const again = acquireLocalLock(data);
    lock.release(); // a second release of the first lock must not remove the second one
    expect(existsSync(join(data, 'lock'))).toBe(true);
    again.release();
    expect(existsSync(join(data, 'lock'))).toBe(false);
  });

  it("emulator -C serves in the project's locale: a new app gets Japanese system fields", async () => {
    if ((await appdeploy(['init', '--locale', 'ja', 'ja'], dir())).code !== 0) throw new Error('init failed');
    const { child, url: listening } = serve(join(dir(), 'ja'));
    try {
      const url = await listening;
      const headers = {
        'X-Service-Authorization': Buffer.from('admin:admin').toString('base64'),
        'Content-Type': 'application/json',
      };
      const created = await fetch(`${url}/k/v1/preview/app.json`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'curl' }),
      });
      const { app } = (await created.json()) as { app: string };
      const fields = await fetch(`${url}/k/v1/preview/app/form/fields.json?app=${app}`, { headers });
      const { properties } = (await fields.json()) as { properties: Record<string, unknown> };
      // platform-facts-verified, Locale: a Japanese app's record number is レコード番号.
      expect(Object.keys(properties)).toContain('レコード番号');
    } finally {
      await stop(child);
    }
  }, 60_000);
});
