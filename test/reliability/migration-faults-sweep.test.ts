/**
 * Issue 36, "Done when": a fault at every write of a migration, followed by a new apply, ends with
 * every value kept. One apply migrates two fields of 2,500 records (notes: several lines -> one
 * line, whose copy takes two bulk requests; memo: moved into a new table). A clean run on a fresh
 * service counts every write the migration apply sends (`/_emulator/stats`, by method and path);
 * then, for each write position (the n-th call of each method and path), a fresh service and
 * project: that one call answers 500 (not carried out), the apply fails or reports, a second apply
 * without faults succeeds, and every value is where it should be, no temporary field is left on
 * the service, the recovery record is gone, and a fresh plan is empty. The same again with the
 * write carried out and its answer lost (held past the client's timeout). What the failed apply says
 * of each migration must be what the service holds (the old fields keep every value until the
 * swap goes live).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useApplyHarness } from '../apply/harness.js';
import { migrationStarted } from '../apply/migration-start.js';

// One call at a time: the copy's bulk requests go out in id order, so each position is one range.
// A short client timeout: an answer held longer than it is an answer lost.
const TIMEOUT_MS = 4_000;
const h = useApplyHarness({ clientConcurrency: 1, clientTimeoutMs: TIMEOUT_MS });
const RECORDS = 2_500;

const V1 = {
  name: 'Tickets',
  fields: {
    notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' },
    memo: { type: 'SINGLE_LINE_TEXT', label: 'Memo' },
  },
};
// notes changes type (a copy through a temporary field); memo moves into a new table (each
// record holding a value gets one row).
const V2 = {
  name: 'Tickets',
  fields: {
    notes: { type: 'SINGLE_LINE_TEXT', label: 'Notes' },
    lines: {
      type: 'SUBTABLE',
      label: 'Lines',
      fields: { memo: { type: 'SINGLE_LINE_TEXT', label: 'Memo' } },
    },
  },
};

const note = (i: number) => `note ${i}`;
// Every seventh record holds no memo: it gets no row.
const memo = (i: number) => (i % 7 === 0 ? '' : `memo ${i}`);

interface Values {
  notes: string;
  memos: string[];
}

/** A fresh service with the app at V1 and its records, and the project rewritten to V2. */
async function started() {
  await h.control('POST', '/_emulator/reset');
  return migrationStarted(
    h,
    'tickets',
    { from: V1, to: V2 },
    Array.from({ length: RECORDS }, (_, i) => ({ notes: { value: note(i) }, memo: { value: memo(i) } })),
  );
}

/** Each record's values after the migration, by record number. */
async function migrated(app: string): Promise<Values[]> {
  const out: [number, Values][] = [];
  for await (const r of h.client.records.iterate(app, { fields: ['$id', 'notes', 'lines'] })) {
    const rows = (r.lines?.value ?? []) as { value: { memo?: { value?: string } } }[];
    out.push([
      Number(r.$id!.value),
      { notes: r.notes?.value as string, memos: rows.map((row) => row.value.memo?.value ?? '') },
    ]);
  }
  return out.sort((a, b) => a[0] - b[0]).map(([, v]) => v);
}

/** What the records held before, as the migration must leave it. */
const EXPECTED: Values[] = Array.from({ length: RECORDS }, (_, i) => ({
  notes: note(i),
  memos: memo(i) === '' ? [] : [memo(i)],
}));

/** Every field code of both copies of the app, tables' fields included. */
async function fieldCodes(app: string): Promise<Record<'live' | 'draft', string[]>> {
  const out = { live: [] as string[], draft: [] as string[] };
  for (const copy of ['live', 'draft'] as const) {
    const { properties } = await h.client.form.getFields({ app, copy });
    out[copy] = Object.entries(properties)
      .flatMap(([code, def]) => [
        `${code}:${(def as { type: string }).type}`,
        ...Object.keys((def as { fields?: Record<string, unknown> }).fields ?? {}).map((c) => `${code}.${c}`),
      ])
      .filter((c) => !/^(\$|Record_number|Created|Updated|Categories|Status|Assignee)/.test(c))
      .sort();
  }
  return out;
}

const FINAL = ['lines.memo', 'lines:SUBTABLE', 'notes:SINGLE_LINE_TEXT'];
const ORIGINAL = ['memo:SINGLE_LINE_TEXT', 'notes:MULTI_LINE_TEXT'];

/** Each record's values before the migration, by record number. */
async function original(app: string): Promise<[string, string][]> {
  const out: [number, [string, string]][] = [];
  for await (const r of h.client.records.iterate(app, { fields: ['$id', 'notes', 'memo'] }))
    out.push([Number(r.$id!.value), [r.notes?.value as string, r.memo?.value as string]]);
  return out.sort((a, b) => a[0] - b[0]).map(([, v]) => v);
}

