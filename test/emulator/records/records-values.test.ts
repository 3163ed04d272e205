import { describe, expect, it } from 'vitest';
import { newQuota } from '../../../src/emulator/quota.js';
import { Store } from '../../../src/emulator/store/store.js';
import { Clock } from '../../../src/emulator/clock.js';
import { resolveOptions } from '../../../src/emulator/options.js';
import { Router } from '../../../src/emulator/router.js';
import { Problems } from '../../../src/emulator/errors.js';
import { checkValue, INVALID } from '../../../src/emulator/records/values.js';
import { composeNew, composeUpdate, type WriteEnv } from '../../../src/emulator/records/compose.js';
import { storeUpload } from '../../../src/emulator/model/files.js';
import type { EmulatorContext } from '../../../src/emulator/context.js';
import type { JsonObject } from '../../../src/emulator/model/app.js';

function context(): EmulatorContext {
  return {
    store: Store.open(null),
    clock: new Clock(Date.parse('2026-03-04T05:06:07Z') - Date.now()),
    settings: resolveOptions({
      users: [
        { login: 'admin', password: 'a', admin: true },
        { login: 'sato', password: 's', admin: false, name: 'Sato' },
      ],
    }),
    runtime: { faults: [], stats: new Map(), quota: newQuota(null), stopping: new AbortController().signal },
    router: new Router([]),
  };
}

const options = { options: { A: { label: 'A', index: '0' }, B: { label: 'B', index: '1' } } };

/** [type, extra properties, given value, stored value or 'invalid'] */
const cases: [string, JsonObject, unknown, unknown][] = [
  ['SINGLE_LINE_TEXT', {}, 'hello', 'hello'],
  ['SINGLE_LINE_TEXT', {}, 42, '42'],
  ['SINGLE_LINE_TEXT', {}, { a: 1 }, 'invalid'],
  ['SINGLE_LINE_TEXT', { maxLength: '3' }, 'abcd', 'invalid'],
  ['SINGLE_LINE_TEXT', { minLength: '2' }, 'a', 'invalid'],
  // platform-facts-verified: minLength is checked on "" too.
  ['SINGLE_LINE_TEXT', { minLength: '2' }, '', 'invalid'],
  // get.kintone.help 040528: a text or link field that prohibits duplicates holds 64 characters.
  ['SINGLE_LINE_TEXT', { unique: true }, 'k'.repeat(64), 'k'.repeat(64)],
  ['SINGLE_LINE_TEXT', { unique: true }, 'k'.repeat(65), 'invalid'],
  ['LINK', { unique: true, maxLength: '100' }, `https://a.b/${'k'.repeat(60)}`, 'invalid'],
  ['MULTI_LINE_TEXT', {}, 'a\nb', 'a\nb'],
  ['LINK', { maxLength: '5' }, 'https://example.com', 'invalid'],
  ['NUMBER', {}, '12.50', '12.50'],
  ['NUMBER', {}, 7, '7'],
  ['NUMBER', {}, 'ten', 'invalid'],
  ['NUMBER', { minValue: '0' }, '-1', 'invalid'],
  ['NUMBER', { maxValue: '10' }, '11', 'invalid'],
  ['NUMBER', { maxValue: '10' }, '10', '10'],
  ['NUMBER', {}, '', ''],
  // The app's numberPrecision (a new app's: 16 digits, 4 of them decimal places; get.kintone.help
  // "significant_figures"): the integer part holds 12 digits, decimals past 4 are rounded
  // (HALF_EVEN). The service stored every digit it was sent.
  ['NUMBER', {}, '123456789012.1234', '123456789012.1234'],
  ['NUMBER', {}, '1234567890123', 'invalid'],
  ['NUMBER', {}, '1.23456', '1.2346'],
  ['NUMBER', {}, '2.00015', '2.0002'],
  ['NUMBER', {}, '2.00025', '2.0002'],
  ['NUMBER', {}, '-0.99999', '-1'],
  ['NUMBER', {}, '1.50000', '1.50000'],
  ['RADIO_BUTTON', options, 'A', 'A'],
  ['RADIO_BUTTON', options, 'C', 'invalid'],
  ['DROP_DOWN', options, 'B', 'B'],
  ['DROP_DOWN', options, '', null],
  ['DROP_DOWN', options, 1, 'invalid'],
  ['CHECK_BOX', options, ['A', 'B', 'A'], ['A', 'B']],
  ['CHECK_BOX', options, ['A', 'Z'], 'invalid'],
  ['MULTI_SELECT', options, 'A', 'invalid'],
  ['DATE', {}, '2024-02-29', '2024-02-29'],
  ['DATE', {}, '2023-02-29', 'invalid'],
  ['DATE', {}, '2024/01/01', 'invalid'],
  ['DATE', {}, null, null],
  ['TIME', {}, '09:30', '09:30'],
  ['TIME', {}, '09:30:15', '09:30'],
  ['TIME', {}, '25:00', 'invalid'],
  ['DATETIME', {}, '2024-05-01T09:30:45Z', '2024-05-01T09:30:00Z'],
  ['DATETIME', {}, '2024-05-01T09:30+09:00', '2024-05-01T00:30:00Z'],
  ['DATETIME', {}, '2024-05-01', 'invalid'],
  // A day the month lacks, or 24:00, is no date and time (JavaScript's Date.parse rolls 02-30 over
  // to March and 24:00 to the next day: the service stored a day the writer never wrote).
  ['DATETIME', {}, '2026-02-30T10:00:00Z', 'invalid'],
  ['DATETIME', {}, '2025-02-29T00:00:00Z', 'invalid'],
  ['DATETIME', {}, '2026-04-31T08:15:00+09:00', 'invalid'],
  ['DATETIME', {}, '2026-05-01T24:00:00Z', 'invalid'],
  ['DATETIME', {}, '2024-02-29T23:59:00Z', '2024-02-29T23:59:00Z'],
  ['DATETIME', {}, '', ''],
  ['USER_SELECT', {}, [{ code: 'sato' }], [{ code: 'sato', name: 'Sato' }]],
  ['USER_SELECT', {}, [{ code: 'nobody' }], 'invalid'],
  ['USER_SELECT', {}, 'sato', 'invalid'],
  // The built-in groups exist; other groups and every organization only once defined.
  ['GROUP_SELECT', {}, [{ code: 'everyone' }], [{ code: 'everyone', name: 'Everyone' }]],
  ['GROUP_SELECT', {}, [{ code: 'Administrators' }], [{ code: 'Administrators', name: 'Administrators' }]],
  ['GROUP_SELECT', {}, [{ code: 'sales-team' }], 'invalid'],
  ['ORGANIZATION_SELECT', {}, [{ code: 'sales' }], 'invalid'],
  ['ORGANIZATION_SELECT', {}, [{}], 'invalid'],
  ['FILE', {}, [{ fileKey: 'no-such-key' }], 'throws GAIA_BL01'],
  ['FILE', {}, 'x', 'invalid'],
];

