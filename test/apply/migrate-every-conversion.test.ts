/**
 * Every row of the conversion table through `plan` and `apply` (issue 36, "Done when": "a project
 * with records (thousands, some of them in each edge case) is migrated by `apply`, every value is
 * where it should be ... and a fresh plan is empty"). One app per source type, one field per row
 * (`<from>__<to>`, the source's settings in v1, the target's in v2: the fields, values and
 * directory of test/platform/conversions/service.test.ts), 140 records per app holding the
 * samples in turn. What each sample becomes is written out below by hand from the rules of
 * docs/migrations.md (not computed with the converter under test); `LOST` where it does not
 * convert: the plan counts it, apply leaves the field empty and the backup holds the old value.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordForWrite } from '../../src/client/index.js';
import { CONVERSIONS, isEmptyValue } from '../../src/platform/conversions.js';
import { GROUPS, ORGANIZATIONS, SAMPLES, SOURCE, TARGET, USERS } from '../platform/conversions/samples.js';
import { manifest, useApplyHarness } from './harness.js';
import { comparable, readComparable } from '../support/compared-records.js';

const h = useApplyHarness({ directory: { users: USERS, organizations: ORGANIZATIONS, groups: GROUPS } });

/** A sample that does not convert. */
const LOST = Symbol('lost');
type Expected = unknown;

const S = 'SINGLE_LINE_TEXT';
const M = 'MULTI_LINE_TEXT';
const R = 'RICH_TEXT';
const L = 'LINK';
const TEXTS = [S, M, R, L];

/** The samples of `from` kept as they are, but for the ones `changes` names (by index). */
const same = (from: string, changes: Record<number, Expected> = {}): Expected[] =>
  SAMPLES[from]!.map((v, i) => (i in changes ? changes[i] : v));
/** Every sample of `from` lost, but for the ones `kept` names (by index). */
const only = (from: string, kept: Record<number, Expected>): Expected[] =>
  SAMPLES[from]!.map((_, i) => (i in kept ? kept[i] : LOST));

// The text samples by index (samples.ts TEXT_SAMPLES): 0 'A', 1 'A, B', 3 '42', 4 ' 1.5e1 ',
// 8 '2024-05-01', 10 '09:30', 11 '2024-05-01T09:30:00+09:00' (25 characters), 12 '2024-05-01
// 09:30', 13 21 x's, 14 'a < b & c', 15 ''; then each type's own: 16 a line break (M), a URL of 28
// characters (L); 16 'a &amp; b<br />c', 17 '<b>bold</b>', 18 'Tom &amp; Jerry' (R).
const ESCAPED = 'a &lt; b &amp; c';
/** Into a one-line text or link of 20 characters at most: no line break, nothing longer. */
const TOO_LONG = { 11: LOST, 13: LOST };
/** Rich text read as text: character references decoded, `<br />` a line break; other markup and a bare `&` lost. */
const RICH_READ = { 14: LOST, 16: 'a & b\nc', 17: LOST, 18: 'Tom & Jerry' };

const X = LOST;
const TEXT_ROWS: Record<string, Expected[]> = {
  [`${S} ${M}`]: same(S),
  [`${S} ${R}`]: same(S, { 14: ESCAPED }),
  [`${S} ${L}`]: same(S, TOO_LONG),
  [`${M} ${S}`]: same(M, { ...TOO_LONG, 16: X }),
  [`${M} ${R}`]: same(M, { 14: ESCAPED, 16: 'line one<br />line two' }),
  [`${M} ${L}`]: same(M, { ...TOO_LONG, 16: X }),
  [`${R} ${S}`]: same(R, { ...RICH_READ, ...TOO_LONG, 16: X }),
  [`${R} ${M}`]: same(R, RICH_READ),
  [`${R} ${L}`]: same(R, { ...RICH_READ, ...TOO_LONG, 16: X }),
  [`${L} ${S}`]: same(L, { ...TOO_LONG, 16: X }),
  [`${L} ${M}`]: same(L),
  [`${L} ${R}`]: same(L, { 14: ESCAPED, 16: 'https://example.com/?a=1&amp;b=2' }),
};

