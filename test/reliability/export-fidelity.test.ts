/**
 * Export fidelity: apps configured by hand, in any shape the platform allows, exported. From a
 * seed, each round writes an app's settings straight over REST to the local service
 * (export-fidelity/draw.ts: every field type with its options, lookups and related records,
 * views of every type, graphs of every chart type and mode with periodic reports, process
 * management with several statuses and every assignee kind, app, record and field ACLs with
 * every entity type and flag, the three kinds of notifications, copy actions, general settings,
 * customization by URL and by file, plug-ins, admin notes), then exports it into a new project
 * and holds export to its promise (docs/export.md):
 *
 * 1. the manifests validate;
 * 2. a plan of them against the same apps is empty;
 * 3. applied to a fresh app (the project's `hub` without its id), they reproduce every setting
 *    over REST (export-fidelity/compare.ts), or export said, naming the area, what its manifest
 *    could not say.
 *
 * A write the local service refuses is a finding too: the draws follow the official client's
 * types, so each refusal is either the service refusing what the platform takes or a draw to fix.
 *
 * Deterministic from EXPORT_FIDELITY_SEED (default 20261129); EXPORT_FIDELITY_ROUNDS rounds
 * (default 8); EXPORT_FIDELITY_LOG prints each round's findings as they come.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { seededRandom } from '../support/seeded-random.js';
import { useLocalService } from '../support/service.js';
import { EXAMPLE_DIRECTORY } from '../support/example-directory.js';
import { loadValid } from '../support/projects.js';
import { apply } from '../../src/apply/index.js';
import { plan } from '../../src/plan/index.js';
import { emptyProject, exportInto, pendingChanges } from '../export/harness.js';
import { draws } from './apply-sequences/pick.js';
import { drawShape } from './export-fidelity/draw.js';
import { differences, explains, readApp } from './export-fidelity/compare.js';
import { writeShape } from './export-fidelity/world.js';

const SEED = Number(process.env.EXPORT_FIDELITY_SEED) || 20261129;
const ROUNDS = Number(process.env.EXPORT_FIDELITY_ROUNDS) || 8;

const service = useLocalService({
  emulator: { deployMs: 5, ...EXAMPLE_DIRECTORY },
  client: { retry: { retries: 0 } },
  resetEachTest: false,
});

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

/** One round: write, export, validate, plan, apply to a fresh app, compare. Its findings. */
async function round(seed: number): Promise<string[]> {
  await service.control('POST', '/_emulator/reset');
  const shape = drawShape(draws(seededRandom(seed)), seed - SEED);
  const written = await writeShape(service.control, service.client, shape);
  const findings = written.refused.map((r) => `the service refused a write: ${r}`);
  const root = await emptyProject(service.url);
  roots.push(root);
  const exported = await exportInto(
    root,
    service.client,
    { apps: [written.side, written.hub] },
    { files: true },
  );
  if (exported.outcome !== 'exported') return [...findings, `export: ${JSON.stringify(exported.apps)}`];
  const hubKey = exported.apps.find((a) => a.id === written.hub)!.key;
  const notes = exported.apps.flatMap((a) => a.notes);
  try {
    await loadValid(root);
  } catch (error) {
    return [...findings, `validate: ${(error as Error).message}`];
  }
  const pending = await pendingChanges(root, service.client);
  if (pending.length > 0) findings.push(`plan after export: ${JSON.stringify(pending)}`);
  // The same manifests for a fresh app: hub without its id.
  const projectFile = join(root, 'appdeploy.yaml');
  const doc = parseDocument(await readFile(projectFile, 'utf8'));
  doc.deleteIn(['apps', hubKey, 'ids']);
  await writeFile(projectFile, doc.toString());
  const project = await loadValid(root);
  const thePlan = await plan({ project, client: service.client });
  const result = await apply({
    plan: thePlan,
    project,
    client: service.client,
    pollIntervalMs: { initial: 5, max: 20 },
  });
  if (result.outcome !== 'applied') return [...findings, `apply to a fresh app: ${JSON.stringify(result)}`];
  const copy = (await loadValid(root)).apps.find((a) => a.key === hubKey)!.id!;
  const after = await pendingChanges(root, service.client);
  if (after.length > 0) findings.push(`plan after apply: ${JSON.stringify(after)}`);
  const a = await readApp(service.control, written.hub);
  const b = await readApp(service.control, copy);
  const diffs = differences(a, b);
  const unsaid = diffs.filter((d) => !notes.some((n) => explains(n, d)));
  if (unsaid.length > 0)
    findings.push(
      `the copy differs, export said nothing:\n  ${unsaid.join('\n  ')}\nnotes: ${JSON.stringify(notes)}`,
    );
  return findings;
}

it(
  `${ROUNDS} hand-configured apps from seed ${SEED}: exported, they validate, plan empty and reproduce`,
  async () => {
    const failed: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const findings = await round(SEED + i);
      if (process.env.EXPORT_FIDELITY_LOG) console.log(`seed ${SEED + i}:\n${findings.join('\n')}`);
      if (findings.length > 0) failed.push(`seed ${SEED + i}:\n${findings.join('\n')}`);
    }
    expect(failed.join('\n\n')).toBe('');
  },
  Math.max(90_000, ROUNDS * 15_000),
);
