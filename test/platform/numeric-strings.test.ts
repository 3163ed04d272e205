import { describe, expect, it } from 'vitest';
import { useEmulator } from '../emulator/harness.js';
import { NUMERIC_STRING_PROPERTIES } from '../../src/platform/index.js';

/**
 * NUMERIC_STRING_PROPERTIES against the local service: each property, written as a JSON number
 * where it belongs, is answered as a string. The owners are this test's own list, so a property
 * added to the set without a place it is written here fails the coverage check.
 */
const emu = useEmulator();
const FIELDS = '/k/v1/preview/app/form/fields.json';

async function newApp(name: string): Promise<string> {
  return (await emu.call('POST', '/k/v1/preview/app.json', { name })).body.app as string;
}

/** Writes numbers and reads the answer back: property name -> the values found for it. */
async function writtenAsNumbers(): Promise<Record<string, unknown[]>> {
  const related = await emu.deployedApp('Related');
  await emu.call('POST', FIELDS, {
    app: related,
    properties: { key: { type: 'SINGLE_LINE_TEXT', code: 'key', label: 'Key' } },
  });
  await emu.deploy([related]);
  const app = await newApp('Numbers');
  const relatedApp = { app: Number(related) };
  const properties = {
    text: { type: 'SINGLE_LINE_TEXT', code: 'text', label: 'T', minLength: 1, maxLength: 9 },
    num: {
      type: 'NUMBER',
      code: 'num',
      label: 'N',
      minValue: 1,
      maxValue: 9,
      defaultValue: 5,
      displayScale: 2,
    },
    file: { type: 'FILE', code: 'file', label: 'F', thumbnailSize: 250 },
    pick: { type: 'DROP_DOWN', code: 'pick', label: 'P', options: { a: { label: 'a', index: 0 } } },
    due: { type: 'DATE', code: 'due', label: 'D' },
    looked: {
      type: 'SINGLE_LINE_TEXT',
      code: 'looked',
      label: 'L',
      lookup: { relatedApp, relatedKeyField: 'key' },
    },
    refs: {
      type: 'REFERENCE_TABLE',
      code: 'refs',
      label: 'R',
      referenceTable: {
        relatedApp,
        condition: { field: 'text', relatedField: 'key' },
        displayFields: ['key'],
        size: 10,
      },
    },
  };
  expect((await emu.call('POST', FIELDS, { app, properties })).status).toBe(200);
  const settings = { app, numberPrecision: { digits: 12, decimalPlaces: 2 }, firstMonthOfFiscalYear: 7 };
  expect((await emu.call('PUT', '/k/v1/preview/app/settings.json', settings)).status).toBe(200);
  const reminder = {
    app,
    notifications: [
      {
        timing: { code: 'due', daysLater: -1, hoursLater: 3 },
        targets: [{ entity: { type: 'USER', code: 'admin' } }],
      },
    ],
  };
  const wrote = await emu.call('PUT', '/k/v1/preview/app/notifications/reminder.json', reminder);
  expect(wrote.status, JSON.stringify(wrote.body)).toBe(200);
  const views = { app, views: { Mine: { type: 'LIST', name: 'Mine', index: 0, fields: ['text'] } } };
  expect((await emu.call('PUT', '/k/v1/preview/app/views.json', views)).status).toBe(200);

  const got = {
    fields: (await emu.call('GET', FIELDS, { app })).body.properties,
    general: (await emu.call('GET', '/k/v1/preview/app/settings.json', { app })).body,
    reminder: (await emu.call('GET', '/k/v1/preview/app/notifications/reminder.json', { app })).body,
    views: (await emu.call('GET', '/k/v1/preview/app/views.json', { app })).body.views,
  };
  const f = got.fields;
  const timing = got.reminder.notifications[0].timing;
  return {
    minLength: [f.text.minLength],
    maxLength: [f.text.maxLength],
    minValue: [f.num.minValue],
    maxValue: [f.num.maxValue],
    defaultValue: [f.num.defaultValue],
    displayScale: [f.num.displayScale],
    thumbnailSize: [f.file.thumbnailSize],
    index: [f.pick.options.a.index, got.views.Mine.index],
    size: [f.refs.referenceTable.size],
    app: [f.looked.lookup.relatedApp.app, f.refs.referenceTable.relatedApp.app],
    digits: [got.general.numberPrecision.digits],
    decimalPlaces: [got.general.numberPrecision.decimalPlaces],
    firstMonthOfFiscalYear: [got.general.firstMonthOfFiscalYear],
    daysLater: [timing.daysLater],
    hoursLater: [timing.hoursLater],
  };
}

describe('NUMERIC_STRING_PROPERTIES: numbers written, strings answered', () => {
  it('every property in the set comes back as a string, and every one is tried', async () => {
    const found = await writtenAsNumbers();
    expect(new Set(Object.keys(found))).toEqual(NUMERIC_STRING_PROPERTIES);
    for (const [property, values] of Object.entries(found))
      for (const value of values) expect([property, typeof value]).toEqual([property, 'string']);
  });
});
