/**
 * The where-used index, one case per place a manifest can name a field. Each case is a project
 * and the usages the index must list for one field (area: where, and the app that names it when
 * it is another).
 */
import { describe, expect, it } from 'vitest';
import { buildWhereUsed, type DocApp, type DocProject } from '../../src/docgen/index.js';
import type { AppReference, LookupSetting } from '../../src/project/index.js';
import { docApp, docProject } from './project-fixture.js';

const text = { type: 'SINGLE_LINE_TEXT', label: 'T' } as const;
const num = { type: 'NUMBER', label: 'N' } as const;
const user = { type: 'USER_SELECT', label: 'U' } as const;
const fields = { a: text, b: num, owner: user };

/** Apps src (the fields above) and x, whose lookup `k` on src's `a` copies `b` into `copy`. */
function lookupOnSrc(more: Partial<LookupSetting> = {}): DocProject {
  const fieldMappings = [{ field: 'copy', relatedField: 'b' }];
  const lookup = { relatedApp: { app: 'src' }, relatedKeyField: 'a', fieldMappings, ...more };
  return docProject(
    docApp('src', { fields }),
    docApp('x', { fields: { k: { ...text, label: 'K', lookup }, copy: num } }),
  );
}

/** App x, whose action Copy sends its `a` to `d` of `destApp` when a = "1". */
function copyFromX(destApp: AppReference): DocApp {
  const copy = { srcType: 'FIELD', srcField: 'a', destField: 'd' } as const;
  return docApp('x', {
    fields,
    actions: { Copy: { destApp, mappings: [copy], entities: [], filterCond: 'a = "1"' } },
  });
}

interface Case {
  name: string;
  project: DocProject;
  app?: string;
  field: string;
  expected: string[];
}

