/**
 * The recovery record (`.appdeploy/apply-<env>.json`, README "While it writes, apply keeps a
 * recovery record") not saved, as a full disk makes it fail, at every save of a plain apply: an
 * app created, two apps changed in several areas, one deploy call. The record is written ahead:
 * each write and deploy call is noted before it goes out, so a save that fails must stop the
 * apply before that write, as a failed write does: an answer of apply's own (never a thrown bug),
 * naming the full disk; live as before, or the whole change live; and, the disk freed, the next
 * apply converges (a fresh plan empty, no record left).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { parseDocument } from 'yaml';
import { useApplyHarness, manifest } from '../apply/harness.js';
import { CONVERGED, leftAfterApply } from './left-after-apply.js';

const saves = vi.hoisted(() => ({ seen: 0, pick: -1 }));
vi.mock('../../src/atomic-write.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/atomic-write.js')>();
  return {
    ...real,
    atomicWriteSync: (...args: Parameters<typeof real.atomicWriteSync>) => {
      if (args[0].endsWith('apply-local.json') && saves.seen++ === saves.pick)
        throw Object.assign(new Error(`ENOSPC: no space left on device, write '${args[0]}'`), {
          code: 'ENOSPC',
        });
      return real.atomicWriteSync(...args);
    },
  };
});

const h = useApplyHarness();

const text = (label: string) => ({ type: 'SINGLE_LINE_TEXT', label });
const V1 = {
  orders: manifest('Orders', { title: text('Title') }),
  people: manifest('People', { name: text('Name') }),
};
const V2 = {
  orders: {
    ...manifest('Orders', {
      title: text('Title, renamed'),
      notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' },
    }),
    views: { All: { type: 'LIST', index: 0, fields: ['title', 'notes'] } },
  },
  people: { ...manifest('People', { name: text('Full name') }), description: 'Who is who' },
  places: manifest('Places', { city: text('City') }),
};

/** The live settings of the apps v1 has, as the service holds them. */
async function liveOf(ids: readonly string[]): Promise<Record<string, unknown>> {
  const all = await h.snapshot(ids);
  return Object.fromEntries(Object.entries(all).filter(([key]) => key.endsWith(' live')));
}

/** One case: the `pick`-th save of v2's apply fails (-1: none, the clean run); what is not as the README says. */
async function runCase(pick: number): Promise<{ findings: string[]; saves: number }> {
  await h.control('POST', '/_emulator/reset');
  saves.pick = -1;
  const v1 = await h.writeProject({ apps: V1 });
  const first = await h.apply(v1, await h.plan(v1));
  expect(first.exitCode, first.message).toBe(0);
  const loaded = await h.load(v1.root);
  const ids = loaded.apps.map((a) => a.id!);
  const before = await liveOf(ids);
  await h.rewriteManifests(loaded, V2);
  // places is new: named in appdeploy.yaml, which keeps the ids the first apply wrote.
  const config = parseDocument(await readFile(loaded.configPath, 'utf8'));
  config.setIn(['apps', 'places'], { manifest: 'apps/places.yaml' });
  await writeFile(loaded.configPath, config.toString());
  const v2 = await h.load(loaded.root);
  const thePlan = await h.plan(v2);
  const findings: string[] = [];
  const check = (what: string, got: unknown, want: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(want))
      findings.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  Object.assign(saves, { seen: 0, pick });
  let failed: Awaited<ReturnType<typeof h.apply>>;
  try {
    failed = await h.apply(v2, thePlan);
  } catch (error) {
    findings.push(`apply threw: ${(error as Error).stack ?? String(error)}`);
    return { findings, saves: saves.seen };
  } finally {
    saves.pick = -1;
  }
  const seen = saves.seen;
  if (pick >= 0) {
    if (failed.outcome === 'applied') {
      check('applied: a fresh plan, the record', await leftAfterApply(h, v2.root), CONVERGED);
    } else {
      check('the outcome', failed.outcome, 'rolled-back');
      check('the exit code', failed.exitCode, 1);
      check('says the disk', /ENOSPC|no space left/.test(failed.message), true);
      check('live as before', await liveOf(ids), before);
    }
  }
  const again = await h.apply(await h.load(v2.root), await h.plan(await h.load(v2.root)));
  check('the next apply', again.exitCode === 0 ? 'ok' : again.message, 'ok');
  check('then: a fresh plan, the record', await leftAfterApply(h, v2.root), CONVERGED);
  const apps = (await h.load(v2.root)).apps;
  check(
    'then: every app has its id',
    apps.filter((a) => a.id === undefined).map((a) => a.key),
    [],
  );
  if (findings.length > 0) findings.push(`failed apply (${failed.outcome}): ${failed.message}`);
  return { findings, saves: seen };
}

describe('the recovery record not saved (a full disk) at each save of an apply, then a new apply', () => {
  it('every save', { timeout: 600_000 }, async () => {
    const clean = await runCase(-1);
    expect(clean.findings).toEqual([]);
    expect(clean.saves).toBeGreaterThan(3);
    const failures: string[] = [];
    for (let pick = 0; pick < clean.saves; pick++) {
      const { findings } = await runCase(pick);
      failures.push(...findings.map((f) => `save ${pick} of ${clean.saves}: ${f}`));
    }
    expect(failures).toEqual([]);
  });
});
