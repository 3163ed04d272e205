/**
 * Runs the CLI's main() in this process, as `appdeploy <args>`, with what it prints captured:
 * quicker than the built CLI (test/support/cli.ts) for tests that only read its words and code.
 */
import { main } from '../../src/cli/main.js';

export interface MainRun {
  code: number;
  out: string;
  err: string;
}

export async function runMain(args: string[]): Promise<MainRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['node', 'appdeploy', ...args], {
    out: (s) => void out.push(s),
    err: (s) => void err.push(s),
  });
  return { code, out: out.join(''), err: err.join('') };
}
