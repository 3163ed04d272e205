/**
 * The transport sweep: the typed client (docs/client.md, "safe retries and a concurrency limit")
 * against a service that misbehaves at the socket (transport-sweep/server.ts, raw node:net and
 * node:tls): a refused connection, a reset before or after the request is read, half a header, a
 * truncated body, a body that is not JSON, silence past the timeout, a stalled body, 429 with
 * Retry-After, 5xx with and without the service's JSON, 401/403/520, an HTTP/1.0 answer ended by
 * closing, a keep-alive connection closed as the client reuses it. From a seed, each draw picks a
 * kind of call (reads, writes that must not run twice, revision-checked updates, bulk, upload),
 * how many at once, what happens to each attempt, the client's retries, timeout and concurrency,
 * its credentials, when the caller's signal fires and when close() is called
 * (transport-sweep/draw.ts); transport-sweep/expect.ts says what the docs promise and
 * transport-sweep/run.ts holds the client to it.
 *
 * Deterministic from TRANSPORT_SWEEP_SEED (default 20261129); TRANSPORT_SWEEP_ROUNDS draws
 * (default 120). A long run: `TRANSPORT_SWEEP_ROUNDS=2000 TRANSPORT_SWEEP_SEED=7 npx vitest run
 * test/reliability/transport-sweep.test.ts` (TRANSPORT_SWEEP_REPORT=FILE also writes the failed
 * draws there). The default run: about 15 s with CI=true on two cores.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import './fuzz.js';
import { seededRandom } from '../support/seeded-random.js';
import { Random } from './reach-sweep/draw.js';
import { nextDraw } from './transport-sweep/draw.js';
import { report, runDraw, type Outcome } from './transport-sweep/run.js';
import { startFaultServer, type FaultServer } from './transport-sweep/server.js';

const SEED = Number(process.env.TRANSPORT_SWEEP_SEED) || 20261129;
const ROUNDS = Number(process.env.TRANSPORT_SWEEP_ROUNDS) || 120;
/** A file the failed draws are written to, one block each (a long run's findings). */
const REPORT = process.env.TRANSPORT_SWEEP_REPORT;

let servers: { plain: FaultServer; tls: FaultServer } | undefined;

beforeAll(async () => {
  servers = { plain: await startFaultServer(false), tls: await startFaultServer(true) };
});

afterAll(async () => {
  await servers?.plain.close();
  await servers?.tls.close();
});

it(
  `${ROUNDS} calls against a misbehaving service from seed ${SEED}: retried as documented, never a write twice, within the limit, nothing left behind`,
  async (context) => {
    const random = new Random(seededRandom(SEED));
    const outcomes: Outcome[] = [];
    onTestFinished(() => void (context.task.meta.fuzzInputs = outcomes.length));
    for (let round = 0; round < ROUNDS; round++) outcomes.push(await runDraw(servers!, nextDraw(random)));
    const failed = outcomes
      .filter((o) => o.findings.length > 0)
      .map((o) => `round ${outcomes.indexOf(o)}: ${report(o)}`)
      .join('\n\n');
    if (REPORT) writeFileSync(REPORT, failed);
    expect(failed).toBe('');
  },
  Math.max(120_000, ROUNDS * 2_000),
);
