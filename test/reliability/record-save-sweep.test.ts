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
import { adoptInterrupted } from '../../src/apply/recovery-adopt.js';
import type { RecordForWrite } from '../../src/client/types/records.js';
import { useApplyHarness, manifest } from '../apply/harness.js';
import { CONVERGED, leftAfterApply } from './left-after-apply.js';

/**
 * Every file apply writes in the project's folder (the recovery record, a backup and the files
 * beside it, appdeploy.yaml's ids): the `pick`-th fails as a full disk makes it fail.
 */
const saves = vi.hoisted(() => ({ seen: 0, pick: -1, names: [] as string[] }));
vi.mock('../../src/atomic-write.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/atomic-write.js')>();
  const full = (path: string) => {
    if (!path.includes('appdeploy-apply-')) return;
    saves.names.push(path.slice(path.lastIndexOf('/') + 1));
    if (saves.seen++ === saves.pick)
      throw Object.assign(new Error(`ENOSPC: no space left on device, write '${path}'`), { code: 'ENOSPC' });
  };
  return {
    ...real,
    atomicWriteSync: (...args: Parameters<typeof real.atomicWriteSync>) => {
      full(args[0]);
      return real.atomicWriteSync(...args);
    },
    atomicWrite: async (...args: Parameters<typeof real.atomicWrite>) => {
      full(args[0]);
      return real.atomicWrite(...args);
    },
    atomicWriteStreamed: async <T>(...args: Parameters<typeof real.atomicWriteStreamed<T>>) => {
      full(args[0]);
      return real.atomicWriteStreamed<T>(...args);
    },
  };
});

const h = useApplyHarness();

const text = (label: string) => ({ type: 'SINGLE_LINE_TEXT', label });

interface Scenario {
  name: string;
  v1: Record<string, Record<string, unknown>>;
  v2: Record<string, Record<string, unknown>>;
  /** An app v2 adds to appdeploy.yaml (created by the apply). */
  created?: string;
  /** Records added to `app` before v2's apply: each field's values are read back after. */
  records?: { app: string; count: number; file?: string };
  /** The values of `app`'s `field` after v2, from those before (a migration keeps each). */
  kept?: { app: string; field: string };
}

const PLAIN: Scenario = {
  name: 'an app created, two changed in several areas',
  v1: {
    orders: manifest('Orders', { title: text('Title') }),
    people: manifest('People', { name: text('Name') }),
  },
  v2: {
    orders: {
      ...manifest('Orders', {
        title: text('Title, renamed'),
        notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' },
      }),
      views: { All: { type: 'LIST', index: 0, fields: ['title', 'notes'] } },
    },
    people: { ...manifest('People', { name: text('Full name') }), description: 'Who is who' },
    places: manifest('Places', { city: text('City') }),
  },
  created: 'places',
};

