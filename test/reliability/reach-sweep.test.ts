/**
 * The reach sweep: a user behind a company network (a CONNECT proxy, a Secure Access domain asking
 * for a client certificate, a private certificate authority) meets the built CLI. From a seed,
 * each draw picks how every setting of the connection is given (reach-sweep/draw.ts): the
 * environment's `proxy:` or HTTPS_PROXY / https_proxy / HTTP_PROXY / http_proxy (with or without
 * scheme, slash, path; credentials right, wrong, missing, not percent-encoded), NO_PROXY /
 * no_proxy lists (`*`, hosts, ports, leading dots, CIDR blocks), `ca:` or NODE_EXTRA_CA_CERTS or
 * nothing (or the wrong authority, a missing, folder or garbage file), a client certificate as
 * .pfx or PEM (right, wrong or missing password, another authority's, missing, garbage, a file
 * of the wrong kind), the base URL's path, basic auth, the variables from the shell or `.env`;
 * and which local service it names (reach-sweep/world.ts: plain HTTP, HTTPS requiring client
 * certificates, an expired certificate, a host its certificate does not name, a closed port) by
 * which name (an address, `localhost`, a name only the proxies resolve). reach-sweep/expect.ts says what the docs promise for it, and
 * reach-sweep/run.ts runs it in a temporary project and checks it.
 *
 * Deterministic from REACH_SWEEP_SEED (default 20261129); REACH_SWEEP_ROUNDS draws (default 12,
 * about 30 s on two cores). A long run: `REACH_SWEEP_ROUNDS=300 REACH_SWEEP_SEED=5
 * REACH_SWEEP_REPORT=/tmp/reach.json npx vitest run test/reliability/reach-sweep.test.ts` (the
 * report, written as the draws come, counts them by outcome and lists the failures).
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import './fuzz.js';
import { seededRandom } from '../support/seeded-random.js';
import { nextDraw, Random } from './reach-sweep/draw.js';
import { report, runDraw, type Outcome } from './reach-sweep/run.js';
import { startWorld, type World } from './reach-sweep/world.js';

const SEED = Number(process.env.REACH_SWEEP_SEED) || 20261129;
const ROUNDS = Number(process.env.REACH_SWEEP_ROUNDS) || 12;
/** A file the outcomes are written to as they come (a long run's progress and failures). */
const REPORT = process.env.REACH_SWEEP_REPORT;

let world: World | undefined;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

it(
  `${ROUNDS} ways of reaching the service from seed ${SEED}: work, or are refused naming the cause`,
  async (context) => {
    const random = new Random(seededRandom(SEED));
    const outcomes: Outcome[] = [];
    onTestFinished(() => void (context.task.meta.fuzzInputs = outcomes.length));
    for (let round = 0; round < ROUNDS; round++) {
      const draw = nextDraw(random, (service) => world!.ports.service[service]);
      const outcome = await runDraw(world!, draw);
      outcomes.push(outcome);
      if (REPORT) writeReport(REPORT, outcomes);
    }
    const failed = outcomes.filter((o) => o.findings.length > 0);
    expect(failed.map((o) => `round ${outcomes.indexOf(o)}: ${report(o)}`).join('\n\n')).toBe('');
    // The default run meets both ends: some draws work, some are refused.
    if (ROUNDS >= 10) expect(new Set(outcomes.map((o) => o.expected.outcome)).size).toBe(2);
  },
  Math.max(120_000, ROUNDS * 20_000),
);

function writeReport(path: string, outcomes: Outcome[]): void {
  const stages = outcomes.map((o) => (o.expected.outcome === 'works' ? 'works' : o.expected.stage));
  const summary = {
    seed: SEED,
    draws: outcomes.length,
    byOutcome: Object.fromEntries([...new Set(stages)].map((s) => [s, stages.filter((t) => t === s).length])),
    failed: outcomes
      .map((o, round) => ({ round, o }))
      .filter(({ o }) => o.findings.length > 0)
      .map(({ round, o }) => `round ${round}: ${report(o)}`),
  };
  writeFileSync(path, JSON.stringify(summary, null, 2));
}
