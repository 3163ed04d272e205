/**
 * The record number with an app code: kintone field types (cybozu.dev, overview/field-types,
 * "レコードIDとレコード番号"): without an app code it is the record id; with one it is the app
 * code and the record id, `APPCODE-1` for record 1. Every read shows it so, by the code the app
 * has when read.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator();

type Shown = Record<string, unknown>;

const reads = [
  {
    name: 'GET record.json',
    read: async (app: string): Promise<Shown> =>
      (await ok(emu.call('GET', '/k/v1/record.json', { app, id: 2 }))).record as Shown,
  },
  {
    name: 'GET records.json',
    read: async (app: string): Promise<Shown> =>
      (await ok(emu.call('GET', '/k/v1/records.json', { app, query: '$id = 2', fields: ['Record_number'] })))
        .records[0] as Shown,
  },
  {
    name: 'a cursor',
    read: async (app: string): Promise<Shown> => {
      const { id } = await ok(
        emu.call('POST', '/k/v1/records/cursor.json', { app, query: 'Record_number = 2' }),
      );
      return (await ok(emu.call('GET', '/k/v1/records/cursor.json', { id }))).records[0] as Shown;
    },
  },
];

describe('record number and app code', () => {
  for (const r of reads)
    it(`${r.name}: the id alone, APPCODE-id with a code, following the code as it changes`, async () => {
      const app = await appWithFields(emu, { title: { type: 'SINGLE_LINE_TEXT' } });
      await addRecords(emu, app, [rec({ title: 'a' }), rec({ title: 'b' })]);
      const seen: unknown[] = [(await r.read(app)).Record_number];
      for (const code of ['SALES', 'CRM', '']) {
        await ok(emu.call('POST', '/_emulator/app-code', { app, code }));
        seen.push((await r.read(app)).Record_number);
      }
      expect(seen).toEqual([
        { type: 'RECORD_NUMBER', value: '2' },
        { type: 'RECORD_NUMBER', value: 'SALES-2' },
        { type: 'RECORD_NUMBER', value: 'CRM-2' },
        { type: 'RECORD_NUMBER', value: '2' },
      ]);
    });
});
