import { defineConfig } from 'vitest/config';

/**
 * Three projects, so a run can pick what it needs: `unit` (in-process, the local service on port
 * 0 included), `end-to-end` (the built CLI and the package as users run them) and `reliability`
 * (crash, fuzz and sweep runs: the slow part of the suite). `npm test` runs all three;
 * `npm run test:unit` leaves reliability out. dist/ is built once, before any file runs
 * (test/support/global-setup.ts), for every file that executes it.
 */
const END_TO_END = ['test/first-run/**/*.test.ts', 'test/package/**/*.test.ts', 'test/recorded/**/*.test.ts'];
const RELIABILITY = ['test/reliability/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Two cores: end-to-end tests start real servers; keep parallelism modest.
    maxWorkers: 2,
    globalSetup: ['test/support/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...END_TO_END, ...RELIABILITY] },
      },
      { extends: true, test: { name: 'end-to-end', include: END_TO_END } },
      { extends: true, test: { name: 'reliability', include: RELIABILITY } },
    ],
  },
});
