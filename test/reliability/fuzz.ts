import fc from 'fast-check';
import type { TestContext } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** Inputs a fuzz target tried; the summary reporter adds them up per file. */
    fuzzInputs?: number;
  }
}

/**
 * Runs per fuzz target: small by default so `npm test` stays quick on two cores; `FUZZ_RUNS`
 * raises it for a long run (`npm run test:reliability` sets a larger default).
 */
export const FUZZ_RUNS = Math.max(1, Number(process.env.FUZZ_RUNS) || 60);

/** A fuzz test's time limit: long runs (a large FUZZ_RUNS) must not hit vitest's 20 s default. */
export const FUZZ_TIMEOUT = Math.max(20_000, FUZZ_RUNS * 100);

/** Runs an async property FUZZ_RUNS times (or `runs`), recording how many inputs it tried. */
export async function fuzz<T>(
  context: TestContext,
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<void> | void,
  runs = FUZZ_RUNS,
): Promise<void> {
  let tried = 0;
  try {
    await fc.assert(
      fc.asyncProperty(arbitrary, async (value) => {
        tried++;
        await check(value);
      }),
      { numRuns: runs, endOnFailure: true, ...replay() },
    );
  } finally {
    context.task.meta.fuzzInputs = (context.task.meta.fuzzInputs ?? 0) + tried;
  }
}

/**
 * The seed and path fast-check printed for a failure, to run that case again:
 * `FUZZ_SEED=-1520676133 FUZZ_PATH=46 npx vitest run test/reliability/endpoints-fuzz.test.ts`.
 */
function replay(): { seed?: number; path?: string } {
  const seed = process.env.FUZZ_SEED;
  if (!seed) return {};
  return { seed: Number(seed), ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}) };
}
