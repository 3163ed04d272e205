// A migration's copy (records/copy-field.ts, issue 36 step 2): 20,000 records' text values copied
// into another field against the local service in a process of its own, answering every call
// 20 ms late. Wall time against the lower bound of the same run, requests / concurrency x 20 ms
// (the time the calls take if the client's slots are never idle). Target: at most 1.5. The same
// copy with no latency is measured too: the time the two processes' work takes on this machine
// (reading, converting, writing 20,000 records twice over), which the lower bound leaves out, and
// the run's rounds and service CPU beside the ratio (bench/lib/trace.mjs, as the seed bench prints).
// The verdict stays the issue's formula. Run with `npm run bench -- migrate` (builds first; imports dist/).
import { DEFAULT_CONCURRENCY, createClient } from '../dist/client/index.js';
import { conversionFor } from '../dist/platform/index.js';
import { copyFieldValues } from '../dist/records/index.js';
import { ADMIN, serviceProcess, verdict } from './lib/tickets.mjs';
import { timeGoes, tracingClient } from './lib/trace.mjs';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 20_000);
const LATENCY_MS = 20;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? DEFAULT_CONCURRENCY);

const conversion = conversionFor('MULTI_LINE_TEXT', 'SINGLE_LINE_TEXT');
const context = {
  from: { type: 'MULTI_LINE_TEXT' },
  to: { type: 'SINGLE_LINE_TEXT' },
  migrate: {},
  timeZone: 'UTC',
};

/** A service holding an app of RECORDS records (set up with no latency); its url and app. */
async function serviceWithRecords() {
  const service = await serviceProcess();
  const client = createClient({ baseUrl: service.url, auth: ADMIN });
  const { app } = await client.apps.addApp({ name: 'Migrate bench' });
  await client.form.addFields({
    app,
    properties: {
      memo: { type: 'MULTI_LINE_TEXT', code: 'memo', label: 'Memo' },
      memo_line: { type: 'SINGLE_LINE_TEXT', code: 'memo_line', label: 'Memo (one line)' },
    },
  });
  await client.apps.deploy({ apps: [{ app }] });
  await client.apps.waitForDeploy([app]);
  await client.records.addAll(
    app,
    Array.from({ length: RECORDS }, (_, i) => ({ memo: { value: `memo of record ${i}` } })),
  );
  await client.close();
  return { service, app };
}

async function copying(latencyMs) {
  const { service, app } = await serviceWithRecords();
  await service.latency(latencyMs);
  const copier = tracingClient(service.url, CONCURRENCY);
  const cpuBefore = service.cpuMs();
  const started = performance.now();
  const result = await copyFieldValues(copier.client, {
    app,
    from: { code: 'memo', table: null },
    to: { code: 'memo_line', table: null },
    convert: (value) => conversion.convert(value, context),
  });
  const wall = performance.now() - started;
  const cpuAfter = service.cpuMs();
  const serviceCpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  if (result.copied !== RECORDS || !result.converged)
    throw new Error(
      `expected ${RECORDS} records copied, got ${JSON.stringify({ ...result, progress: undefined })}`,
    );
  const requests = copier.total();
  await copier.client.close();
  await service.close();
  return { wall, requests, counts: copier.counts, serviceCpu, rounds: copier.rounds() };
}

const busy = await copying(0);
const run = await copying(LATENCY_MS);
const { wall, requests, counts } = run;
const lowerBound = (requests / CONCURRENCY) * LATENCY_MS;
console.log(
  `copy of ${RECORDS} records, latency ${LATENCY_MS} ms, concurrency ${CONCURRENCY}: ${requests} requests ` +
    `(${[...counts].map(([k, n]) => `${n} ${k}`).join(', ')}), lower bound ${lowerBound.toFixed(0)} ms, ` +
    `wall ${wall.toFixed(0)} ms (with no latency: ${busy.wall.toFixed(0)} ms)`,
);
// Where the time goes, beside the issue's ratio: the rounds of calls that could not overlap, and
// the service's own CPU time in the copy (Linux /proc; 10 ms ticks), which the lower bound leaves out.
timeGoes(run, busy, lowerBound, LATENCY_MS);
verdict('wall against lower bound (issue 36)', wall / lowerBound, 1.5);
