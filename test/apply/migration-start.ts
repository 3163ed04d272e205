/**
 * The start of a migration test: one app applied at its first version, records added, and the
 * project rewritten to the version that migrates a field (the next plan and apply migrate it).
 */
import { expect } from 'vitest';
import type { RecordForWrite } from '../../src/client/types/records.js';
import type { useApplyHarness } from './harness.js';

type Harness = Pick<
  ReturnType<typeof useApplyHarness>,
  'writeProject' | 'apply' | 'plan' | 'load' | 'client' | 'rewriteManifests'
>;

export async function migrationStarted(
  h: Harness,
  key: string,
  versions: { from: Record<string, unknown>; to: Record<string, unknown> },
  records: readonly RecordForWrite[],
) {
  const project = await h.writeProject({ apps: { [key]: versions.from } });
  const first = await h.apply(project, await h.plan(project));
  expect(first.exitCode, first.message).toBe(0);
  const loaded = await h.load(project.root);
  const id = loaded.apps[0]!.id!;
  await h.client.records.addAll(id, records);
  const v2 = await h.rewriteManifests(loaded, { [key]: versions.to });
  return { v2, id };
}
