/**
 * What must hold after Ctrl-C or SIGTERM (interrupt-sweep.test.ts), beyond what a kill -9 must
 * leave (kill-anywhere/checks.ts, reused): the exit code is 130 (exit-codes.ts; a server stopped by
 * its first signal exits 0, docs/local-service.md), the last words say what state things are in
 * and what to run next, and nothing the run held or half-wrote is left: no lock (it is released on
 * exit, so the next run never finds one it must call a dead process's), no temporary file.
 */
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import type { World } from '../kill-anywhere/checks.js';
import type { Signalled } from './signal.js';

/** Files an interrupted run may not leave: its locks and half-written files (a restore's progress and apply's recovery record are meant to stay). */
const LEFT_BY_INTERRUPT = /\.tmp$|\.partial$|\.stale-|\.lock$|^lock$/;

async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    out.push(path);
    if (entry.isDirectory()) out.push(...(await files(path)));
  }
  return out;
}

/** Locks and temporary files under `root` (a project, or a data folder). */
export async function leftBehind(root: string): Promise<string[]> {
  return (await files(root))
    .map((p) => relative(root, p))
    .filter((p) => LEFT_BY_INTERRUPT.test(p.split('/').at(-1)!));
}

/** The variable parts of a message made fixed: the project folder, addresses, pids, times, counts. */
export function normalized(line: string, root: string): string {
  return line
    .replaceAll(root, '<project>')
    .replace(/http:\/\/127\.0\.0\.1:\d+/g, '<url>')
    .replace(/\bpid \d+/g, 'pid <pid>')
    .replace(/\d{4}-\d\d-\d\dT[\d-]+Z-\w+\.jsonl/g, '<backup>.jsonl')
    .replace(/\((\d|,)+ records copied, [^)]*\)/g, '(<counts>)');
}

/**
 * The words a run ended with, normalized: the last line of stderr, or for apply, which stops its
 * writes and then prints its result, the result's first line on stdout after its progress.
 */
export function finalWords(ended: Signalled, root: string): string {
  const last = (text: string) =>
    text
      .split('\n')
      .map((l) => l.trimEnd())
      .filter((l) => l !== '')
      .at(-1) ?? '';
  const stopping =
    /: stopping \(press Ctrl-C again/.test(ended.stderr) && !/Interrupted again/.test(ended.stderr);
  if (!stopping) return normalized(last(ended.stderr), root);
  const result = ended.stdout.split('\n\n').at(-1) ?? '';
  return normalized(result.split('\n')[0] ?? '', root);
}

/**
 * The exit and the words of a command interrupted while it ran: 130 (apply: 3 for a second
 * signal once a deploy call went out, and a first signal once its deploy was asked for lets it
 * end as it ends), the words of what it left, never a bug.
 */
export function expectInterrupted(ended: Signalled, at: string, applyTwice: boolean, root: string): void {
  const said = `${at}\nstdout: ${ended.stdout}\nstderr: ${ended.stderr}`;
  expect(ended.signal, said).toBeNull();
  expect(said).not.toMatch(/\bbug\b|\n\s+at /i);
  const deployed = /^Deploying /m.test(ended.stderr);
  const asked = /the deploy has been asked for and cannot be stopped/.test(ended.stderr);
  if (applyTwice && deployed) expect(ended.code, said).toBe(3);
  else if (asked) expect([0, 130], said).toContain(ended.code);
  else expect(ended.code, said).toBe(130);
  // What it left, and (but for apply's rollback, which says so in its result) what to run.
  const words = finalWords(ended, root);
  expect(words, said).not.toBe('');
  if (!/^(Interrupted|Every app|Outcome unknown|Applied)/.test(words))
    expect(words, said).toMatch(/`npx appdeploy /);
}

/** After a command that changes no settings ran again: status in sync, no lock, temporary or progress file left. */
export async function expectSettled(w: World, at: string): Promise<void> {
  const status = await w.run('status');
  expect(status.code, `${at}\n${status.stdout}${status.stderr}`).toBe(0);
  const left = (await files(w.root))
    .map((p) => relative(w.root, p))
    .filter(
      (p) =>
        /\.progress\.json$|^apply-.*\.json$/.test(p.split('/').at(-1)!) ||
        LEFT_BY_INTERRUPT.test(p.split('/').at(-1)!),
    );
  expect(left, at).toEqual([]);
}
