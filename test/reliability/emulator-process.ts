import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { appdeploy, runCli, type CliProcess, type Run } from '../support/cli.js';
import { passwordHeader } from '../support/users.js';

export interface Answer {
  status: number;
  body: any;
}

/** One JSON call as the administrator; a lost connection is `status: 0` (not acknowledged). */
/**
 * Holds the service's next POST on `path` (a regular expression) for `ms` before it carries the
 * call out, so that a test can interrupt apply while that call is in flight.
 */
export async function holdNextPost(base: string, path: string, ms: number): Promise<void> {
  const armed = await call(base, 'POST', '/_emulator/faults', {
    method: 'POST',
    path,
    delayMs: ms,
    times: 1,
  });
  if (armed.status !== 200) throw new Error(`the fault was not armed: ${JSON.stringify(armed.body)}`);
}

/** How many bulk requests the service has been sent (counted as they arrive, before they are carried out). */
export async function bulkRequests(base: string): Promise<number> {
  const { requests } = (await call(base, 'GET', '/_emulator/stats')).body as {
    requests: Record<string, number>;
  };
  return requests['POST /k/v1/bulkRequest.json'] ?? 0;
}

/**
 * The service carries out its next bulk requests as they come, but holds the answer of the one
 * after `skip` of them for `ms`: a test kills the client while that answer is held.
 */
export async function holdBulkAnswer(base: string, skip: number, ms: number): Promise<void> {
  const armed = await call(base, 'POST', '/_emulator/faults', {
    method: 'POST',
    path: '^/k/v1/bulkRequest\\.json$',
    skip,
    times: 1,
    answerDelayMs: ms,
  });
  if (armed.status !== 200) throw new Error(`the fault was not armed: ${JSON.stringify(armed.body)}`);
}

export async function call(base: string, method: string, path: string, body?: unknown): Promise<Answer> {
  try {
    const res = await fetch(base + path, {
      method,
      headers: { ...passwordHeader(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: 0, body: null };
  }
}

/**
 * The emulator CLI as a child process over a data folder (kill -9 safe by docs/local-service.md);
 * `port` 0 picks a free one, `deployMs` is how long a deploy stays PROCESSING.
 */
export async function startDataEmulator(data: string, port = 0, deployMs = 50): Promise<CliProcess> {
  const emu = await runCli([
    'emulator',
    '--port',
    String(port),
    '--data',
    data,
    '--deploy-ms',
    String(deployMs),
  ]);
  if (!emu.url) throw new Error(`emulator did not start: ${emu.firstLine} ${emu.stderr()}`);
  return emu;
}

export async function stop(emu: CliProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  emu.child.kill(signal);
  await emu.exited;
}

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** What a test leaves to undo; the file runs the list backwards after each test. */
export type Cleanups = (() => Promise<void> | void)[];

/**
 * A data folder and a project folder named after `name`, and an emulator over the data; the
 * folders are removed and the emulator stopped (with `stopSignal`) after the test.
 */
export async function emulatorAndProject(
  name: string,
  cleanups: Cleanups,
  stopSignal: NodeJS.Signals = 'SIGTERM',
  deployMs?: number,
): Promise<{ emu: CliProcess; project: { path: string } }> {
  const data = tempDir(`appdeploy-${name}-data-`);
  const project = tempDir(`appdeploy-${name}-project-`);
  cleanups.push(
    () => data.remove(),
    () => project.remove(),
  );
  const emu = await startDataEmulator(data.path, 0, deployMs);
  cleanups.push(() => stop(emu, stopSignal));
  return { emu, project };
}

/** The secrets the `emu` environment of writeEmuProject reads, as a CI run gives them. */
export const EMU_ENV = { EMU_LOGIN: 'admin', EMU_PASSWORD: 'admin' };

/**
 * A project whose environment `emu` is the service at `url`: each manifest in apps/<key>.yaml,
 * with its id when `ids` has one. Returns a runner of the built CLI on it, `--env emu` added.
 */
export async function writeEmuProject(
  root: string,
  url: string,
  manifests: Record<string, object>,
  ids: Record<string, string> = {},
): Promise<(...args: string[]) => Promise<Run>> {
  await mkdir(join(root, 'apps'), { recursive: true });
  for (const [key, manifest] of Object.entries(manifests))
    await writeFile(join(root, 'apps', `${key}.yaml`), stringify(manifest));
  const environments = {
    emu: { baseUrl: url, auth: { login: '${EMU_LOGIN}', password: '${EMU_PASSWORD}' } },
  };
  const apps = Object.fromEntries(
    Object.keys(manifests).map((key) => [
      key,
      { manifest: `apps/${key}.yaml`, ...(ids[key] ? { ids: { emu: Number(ids[key]) } } : {}) },
    ]),
  );
  await writeFile(join(root, 'appdeploy.yaml'), stringify({ environments, apps }));
  return (...args) => appdeploy([...args, '--env', 'emu'], root, EMU_ENV);
}

/** Creates an app with one text field `t`, deploys it and waits for SUCCESS. */
export async function textApp(base: string, name = 'Writers'): Promise<string> {
  const created = await call(base, 'POST', '/k/v1/preview/app.json', { name });
  const app = String(created.body.app);
  await call(base, 'POST', '/k/v1/preview/app/form/fields.json', {
    app,
    properties: { t: { type: 'SINGLE_LINE_TEXT', code: 't', label: 'T' } },
  });
  await call(base, 'POST', '/k/v1/preview/app/deploy.json', { apps: [{ app }] });
  await waitDeploy(base, app);
  return app;
}

export async function waitDeploy(base: string, app: string): Promise<string> {
  for (;;) {
    const res = await call(base, 'GET', `/k/v1/preview/app/deploy.json?apps[]=${app}`);
    const status = (res.body as { apps: { status: string }[] }).apps[0]!.status;
    if (status !== 'PROCESSING') return status;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Every record of an app by id: value of `t` and revision (paging by $id). */
export async function allRecords(
  base: string,
  app: string,
): Promise<Map<string, { t: string; revision: string }>> {
  const out = new Map<string, { t: string; revision: string }>();
  let last = 0;
  for (;;) {
    const query = encodeURIComponent(`$id > ${last} order by $id asc limit 500`);
    const res = await call(base, 'GET', `/k/v1/records.json?app=${app}&query=${query}`);
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    const records = (res.body as { records: Record<string, { value: string }>[] }).records;
    for (const r of records) out.set(r.$id!.value, { t: r.t!.value, revision: r.$revision!.value });
    if (records.length < 500) return out;
    last = Number(records[records.length - 1]!.$id!.value);
  }
}