const EXPECTED: Record<string, Expected[]> = {
  ...TEXT_ROWS,
  ...Object.fromEntries(
    TEXTS.flatMap((t) => [
      // Numbers that parse, within -1000..1000 and 4 decimal places (platform-facts-verified "Numbers").
      [`${t} NUMBER`, only(t, { 3: '42', 4: '15', 15: '' })],
      [`NUMBER ${t}`, same('NUMBER')],
      // Only an option's name (A or B) converts; a radio button is never empty.
      [`${t} DROP_DOWN`, only(t, { 0: 'A', 15: '' })],
      [`${t} RADIO_BUTTON`, only(t, { 0: 'A' })],
      [`${t} CHECK_BOX`, only(t, { 0: ['A'], 1: ['A', 'B'], 15: [] })],
      [`${t} MULTI_SELECT`, only(t, { 0: ['A'], 1: ['A', 'B'], 15: [] })],
      [`DROP_DOWN ${t}`, same('DROP_DOWN')],
      [`RADIO_BUTTON ${t}`, same('RADIO_BUTTON')],
      [`CHECK_BOX ${t}`, ['A', 'A, B', 'C', '']],
      [`MULTI_SELECT ${t}`, ['B', 'B, A', 'A, C', '']],
      // Only the platform's formats; 2023-02-29 is no date; a date-time without offset in Tokyo.
      [`${t} DATE`, only(t, { 8: '2024-05-01', 15: '' })],
      [`${t} TIME`, only(t, { 10: '09:30', 15: '' })],
      [`${t} DATETIME`, only(t, { 11: '2024-05-01T00:30:00Z', 12: '2024-05-01T00:30:00Z', 15: '' })],
      [`DATE ${t}`, same('DATE')],
      [`TIME ${t}`, same('TIME')],
      [`DATETIME ${t}`, same('DATETIME')],
    ]),
  ),
  // Choices: the targets have A and B only (samples: DROP_DOWN A, C, ''; RADIO_BUTTON A, B, C;
  // CHECK_BOX [A], [A, B], [C], []; MULTI_SELECT [B], [B, A], [A, C], []).
  'DROP_DOWN RADIO_BUTTON': ['A', X, X],
  'DROP_DOWN CHECK_BOX': [['A'], X, []],
  'DROP_DOWN MULTI_SELECT': [['A'], X, []],
  'RADIO_BUTTON DROP_DOWN': ['A', 'B', X],
  'RADIO_BUTTON CHECK_BOX': [['A'], ['B'], X],
  'RADIO_BUTTON MULTI_SELECT': [['A'], ['B'], X],
  'CHECK_BOX DROP_DOWN': ['A', X, X, ''],
  'CHECK_BOX RADIO_BUTTON': ['A', X, X, X],
  'CHECK_BOX MULTI_SELECT': [['A'], ['A', 'B'], X, []],
  'MULTI_SELECT DROP_DOWN': ['B', X, X, ''],
  'MULTI_SELECT RADIO_BUTTON': ['B', X, X, X],
  'MULTI_SELECT CHECK_BOX': [['B'], ['B', 'A'], X, []],
  // Midnight in Tokyo (migrate.timeZone), and the day a moment falls on there.
  'DATE DATETIME': ['2024-04-30T15:00:00Z', '1999-12-30T15:00:00Z', ''],
  'DATETIME DATE': ['2024-05-01', '2024-05-01', ''],
  // Entities: users admin, alice, sales; organizations sales, hq; groups sales, admins.
  'USER_SELECT ORGANIZATION_SELECT': [X, [{ code: 'sales' }], X, []],
  'USER_SELECT GROUP_SELECT': [X, [{ code: 'sales' }], X, []],
  'ORGANIZATION_SELECT USER_SELECT': [[{ code: 'sales' }], X, []],
  'ORGANIZATION_SELECT GROUP_SELECT': [[{ code: 'sales' }], X, []],
  'GROUP_SELECT USER_SELECT': [[{ code: 'sales' }], X, []],
  'GROUP_SELECT ORGANIZATION_SELECT': [[{ code: 'sales' }], X, []],
};

/** What a field holds once its value did not convert. */
const EMPTY: Record<string, unknown> = {
  CHECK_BOX: [],
  MULTI_SELECT: [],
  USER_SELECT: [],
  ORGANIZATION_SELECT: [],
  GROUP_SELECT: [],
};

const RECORDS_PER_APP = 140;
const ROWS = CONVERSIONS.map((c) => ({ from: c.from, to: c.to, code: `${c.from}__${c.to}`.toLowerCase() }));
const SOURCES = [...new Set(ROWS.map((r) => r.from))];
const appKey = (from: string) => from.toLowerCase().replace(/_/g, '-');

/** Midnight and offsets read in Tokyo, not in the machine's zone. */
const migrateOf = (from: string, to: string) =>
  to === 'DATETIME' || (from === 'DATETIME' && to === 'DATE') ? { migrate: { timeZone: 'Asia/Tokyo' } } : {};

function manifests(version: 'v1' | 'v2'): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    SOURCES.map((from) => [
      appKey(from),
      manifest(
        `From ${from}`,
        Object.fromEntries(
          ROWS.filter((r) => r.from === from).map((r) => [
            r.code,
            version === 'v1'
              ? { type: from, label: r.code, ...SOURCE[from] }
              : { type: r.to, label: r.code, ...TARGET[r.to], ...migrateOf(from, r.to) },
          ]),
        ),
      ),
    ]),
  );
}

