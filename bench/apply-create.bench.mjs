// Apply creating 100 apps (the helpdesk tickets app, every area but plug-ins managed) against
// the local service in a process of its own, answering every call 20 ms late: wall against the
// lower bound of the same run, requests / concurrency x 20 ms (the time the calls take if the
// client's slots are never idle). Target: at most 1.5 (issue 25). The plan before it is not
// timed. The same apply with no latency is measured too: the time the two processes' work takes
// on this machine, which the lower bound leaves out (it dominates on a busy machine).
// Run with `npm run bench -- apply-create` (builds first; imports dist/).
import { rm } from 'node:fs/promises';
import { apply } from '../dist/apply/index.js';
import { DEFAULT_CONCURRENCY } from '../dist/client/index.js';
import { plan } from '../dist/plan/index.js';
import {
  benchRoot,
  countingClient,
  expectApplied,
  loadProject,
  serviceProcess,
  verdict,
  writeTicketsProject,
} from './lib/tickets.mjs';

const APPS = Number(process.env.BENCH_APPS ?? 100);
const LATENCY_MS = 20;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? DEFAULT_CONCURRENCY);

/** A fresh service and project; the apply's wall time and requests. */
async function applyCreating(latencyMs) {
  const root = await benchRoot();
  const service = await serviceProcess();
  await service.latency(latencyMs);
  await writeTicketsProject(root, service.url, APPS);
  const project = await loadProject(root);
  const applying = countingClient(service.url, CONCURRENCY);
  const planned = await plan({ project, client: applying.client });
  const before = applying.total();
  const started = performance.now();
  const result = await apply({
    plan: planned,
    project,
    client: applying.client,
    pollIntervalMs: { initial: LATENCY_MS, max: 200 },
  });
  const wall = performance.now() - started;
  expectApplied(result);
  await applying.client.close();
  await service.close();
  await rm(root, { recursive: true, force: true });
  return { wall, requests: applying.total() - before };
}

const busy = await applyCreating(0);
const { wall, requests } = await applyCreating(LATENCY_MS);
const lowerBound = (requests / CONCURRENCY) * LATENCY_MS;
console.log(
  `apply creating ${APPS} apps, latency ${LATENCY_MS} ms, concurrency ${CONCURRENCY}: ${requests} requests ` +
    `(${(requests / APPS).toFixed(1)} per app), lower bound ${lowerBound.toFixed(0)} ms, wall ${wall.toFixed(0)} ms ` +
    `(with no latency: ${busy.wall.toFixed(0)} ms)`,
);
verdict('wall against lower bound', wall / lowerBound, 1.5);
