/**
 * `appdeploy emulator --data DIR` holds the folder's lock while it serves, as `-C DIR` holds a
 * project's (docs/local-service.md): two services appending to one journal would each replay
 * only their own writes and give out the same app and record ids. A second service on the folder
 * is refused, naming the process that has it; one killed with SIGKILL leaves a lock the next start
 * takes over (and says so).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, type CliProcess } from '../../support/cli.js';
import { passwordHeader } from '../../support/users.js';
import { tempDir } from '../../reliability/emulator-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

async function serve(data: string): Promise<CliProcess> {
  const emu = await runCli(['emulator', '--port', '0', '--data', data]);
  cleanups.push(async () => {
    if (emu.child.exitCode === null && emu.child.signalCode === null) {
      emu.child.kill('SIGTERM');
      await emu.exited;
    }
  });
  return emu;
}

async function createApp(url: string, name: string): Promise<string> {
  const res = await fetch(`${url}/k/v1/preview/app.json`, {
    method: 'POST',
    headers: { ...passwordHeader(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return ((await res.json()) as { app: string }).app;
}

describe('emulator --data: one service per data folder', () => {
  it('refuses a second service on the folder, naming the first; the first serves on', async () => {
    const dir = tempDir('appdeploy-data-lock-');
    cleanups.push(() => dir.remove());
    const first = await serve(dir.path);
    expect(await createApp(first.url, 'First')).toBe('1');

    const second = await serve(dir.path);
    expect(await second.exited).toEqual({ code: 1, signal: null });
    expect(second.firstLine).toBe('');
    expect(second.stderr()).toContain(
      `Error: another appdeploy command (pid ${first.child.pid}) is using ${dir.path}; wait for it to finish, or stop it\n`,
    );
    expect(second.stderr()).not.toMatch(/bug/i);

    expect(await createApp(first.url, 'Still first')).toBe('2');
    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(join(dir.path, 'lock'))).toBe(false);
    const third = await serve(dir.path);
    expect(await createApp(third.url, 'Third')).toBe('3');
  }, 60_000);

  it('takes over the lock a killed service left, and says so', async () => {
    const dir = tempDir('appdeploy-data-lock-');
    cleanups.push(() => dir.remove());
    const first = await serve(dir.path);
    await createApp(first.url, 'First');
    first.child.kill('SIGKILL');
    await first.exited;

    const again = await serve(dir.path);
    expect(again.url).not.toBe('');
    const deadline = Date.now() + 10_000;
    while (!again.stderr().includes('taken over') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(again.stderr()).toBe(
      `Note: ${dir.path}/lock was left by pid ${first.child.pid}, which no longer runs (it ended without releasing it: a crash or a kill -9); taken over.\n`,
    );
    expect(await createApp(again.url, 'Second')).toBe('2');
  }, 60_000);
});
