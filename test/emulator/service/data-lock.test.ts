/**
 * `appdeploy emulator --data DIR` holds the folder's lock while it serves, as `-C DIR` holds a
 * project's (docs/local-service.md): two services appending to one journal would each replay
 * only their own writes and give out the same app and record ids. A second service on the folder
 * is refused, naming the process that has it; one killed with SIGKILL leaves a lock the next start
 * takes over (and says so). `startEmulator({ data })` of `appdeploy/emulator` holds it as well: a
 * second start from code is refused with the command's error (LOCAL.LOCKED), a close releases it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppdeployError } from '../../../src/errors.js';
import { startEmulator, type RunningEmulator } from '../../../src/local/emulator-entry.js';
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

function folder(): string {
  const dir = tempDir('appdeploy-library-lock-');
  cleanups.push(() => dir.remove());
  return dir.path;
}

async function start(data: string): Promise<RunningEmulator> {
  const emu = await startEmulator({ port: 0, data });
  cleanups.push(() => emu.close());
  return emu;
}

describe('startEmulator({ data }): one service per data folder', () => {
  it('refuses a second start on the folder with the command’s error; the first serves on; close releases it', async () => {
    const data = folder();
    const first = await start(data);
    expect(await createApp(first.url, 'First')).toBe('1');

    const second = await startEmulator({ port: 0, data }).then(
      (emu) => {
        cleanups.push(() => emu.close());
        return emu;
      },
      (error: unknown) => error,
    );
    expect(second).toBeInstanceOf(AppdeployError);
    expect([(second as AppdeployError).code, (second as AppdeployError).message]).toEqual([
      'LOCAL.LOCKED',
      `another appdeploy command (pid ${process.pid}) is using ${data}; wait for it to finish, or stop it`,
    ]);

    expect(await createApp(first.url, 'Still first')).toBe('2');
    await first.close();
    expect(existsSync(join(data, 'lock'))).toBe(false);
    const third = await start(data);
    expect(third.notes).toEqual([]);
    expect(await createApp(third.url, 'Third')).toBe('3');
  });

  it('takes over the lock of a service killed with SIGKILL, and says so in its notes', async () => {
    const data = folder();
    const killed = await runCli(['emulator', '--port', '0', '--data', data]);
    expect(await createApp(killed.url, 'Before the kill')).toBe('1');
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(existsSync(join(data, 'lock'))).toBe(true);

    const again = await start(data);
    expect(again.notes).toEqual([
      `${data}/lock was left by pid ${killed.child.pid}, which no longer runs (it ended without releasing it: a crash or a kill -9); taken over.`,
    ]);
    expect(await createApp(again.url, 'After')).toBe('2');
  }, 30_000);

  it('takes no lock without a data folder', async () => {
    const one = await startEmulator({ port: 0 });
    const two = await startEmulator({ port: 0, data: null });
    cleanups.push(
      () => one.close(),
      () => two.close(),
    );
    expect([one.notes, two.notes]).toEqual([[], []]);
  });
});
