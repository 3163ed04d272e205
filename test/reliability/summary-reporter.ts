import type { Reporter, TestModule } from 'vitest/node';

/**
 * `npm run test:reliability` prints one line per target (test file): scenarios run and passed,
 * and the inputs its fuzz properties tried (recorded in each test's meta by fuzz.ts), then
 * `N passed, M failed` over every scenario.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    let passed = 0;
    let failed = 0;
    const lines: string[] = [];
    for (const module of [...modules].sort((a, b) => a.moduleId.localeCompare(b.moduleId))) {
      let run = 0;
      let ok = 0;
      let inputs = 0;
      let ms = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'skipped' || state === 'pending') continue;
        run++;
        if (state === 'passed') ok++;
        inputs += test.meta().fuzzInputs ?? 0;
        ms += test.diagnostic()?.duration ?? 0;
      }
      passed += ok;
      failed += run - ok;
      const name = module.moduleId.replace(/^.*test\/reliability\//, '');
      const seconds = (ms / 1000).toFixed(1);
      const fuzzed = inputs > 0 ? `, ${inputs} fuzz inputs` : '';
      lines.push(`${name}: ${ok}/${run} scenarios passed${fuzzed} (${seconds} s)`);
    }
    process.stdout.write(`\nreliability summary\n${lines.join('\n')}\n${passed} passed, ${failed} failed\n`);
  }
}
