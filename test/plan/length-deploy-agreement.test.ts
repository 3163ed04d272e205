/**
 * A plan must not promise a deploy the service refuses. platform-facts-verified ("Required,
 * unique, lengths"): a tighter length that existing records break can make the deploy fail, and
 * minLength is checked on "" too. For each change of a field's bounds (a top-level field and a
 * table column; a value of emoji, 3 characters in 6 UTF-16 units), the plan's `deploy-fails`
 * length risk and its count are as the records say, and the local service's deploy of the same
 * draft fails exactly when the plan said it would; apply refuses such a plan, writing nothing.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { apply } from '../../src/apply/index.js';
import { plan } from '../../src/plan/index.js';
import { renderJson } from '../../src/render/index.js';
import { validatePlan } from '../render/plan-schema.js';
import { loadValid, projectFile, removeProject, useService, writeProject } from './harness.js';
import { applyAsWritten } from './project-fixture.js';

const service = useService();
const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await removeProject(root);
});

const MANIFEST = `
name: Orders
fields:
  code: { type: SINGLE_LINE_TEXT, label: Code }
  lines:
    type: SUBTABLE
    label: Lines
    fields:
      note: { type: SINGLE_LINE_TEXT, label: Note }
`;

/**
 * Record 1: code "A1", notes "x" and "xyz"; 2: "ABCDE", no rows; 3: no code, "hello"; 4: three
 * emoji; 5: 70 characters, over the 64 a unique text holds (get.kintone.help 040528).
 */
const LONG = 'x'.repeat(70);
const RECORDS = [
  { code: 'A1', notes: ['x', 'xyz'] },
  { code: 'ABCDE', notes: [] },
  { code: '', notes: ['hello'] },
  { code: '😀😀😀', notes: [] },
  { code: LONG, notes: [] },
];

interface Case {
  name: string;
  field: 'code' | 'note';
  /** What the manifest adds to the field. */
  set: { minLength?: number; maxLength?: number; unique?: true };
  /** The bounds the risk names: those set, unless `unique` caps the maximum at 64. */
  bounds?: { minLength?: number; maxLength?: number };
  /** The records outside the new bounds, by number: none when the deploy goes through. */
  outside: string[];
}

const cases: Case[] = [
  { name: 'maxLength under one value', field: 'code', set: { maxLength: 4 }, outside: ['2', '5'] },
  { name: 'maxLength at the longest value', field: 'code', set: { maxLength: 70 }, outside: [] },
  // Counted in characters, not UTF-16 units: the emoji are 3, not 6.
  { name: 'maxLength at the emoji', field: 'code', set: { maxLength: 3 }, outside: ['2', '5'] },
  { name: 'maxLength under the emoji', field: 'code', set: { maxLength: 2 }, outside: ['2', '4', '5'] },
  { name: 'minLength over an empty value', field: 'code', set: { minLength: 1 }, outside: ['3'] },
  {
    name: 'both bounds',
    field: 'code',
    set: { minLength: 3, maxLength: 10 },
    outside: ['1', '3', '5'],
  },
  // A unique text holds 64 characters at most: adding unique lowers the maximum so.
  { name: 'unique added', field: 'code', set: { unique: true }, bounds: { maxLength: 64 }, outside: ['5'] },
  {
    name: 'unique added with a higher maxLength',
    field: 'code',
    set: { unique: true, maxLength: 80 },
    bounds: { maxLength: 64 },
    outside: ['5'],
  },
  {
    name: 'unique added with a lower maxLength',
    field: 'code',
    set: { unique: true, maxLength: 5 },
    bounds: { maxLength: 5 },
    outside: ['5'],
  },
  { name: 'a column: maxLength under one row', field: 'note', set: { maxLength: 3 }, outside: ['3'] },
  // A record with no rows holds no value of the column to be short.
  { name: 'a column: minLength over one row', field: 'note', set: { minLength: 2 }, outside: ['1'] },
  { name: 'a column: every row within', field: 'note', set: { minLength: 1, maxLength: 5 }, outside: [] },
];

async function appWithRecords(): Promise<{ root: string; app: string }> {
  const root = await writeProject({
    'appdeploy.yaml': projectFile(service.url, { orders: null }),
    'apps/orders.yaml': MANIFEST,
  });
  roots.push(root);
  await applyAsWritten(service, root);
  const app = (await loadValid(root)).apps[0]!.id!;
  await service.client.records.addRecords({
    app,
    records: RECORDS.map((r) => ({
      code: { value: r.code },
      lines: { value: r.notes.map((note) => ({ value: { note: { value: note } } })) },
    })),
  });
  return { root, app };
}

/** Deploys the draft with the field's new bounds, written directly: the service's own verdict. */
async function serviceDeploys(app: string, testCase: Case): Promise<boolean> {
  const { properties } = await service.client.form.getFields({ app, copy: 'draft' });
  // The service's form stores bounds as text; unique as a boolean.
  const bounds = Object.fromEntries(
    Object.entries(testCase.set).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]),
  );
  const changed =
    testCase.field === 'code'
      ? { code: { ...properties.code, ...bounds } }
      : {
          lines: {
            ...properties.lines,
            fields: {
              note: { ...(properties.lines as { fields: Record<string, object> }).fields.note, ...bounds },
            },
          },
        };
  await service.client.form.updateFields({ app, properties: changed as never });
  await service.client.apps.deploy({ apps: [{ app }] });
  const [status] = await service.client.apps.waitForDeploy([app], { initialIntervalMs: 10 });
  return status!.status === 'SUCCESS';
}

describe('a tighter length: the plan says the deploy fails exactly when the service refuses it', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    const { root, app } = await appWithRecords();
    const doc = parseDocument(MANIFEST);
    const path = testCase.field === 'code' ? ['fields', 'code'] : ['fields', 'lines', 'fields', 'note'];
    for (const [bound, value] of Object.entries(testCase.set)) doc.setIn([...path, bound], value);
    await writeFile(join(root, 'apps/orders.yaml'), doc.toString());

    const project = await loadValid(root);
    const planned = await plan({ project, client: service.client });
    const risks = planned.apps[0]!.risks.filter((r) => r.kind === 'deploy-fails');
    expect(risks).toEqual(
      testCase.outside.length === 0
        ? []
        : [
            {
              kind: 'deploy-fails',
              field: testCase.field,
              reason: 'length',
              records: testCase.outside.length,
              ...(testCase.bounds ?? testCase.set),
              recordIds: testCase.outside,
            },
          ],
    );

    // The JSON plan meets schema/plan.schema.json, the length risk's own entry included.
    expect(validatePlan(JSON.parse(renderJson(planned))), JSON.stringify(validatePlan.errors)).toBe(true);
    if (testCase.outside.length > 0) {
      // Refused before any write: the draft stays as live.
      const result = await apply({ plan: planned, project, client: service.client });
      expect(result.outcome).toBe('refused');
      expect(result.refusals.map((r) => r.kind)).toEqual(['deploy-fails']);
    }
    expect(await serviceDeploys(app, testCase)).toBe(testCase.outside.length === 0);
  });
});
