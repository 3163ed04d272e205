/**
 * What a sweep case checks after an apply (the migration sweeps): whether the recovery record is
 * left, and the apps a fresh plan would change (none, after an apply that converged).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { useApplyHarness } from '../apply/harness.js';

type Harness = Pick<ReturnType<typeof useApplyHarness>, 'plan' | 'load'>;

export async function leftAfterApply(
  h: Harness,
  root: string,
): Promise<{ record: boolean; changing: string[] }> {
  const fresh = await h.plan(await h.load(root));
  return {
    record: existsSync(join(root, '.appdeploy', 'apply-local.json')),
    changing: fresh.apps.filter((a) => a.action !== 'no-op').map((a) => a.key),
  };
}

/** What leftAfterApply finds once an apply converged. */
export const CONVERGED = { record: false, changing: [] as string[] };