describe('record values per field type', () => {
  it.each(cases)('%s %j: %j -> %j', (type, extra, given, expected) => {
    const ctx = context();
    const problems = new Problems();
    const field = { type, code: 'f', label: 'f', ...extra };
    if (expected === 'throws GAIA_BL01') {
      expect(() => checkValue(field, given, 'record.f.value', { ctx, problems, appId: '1' })).toThrow(
        expect.objectContaining({ code: 'GAIA_BL01' }),
      );
      return;
    }
    const result = checkValue(field, given, 'record.f.value', { ctx, problems, appId: '1' });
    if (expected === 'invalid') {
      expect(result).toBe(INVALID);
      expect(Object.keys(problemsOf(problems))[0]).toMatch(/^record\.f\.value/);
    } else {
      expect(result).toEqual(expected);
      expect(problems.empty).toBe(true);
    }
  });

  it('attaches an uploaded file once and reads it back as an attachment', () => {
    const ctx = context();
    const key = storeUpload(ctx, { bytes: Buffer.from('hello'), name: 'a.txt', contentType: 'text/plain' });
    const problems = new Problems();
    const field = { type: 'FILE', code: 'f', label: 'f' };
    const value = ctx.store.transaction(() =>
      checkValue(field, [{ fileKey: key }], 'p', { ctx, problems, appId: '1' }),
    );
    expect(value).toEqual([
      { fileKey: expect.any(String), name: 'a.txt', contentType: 'text/plain', size: '5' },
    ]);
    expect(() =>
      ctx.store.transaction(() => checkValue(field, [{ fileKey: key }], 'p', { ctx, problems, appId: '1' })),
    ).toThrow(/already used/);
  });
});

function problemsOf(problems: Problems): Record<string, unknown> {
  try {
    problems.throwIfAny();
  } catch (error) {
    return (error as { errors: Record<string, unknown> }).errors;
  }
  return {};
}

