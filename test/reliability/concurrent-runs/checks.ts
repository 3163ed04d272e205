/**
 * What every pair of the concurrent-runs sweep must leave, whatever the runs said: no run a bug,
 * each refusal saying what to do; then, from the first checkout, an apply that converges with no
 * question asked (no draft left over by either run, none taken for someone else's), a fresh plan
 * that is empty, `status` in sync, a seed that converges: every record of the file there once
 * with the file's values (read over REST), and every value another client wrote kept.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Run } from '../../support/cli.js';
import { call } from '../emulator-process.js';
import type { Checkout } from './world.js';

/** Findings for a run's output: a bug, a stack, a refusal that says nothing of what to do. */
export function runFindings(label: string, run: Run, allowed: readonly number[]): string[] {
  const out = run.stdout + run.stderr;
  const findings: string[] = [];
  if (!allowed.includes(run.code))
    findings.push(`${label} exited ${run.code} (allowed ${allowed.join(', ')})`);
  if (/\bBug\b/.test(out) || /\n\s+at .+:\d+:\d+\)?\n/.test(out))
    findings.push(`${label} said Bug or printed a stack`);
  if (run.code !== 0 && run.code !== 2 && !/\S/.test(run.stderr + run.stdout))
    findings.push(`${label} exited ${run.code} without a word`);
  if (findings.length > 0) findings.push(`${label} output:\n${out}`);
  return findings;
}

/** The app's id in `env`, as the checkout's appdeploy.yaml records it. */
export async function appId(checkout: Checkout, env = 'a'): Promise<string> {
  const config = parse(await readFile(join(checkout.root, 'appdeploy.yaml'), 'utf8'));
  return String(config.apps.orders.ids[env]);
}

/** Every record of the app over REST: its field values as text, by $id. */
export async function readRecords(url: string, app: string): Promise<Record<string, string>[]> {
  const query = encodeURIComponent('order by $id asc limit 500');
  const res = await call(url, 'GET', `/k/v1/records.json?app=${app}&query=${query}`);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return (res.body.records as Record<string, { type: string; value: unknown }>[]).map((r) =>
    Object.fromEntries(Object.entries(r).map(([code, f]) => [code, String(f.value)])),
  );
}

/**
 * After both runs ended: the first checkout converges. `kept` are values another client wrote
 * that must still be there (ref -> field -> value); `file` the record file's records.
 */
export async function convergence(
  checkout: Checkout,
  url: string,
  file: Record<string, string>[],
  kept: Record<string, Record<string, string>> = {},
  /** The runs wrote records: a seed must converge too (otherwise the records are only read). */
  seeded = true,
  /** An apply must converge (false where the run judged was that apply, ending 0). */
  reapply = true,
): Promise<string[]> {
  const findings: string[] = [];
  const step = async (label: string, args: string[], allowed: number[]) => {
    const run = await checkout.run(args);
    findings.push(...runFindings(label, run, allowed));
    return run;
  };
  if (reapply) await step('the re-run apply', ['apply', '--env', 'a', '--yes'], [0]);
  await step('the fresh plan', ['plan', '--env', 'a', '--detailed-exitcode'], [0]);
  await step('status', ['status', '--env', 'a'], [0]);
  if (seeded) await step('the re-run seed', ['seed', '--env', 'a', '--yes'], [0]);
  const live = await readRecords(url, await appId(checkout));
  for (const record of file) {
    const found = live.filter((r) => r.ref === record.ref);
    if (found.length !== 1) findings.push(`record ${record.ref} is there ${found.length} times`);
    for (const [code, value] of Object.entries(record))
      if (found[0] && found[0][code] !== value && !(code in (kept[record.ref!] ?? {})))
        findings.push(
          `record ${record.ref}: ${code} is ${JSON.stringify(found[0][code])}, the file says ${JSON.stringify(value)}`,
        );
  }
  for (const [ref, values] of Object.entries(kept))
    for (const [code, value] of Object.entries(values)) {
      const found = live.find((r) => r.ref === ref);
      if (found?.[code] !== value)
        findings.push(
          `record ${ref}: ${code} is ${JSON.stringify(found?.[code])}, another client wrote ${JSON.stringify(value)}`,
        );
    }
  return findings;
}
