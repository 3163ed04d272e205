/**
 * What must hold after a kill -9 (kill-anywhere.test.ts), judged from the service's actual state
 * (service-state.ts) and the project's files:
 *
 * - `status` is truthful: its exit code and its words agree with the service (a draft that differs
 *   from live is never "in sync"; a migration's temporary field is never "in sync"), it never
 *   calls the interrupted run's own drafts someone else's, and when anything is left it says
 *   which command to run;
 * - the re-run converges: a fresh plan is empty, status says in sync, no temporary field is left,
 *   no recovery record or lock is left, and no stray temporary file lies in the project.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import type { Run } from '../../support/cli.js';
import { appState, projectIds, serviceApps, type AppState } from './service-state.js';

export interface World {
  url: string;
  root: string;
  run: (...args: string[]) => Promise<Run>;
}

interface StatusApp {
  key: string;
  id: string | null;
  deployed: boolean;
  pendingDraft: string[];
  pendingDraftBy: 'apply' | 'other' | null;
  inSync: boolean;
}

interface StatusJson {
  apps: StatusApp[];
  inSync: boolean;
  interruptedApply: {
    running: boolean;
    created: { key: string; id: string | null }[];
    migrations: { key: string; temporary: string }[];
  } | null;
}

/** Each app of the project with an id, and its state on the service. */
async function projectStates(w: World): Promise<Map<string, AppState>> {
  const out = new Map<string, AppState>();
  for (const [key, id] of Object.entries(await projectIds(w.root)))
    out.set(key, await appState(w.url, String(id)));
  return out;
}

const clean = (s: AppState) =>
  s.deployed && s.differs.length === 0 && s.temporary.length === 0 && !s.deploying;

/** `status` after the kill: what it says agrees with the service. Returns its text. */
export async function expectTruthfulStatus(w: World, at: string): Promise<string> {
  const json = await w.run('status', '--format', 'json');
  const text = await w.run('status');
  // The recovery record as the kill left it, named in a failure beside what status said of it.
  const record = await readFile(join(w.root, '.appdeploy', 'apply-emu.json'), 'utf8').catch(() => '(none)');
  const said = `${at}\n${text.stdout}${text.stderr}\nrecord: ${record}`;
  expect([0, 2], said).toContain(json.code);
  expect(text.code, said).toBe(json.code);
  expect(said).not.toMatch(/\bbug\b|\n\s+at /i);
  const status = JSON.parse(json.stdout) as StatusJson;
  // Read after status, which adopts an app the interrupted apply created (its id written then).
  const states = await projectStates(w);
  for (const app of status.apps) {
    const state = states.get(app.key);
    const where = `${said}\n${app.key}: ${JSON.stringify(state)}`;
    // Only the interrupted run wrote settings: no pending draft is someone else's.
    expect(app.pendingDraftBy, where).not.toBe('other');
    if (state === undefined) {
      expect(app.inSync, where).toBe(false);
      continue;
    }
    if (!clean(state)) expect(app.inSync, where).toBe(false);
    if (!state.deployed) expect(app.deployed, where).toBe(false);
    else if (state.differs.length > 0) expect(app.pendingDraft, where).not.toEqual([]);
  }
  if (status.interruptedApply !== null) {
    expect(status.interruptedApply.running, said).toBe(false);
    // A migration said to be under way has its temporary field on the service.
    for (const m of status.interruptedApply.migrations)
      expect(
        states.get(m.key)?.temporary,
        `${said}\n${m.key}: ${JSON.stringify(states.get(m.key))}`,
      ).toContain(m.temporary);
  }
  // An app the service holds that the project names nowhere is one the run was creating: said.
  const known = new Set([...states.values()].map((s) => s.id));
  const ids = Object.values(await projectIds(w.root));
  const strays = (await serviceApps(w.url, Math.max(0, ...ids))).filter((id) => !known.has(id));
  if (strays.length > 0)
    expect(
      status.interruptedApply?.created.some((c) => c.id === null),
      said,
    ).toBe(true);
  if (status.inSync) {
    expect(json.code, said).toBe(0);
    expect(text.stdout, said).toContain('In sync');
    expect([...states.values()].every(clean), said).toBe(true);
    // In sync is what a fresh plan says too: nothing to apply.
    const plan = await w.run('plan', '--detailed-exitcode');
    expect(plan.code, `${said}\n${plan.stdout}${plan.stderr}`).toBe(0);
  } else {
    expect(json.code, said).toBe(2);
    // What to run next, as a command of this project.
    expect(text.stdout, said).toMatch(/`npx appdeploy (apply|plan|status|revert)[^`]*`/);
  }
  return text.stdout;
}

/** Files a run leaves only when it was killed mid-write: none may outlive a whole run. */
const STRAY = /\.tmp$|\.partial$|\.stale-|\.progress\.json$|^apply-.*\.(json|lock)$/;

/** Every file and folder under `dir`. */
async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    out.push(path);
    if (entry.isDirectory()) out.push(...(await files(path)));
  }
  return out;
}

/** After the re-run: nothing left to do, nothing left behind. */
export async function expectConverged(w: World, at: string): Promise<void> {
  const plan = await w.run('plan', '--detailed-exitcode');
  expect(plan.code, `${at}\n${plan.stdout}${plan.stderr}`).toBe(0);
  const status = await w.run('status');
  expect(status.code, `${at}\n${status.stdout}${status.stderr}`).toBe(0);
  const states = await projectStates(w);
  for (const [key, state] of states)
    expect(clean(state), `${at}: ${key} ${JSON.stringify(state)}`).toBe(true);
  const left = (await files(w.root))
    .map((p) => relative(w.root, p))
    .filter((p) => STRAY.test(p.split('/').at(-1)!));
  expect(left, at).toEqual([]);
}
