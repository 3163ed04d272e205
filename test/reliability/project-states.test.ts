/**
 * The built CLI in projects in the odd states real users leave them in (project-states/states.ts:
 * run from a subfolder, paths with spaces and non-ASCII, CRLF, a BOM, tabs, an empty
 * appdeploy.yaml, a manifest path that is a folder, a symlinked manifest, `.appdeploy` a file or
 * read-only, a damaged local ids file, `-C` from elsewhere or from another project, a project in a
 * git worktree), each command of a user's day run in turn (validate, plan, apply, status, export,
 * types, docs, seed, revert, restore) against the embedded local service. The oracle
 * (project-states/run.ts): the command works as the README and docs say, or exits 1 naming what is
 * wrong and where; never "Bug", a stack or exit 70; nothing written outside the project and its
 * .appdeploy. cli-mistakes.test.ts covers the command line's own mistakes and user-mistakes.test.ts
 * the contents of the files; neither is repeated here.
 *
 * Deterministic per seed: `PROJECT_STATES_SEED` picks which states run (all of them with
 * `PROJECT_STATES_ALL=1`; `PROJECT_STATES_COUNT` how many, 3 by default), with the states that once
 * met a defect always (about 60 s in all), and
 * `PROJECT_STATES_REPORT=1` prints every finding instead of failing at the first state.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../support/seeded-random.js';
import { runState, type Finding } from './project-states/run.js';
import { STATES } from './project-states/states.js';

const SEED = Number(process.env.PROJECT_STATES_SEED ?? 20261129);
const COUNT = Number(process.env.PROJECT_STATES_COUNT ?? 3);
const ALL = process.env.PROJECT_STATES_ALL === '1';
const REPORT = process.env.PROJECT_STATES_REPORT === '1';

/** The states of this seed: those that once met a defect, then a shuffle's first COUNT (every state with ALL). */
function chosen(): typeof STATES {
  const next = seededRandom(SEED);
  const order = STATES.map((state) => ({ state, key: next() })).sort((a, b) => a.key - b.key);
  const drawn = (ALL ? order : order.slice(0, COUNT)).map((o) => o.state);
  return [...STATES.filter((s) => s.found !== undefined && !drawn.includes(s)), ...drawn];
}

describe(`project states (seed ${SEED})`, () => {
  const report: Finding[] = [];
  for (const state of chosen())
    it(state.name, { timeout: 300_000 }, async () => {
      const findings = await runState(state);
      if (REPORT) report.push(...findings);
      else expect(findings.map((f) => `${f.command}: ${f.what}\n${f.output}`)).toEqual([]);
    });
  if (REPORT)
    it('report', () => {
      for (const f of report) console.log(`[${f.state}] ${f.command}: ${f.what}\n${f.output}\n`);
    });
});
