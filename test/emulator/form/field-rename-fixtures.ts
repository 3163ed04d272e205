/** The orders app that the field-rename tests share, and the draft settings that name its fields. */
import { appWithFields, ok } from '../records/records-helpers.js';
import type { useEmulator } from '../harness.js';

type Emulator = ReturnType<typeof useEmulator>;

export const FIELDS = '/k/v1/preview/app/form/fields.json';
export const ofField = (code: string) => ({ type: 'FIELD_ENTITY', code });

/** The orders app: text, number, date, user selection, a formula and a table. */
export async function ordersApp(emu: Emulator): Promise<string> {
  return appWithFields(emu, {
    title: { type: 'SINGLE_LINE_TEXT', unique: true },
    amount: { type: 'NUMBER' },
    due: { type: 'DATE' },
    owner: { type: 'USER_SELECT' },
    doubled: { type: 'CALC', expression: 'amount * 2' },
    lines: {
      type: 'SUBTABLE',
      fields: { qty: { type: 'NUMBER', code: 'qty', label: 'Qty' } },
    },
  });
}

/** Every draft area of the orders app naming `amount`, `owner`, `due` or `qty`. */
export async function referenceEverything(emu: Emulator, app: string): Promise<void> {
  const put = (path: string, body: Record<string, unknown>) => ok(emu.call('PUT', path, { app, ...body }));
  await put('/k/v1/preview/app/settings.json', { titleField: { selectionMode: 'MANUAL', code: 'amount' } });
  await put('/k/v1/preview/app/views.json', {
    views: {
      Big: {
        type: 'LIST',
        index: 0,
        fields: ['title', 'amount'],
        filterCond: 'amount > 5',
        sort: 'amount desc',
      },
      Due: { type: 'CALENDAR', index: 1, date: 'due', title: 'amount' },
    },
  });
  await put('/k/v1/preview/app/status.json', {
    enable: true,
    states: {
      // The first status takes no one but the creator field (the hosted platform's rule): the
      // owner field is an assignee of the next one.
      Open: { index: 0, assignee: { type: 'ONE', entities: [] } },
      Done: { index: 1, assignee: { type: 'ONE', entities: [{ entity: ofField('owner') }] } },
    },
    actions: [
      {
        name: 'Close',
        from: 'Open',
        to: 'Done',
        filterCond: 'amount >= 1 and qty > 0',
        type: 'SECONDARY',
        executableUser: { entities: [{ entity: ofField('owner') }] },
      },
    ],
  });
  await put('/k/v1/preview/record/acl.json', {
    rights: [{ filterCond: 'amount > 100', entities: [{ entity: ofField('owner'), viewable: true }] }],
  });
  await put('/k/v1/preview/field/acl.json', {
    rights: [{ field: 'amount', entities: [{ entity: ofField('owner'), accessibility: 'WRITE' }] }],
  });
  await put('/k/v1/preview/app/notifications/general.json', {
    notifications: [{ entity: ofField('owner'), recordAdded: true }],
  });
  await put('/k/v1/preview/app/notifications/perRecord.json', {
    notifications: [{ filterCond: 'amount > 1', title: 'Big', targets: [{ entity: ofField('owner') }] }],
  });
  await put('/k/v1/preview/app/notifications/reminder.json', {
    notifications: [
      {
        timing: { code: 'due', daysLater: -1, time: '09:00' },
        filterCond: 'amount > 1',
        title: 'Due',
        targets: [{ entity: ofField('owner') }],
      },
    ],
  });
  await put('/k/v1/preview/app/reports.json', {
    reports: {
      Sum: {
        chartType: 'BAR',
        chartMode: 'NORMAL',
        index: 0,
        groups: [{ code: 'due', per: 'MONTH' }],
        aggregations: [{ type: 'SUM', code: 'amount' }],
        filterCond: 'amount > 0',
      },
    },
  });
  await put('/k/v1/preview/app/actions.json', {
    actions: {
      Copy: {
        index: 0,
        destApp: { app },
        mappings: [{ srcType: 'FIELD', srcField: 'amount', destField: 'amount' }],
        filterCond: 'amount > 0',
      },
    },
  });
}
