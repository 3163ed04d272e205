// What the benchmarks share: projects of many copies of the helpdesk tickets app (every area but
// plug-ins managed), a client that counts its requests, and the local service at a latency.
import { spawn } from 'node:child_process';
import { EXAMPLE_DIRECTORY_FLAGS } from './directory.mjs';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument, stringify } from 'yaml';
import { apply } from '../../dist/apply/index.js';
import { createClient } from '../../dist/client/index.js';
import { plan } from '../../dist/plan/index.js';
import { validateProject } from '../../dist/project/index.js';
import { renderApplyMessage } from '../../dist/render/apply-result.js';

export const ADMIN = { login: 'admin', password: 'admin' };

// The helpdesk tickets app, with the areas it leaves out added: every area but plug-ins managed.
export const tickets = `${await readFile(new URL('../../examples/helpdesk/apps/tickets.yaml', import.meta.url), 'utf8')}
customize:
  scope: ALL
  desktop: { js: [{ type: URL, url: 'https://cdn.example.com/board.js' }], css: [] }
  mobile: { js: [], css: [] }
appAcl:
  - { entity: { type: CREATOR }, appEditable: true, recordViewable: true, recordAddable: true }
  - { entity: { type: GROUP, code: everyone }, recordViewable: true }
recordAcl:
  - filterCond: priority in ("Urgent")
    entities: [{ entity: { type: GROUP, code: support-leads }, viewable: true, editable: true }]
fieldAcl:
  - field: minutes_spent
    entities: [{ entity: { type: GROUP, code: everyone }, accessibility: READ }]
actions:
  Follow-up ticket:
    destApp: { app: 1 }
    mappings: [{ srcType: FIELD, srcField: subject, destField: subject }]
    entities: [{ type: GROUP, code: everyone }]
`;

/** A temp folder holding the helpdesk example's files (the tickets app's local files). */
export async function benchRoot() {
  const root = await mkdtemp(join(tmpdir(), 'appdeploy-bench-'));
  await cp(new URL('../../examples/helpdesk/apps/', import.meta.url), join(root, 'apps'), {
    recursive: true,
  });
  return root;
}

/** A project of `count` copies of the tickets app, each with its own key, at `url` (env `bench`). */
export async function writeTicketsProject(root, url, count, extra = {}) {
  const apps = {};
  for (let i = 0; i < count; i++) apps[`tickets${i}`] = { manifest: `apps/tickets${i}.yaml` };
  const config = {
    environments: { bench: { baseUrl: url, auth: ADMIN, ...extra } },
    defaultEnvironment: 'bench',
    apps,
  };
  await writeFile(join(root, 'appdeploy.yaml'), stringify(config));
  for (let i = 0; i < count; i++) await writeFile(join(root, `apps/tickets${i}.yaml`), tickets);
}

/** Points the project's `bench` environment at another service, ids kept. */
export async function repoint(root, url) {
  const path = join(root, 'appdeploy.yaml');
  const doc = parseDocument(await readFile(path, 'utf8'));
  doc.setIn(['environments', 'bench', 'baseUrl'], url);
  await writeFile(path, doc.toString());
}

export async function loadProject(root) {
  const result = await validateProject({ cwd: root, dir: root, variables: {} });
  if (!result.project) throw new Error(result.problems.map((p) => p.message).join('\n'));
  return result.project;
}

/**
 * Set-up, not measured: plans and applies the project at `root` on the service at `url` (no
 * latency yet), and throws unless it applied.
 */
export async function applyProject(root, url) {
  const client = createClient({ baseUrl: url, auth: ADMIN, concurrency: 32 });
  const project = await loadProject(root);
  const result = await apply({
    plan: await plan({ project, client }),
    project,
    client,
    pollIntervalMs: { initial: 10, max: 100 },
  });
  expectApplied(result);
  await client.close();
}

/** Throws, with apply's message, unless the apply went through. */
export function expectApplied(result) {
  if (result.outcome !== 'applied')
    throw new Error(renderApplyMessage(result, { command: (name) => `npx appdeploy ${name}` }));
}

/** A client that counts its requests by method and path. */
export function countingClient(url, concurrency) {
  const counts = new Map();
  const client = createClient({
    baseUrl: url,
    auth: ADMIN,
    ...(concurrency ? { concurrency } : {}),
    logger: (event) => {
      if (event.type === 'request')
        counts.set(`${event.method} ${event.path}`, (counts.get(`${event.method} ${event.path}`) ?? 0) + 1);
    },
  });
  return { client, counts, total: () => [...counts.values()].reduce((a, b) => a + b, 0) };
}

/** `ratio x.xx (target <= t): PASS|FAIL`, setting the exit code on a miss. */
export function verdict(label, ratio, target) {
  const pass = ratio <= target;
  console.log(`${label}: ratio ${ratio.toFixed(2)} (target <= ${target}): ${pass ? 'PASS' : 'FAIL'}`);
  if (!pass) process.exitCode = 1;
}

/**
 * The local service in a process of its own (`appdeploy emulator`, memory only), as a remote
 * service would be: its work does not take the measured process's time. `latency(ms)` delays
 * every API answer from then on (a control-API fault without a status). Resolves once it listens.
 */
export function serviceProcess() {
  const bin = new URL('../../dist/cli/bin.js', import.meta.url).pathname;
  const args = [bin, 'emulator', '--port', '0', '--deploy-ms', '0', ...EXAMPLE_DIRECTORY_FLAGS];
  // BENCH_SERVICE_NODE_ARGS: node options for the service's process alone (`--cpu-prof` to profile it).
  const nodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('exit', (code) => reject(new Error(`the service exited ${code} before it listened`)));
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const url = /http:\/\/\S+/.exec(out)?.[0];
      if (!url) return;
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      resolve({
        url,
        latency: async (delayMs) => {
          const res = await fetch(`${url}/_emulator/faults`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'X-Service-Authorization': Buffer.from('admin:admin').toString('base64'),
            },
            body: JSON.stringify({ path: '^/k/', delayMs }),
          });
          if (!res.ok) throw new Error(`latency: ${res.status} ${await res.text()}`);
        },
        cpuMs: () => processCpuMs(child.pid),
        close: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}

/**
 * The CPU time (user + system, ms) a process has used so far, from /proc (Linux; null elsewhere):
 * the local service's own work, which wall time on a shared machine blurs.
 */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}