const cases: Case[] = [
  {
    name: 'a layout row, a group and a subtable',
    project: docProject(
      docApp('x', {
        fields: {
          a: text,
          g: { type: 'GROUP', label: 'G' },
          t: { type: 'SUBTABLE', label: 'T', fields: { a2: text } },
        },
        layout: [
          { type: 'ROW', fields: [{ code: 'a' }] },
          { type: 'GROUP', code: 'g', layout: [{ type: 'ROW', fields: [{ code: 'a' }] }] },
          { type: 'SUBTABLE', code: 't', fields: [{ code: 'a2' }] },
        ],
      }),
    ),
    field: 'a',
    expected: ['layout: row 1', 'layout: row 2, group g row 1'],
  },
  {
    name: 'a subtable member in its table',
    project: docProject(
      docApp('x', {
        fields: { t: { type: 'SUBTABLE', label: 'T', fields: { a2: text } } },
        layout: [{ type: 'SUBTABLE', code: 't', fields: [{ code: 'a2' }] }],
      }),
    ),
    field: 'a2',
    expected: ['layout: row 1, subtable t'],
  },
  {
    name: "a view's columns, filter and sort (parsed, not matched as text)",
    project: docProject(
      docApp('x', {
        fields,
        views: {
          All: { type: 'LIST', fields: ['a'], filterCond: 'b > 10 and a like "b"', sort: 'b desc, a asc' },
        },
      }),
    ),
    field: 'b',
    expected: ['views: view "All" (filter)', 'views: view "All" (sort)'],
  },
  {
    name: 'a calendar view',
    project: docProject(docApp('x', { fields, views: { Cal: { type: 'CALENDAR', date: 'b', title: 'a' } } })),
    field: 'a',
    expected: ['views: view "Cal" (calendar title)'],
  },
  {
    name: 'the record title',
    project: docProject(docApp('x', { fields, titleField: { selectionMode: 'MANUAL', code: 'a' } })),
    field: 'a',
    expected: ['title: record title'],
  },
  {
    name: 'process conditions and field entities (assignees, who may act)',
    project: docProject(
      docApp('x', {
        fields,
        process: {
          states: {
            S: { assignee: { type: 'ONE', entities: [{ entity: { type: 'FIELD_ENTITY', code: 'owner' } }] } },
            T: {},
          },
          actions: [
            {
              name: 'Go',
              from: 'S',
              to: 'T',
              filterCond: 'owner in (LOGINUSER())',
              type: 'SECONDARY',
              executableUser: { entities: [{ entity: { type: 'FIELD_ENTITY', code: 'owner' } }] },
            },
          ],
        },
      }),
    ),
    field: 'owner',
    expected: [
      'process: status "S" (assignee)',
      'process: action "Go" (filter)',
      'process: action "Go" (who may act)',
    ],
  },
  {
    name: 'record and field permissions',
    project: docProject(
      docApp('x', {
        fields,
        recordAcl: [
          { filterCond: 'b = 1', entities: [{ entity: { type: 'CREATOR', code: null }, viewable: true }] },
        ],
        fieldAcl: [
          { field: 'b', entities: [{ entity: { type: 'GROUP', code: 'g' }, accessibility: 'READ' }] },
        ],
      }),
    ),
    field: 'b',
    expected: ['permissions: record permission 1 (filter)', 'permissions: field permissions'],
  },
  {
    name: 'notifications: recipients, conditions and reminder timing',
    project: docProject(
      docApp('x', {
        fields: { ...fields, due: { type: 'DATE', label: 'D' } },
        notifications: {
          general: {
            notifications: [{ entity: { type: 'FIELD_ENTITY', code: 'owner' }, recordAdded: true }],
          },
          perRecord: { notifications: [{ filterCond: 'owner in ("x")', targets: [] }] },
          reminder: {
            notifications: [
              {
                timing: { code: 'due', daysLater: -1 },
                targets: [{ entity: { type: 'FIELD_ENTITY', code: 'owner' } }],
              },
            ],
          },
        },
      }),
    ),
    field: 'owner',
    expected: [
      'notifications: general notifications (recipient)',
      'notifications: record notification 1 (filter)',
      'notifications: reminder 1 (recipient)',
    ],
  },
  {
    name: 'reports: groups, totals and filters',
    project: docProject(
      docApp('x', {
        fields,
        reports: {
          R: {
            chartType: 'BAR',
            groups: [{ code: 'a' }],
            aggregations: [{ type: 'SUM', code: 'b' }],
            filterCond: 'b > 0',
          },
        },
      }),
    ),
    field: 'b',
    expected: ['reports: report "R" (sum)', 'reports: report "R" (filter)'],
  },
  {
    name: "another app's lookup: key, copied field, picker, filter and sort",
    project: lookupOnSrc({ lookupPickerFields: ['a', 'b'], filterCond: 'b > 1', sort: 'b asc' }),
    app: 'src',
    field: 'b',
    expected: [
      'lookups: x lookup k (copied into copy)',
      'lookups: x lookup k (picker column)',
      'lookups: x lookup k (filter)',
      'lookups: x lookup k (sort)',
    ],
  },
  {
    name: 'the field a lookup fills',
    project: lookupOnSrc(),
    app: 'x',
    field: 'copy',
    expected: ['lookups: filled by lookup k from b'],
  },
  {
    name: "another app's related-records table, found by the app's id",
    project: {
      apps: [
        { ...docApp('src', { fields }), ids: { staging: '7' } },
        docApp('x', {
          fields: {
            a: text,
            rt: {
              type: 'REFERENCE_TABLE',
              label: 'R',
              referenceTable: {
                relatedApp: { app: 7 },
                condition: { field: 'a', relatedField: 'a' },
                displayFields: ['a', 'b'],
                sort: 'a desc',
              },
            },
          },
        }),
      ],
    },
    app: 'src',
    field: 'a',
    expected: [
      'related records: x rt (matches a)',
      'related records: x rt (column)',
      'related records: x rt (sort)',
    ],
  },
  {
    name: 'copy actions: the source field here, the destination field in the other app',
    project: docProject(copyFromX({ app: 'y' }), docApp('y', { fields: { d: text } })),
    app: 'y',
    field: 'd',
    expected: ['actions: x action "Copy" (receives a)'],
  },
  {
    name: 'the source of a copy action and its condition',
    project: docProject(copyFromX({ code: 'OUT' })),
    field: 'a',
    expected: ['actions: action "Copy" (copied to d)', 'actions: action "Copy" (filter)'],
  },
  {
    name: 'JavaScript that names the code as a string or a property',
    project: docProject(
      docApp('x', { fields }, [
        {
          path: 'js/a.js',
          text: "const v = record['a'].value;\nrecord.b.value = 1;\nconst ab = 'ab';\nrecord.a_b = 2;",
        },
      ]),
    ),
    field: 'a',
    expected: ['JavaScript: js/a.js:1 (quoted string)'],
  },
  {
    name: 'a filter that does not parse names nothing (validate reports it)',
    project: docProject(docApp('x', { fields, views: { V: { type: 'LIST', filterCond: 'a = = 1' } } })),
    field: 'a',
    expected: [],
  },
];

describe('the where-used index', () => {
  it.each(cases)('$name', ({ project, app, field, expected }) => {
    const usages =
      buildWhereUsed(project)
        .get(app ?? project.apps[0]?.key ?? '')
        ?.get(field) ?? [];
    expect(usages.map((u) => `${u.area}: ${u.fromApp ? `${u.fromApp} ` : ''}${u.where}`)).toEqual(expected);
  });
});
