// `appdeploy seed` (issue 37, "Done when"): 10,000 records (text key, number, date, drop-down,
// user) seeded into an empty app through the library functions the command uses (planFromService,
// applySeed), against the local service in a process of its own answering every call 20 ms late.
// Wall time against the lower bound of the same run, requests / concurrency x 20 ms (the time the
// calls take if the client's slots are never idle). Target: at most 1.5. Then a second seed of
// the same records (10,000 unchanged: the read and plan path alone), with its own ratio.
//
// The lower bound counts latency alone. Two costs it leaves out are printed beside it, so the
// reader sees where the time goes: the round trips that cannot overlap (a seed reads before it
// writes; a read of more pages than the client has slots takes several rounds), measured from the
// client's log as the longest chain of calls each started after the one before it ended; and the
// service's own CPU time (the local service is one thread: its work on 10,000 records cannot
// overlap either). The second ratio is wall against max(lower bound, rounds x latency) + service
// CPU. The verdict stays the issue's formula.
// Run with `npm run bench -- seed` (builds first; imports dist/).
import { DEFAULT_CONCURRENCY, createClient } from '../dist/client/index.js';
import { applySeed, planFromService, planIsEmpty } from '../dist/records/index.js';
import { ADMIN, serviceProcess, verdict } from './lib/tickets.mjs';
import { timeGoes, tracingClient } from './lib/trace.mjs';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 10_000);
const LATENCY_MS = 20;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? DEFAULT_CONCURRENCY);
const STATUSES = ['New', 'Open', 'Waiting', 'Closed'];

const records = Array.from({ length: RECORDS }, (_, i) => ({
  code: { value: `R${String(i).padStart(6, '0')}` },
  title: { value: `Record number ${i}` },
  amount: { value: String((i * 37) % 100_000) },
  due: { value: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}` },
  status: { value: STATUSES[i % STATUSES.length] },
  owner: { value: i % 3 === 0 ? [{ code: 'admin' }] : [] },
}));

/** A service holding an empty app of the record file's fields (set up with no latency). */
async function serviceWithApp() {
  const service = await serviceProcess();
  const client = createClient({ baseUrl: service.url, auth: ADMIN });
  const { app } = await client.apps.addApp({ name: 'Seed bench' });
  const options = Object.fromEntries(
    STATUSES.map((label, index) => [label, { label, index: String(index) }]),
  );
  await client.form.addFields({
    app,
    properties: {
      code: { type: 'SINGLE_LINE_TEXT', code: 'code', label: 'Code', unique: true, required: true },
      title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title' },
      amount: { type: 'NUMBER', code: 'amount', label: 'Amount' },
      due: { type: 'DATE', code: 'due', label: 'Due' },
      status: { type: 'DROP_DOWN', code: 'status', label: 'Status', options },
      owner: { type: 'USER_SELECT', code: 'owner', label: 'Owner' },
    },
  });
  await client.apps.deploy({ apps: [{ app }] });
  await client.apps.waitForDeploy([app]);
  await client.close();
  return { service, app: String(app) };
}

/** One seed, measured: plan from the service, then apply; the figures of the run. */
async function seed(service, app, expectWrites) {
  const { client, counts, rounds } = tracingClient(service.url, CONCURRENCY);
  const target = { app, key: 'code', records, clean: false };
  const cpuBefore = service.cpuMs();
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  const plan = await planFromService(client, target);
  const planned = performance.now();
  const result = planIsEmpty(plan) ? null : await applySeed(client, target, plan);
  const wall = performance.now() - started;
  const own = process.cpuUsage(ownBefore);
  const cpuAfter = service.cpuMs();
  await client.close();
  const added = result?.added ?? 0;
  if (expectWrites ? added !== RECORDS || plan.adds.length !== RECORDS : plan.unchanged !== RECORDS)
    throw new Error(
      `expected ${expectWrites ? `${RECORDS} adds` : `${RECORDS} unchanged`}, got ${added} added, ${plan.unchanged} unchanged`,
    );
  const requests = [...counts.values()].reduce((a, b) => a + b, 0);
  return {
    wall,
    planMs: planned - started,
    requests,
    counts,
    rounds: rounds(),
    clientCpu: (own.user + own.system) / 1000,
    serviceCpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  };
}

/** A fresh service and app at `latencyMs`: the first seed (10,000 adds), then the second (none). */
async function seeding(latencyMs) {
  const { service, app } = await serviceWithApp();
  await service.latency(latencyMs);
  try {
    const first = await seed(service, app, true);
    const again = await seed(service, app, false);
    return { first, again };
  } finally {
    await service.close();
  }
}

const busy = await seeding(0);
const slow = await seeding(LATENCY_MS);

function report(label, run, idle) {
  const lowerBound = (run.requests / CONCURRENCY) * LATENCY_MS;
  const kinds = [...run.counts].map(([k, n]) => `${n} ${k}`).join(', ');
  console.log(
    `${label}: ${run.requests} requests (${kinds}), concurrency ${CONCURRENCY}, latency ${LATENCY_MS} ms: ` +
      `lower bound ${lowerBound.toFixed(0)} ms, wall ${run.wall.toFixed(0)} ms (of which reading and planning ` +
      `${run.planMs.toFixed(0)} ms; with no latency: ${idle.wall.toFixed(0)} ms)`,
  );
  timeGoes(run, idle, lowerBound, LATENCY_MS);
  verdict(`  ${label}, wall against lower bound (issue 37)`, run.wall / lowerBound, 1.5);
}

report(`seed of ${RECORDS} records into an empty app`, slow.first, busy.first);
report(`seed again, ${RECORDS} unchanged (read and plan)`, slow.again, busy.again);
