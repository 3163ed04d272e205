// What the record benchmarks (seed, migrate) share to say where their time goes beside the
// issue's ratio: a client that keeps each call's span, the rounds of calls that could not overlap,
// and the line that sets wall time against latency, rounds and the local service's own CPU.
import { createClient } from '../../dist/client/index.js';
import { ADMIN } from './tickets.mjs';

/**
 * A client that counts its requests by method and path, and keeps each call's start and end (from
 * its response event) to measure the rounds: the longest chain of calls each started after the one
 * before it had ended.
 */
export function tracingClient(url, concurrency) {
  const counts = new Map();
  const spans = [];
  const client = createClient({
    baseUrl: url,
    auth: ADMIN,
    concurrency,
    logger: (event) => {
      const kind = `${event.method} ${event.path}`;
      if (event.type === 'request') counts.set(kind, (counts.get(kind) ?? 0) + 1);
      if (event.type === 'response') {
        const end = performance.now();
        spans.push({ start: end - event.durationMs, end });
      }
    },
  });
  return {
    client,
    counts,
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    rounds: () => longestChain(spans),
  };
}

/** The longest chain of calls in which each started after the previous one ended. */
function longestChain(spans) {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const depth = [];
  let best = 0;
  sorted.forEach((span, i) => {
    let d = 1;
    // Date.now()'s millisecond steps in durationMs: a call that started within 1 ms of another's
    // end is counted as following it.
    for (let j = 0; j < i; j++) if (sorted[j].end <= span.start + 1) d = Math.max(d, depth[j] + 1);
    depth.push(d);
    best = Math.max(best, d);
  });
  return best;
}

/**
 * Prints where a run's time went: the rounds that could not overlap, the local service's CPU (one
 * thread: its work cannot overlap either), the client's CPU, and wall time against
 * max(lower bound, rounds x latency) + service CPU, labelled as not the measure.
 * `run`: { wall, rounds, serviceCpu, clientCpu? }; `idle`: the same run with no latency.
 */
export function timeGoes(run, idle, lowerBound, latencyMs) {
  const cpu = run.serviceCpu ?? 0;
  const floor = Math.max(lowerBound, run.rounds * latencyMs) + cpu;
  const ms = (value) => (value === null || value === undefined ? 'unknown' : `${value.toFixed(0)} ms`);
  console.log(
    `  where the time goes: ${run.rounds} rounds of calls one after another (${(run.rounds * latencyMs).toFixed(0)} ms ` +
      `at ${latencyMs} ms), local service CPU ${ms(run.serviceCpu)} (${ms(idle.serviceCpu)} with no latency)` +
      (run.clientCpu === undefined ? '' : `, client CPU ${ms(run.clientCpu)}`),
  );
  console.log(
    `  wall against max(lower bound, rounds x latency) + service CPU = ${floor.toFixed(0)} ms ` +
      `(not the issue's measure; what is left is the client's own work and waiting): ratio ${(run.wall / floor).toFixed(2)}`,
  );
}
