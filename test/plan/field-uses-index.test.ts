/**
 * The planner's use of the where-used index, pure: which codes a plan takes away, and how the
 * places land on its risks. Another app's places carry that app's key; a field removed and named
 * nowhere adds nothing; an option removed keeps its risk as it was.
 */
import { describe, expect, it } from 'vitest';
import { codesToFind, takenFields, withFieldUses } from '../../src/plan/field-uses.js';
import type { AppPlan, Risk } from '../../src/plan/index.js';
import { buildWhereUsed } from '../../src/usage/index.js';
import { docApp, docProject } from '../docgen/project-fixture.js';

const text = { type: 'SINGLE_LINE_TEXT', label: 'T' } as const;

/** `src` lost field `b` (and its table `t` with column `c`); `x` looks `b` up; a script names `c` and `d`. */
const project = docProject(
  docApp('src', { fields: { a: text } }, [
    { path: 'src.js', text: "record['c'].value;\nrecord.gone.value;\nrecord.d.value;" },
  ]),
  docApp('x', {
    fields: {
      k: {
        ...text,
        lookup: {
          relatedApp: { app: 'src' },
          relatedKeyField: 'a',
          fieldMappings: [{ field: 'y', relatedField: 'b' }],
        },
      },
      y: text,
    },
  }),
);

const appPlan = (risks: Risk[], more: AppPlan['areas'][number]['changes'] = []): AppPlan => ({
  key: 'src',
  name: 'src',
  id: '1',
  action: 'update',
  revisions: { draft: '2', live: '2' },
  risks,
  areas: [
    {
      key: 'fields',
      action: 'update',
      itemNoun: 'field',
      unchanged: 1,
      before: null,
      after: {},
      changes: [
        { action: 'remove', path: ['b'], before: { type: 'NUMBER' } },
        { action: 'remove', path: ['t'], before: { type: 'SUBTABLE', fields: { c: { type: 'NUMBER' } } } },
        { action: 'rename', path: ['a'], from: 'old_a', before: {}, after: {}, details: [] },
        ...more,
      ],
    },
  ],
});

describe('the where-used index on the plan', () => {
  it('takes removed fields, a removed table with its columns, and renames by their old code', () => {
    expect(takenFields(appPlan([]))).toEqual([
      { code: 'b' },
      { code: 't' },
      { code: 'c' },
      { code: 'old_a', renamedTo: 'a' },
    ]);
    expect([...codesToFind([appPlan([])])]).toEqual([['src', ['b', 't', 'c', 'old_a']]]);
  });

  // The warnings for b (copied by app x's lookup) and c (quoted in src.js), as the cases below expect them.
  const bStillUsed: Risk = {
    kind: 'field-still-used',
    area: 'fields',
    field: 'b',
    usedBy: [{ app: 'x', area: 'lookups', where: 'lookup k (copied into y)' }],
  };
  const cStillUsed: Risk = {
    kind: 'field-still-used',
    area: 'fields',
    field: 'c',
    usedBy: [{ app: 'src', area: 'JavaScript', where: 'src.js:1 (quoted string)' }],
  };
  const cases: {
    name: string;
    risks: Risk[];
    more?: AppPlan['areas'][number]['changes'];
    expected: Risk[];
  }[] = [
    {
      name: 'no risks: a warning per taken field still named, places of other apps keyed by their app',
      risks: [],
      expected: [bStillUsed, cStillUsed],
    },
    {
      name: "a data-loss risk takes the places; an option's risk is left as it is",
      risks: [
        { kind: 'data-loss', area: 'fields', field: 'b', records: 2, query: 'b != ""' },
        { kind: 'data-loss', area: 'fields', field: 'a', option: 'x', records: 1, query: 'a in ("x")' },
      ],
      expected: [
        {
          kind: 'data-loss',
          area: 'fields',
          field: 'b',
          records: 2,
          query: 'b != ""',
          usedBy: [{ app: 'x', area: 'lookups', where: 'lookup k (copied into y)' }],
        },
        { kind: 'data-loss', area: 'fields', field: 'a', option: 'x', records: 1, query: 'a in ("x")' },
        cStillUsed,
      ],
    },
    {
      name: 'a blocked type change names where the field is used; a blocked relabel does not',
      more: [{ action: 'replace', path: ['d'], before: {}, after: {}, details: [] }],
      risks: [
        { kind: 'blocked', area: 'fields', path: ['d'], reason: 'type', instead: 'new field' },
        { kind: 'blocked', area: 'fields', path: ['a'], reason: 'fixed field', instead: 'leave it' },
      ],
      expected: [
        {
          kind: 'blocked',
          area: 'fields',
          path: ['d'],
          reason: 'type',
          instead: 'new field',
          usedBy: [{ app: 'src', area: 'JavaScript', where: 'src.js:3 (property access)' }],
        },
        { kind: 'blocked', area: 'fields', path: ['a'], reason: 'fixed field', instead: 'leave it' },
        bStillUsed,
        cStillUsed,
      ],
    },
  ];

  it.each(cases)('$name', ({ risks, more, expected }) => {
    const app = appPlan(risks, more);
    const index = buildWhereUsed(project, { alsoCodes: codesToFind([app]) });
    expect(withFieldUses(app, index)).toEqual(expected);
  });
});
