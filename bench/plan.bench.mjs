// Plan of 50 apps, every area managed (plug-ins aside), against the local service answering every
// call 20 ms late: wall time against the lower bound of the same run, requests / concurrency x
// 20 ms (the time the calls take if the client's connections are never idle). Target: at most
// 1.5. Also: applying 20 changed apps makes exactly one deploy call; the requests per changed
// area are printed. Run with `npm run bench -- plan` (builds first; imports dist/).
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { apply } from '../dist/apply/index.js';
import { startEmulator } from '../dist/emulator/index.js';
import { EXAMPLE_DIRECTORY } from './lib/directory.mjs';
import {
  applyProject,
  benchRoot,
  expectApplied,
  countingClient as countingClientOf,
  loadProject,
  repoint,
  writeTicketsProject,
} from './lib/tickets.mjs';
import { plan } from '../dist/plan/index.js';

const APPS = 50;
const LATENCY_MS = 20;
const CONCURRENCY = 8;
const TARGET = 1.5;
const root = await benchRoot();
const data = join(root, 'data');
const writeProjectFile = (url, count) => writeTicketsProject(root, url, count);
const load = () => loadProject(root);
const countingClient = (url) => countingClientOf(url, CONCURRENCY);

// Set up without latency: create and apply the 50 apps.
let emulator = await startEmulator({ port: 0, data, deployMs: 0, ...EXAMPLE_DIRECTORY });
await writeProjectFile(emulator.url, APPS);
await applyProject(root, emulator.url);
await emulator.close();

// Measure: the same data, every answer 20 ms late.
emulator = await startEmulator({ port: 0, data, deployMs: 0, latencyMs: LATENCY_MS, ...EXAMPLE_DIRECTORY });
await repoint(root, emulator.url);
const project = await load();
const planning = countingClient(emulator.url);
const started = performance.now();
const planned = await plan({ project, client: planning.client });
const wall = performance.now() - started;
if (planned.apps.some((a) => a.action !== 'no-op'))
  throw new Error('the applied apps should plan to no change');
const requests = planning.total();
const lowerBound = (requests / CONCURRENCY) * LATENCY_MS;
const ratio = wall / lowerBound;
console.log(
  `plan of ${APPS} apps, ${planned.apps[0].areas.length} areas each, latency ${LATENCY_MS} ms, concurrency ${CONCURRENCY}`,
);
console.log(`requests ${requests} (${(requests / APPS).toFixed(1)} per app)`);
console.log(`lower bound ${lowerBound.toFixed(0)} ms, wall ${wall.toFixed(0)} ms`);
console.log(`ratio ${ratio.toFixed(2)} (target <= ${TARGET}): ${ratio <= TARGET ? 'PASS' : 'FAIL'}`);
if (ratio > TARGET) process.exitCode = 1;
await planning.client.close();

// Apply of 20 changed apps: one deploy call; requests per changed area.
for (let i = 0; i < 20; i++) {
  const path = join(root, `apps/tickets${i}.yaml`);
  const doc = parseDocument(await readFile(path, 'utf8'));
  doc.set('theme', 'BLUE');
  doc.setIn(['fields', 'subject', 'label'], `Subject ${i}`);
  doc.setIn(['views', 'Board', 'pager'], true);
  await writeFile(path, doc.toString());
}
const applying = countingClient(emulator.url);
const changedProject = await load();
const changedPlan = await plan({ project: changedProject, client: applying.client });
const beforeApply = new Map(applying.counts);
const result = await apply({
  plan: changedPlan,
  project: changedProject,
  client: applying.client,
  pollIntervalMs: { initial: 20, max: 200 },
});
expectApplied(result);
const during = new Map(
  [...applying.counts].map(([k, v]) => [k, v - (beforeApply.get(k) ?? 0)]).filter(([, v]) => v > 0),
);
const deploys = during.get('POST /k/v1/preview/app/deploy.json') ?? 0;
const changedAreas = changedPlan.apps.reduce(
  (n, a) => n + a.areas.filter((x) => x.action !== 'no-op').length,
  0,
);
const applyRequests = [...during.values()].reduce((a, b) => a + b, 0);
console.log(
  `apply of 20 changed apps (${changedAreas} changed areas): ${deploys} deploy call(s), ${applyRequests} requests, ${(applyRequests / changedAreas).toFixed(1)} per changed area`,
);
for (const [call, n] of [...during].sort()) console.log(`  ${String(n).padStart(4)}  ${call}`);
console.log(`one deploy call: ${deploys === 1 ? 'PASS' : 'FAIL'}`);
if (deploys !== 1) process.exitCode = 1;
await applying.client.close();
await emulator.close();
await rm(root, { recursive: true, force: true });