describe('composing a record', () => {
  const fields: Record<string, JsonObject> = {
    title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 't', required: true, defaultValue: '' },
    note: { type: 'SINGLE_LINE_TEXT', code: 'note', label: 'n', defaultValue: 'none' },
    day: { type: 'DATE', code: 'day', label: 'd', defaultNowValue: true },
    owner: {
      type: 'USER_SELECT',
      code: 'owner',
      label: 'o',
      defaultValue: [{ type: 'FUNCTION', code: 'LOGINUSER()' }],
    },
    items: {
      type: 'SUBTABLE',
      code: 'items',
      label: 'i',
      fields: {
        qty: { type: 'NUMBER', code: 'qty', label: 'q', required: true },
        memo: { type: 'SINGLE_LINE_TEXT', code: 'memo', label: 'm', defaultValue: '-' },
      },
    },
    Record_number: { type: 'RECORD_NUMBER', code: 'Record_number', label: 'r' },
  };

  function env(canWrite: (code: string) => boolean = () => true): WriteEnv {
    const ctx = context();
    return {
      ctx,
      appId: '1',
      fields,
      principal: {
        kind: 'user',
        login: 'sato',
        name: 'Sato',
        admin: false,
        guest: false,
        units: new Set(['GROUP:everyone']),
      },
      problems: new Problems(),
      canWrite,
    };
  }

  it('fills defaults, resolves LOGINUSER(), gives rows ids, ignores unknown and system fields', () => {
    const e = env();
    const record = e.ctx.store.transaction(() =>
      composeNew(
        {
          title: { value: 'Hello' },
          unknown: { value: 1 },
          Record_number: { value: '99' },
          items: { value: [{ value: { qty: { value: '2' } } }] },
        },
        'record',
        e,
      ),
    );
    expect(e.problems.empty).toBe(true);
    expect(record).toEqual({
      title: { type: 'SINGLE_LINE_TEXT', value: 'Hello' },
      note: { type: 'SINGLE_LINE_TEXT', value: 'none' },
      day: { type: 'DATE', value: '2026-03-04' },
      owner: { type: 'USER_SELECT', value: [{ code: 'sato', name: 'Sato' }] },
      items: {
        type: 'SUBTABLE',
        value: [
          {
            id: '1',
            value: { qty: { type: 'NUMBER', value: '2' }, memo: { type: 'SINGLE_LINE_TEXT', value: '-' } },
          },
        ],
      },
    });
  });

  it('reports every problem under its batch path', () => {
    const e = env();
    e.ctx.store.transaction(() =>
      composeNew(
        { note: { value: 5 }, items: { value: [{ value: { qty: { value: 'x' } } }, {}] } },
        'records[3]',
        e,
      ),
    );
    expect(Object.keys(problemsOf(e.problems)).sort()).toEqual([
      'records[3].items.value[0].value.qty.value',
      'records[3].items.value[1]',
      'records[3].title.value',
    ]);
  });

  it('keeps a subtable row named by id and the values it leaves out; refuses fields the caller may not write', () => {
    const e = env();
    const first = e.ctx.store.transaction(() =>
      composeNew(
        {
          title: { value: 'a' },
          items: { value: [{ value: { qty: { value: '1' }, memo: { value: 'm' } } }] },
        },
        'record',
        e,
      ),
    );
    const rowId = (first.items!.value as { id: string }[])[0]!.id;
    const updated = e.ctx.store.transaction(() =>
      composeUpdate(
        first,
        {
          items: {
            value: [{ id: rowId, value: { qty: { value: '5' } } }, { value: { qty: { value: '6' } } }],
          },
        },
        'record',
        e,
      ),
    );
    expect(updated.items!.value).toEqual([
      {
        id: rowId,
        value: { qty: { type: 'NUMBER', value: '5' }, memo: { type: 'SINGLE_LINE_TEXT', value: 'm' } },
      },
      {
        id: expect.not.stringMatching(`^${rowId}$`),
        value: { qty: { type: 'NUMBER', value: '6' }, memo: { type: 'SINGLE_LINE_TEXT', value: '-' } },
      },
    ]);
    const locked = env((code) => code !== 'note');
    expect(() =>
      locked.ctx.store.transaction(() => composeUpdate(first, { note: { value: 'x' } }, 'record', locked)),
    ).toThrow(expect.objectContaining({ status: 403, code: 'CB_NO02' }));
  });
});
