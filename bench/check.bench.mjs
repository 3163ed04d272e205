// `plan --check` against `plan` on the same 20 changed apps (the helpdesk tickets app, three
// changes each), against the local service answering every call 20 ms late: the ratio of the
// check's wall time (plan, then the copy read and the apply on the in-memory shadow) to the plan's
// alone, both measured in this run. Target: at most 1.5 (the copy is read concurrently, the
// shadow answers without latency). Run with `npm run bench -- check` (builds first; imports dist/).
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { checkPlan, rememberingReads } from '../dist/check/index.js';
import { createClient } from '../dist/client/index.js';
import { startEmulator } from '../dist/emulator/index.js';
import { EXAMPLE_DIRECTORY } from './lib/directory.mjs';
import { ADMIN, applyProject, benchRoot, loadProject, repoint, writeTicketsProject } from './lib/tickets.mjs';
import { plan } from '../dist/plan/index.js';

const APPS = 20;
const LATENCY_MS = 20;
const TARGET = 1.5;
const RUNS = 3;
const root = await benchRoot();
const data = join(root, 'data');
const load = () => loadProject(root);

// Set up without latency: create and apply the apps, then change each.
let emulator = await startEmulator({ port: 0, data, deployMs: 0, ...EXAMPLE_DIRECTORY });
await writeTicketsProject(root, emulator.url, APPS);
await applyProject(root, emulator.url);
await emulator.close();
for (let i = 0; i < APPS; i++) {
  const path = join(root, `apps/tickets${i}.yaml`);
  const doc = parseDocument(await readFile(path, 'utf8'));
  doc.set('theme', 'BLUE');
  doc.setIn(['fields', 'subject', 'label'], `Subject ${i}`);
  doc.setIn(['views', 'Board', 'pager'], true);
  await writeFile(path, doc.toString());
}

// Measure: the same data, every answer 20 ms late; the best of RUNS of each.
emulator = await startEmulator({ port: 0, data, deployMs: 0, latencyMs: LATENCY_MS, ...EXAMPLE_DIRECTORY });
await repoint(root, emulator.url);
const project = await load();
const client = createClient({ baseUrl: emulator.url, auth: ADMIN, concurrency: 8 });
let planWall = Infinity;
let checkWall = Infinity;
let check;
for (let run = 0; run < RUNS; run++) {
  let started = performance.now();
  const planned = await plan({ project, client });
  planWall = Math.min(planWall, performance.now() - started);
  if (!planned.apps.every((a) => a.action === 'update')) throw new Error('every app should change');
  started = performance.now();
  // As the CLI does: the copy reuses what the plan read.
  const reading = rememberingReads(client);
  check = await checkPlan({ plan: await plan({ project, client: reading }), project, client: reading });
  checkWall = Math.min(checkWall, performance.now() - started);
  if (check.outcome !== 'passed') throw new Error(JSON.stringify(check.failure));
}
const ratio = checkWall / planWall;
console.log(
  `plan --check of ${APPS} changed apps, latency ${LATENCY_MS} ms: ${check.writes} writes, ${check.deployCalls} deploy call(s) on the copy`,
);
console.log(`plan ${planWall.toFixed(0)} ms, plan --check ${checkWall.toFixed(0)} ms (best of ${RUNS})`);
console.log(`ratio ${ratio.toFixed(2)} (target <= ${TARGET}): ${ratio <= TARGET ? 'PASS' : 'FAIL'}`);
if (ratio > TARGET) process.exitCode = 1;
await client.close();
await emulator.close();
await rm(root, { recursive: true, force: true });
