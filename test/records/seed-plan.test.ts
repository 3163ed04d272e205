/**
 * planSeed, pure: the record file's records against the service's by key. Issue 37: add where the
 * key is absent, change only the fields the file names (others are the service's), delete with
 * --clean only; values compare as the platform holds them (records/values.ts: empty alike, users
 * by code, several choices as a set, files by name and size), tables row by row.
 */
import { describe, expect, it } from 'vitest';
import { planSeed, type ReadRecord, type SeedRecord } from '../../src/records/index.js';

const read = (id: string, fields: Record<string, unknown>): ReadRecord => ({
  id,
  revision: '5',
  record: Object.fromEntries(Object.entries(fields).map(([c, value]) => [c, { type: 'X', value }])) as never,
});
const rec = (fields: Record<string, unknown>): SeedRecord =>
  Object.fromEntries(Object.entries(fields).map(([c, value]) => [c, { value }])) as SeedRecord;
const file = (name: string, size: number) => ({ path: `/p/${name}`, name, size });

describe('planSeed', () => {
  it.each([
    { name: 'text equal', file: { n: 'Alice' }, service: { n: 'Alice' }, changed: [] },
    { name: 'text differs', file: { n: 'Alicia' }, service: { n: 'Alice' }, changed: ['n'] },
    { name: 'a field the file does not name is kept', file: {}, service: { n: 'Alice' }, changed: [] },
    { name: 'empty alike', file: { n: '' }, service: { n: null }, changed: [] },
    { name: 'empty list against a value', file: { t: [] }, service: { t: ['a'] }, changed: ['t'] },
    { name: 'choices as a set', file: { t: ['b', 'a'] }, service: { t: ['a', 'b'] }, changed: [] },
    {
      name: 'users by code (the read adds name)',
      file: { u: [{ code: 'admin' }] },
      service: { u: [{ code: 'admin', name: 'Admin' }] },
      changed: [],
    },
    {
      name: 'file of the same name and size',
      file: { f: [file('c.pdf', 6)] },
      service: { f: [{ fileKey: 'k', name: 'c.pdf', size: '6', contentType: 'x' }] },
      changed: [],
    },
    {
      name: 'file of another size',
      file: { f: [file('c.pdf', 7)] },
      service: { f: [{ fileKey: 'k', name: 'c.pdf', size: '6', contentType: 'x' }] },
      changed: ['f'],
    },
    {
      name: 'table rows alike in the named cells',
      file: { l: [{ value: { item: { value: 'pen' } } }] },
      service: {
        l: [{ id: '9', value: { item: { type: 'X', value: 'pen' }, qty: { type: 'X', value: '2' } } }],
      },
      changed: [],
    },
    {
      name: 'table with a row more',
      file: { l: [{ value: { item: { value: 'pen' } } }, { value: { item: { value: 'ink' } } }] },
      service: { l: [{ id: '9', value: { item: { type: 'X', value: 'pen' } } }] },
      changed: ['l'],
    },
    {
      name: 'table cell differs',
      file: { l: [{ value: { item: { value: 'ink' } } }] },
      service: { l: [{ id: '9', value: { item: { type: 'X', value: 'pen' } } }] },
      changed: ['l'],
    },
  ])('$name', ({ file: fields, service, changed }) => {
    const plan = planSeed({
      key: 'k',
      records: [rec({ k: 'A', ...fields })],
      read: [read('1', { k: 'A', ...service })],
      clean: false,
    });
    expect(plan.adds).toEqual([]);
    expect(plan.changes.flatMap((c) => c.changes.map((x) => x.code))).toEqual(changed);
    expect(plan.unchanged).toBe(changed.length === 0 ? 1 : 0);
  });

  it('adds absent keys, changes with the revision read, deletes the rest only with clean', () => {
    const records = [rec({ k: 'A', n: '1' }), rec({ k: 'B', n: '2' }), rec({ k: 'C', n: '3' })];
    const service = [
      read('1', { k: 'A', n: '1' }),
      read('2', { k: 'B', n: 'x' }),
      read('3', { k: 'Z', n: '' }),
    ];
    const plain = planSeed({ key: 'k', records, read: service, clean: false });
    expect(plain.adds.map((a) => a.key)).toEqual(['C']);
    expect(plain.changes).toEqual([
      { kind: 'change', key: 'B', id: '2', revision: '5', changes: [{ code: 'n', before: 'x', after: '2' }] },
    ]);
    expect(plain.deletes).toEqual([]);
    expect(plain.unchanged).toBe(1);
    const clean = planSeed({ key: 'k', records, read: service, clean: true });
    expect(clean.deletes).toEqual([{ kind: 'delete', key: 'Z', id: '3', revision: '5' }]);
  });

  it('tells keys apart by every character, spaces at the ends included', () => {
    const records = [rec({ k: 'K1', n: 'one' }), rec({ k: 'K1 ', n: 'two' }), rec({ k: ' K1', n: 'three' })];
    const service = [read('1', { k: 'K1', n: 'one' }), read('2', { k: 'K1 ', n: 'two' })];
    const plan = planSeed({ key: 'k', records, read: service, clean: true });
    expect(plan.adds.map((a) => a.key)).toEqual([' K1']);
    expect(plan.changes).toEqual([]);
    expect(plan.deletes).toEqual([]);
    expect(plan.unchanged).toBe(2);
  });

  it('leaves a service record without a key value alone, even with clean', () => {
    const plan = planSeed({ key: 'k', records: [], read: [read('1', { k: '' })], clean: true });
    expect(plan.deletes).toEqual([]);
  });
});