const BEFORE = Array.from({ length: RECORDS }, (_, i): [string, string] => [note(i), memo(i)]);

/** The writes of a run since `before`, each with how many times it was sent. */
async function writeCounts(before: Record<string, number>): Promise<[string, number][]> {
  const after = await h.serviceCalls();
  return (await h.writesSince(before)).map((key) => [key, after[key]! - (before[key] ?? 0)]);
}

/** A write position: the `skip`-th (from 0) call of `key` (`METHOD path`). */
interface Position {
  key: string;
  skip: number;
}

function positionsOf(counts: [string, number][]): Position[] {
  return counts.flatMap(([key, n]) => Array.from({ length: n }, (_, skip) => ({ key, skip })));
}

function fault(position: Position) {
  const [method, path] = position.key.split(' ') as [string, string];
  return { method, path: `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, skip: position.skip, times: 1 };
}

/**
 * What the failed apply says of each migration is what the service holds (src/apply/types.ts
 * MigrationResult; issue 36, "How apply does it"): `not-begun` and `cleaned-up`, the app as it
 * was (the old fields, every value in them, nothing added); `copied` (the swap did not go live)
 * and `left`, the old fields still holding every value beside the temporary field it names.
 */
async function expectReported(
  label: string,
  app: string,
  migrations: readonly { outcome: string; temporary: string }[],
): Promise<void> {
  const outcomes = new Set(migrations.map((m) => m.outcome));
  if (outcomes.has('migrated')) return;
  const { live } = await fieldCodes(app);
  if ([...outcomes].every((o) => o === 'not-begun' || o === 'cleaned-up'))
    expect(live, `${label}: ${[...outcomes].join()}`).toEqual(ORIGINAL);
  else {
    expect(live, label).toEqual(expect.arrayContaining(ORIGINAL));
    for (const m of migrations)
      expect(
        live.some((code) => code.split(/[.:]/).includes(m.temporary)),
        `${label}: ${m.temporary}`,
      ).toBe(true);
  }
  expect(await original(app), label).toEqual(BEFORE);
}

/** With `extra` armed on the one call at `position`: an apply, then one without faults, then the checks. */
async function faultedThenApplied(position: Position, extra: Record<string, unknown>) {
  const label = `${position.key} #${position.skip + 1} ${JSON.stringify(extra)}`;
  const { v2, id } = await started();
  await h.control('POST', '/_emulator/faults', { ...fault(position), ...extra });
  const failed = await h.apply(v2, await h.plan(v2));
  await h.control('DELETE', '/_emulator/faults');
  await expectReported(label, id, failed.migrations ?? []);
  const again = await h.apply(v2, await h.plan(await h.load(v2.root)));
  expect(again.exitCode, `${label}: first ${failed.outcome}: ${failed.message}\nthen: ${again.message}`).toBe(
    0,
  );
  expect(await fieldCodes(id), label).toEqual({ live: FINAL, draft: FINAL });
  expect(await migrated(id), label).toEqual(EXPECTED);
  expect(existsSync(join(v2.root, '.appdeploy', 'apply-local.json')), label).toBe(false);
  await h.expectConverged(v2);
  return `${failed.outcome} (${(failed.migrations ?? []).map((m) => m.outcome).join(', ')})`;
}

describe('a fault at every write of a migration apply, then a new apply', { timeout: 600_000 }, () => {
  it('every write position answered 500, or carried out with its answer lost: every value kept', async () => {
    // The clean run: every write the migration apply sends, counted.
    const { v2, id } = await started();
    const before = await h.serviceCalls();
    const clean = await h.apply(v2, await h.plan(v2));
    expect(clean.exitCode, clean.message).toBe(0);
    const counts = await writeCounts(before);
    expect(await migrated(id)).toEqual(EXPECTED);
    const positions = positionsOf(counts);
    // The copy of 2,500 records spends at least two bulk requests.
    expect(positions.filter((p) => p.key.includes('bulkRequest')).length).toBeGreaterThanOrEqual(2);
    console.log(`write positions of the clean run: ${JSON.stringify(counts)}`);

    const outcomes: string[] = [];
    for (const position of positions)
      outcomes.push(
        `${position.key} #${position.skip + 1} 500: ${await faultedThenApplied(position, { status: 500 })}`,
      );
    // Carried out, answer lost (held past the client's timeout), at every position too.
    for (const position of positions)
      outcomes.push(
        `${position.key} #${position.skip + 1} answer lost: ${await faultedThenApplied(position, {
          answerDelayMs: TIMEOUT_MS * 2,
        })}`,
      );
    console.log(outcomes.join('\n'));
  });
});
