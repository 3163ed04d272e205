/**
 * The `deals` app of the every-area fixture: seven areas (general settings, fields, layout,
 * views, process, customize, app ACL) and every risk a field change can carry.
 */
import type { AppPlan, ProcessCanonical } from '../../src/plan/types.js';
import { add, appHead, area, change, remove, rename, replace } from './fixture-helpers.js';

type State = ProcessCanonical['states'][string];

const nobody: State['assignee'] = { type: 'ONE', entities: [] };
const action = (name: string, from: string, to: string, type: 'PRIMARY' | 'SECONDARY' = 'PRIMARY') => ({
  name,
  from,
  to,
  filterCond: '',
  type,
  executableUser: { entities: [] },
});

const processBefore: ProcessCanonical = {
  enable: true,
  states: {
    未処理: { index: '0', assignee: nobody },
    'In progress': { index: '1', assignee: nobody },
    Done: { index: '2', assignee: nobody },
  },
  actions: [action('Start', '未処理', 'In progress'), action('Finish', 'In progress', 'Done')],
};

const onHold: State = {
  index: '2',
  assignee: {
    type: 'ONE',
    entities: [{ entity: { type: 'FIELD_ENTITY', code: 'owner' }, includeSubs: false }],
  },
};

const processAfter: ProcessCanonical = {
  enable: true,
  states: {
    未処理: { index: '0', assignee: nobody },
    'In progress': { index: '1', assignee: nobody },
    'On hold': onHold,
    Done: { index: '3', assignee: nobody },
  },
  actions: [
    ...processBefore.actions,
    action('Pause', 'In progress', 'On hold'),
    action('Resume', 'On hold', 'In progress', 'SECONDARY'),
  ],
};

const stageBase = {
  type: 'DROP_DOWN',
  label: 'Stage',
  required: true,
  options: { Prospect: { index: '0', label: 'Prospect' }, Won: { index: '1', label: 'Won' } },
  defaultValue: 'Prospect',
};

export const deals: AppPlan = {
  ...appHead('deals', 'Deals', '13'),
  action: 'update',
  revisions: { draft: '41', live: '41' },
  areas: [
    area(
      'general',
      'setting',
      [
        change([], { name: 'Deals', description: 'Open deals', theme: 'WHITE' }, [
          { path: ['name'], before: 'Deals', after: 'Deal pipeline' },
          { path: ['theme'], before: 'WHITE', after: 'BLUE' },
        ]),
      ],
      0,
    ),
    area(
      'fields',
      'field',
      [
        add(['region'], {
          type: 'DROP_DOWN',
          label: 'Region',
          required: false,
          options: { East: { index: '0', label: 'East' }, West: { index: '1', label: 'West' } },
          defaultValue: 'East',
        }),
        change(['stage'], stageBase, [
          { path: ['label'], before: 'Stage', after: 'Phase' },
          { path: ['options', 'Negotiation'], after: { index: '2', label: 'Negotiation' } },
          { path: ['options', 'Lost'], before: { index: '3', label: 'Lost' } },
          { path: ['defaultValue'], before: 'Prospect' },
        ]),
        change(['deal_code'], { type: 'SINGLE_LINE_TEXT', label: 'Deal code' }, [
          { path: ['unique'], before: false, after: true },
        ]),
        change(['close_date'], { type: 'DATE', label: 'Close date' }, [
          { path: ['required'], before: false, after: true },
        ]),
        rename(['client'], 'customer', { type: 'SINGLE_LINE_TEXT' }, [
          { path: ['label'], before: 'Customer', after: 'Client' },
        ]),
        rename(['sales_rep'], 'rep', { type: 'USER_SELECT', label: 'Sales rep' }, []),
        replace(['amount'], { label: 'Amount', required: false }, [
          { path: ['type'], before: 'NUMBER', after: 'SINGLE_LINE_TEXT' },
          { path: ['unit'], before: 'USD' },
        ]),
        remove(['notes'], { type: 'MULTI_LINE_TEXT', label: 'Notes', required: false, defaultValue: '' }),
      ],
      6,
    ),
    area(
      'layout',
      'row',
      [
        change([1], { type: 'ROW', fields: [{ type: 'SINGLE_LINE_TEXT', size: { width: '200' } }] }, [
          { path: ['fields', 0, 'code'], before: 'customer', after: 'client' },
        ]),
        add([3], { type: 'ROW', fields: [{ type: 'DROP_DOWN', code: 'region', size: { width: '160' } }] }),
        remove([4], {
          type: 'ROW',
          fields: [{ type: 'MULTI_LINE_TEXT', code: 'notes', size: { width: '400', innerHeight: '120' } }],
        }),
      ],
      2,
    ),
    area(
      'views',
      'view',
      [
        add(['Closing this month'], {
          type: 'LIST',
          index: '0',
          fields: ['deal_name', 'amount', 'close_date'],
          filterCond: 'close_date = THIS_MONTH()',
          sort: 'close_date asc',
        }),
        change(['Pipeline'], { type: 'LIST', fields: ['deal_name', 'stage'] }, [
          { path: ['index'], before: '0', after: '1' },
        ]),
        remove(['Old list'], {
          type: 'LIST',
          index: '2',
          fields: ['deal_name'],
          filterCond: '',
          sort: '$id desc',
        }),
      ],
      1,
    ),
    area(
      'process',
      'item',
      [
        add(['states', 'On hold'], onHold),
        change(['states', 'Done'], { assignee: nobody }, [{ path: ['index'], before: '2', after: '3' }]),
        add(['actions', 2], action('Pause', 'In progress', 'On hold')),
        add(['actions', 3], action('Resume', 'On hold', 'In progress', 'SECONDARY')),
      ],
      4,
      { before: processBefore, after: processAfter },
    ),
    area(
      'customize',
      'setting',
      [
        change([], { desktop: { js: [{ type: 'URL', url: 'https://cdn.example.com/lib.js' }], css: [] } }, [
          { path: ['scope'], before: 'ALL', after: 'ADMIN' },
          {
            path: ['desktop', 'js', 1],
            after: {
              type: 'FILE',
              name: 'deals.js',
              sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
            },
          },
        ]),
      ],
      0,
    ),
    area(
      'appAcl',
      'rule',
      [
        change([0], { entity: { type: 'CREATOR', code: null }, includeSubs: false }, [
          { path: ['recordDeletable'], before: true, after: false },
        ]),
        add([2], {
          entity: { type: 'GROUP', code: 'sales' },
          includeSubs: false,
          appEditable: false,
          recordViewable: true,
          recordAddable: true,
          recordEditable: true,
          recordDeletable: false,
          recordImportable: false,
          recordExportable: false,
        }),
      ],
      1,
    ),
  ],
  risks: [
    { kind: 'data-loss', area: 'fields', field: 'notes', records: 42, query: 'notes != ""' },
    {
      kind: 'data-loss',
      area: 'fields',
      field: 'stage',
      option: 'Lost',
      records: 7,
      query: 'stage in ("Lost")',
    },
    {
      kind: 'blocked',
      area: 'fields',
      path: ['amount'],
      reason: "the service cannot change a field's type (NUMBER to SINGLE_LINE_TEXT)",
      instead: 'add a new field of type SINGLE_LINE_TEXT, copy the values over, then remove amount',
    },
    { kind: 'deploy-fails', field: 'deal_code', reason: 'unique', records: 3 },
    { kind: 'records-need-values', field: 'close_date', records: 1, query: 'close_date = ""' },
  ],
};
