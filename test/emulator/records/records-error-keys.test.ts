/**
 * The keys of `errors` on a refused record write, and numbers normalised on write, as
 * platform-facts-verified ("Record validation: the keys of errors", "Numbers") records the hosted
 * platform answering. Expected keys and messages are copied from that file.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator();
const OPTIONS = { options: { A: { label: 'A', index: '0' }, B: { label: 'B', index: '1' } } };

function keys(body: { errors?: Record<string, unknown> }): string[] {
  return Object.keys(body.errors ?? {}).sort();
}

describe('validation error keys', () => {
  it('names scalar, array and selection fields as the platform does when required and empty', async () => {
    const app = await appWithFields(emu, {
      title: { type: 'SINGLE_LINE_TEXT', required: true },
      when: { type: 'DATE', required: true },
      kind: { type: 'RADIO_BUTTON', required: true, ...OPTIONS, defaultValue: '' },
      tags: { type: 'CHECK_BOX', required: true, ...OPTIONS },
      many: { type: 'MULTI_SELECT', required: true, ...OPTIONS },
      docs: { type: 'FILE', required: true },
      owner: { type: 'USER_SELECT', required: true },
      org: { type: 'ORGANIZATION_SELECT', required: true },
      team: { type: 'GROUP_SELECT', required: true },
    });
    const res = await emu.call('POST', '/k/v1/record.json', { app, record: {} });
    expect([res.status, res.body.code]).toEqual([400, 'CB_VA01']);
    expect(keys(res.body)).toEqual([
      'record.docs.values',
      'record.kind.value',
      'record.many.values',
      'record.org.values.value',
      'record.owner.values.value',
      'record.tags.values',
      'record.team.values.value',
      'record.title.value',
      'record.when.value',
    ]);
    expect(res.body.errors['record.title.value']).toEqual({ messages: ['Required.'] });
  });

  it('names an option outside the field: .value for radio and drop-down, .values[i].value per bad item', async () => {
    const app = await appWithFields(emu, {
      kind: { type: 'DROP_DOWN', ...OPTIONS },
      tags: { type: 'CHECK_BOX', ...OPTIONS },
      many: { type: 'MULTI_SELECT', ...OPTIONS },
    });
    const res = await emu.call('POST', '/k/v1/record.json', {
      app,
      record: rec({ kind: 'Z', tags: ['A', 'X', 'B', 'Y'], many: ['Q'] }),
    });
    expect(keys(res.body)).toEqual([
      'record.kind.value',
      'record.many.values[0].value',
      'record.tags.values[1].value',
      'record.tags.values[3].value',
    ]);
  });

  it('names a number that does not parse in brackets, together with Required.', async () => {
    const app = await appWithFields(emu, { n: { type: 'NUMBER' } });
    for (const bad of ['abc', '12abc', '1,000']) {
      const res = await emu.call('POST', '/k/v1/record.json', { app, record: rec({ n: bad }) });
      expect([res.status, res.body.errors]).toEqual([
        400,
        {
          'record[n].value': { messages: ['Only numbers are allowed.'] },
          'record.n.value': { messages: ['Required.'] },
        },
      ]);
    }
  });

  it('names table cells by row, bulk items by index, and more than 100 items as records', async () => {
    const app = await appWithFields(emu, {
      title: { type: 'SINGLE_LINE_TEXT' },
      n: { type: 'NUMBER', maxValue: '10' },
      rows: {
        type: 'SUBTABLE',
        fields: {
          qty: { type: 'NUMBER', code: 'qty', label: 'qty', minValue: '1' },
          tags: { type: 'CHECK_BOX', code: 'tags', label: 'tags', ...OPTIONS },
        },
      },
    });
    const table = await emu.call('POST', '/k/v1/record.json', {
      app,
      record: {
        rows: {
          value: [{ value: rec({ qty: '5' }) }, { value: rec({ qty: '0', tags: ['A', 'Z'] }) }],
        },
      },
    });
    // The second row's qty cell: below minValue.
    const qty = 'record.rows.value[1].value.qty.value';
    expect(keys(table.body)).toEqual([qty, 'record.rows.value[1].value.tags.values[1].value']);
    expect(table.body.errors[qty]).toEqual({ messages: ['The value must be 1 or more.'] });

    const bulk = await emu.call('POST', '/k/v1/records.json', {
      app,
      records: [rec({ n: '1' }), rec({ n: '11' })],
    });
    expect(bulk.body.errors).toEqual({
      'records[1].n.value': { messages: ['The value must be 10 or less.'] },
    });

    const many = Array.from({ length: 101 }, () => rec({ title: 'x' }));
    const tooMany = await emu.call('POST', '/k/v1/records.json', { app, records: many });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 'CB_VA01']);
    expect(tooMany.body.errors).toEqual({
      records: { messages: ['A maximum of 100 records can be added at one time.'] },
    });
  });
});

describe('numbers on write', () => {
  it('stores a number that parses normalised, and one that does not as "" inside a table', async () => {
    const app = await appWithFields(emu, {
      n: { type: 'NUMBER' },
      rows: { type: 'SUBTABLE', fields: { qty: { type: 'NUMBER', code: 'qty', label: 'qty' } } },
    });
    const added = await ok(
      emu.call('POST', '/k/v1/records.json', {
        app,
        records: [
          rec({ n: '1.5e1' }),
          rec({ n: ' 42 ' }),
          {
            n: { value: '7' },
            rows: { value: ['abc', '12abc', '1,000', '2E2'].map((qty) => ({ value: rec({ qty }) })) },
          },
        ],
      }),
    );
    const ids = added.ids as string[];
    const read = async (id: string): Promise<any> =>
      (await ok(emu.call('GET', '/k/v1/record.json', { app, id }))).record;
    expect((await read(ids[0]!)).n.value).toBe('15');
    expect((await read(ids[1]!)).n.value).toBe('42');
    const rows = (await read(ids[2]!)).rows.value as { value: { qty: { value: string } } }[];
    expect(rows.map((r) => r.value.qty.value)).toEqual(['', '', '', '200']);
  });
});
