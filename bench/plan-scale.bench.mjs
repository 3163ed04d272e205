// Plan at scale, against the local service answering every call 20 ms late (issue 25):
// - requests of a plan of one unchanged app, against the draft and live copy of every area (what
//   the planner read before it knew a draft's revision says whether live differs): <= 18;
// - wall of a plan of 200 unchanged apps against its lower bound, requests / concurrency x 20 ms
//   (the time the calls take if the client's slots are never idle): <= 1.2;
// - peak memory of `appdeploy plan` of those 200 apps in a process of its own: <= 160 MB, against
//   the peak of a bare `node` measured in the same run.
// Run with `npm run bench -- plan-scale` (builds first; imports dist/).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { AREAS } from '../dist/areas/index.js';
import { DEFAULT_CONCURRENCY } from '../dist/client/index.js';
import { plan } from '../dist/plan/index.js';
import {
  applyProject,
  benchRoot,
  countingClient,
  loadProject,
  serviceProcess,
  verdict,
  writeTicketsProject,
} from './lib/tickets.mjs';

const APPS = Number(process.env.BENCH_APPS ?? 200);
const LATENCY_MS = Number(process.env.BENCH_LATENCY ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? DEFAULT_CONCURRENCY);

const root = await benchRoot();

// Set up without latency: create and apply the apps.
const emulator = await serviceProcess();
await writeTicketsProject(root, emulator.url, APPS);
await applyProject(root, emulator.url);
// The service in a process of its own, every answer 20 ms late from now on: what is measured is
// the planner.
await emulator.latency(LATENCY_MS);
const project = await loadProject(root);

// One unchanged app.
{
  const one = countingClient(emulator.url, CONCURRENCY);
  const planned = await plan({ project, client: one.client, apps: ['tickets0'] });
  if (planned.apps[0].action !== 'no-op') throw new Error('the applied app should plan to no change');
  const requests = one.total();
  const before = 2 * AREAS.length;
  console.log(`plan of one unchanged app: ${requests} requests (draft and live of every area: ${before})`);
  for (const [call, n] of [...one.counts].sort()) console.log(`  ${String(n).padStart(4)}  ${call}`);
  verdict('requests against draft+live of every area', requests / before, 18 / before);
  await one.client.close();
}

// Every app.
{
  const all = countingClient(emulator.url, CONCURRENCY);
  const started = performance.now();
  const planned = await plan({ project, client: all.client });
  const wall = performance.now() - started;
  if (planned.apps.some((a) => a.action !== 'no-op'))
    throw new Error('the applied apps should plan to no change');
  const requests = all.total();
  const lowerBound = (requests / CONCURRENCY) * LATENCY_MS;
  console.log(
    `plan of ${APPS} apps, latency ${LATENCY_MS} ms, concurrency ${CONCURRENCY}: ${requests} requests ` +
      `(${(requests / APPS).toFixed(1)} per app), lower bound ${lowerBound.toFixed(0)} ms, wall ${wall.toFixed(0)} ms`,
  );
  verdict('wall against lower bound', wall / lowerBound, 1.2);
  await all.client.close();
}

// Peak memory of the command in a process of its own.
{
  const peak = async (args) => {
    const { stdout } = await promisify(execFile)(process.execPath, args, { encoding: 'utf8' });
    return Number(stdout.trim().split('\n').pop());
  };
  const bare = await peak(['-e', 'console.log((process.resourceUsage().maxRSS / 1024).toFixed(0))']);
  const script = fileURLToPath(new URL('./lib/plan-rss.mjs', import.meta.url));
  const rss = await peak([script, root, '--concurrency', String(CONCURRENCY)]);
  console.log(
    `peak memory, plan of ${APPS} apps: ${rss} MB (bare node: ${bare} MB, ratio ${(rss / bare).toFixed(1)})`,
  );
  verdict('peak memory against 160 MB', rss / 160, 1);
}

await emulator.close();
await rm(root, { recursive: true, force: true });
