/**
 * A plan that touches every settings area and shows every risk kind and every change action:
 * `deals` changes seven areas (with all five risks of its fields), `orders` the other nine (and
 * has a pending draft), `leads` is created, `contacts` does not change. Of the system plug-ins,
 * one is installed, one updated and one already at its version.
 */
import type { AppPlan, Plan, PluginPlan } from '../../src/plan/types.js';
import { deals } from './fixture-deals.js';
import { add, appHead, area, change, noOp, remove } from './fixture-helpers.js';

const everyone = { entity: { type: 'GROUP', code: 'everyone' }, includeSubs: false };

const orders: AppPlan = {
  ...appHead('orders', 'Orders | EU', '14'),
  action: 'update',
  revisions: { draft: '88', live: '87' },
  areas: [
    noOp('general', 'setting', 0),
    noOp('fields', 'field', 9),
    area(
      'recordAcl',
      'rule',
      [
        remove([1], {
          filterCond: 'status in ("Closed")',
          rights: [{ ...everyone, viewable: true, editable: false }],
        }),
      ],
      1,
    ),
    area(
      'fieldAcl',
      'rule',
      [add(['total'], { rights: [{ accessibility: 'READ', entity: { type: 'GROUP', code: 'sales' } }] })],
      2,
    ),
    area(
      'notificationsGeneral',
      'notification',
      [
        add([1], {
          entity: { type: 'FIELD_ENTITY', code: 'owner' },
          includeSubs: false,
          recordAdded: true,
          recordEdited: true,
          commentAdded: true,
          fileImported: false,
        }),
      ],
      1,
    ),
    area(
      'notificationsPerRecord',
      'notification',
      [
        change([0], { targets: [everyone] }, [
          { path: ['filterCond'], before: 'total > 1000', after: 'total > 5000' },
          { path: ['title'], before: 'Large order', after: 'Very large order' },
        ]),
      ],
      0,
    ),
    area(
      'notificationsReminder',
      'reminder',
      [
        remove([0], {
          timing: { code: 'due_date', daysLater: -1, time: '09:00' },
          filterCond: '',
          title: 'Due tomorrow',
          targets: [{ entity: { type: 'FIELD_ENTITY', code: 'owner' }, includeSubs: false }],
        }),
      ],
      1,
    ),
    area(
      'reports',
      'graph',
      [
        add(['Won by month'], {
          chartType: 'COLUMN',
          chartMode: 'NORMAL',
          index: '2',
          groups: [{ code: 'close_date', per: 'MONTH' }],
          aggregations: [{ type: 'SUM', code: 'total' }],
          filterCond: 'status in ("Won")',
          sorts: [{ by: 'GROUP1', order: 'ASC' }],
          periodicReport: null,
        }),
      ],
      2,
    ),
    area(
      'actions',
      'action',
      [
        change(
          ['Create invoice'],
          {
            index: '0',
            destApp: { app: '15' },
            mappings: [
              { srcType: 'RECORD_URL', destField: 'source' },
              { srcType: 'FIELD', srcField: 'customer', destField: 'client' },
            ],
          },
          [{ path: ['mappings', 2], after: { srcType: 'FIELD', srcField: 'total', destField: 'amount' } }],
        ),
      ],
      0,
    ),
    area(
      'adminNotes',
      'setting',
      [
        change([], {}, [
          {
            path: ['content'],
            before: '<p>Owner: sales ops</p>',
            after: '<p>Owner: sales ops</p><p>Escalate to #orders-help</p>',
          },
          { path: ['includeInTemplateAndDuplicates'], before: false, after: true },
        ]),
      ],
      0,
    ),
    area(
      'plugins',
      'plug-in',
      [add(['djmhffjhfgmebgnfcbdhhjnfcmfhonpa'], { name: 'Kanban board', enabled: true })],
      1,
    ),
  ],
  risks: [{ kind: 'pending-draft', areas: ['views', 'customize'] }],
};

const leads: AppPlan = {
  ...appHead('leads', 'Leads', null),
  action: 'create-app',
  revisions: null,
  areas: [
    area('general', 'setting', [add([], { name: 'Leads', description: '', theme: 'WHITE' })], 0, {
      action: 'create-app',
      before: null,
    }),
    area(
      'fields',
      'field',
      [
        add(['company'], { type: 'SINGLE_LINE_TEXT', label: 'Company', required: true, unique: false }),
        add(['source'], {
          type: 'RADIO_BUTTON',
          label: 'Source',
          options: { Web: { index: '0', label: 'Web' }, Referral: { index: '1', label: 'Referral' } },
          defaultValue: 'Web',
        }),
      ],
      0,
      { action: 'create-app', before: null },
    ),
  ],
  risks: [],
};

const contacts: AppPlan = {
  ...appHead('contacts', 'Contacts', '12'),
  action: 'no-op',
  revisions: { draft: '5', live: '5' },
  areas: [noOp('general', 'setting', 0), noOp('fields', 'field', 12)],
  risks: [],
};

const plugin = (
  name: string,
  file: string,
  letter: string,
  version: string,
  installedVersion: string | null,
): PluginPlan => ({
  id: letter.repeat(32),
  name,
  path: `plugins/${file}.zip`,
  sha256: letter.repeat(64).replace(/[g-p]/g, 'f'),
  version,
  installedVersion,
  action: installedVersion === null ? 'install' : installedVersion === version ? 'no-op' : 'update',
});

const scanner = plugin('Barcode scanner', 'barcode-scanner', 'a', '1.2', null);
const calendar = plugin('Calendar | plus', 'calendar-plus', 'b', '2.0.1', '1.9');
const maps = plugin('Maps', 'maps', 'c', '3', '3');

export const everyAreaPlan: Plan = {
  formatVersion: 2,
  environment: 'staging',
  service: { baseUrl: 'https://staging.example.com', apps: [] },
  createdAt: '2026-11-24T09:30:00.000Z',
  plugins: [scanner, calendar, maps],
  apps: [deals, orders, leads, contacts],
  heldReferences: [],
  summary: { add: 18, change: 18, remove: 6 },
};

/** The same environment once every change is applied. */
export const noChangesPlan: Plan = {
  ...everyAreaPlan,
  plugins: [{ ...scanner, installedVersion: '1.2', action: 'no-op' }],
  apps: [contacts],
  summary: { add: 0, change: 0, remove: 0 },
};
