/**
 * What a data folder holds after a crash, and after damage no crash makes
 * (docs/local-service.md, "Persistence"): a write cut short, wherever it was cut, is dropped and
 * the next start serves every acknowledged write; a journal line that does not parse with lines
 * after it, or a snapshot that does not parse, is refused with what to do, the files left as they
 * are, never silently thrown away.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { runCli } from '../../support/cli.js';
import { passwordHeader } from '../../support/users.js';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'appdeploy-damaged-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function createApp(emu: RunningEmulator, name: string): Promise<string> {
  const res = await fetch(`${emu.url}/k/v1/preview/app.json`, {
    method: 'POST',
    headers: { ...passwordHeader(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { app: string }).app;
}

async function appNames(emu: RunningEmulator, ids: string[]): Promise<(string | number)[]> {
  return Promise.all(
    ids.map(async (app) => {
      const res = await fetch(`${emu.url}/k/v1/preview/app/settings.json?app=${app}`, {
        headers: passwordHeader(),
      });
      return res.status === 200 ? ((await res.json()) as { name: string }).name : res.status;
    }),
  );
}

/** A folder whose journal holds two apps' creation. */
async function folderWithTwoApps(): Promise<string> {
  const data = dataDir();
  const emu = await startEmulator({ port: 0, data });
  await createApp(emu, 'One');
  await createApp(emu, 'Two');
  await emu.close();
  return data;
}

describe('a data folder after a crash', () => {
  it('drops a last line cut just before its newline, so the next write is not glued onto it', async () => {
    const data = await folderWithTwoApps();
    const journal = join(data, 'journal.jsonl');
    const intact = readFileSync(journal, 'utf8');
    // A whole transaction, its newline never written: the write was cut there, never answered.
    appendFileSync(journal, JSON.stringify([['meta', 'cut', { at: 'the newline' }]]));
    const second = await startEmulator({ port: 0, data });
    expect(readFileSync(journal, 'utf8')).toBe(intact);
    expect(await createApp(second, 'Three')).toBe('3');
    await second.close();
    const third = await startEmulator({ port: 0, data });
    try {
      expect(await appNames(third, ['1', '2', '3'])).toEqual(['One', 'Two', 'Three']);
      expect(await createApp(third, 'Four')).toBe('4');
    } finally {
      await third.close();
    }
  });
});

describe('a damaged data folder', () => {
  it('refuses a journal with a line that does not parse before others, and leaves it as it is', async () => {
    const data = await folderWithTwoApps();
    const journal = join(data, 'journal.jsonl');
    const lines = readFileSync(journal, 'utf8').split('\n');
    lines[1] = lines[1]!.slice(0, 10);
    writeFileSync(journal, lines.join('\n'));
    const damaged = readFileSync(journal, 'utf8');
    await expect(startEmulator({ port: 0, data })).rejects.toThrow(
      `journal.jsonl in the data folder ${data} is damaged: line 2 is not a transaction, and ${lines.length - 3} more follow it; a crash does not do this (the file was changed outside the service)`,
    );
    expect(readFileSync(journal, 'utf8')).toBe(damaged);
  });

  it('refuses a snapshot that is not JSON', async () => {
    const data = await folderWithTwoApps();
    writeFileSync(join(data, 'snapshot.json'), '{"tables": {"apps": [[');
    await expect(startEmulator({ port: 0, data })).rejects.toThrow(
      `snapshot.json in the data folder ${data} is damaged: it is not JSON`,
    );
  });

  it('the emulator command says what is wrong and what to do, exit 1, no bug report', async () => {
    const data = await folderWithTwoApps();
    const journal = join(data, 'journal.jsonl');
    writeFileSync(journal, `{oops\n${readFileSync(journal, 'utf8')}`);
    const emu = await runCli(['emulator', '--port', '0', '--data', data]);
    if (emu.url) emu.child.kill('SIGTERM');
    expect(await emu.exited).toEqual({ code: 1, signal: null });
    expect(emu.stderr().replaceAll(data, '<data>')).toMatchInlineSnapshot(`
      "Error: cannot start the emulator: journal.jsonl in the data folder <data> is damaged: line 1 is not a transaction, and 3 more follow it; a crash does not do this (the file was changed outside the service)
        Keep the folder (it holds the data): move it aside and start with an empty one, or put back a copy. The journal is one JSON line per write: cutting the file before the damaged line keeps every write before it.
      "
    `);
  });
});
