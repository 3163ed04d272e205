/**
 * What becomes of a field the service cannot change in place (issue 36), pure: a migration where
 * a conversion exists or the type stays (a move), `migrate: false` a delete and add, and the
 * choices the manifest must make first blocked; and the swap's writes, in the order the platform
 * needs them (the old field deleted before its code is given to the new one).
 */
import { describe, expect, it } from 'vitest';
import { canonicalFields } from '../../src/areas/fields/canonical.js';
import { fieldBlocks, fieldProbes } from '../../src/areas/fields/risks.js';
import { fieldMigrations } from '../../src/areas/fields/migrations.js';
import { fieldWrites } from '../../src/areas/fields/writes.js';
import type { WriteContext } from '../../src/areas/types.js';

const ctx = {
  appKey: 'a',
  appId: (key: string) => key,
  fileHash: () => '',
};
const manifest = (fields: Record<string, unknown>) => canonicalFields(fields, ctx);
const service = (fields: Record<string, unknown>) => canonicalFields(fields, null);

const text = (type = 'SINGLE_LINE_TEXT', more: Record<string, unknown> = {}) => ({
  type,
  label: 'L',
  ...more,
});
const table = (columns: Record<string, unknown>) => ({ type: 'SUBTABLE', label: 'T', fields: columns });

describe('a field the service cannot change in place', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, string | null, string | null]>([
    [
      'a type with a conversion',
      { n: text('MULTI_LINE_TEXT') },
      { n: text() },
      "the same text; a line break, or a length outside the new field's minLength and maxLength (64 if unique), does not convert",
      null,
    ],
    [
      'a move into a new table, same type',
      { n: text() },
      { t: table({ n: text() }) },
      'the same value',
      null,
    ],
    [
      'a move out of a table',
      { t: table({ n: text(), o: text() }) },
      { t: table({ o: text() }), n: text() },
      'the same value',
      null,
    ],
    [
      'a move into an existing table without migrate.row',
      { n: text(), t: table({ o: text() }) },
      { t: table({ o: text(), n: text() }) },
      null,
      'field "n" moves into table "t", which has rows already: which row of each record receives its value is a choice',
    ],
    [
      'a move into an existing table with migrate.row',
      { n: text(), t: table({ o: text() }) },
      { t: table({ o: text(), n: text('SINGLE_LINE_TEXT', { migrate: { row: 'every' } }) }) },
      'the same value',
      null,
    ],
    [
      'a move between two tables',
      { t: table({ n: text(), o: text() }), u: table({ p: text() }) },
      { t: table({ o: text() }), u: table({ p: text(), n: text() }) },
      null,
      'field "n" moves from table "t" into table "u": a migration moves a field into or out of a table, not between two',
    ],
    [
      "a type without a conversion (today's block)",
      { n: { type: 'FILE', label: 'L' } },
      { n: text() },
      null,
      'the service cannot change the type of field "n" (FILE -> SINGLE_LINE_TEXT)',
    ],
  ])('%s', (_name, before, after, rule, blocked) => {
    const desired = manifest(after);
    const current = service(before);
    expect(fieldMigrations(desired, current).map((m) => m.conversion.rule)).toEqual(
      rule === null ? [] : [rule],
    );
    expect(fieldBlocks(desired, current).map((b) => b.reason)).toEqual(blocked === null ? [] : [blocked]);
    // A migration risks no data the areas can count: the planner counts what does not convert.
    expect(fieldProbes(desired, current)).toEqual([]);
  });

  it('migrate: false replaces the field: a data-loss probe, no block', () => {
    const desired = manifest({ n: text('SINGLE_LINE_TEXT', { migrate: false }) });
    const current = service({ n: text('MULTI_LINE_TEXT') });
    expect(fieldMigrations(desired, current)).toEqual([]);
    expect(fieldBlocks(desired, current)).toEqual([]);
    expect(fieldProbes(desired, current)).toEqual([
      { kind: 'data-loss', field: 'n', fieldType: 'MULTI_LINE_TEXT' },
    ]);
  });
});

/** A client that records the fields calls, answering each with the next revision. */
function recording() {
  const calls: [string, unknown][] = [];
  let revision = 1;
  const answer = (name: string) => (params: unknown) => {
    calls.push([name, params]);
    return Promise.resolve({ revision: String(++revision) });
  };
  const client = {
    form: { deleteFields: answer('delete'), addFields: answer('add'), updateFields: answer('update') },
  };
  const write: WriteContext = {
    client: client as never,
    app: '7',
    upload: () => Promise.resolve(''),
    resolveApp: (s) => s,
  };
  return { calls, write };
}

describe('the swap', () => {
  it('deletes the old field, then gives the temporary field its code, before any other write', async () => {
    const desired = manifest({ n: text(), m: text() });
    const current = service({ n: text('MULTI_LINE_TEXT'), n__migrating: text() });
    const steps = fieldWrites(desired, current);
    expect(steps.map((s) => s.phase)).toEqual(['fields-swap', 'fields-upsert']);
    const { calls, write } = recording();
    let revision = '1';
    for (const step of steps) revision = await step.run(write, revision);
    expect(calls).toEqual([
      ['delete', { app: '7', fields: ['n'], revision: '1' }],
      [
        'update',
        {
          app: '7',
          properties: {
            n__migrating: {
              ...text(),
              code: 'n',
              noLabel: false,
              required: false,
              unique: false,
              defaultValue: '',
              minLength: '',
              maxLength: '',
              expression: '',
              hideExpression: false,
            },
          },
          revision: '2',
        },
      ],
      ['add', { app: '7', properties: { m: expect.objectContaining({ code: 'm' }) }, revision: '3' }],
    ]);
  });

  it('a migration not begun writes nothing: apply adds its temporary field first', () => {
    expect(fieldWrites(manifest({ n: text() }), service({ n: text('MULTI_LINE_TEXT') }))).toEqual([]);
  });

  it('migrate: false deletes the old field, then adds the new one', async () => {
    const steps = fieldWrites(
      manifest({ n: text('SINGLE_LINE_TEXT', { migrate: false }) }),
      service({ n: text('MULTI_LINE_TEXT') }),
    );
    const { calls, write } = recording();
    let revision = '1';
    for (const step of steps) revision = await step.run(write, revision);
    expect(
      calls.map(([name, params]) => [
        name,
        Object.keys((params as { properties?: object }).properties ?? {}),
        (params as { fields?: string[] }).fields,
      ]),
    ).toEqual([
      ['delete', [], ['n']],
      ['add', ['n'], undefined],
    ]);
  });
});