/** A migration (text to several lines) and a file field removed: a backup with files beside it. */
const MIGRATION: Scenario = {
  name: 'a field migrated, a file field removed',
  v1: {
    tickets: manifest('Tickets', {
      notes: text('Notes'),
      scan: { type: 'FILE', label: 'Scan' },
    }),
  },
  v2: { tickets: manifest('Tickets', { notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' } }) },
  records: { app: 'tickets', count: 40, file: 'scan' },
  kept: { app: 'tickets', field: 'notes' },
};

/** The live settings of these apps, as the service holds them. */
async function liveOf(ids: readonly string[]): Promise<Record<string, unknown>> {
  const all = await h.snapshot(ids);
  return Object.fromEntries(Object.entries(all).filter(([key]) => key.endsWith(' live')));
}

async function valuesOf(app: string, field: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for await (const r of h.client.records.iterate(app, { fields: ['$id', field] }))
    out[r.$id!.value as string] = r[field]?.value;
  return out;
}

/** One case: the `pick`-th file write of v2's apply fails (-1: none, the clean run); what is not as the README says. */
async function runCase(scenario: Scenario, pick: number): Promise<{ findings: string[]; writes: string[] }> {
  await h.control('POST', '/_emulator/reset');
  saves.pick = -1;
  const v1 = await h.writeProject({ apps: scenario.v1 });
  const first = await h.apply(v1, await h.plan(v1));
  expect(first.exitCode, first.message).toBe(0);
  const loaded = await h.load(v1.root);
  const ids = loaded.apps.map((a) => a.id!);
  const idOf = (key: string) => loaded.apps.find((a) => a.key === key)!.id!;
  if (scenario.records) {
    const { app, count, file } = scenario.records;
    const records = [];
    for (let i = 0; i < count; i++) {
      const record: RecordForWrite = { notes: { value: `note ${i}` } };
      if (file !== undefined && i % 10 === 0) {
        const { fileKey } = await h.client.files.upload(Buffer.from(`page ${i}`), { name: `p${i}.txt` });
        record[file] = { value: [{ fileKey }] };
      }
      records.push(record);
    }
    await h.client.records.addAll(idOf(app), records);
  }
  const before = await liveOf(ids);
  const values = scenario.kept ? await valuesOf(idOf(scenario.kept.app), scenario.kept.field) : {};
  await h.rewriteManifests(loaded, scenario.v2);
  if (scenario.created !== undefined) {
    // Named in appdeploy.yaml, which keeps the ids the first apply wrote.
    const config = parseDocument(await readFile(loaded.configPath, 'utf8'));
    config.setIn(['apps', scenario.created], { manifest: `apps/${scenario.created}.yaml` });
    await writeFile(loaded.configPath, config.toString());
  }
  const v2 = await h.load(loaded.root);
  const thePlan = await h.plan(v2);
  const findings: string[] = [];
  const check = (what: string, got: unknown, want: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(want))
      findings.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  Object.assign(saves, { seen: 0, pick, names: [] });
  let failed: Awaited<ReturnType<typeof h.apply>>;
  try {
    failed = await h.apply(v2, thePlan, { allowDataLoss: true });
  } catch (error) {
    findings.push(`apply threw: ${(error as Error).stack ?? String(error)}`);
    return { findings, writes: [...saves.names] };
  } finally {
    saves.pick = -1;
  }
  const writes = [...saves.names];
  if (pick >= 0) {
    check('says the disk', /ENOSPC|no space left/.test(failed.message), true);
    if (failed.outcome !== 'applied') {
      check('the exit code', failed.exitCode, 1);
      // A migration's copy is live in its temporary field until the swap: not the app as before.
      if (!scenario.kept) check('live as before', await liveOf(ids), before);
    }
  }
  if (scenario.kept) {
    const { app, field } = scenario.kept;
    const now = await valuesOf(idOf(app), field);
    check('values kept, whatever the field holds now', Object.keys(now).sort(), Object.keys(values).sort());
  }
  // As every command starts (cli/), the apps an apply created whose ids never reached the
  // project are given them from the recovery record first.
  const next = await h.load(v2.root);
  await adoptInterrupted(next, h.client);
  const again = await h.apply(next, await h.plan(next), { allowDataLoss: true });
  check('the next apply', again.exitCode === 0 ? 'ok' : again.message, 'ok');
  check('then: a fresh plan, the record', await leftAfterApply(h, v2.root), CONVERGED);
  const apps = (await h.load(v2.root)).apps;
  check(
    'then: every app has its id',
    apps.filter((a) => a.id === null).map((a) => a.key),
    [],
  );
  // Each app once on the service: an app created whose id was lost would be created again.
  const listed = (await h.client.apps.getApps({})).apps.map((a) => a.appId).sort();
  check('then: the apps on the service', listed, apps.map((a) => a.id).sort());
  if (scenario.kept) {
    const { app, field } = scenario.kept;
    check('then: every value', await valuesOf(idOf(app), field), values);
  }
  if (findings.length > 0) findings.push(`failed apply (${failed.outcome}): ${failed.message}`);
  return { findings, writes };
}

describe('a file apply writes not written (a full disk), at each of them, then a new apply', () => {
  it.each([PLAIN, MIGRATION].map((s) => [s.name, s] as const))(
    '%s',
    { timeout: 600_000 },
    async (_, scenario) => {
      const clean = await runCase(scenario, -1);
      expect(clean.findings).toEqual([]);
      expect(clean.writes.length).toBeGreaterThan(3);
      console.log(
        `${scenario.name}: ${clean.writes.length} writes: ${[...new Set(clean.writes)].join(', ')}`,
      );
      const failures: string[] = [];
      for (let pick = 0; pick < clean.writes.length; pick++) {
        const { findings } = await runCase(scenario, pick);
        failures.push(
          ...findings.map((f) => `write ${pick} of ${clean.writes.length} (${clean.writes[pick]}): ${f}`),
        );
      }
      expect(failures).toEqual([]);
    },
  );
});