describe('every conversion row migrated by apply', () => {
  it('plans each row with its not-converted count, converts every value as written, backs up the lost ones, and converges', async () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(ROWS.map((r) => `${r.from} ${r.to}`).sort());
    for (const [key, values] of Object.entries(EXPECTED))
      expect(values, key).toHaveLength(SAMPLES[key.split(' ')[0]!]!.length);

    const project = await h.writeProject({ apps: manifests('v1') });
    const first = await h.apply(project, await h.plan(project));
    expect(first.exitCode, first.message).toBe(0);
    const v1 = await h.load(project.root);
    const ids = Object.fromEntries(v1.apps.map((a) => [a.key, a.id!]));

    // Record i holds sample i mod n of its source type in every field.
    const sampleOf = (from: string, index: number) => index % SAMPLES[from]!.length;
    const before = new Map<string, Map<string, Record<string, unknown>>>();
    for (const from of SOURCES) {
      const codes = ROWS.filter((r) => r.from === from).map((r) => r.code);
      await h.client.records.addAll(
        ids[appKey(from)]!,
        Array.from({ length: RECORDS_PER_APP }, (_, i) =>
          Object.fromEntries(codes.map((c) => [c, { value: SAMPLES[from]![sampleOf(from, i)] }])),
        ) as RecordForWrite[],
      );
      before.set(from, await readComparable(h.client, ids[appKey(from)]!));
    }
    // The service holds each sample as written (record ids run 1.. in each app).
    for (const r of ROWS)
      for (const [id, record] of before.get(r.from)!)
        expect(record[r.code], `${r.code} #${id}`).toEqual(
          SAMPLES[r.from]![sampleOf(r.from, Number(id) - 1)],
        );

    // The records whose value is lost: it does not convert, and it is not empty (an empty value
    // that does not convert, into a radio button, loses nothing).
    const lostIn = (r: (typeof ROWS)[number]) =>
      [...before.get(r.from)!].flatMap(([id, record]) =>
        EXPECTED[`${r.from} ${r.to}`]![sampleOf(r.from, Number(id) - 1)] === LOST &&
        !isEmptyValue(record[r.code])
          ? [id]
          : [],
      );

    const v2 = await h.rewriteManifests(v1, manifests('v2'));
    const thePlan = await h.plan(v2);
    for (const from of SOURCES) {
      const app = thePlan.apps.find((a) => a.key === appKey(from))!;
      const rows = ROWS.filter((r) => r.from === from);
      expect(app.migrations?.map((m) => `${m.from.code} ${m.from.type} ${m.to.type}`).sort()).toEqual(
        rows.map((r) => `${r.code} ${r.from} ${r.to}`).sort(),
      );
      for (const m of app.migrations!) {
        const r = rows.find((row) => row.code === m.from.code)!;
        expect(m.records?.read, m.from.code).toBe(RECORDS_PER_APP);
        expect(
          m.records?.notConverted.records,
          `${m.from.code} ${JSON.stringify(m.records?.notConverted.samples)}`,
        ).toBe(lostIn(r).length);
      }
    }
    expect(ROWS.filter((r) => lostIn(r).length === 0).length).toBeGreaterThan(0);

    const applied = await h.apply(v2, thePlan, { allowDataLoss: true });
    expect(applied, applied.message).toMatchObject({ outcome: 'applied', exitCode: 0 });
    expect(applied.migrations).toHaveLength(ROWS.length);

    const backups = new Map<string, { id: string; field: string; value: unknown }[]>();
    for (const b of applied.backups ?? [])
      backups.set(
        b.app,
        (await readFile(join(v2.root, b.file), 'utf8'))
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { id: string; field: string; value: unknown }),
      );

    for (const from of SOURCES) {
      const after = await readComparable(h.client, ids[appKey(from)]!);
      expect([...after.keys()]).toEqual([...before.get(from)!.keys()]);
      for (const r of ROWS.filter((row) => row.from === from)) {
        const expected = EXPECTED[`${r.from} ${r.to}`]!;
        for (const [id, record] of after) {
          const want = expected[sampleOf(from, Number(id) - 1)];
          const old = before.get(from)!.get(id)![r.code];
          expect(
            record[r.code] ?? EMPTY[r.to] ?? '',
            `${r.code} #${id} (was ${JSON.stringify(old)})`,
          ).toEqual(want === LOST ? (EMPTY[r.to] ?? '') : want);
        }
        // The backup holds every lost value as it was.
        const lost = lostIn(r);
        const backedUp = (backups.get(appKey(from)) ?? []).filter(
          (line) => line.field === r.code && lost.includes(line.id),
        );
        expect(backedUp.map((line) => [line.id, comparable(line.value)]).sort(), `${r.code} backup`).toEqual(
          lost.map((id) => [id, before.get(from)!.get(id)![r.code]]).sort(),
        );
      }
    }
    await h.expectConverged(v2);
  }, 120_000);
});
