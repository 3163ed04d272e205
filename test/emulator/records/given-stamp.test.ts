/**
 * A new record may be given its creator, modifier and their times by a caller who may manage
 * the app: kintone REST API, Add Record and Add Records (cybozu.dev, records/add-record and
 * records/add-records, "必要なアクセス権": 作成者, 更新者, 作成日時, 更新日時 need the app
 * management permission). A caller without it is refused (403 CB_NO02, the platform's "no
 * permission" answer in platform-facts).
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, useEmulator } from '../harness.js';
import { ALICE, USERS, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator({ users: USERS });

const GIVEN = rec({
  title: 'migrated',
  Created_by: { code: 'alice' },
  Updated_by: { code: 'bob' },
  Created_datetime: '2020-01-02T03:04:05Z',
  Updated_datetime: '2020-01-03T00:00:00+09:00',
});

/** What a read gives for the four fields. */
function stampOf(record: Record<string, { value: unknown }>) {
  return {
    creator: record.Created_by!.value,
    modifier: record.Updated_by!.value,
    created: record.Created_datetime!.value,
    updated: record.Updated_datetime!.value,
  };
}

const KEPT = {
  creator: { code: 'alice', name: 'Alice' },
  modifier: { code: 'bob', name: 'Bob' },
  created: '2020-01-02T03:04:00Z',
  updated: '2020-01-02T15:00:00Z',
};

describe('creator, modifier and times given on add', () => {
  const writes = [
    { name: 'POST record.json', path: '/k/v1/record.json', body: (app: string) => ({ app, record: GIVEN }) },
    {
      name: 'POST records.json',
      path: '/k/v1/records.json',
      body: (app: string) => ({ app, records: [GIVEN] }),
    },
  ];
  for (const w of writes)
    it(`${w.name}: keeps what an administrator gives`, async () => {
      const app = await appWithFields(emu, { title: { type: 'SINGLE_LINE_TEXT' } });
      await ok(emu.call('POST', w.path, w.body(app)));
      const read = await ok(emu.call('GET', '/k/v1/records.json', { app }));
      expect(stampOf(read.records[0])).toEqual(KEPT);
      const found = await ok(
        emu.call('GET', '/k/v1/records.json', { app, query: 'Created_by in ("alice")', totalCount: true }),
      );
      expect(found.totalCount).toBe('1');
    });

  const refusals = [
    {
      name: 'a caller who may not manage the app',
      user: ALICE,
      record: GIVEN,
      answer: [403, 'CB_NO02', []],
    },
    {
      name: 'a login that names no user',
      user: ADMIN,
      record: rec({ Created_by: { code: 'nobody' } }),
      answer: [400, 'CB_VA01', ['record.Created_by.value']],
    },
    {
      name: 'a time that is not a date and time',
      user: ADMIN,
      record: rec({ Updated_datetime: 'yesterday' }),
      answer: [400, 'CB_VA01', ['record.Updated_datetime.value']],
    },
  ];
  for (const r of refusals)
    it(`refuses ${r.name}, and adds nothing`, async () => {
      const app = await appWithFields(emu, { title: { type: 'SINGLE_LINE_TEXT' } });
      const res = await emu.call('POST', '/k/v1/record.json', { app, record: r.record }, { user: r.user });
      expect([res.status, res.body.code, Object.keys(res.body.errors ?? {})]).toEqual(r.answer);
      const read = await ok(emu.call('GET', '/k/v1/records.json', { app }));
      expect(read.records).toEqual([]);
    });

  it('leaves empty values to the service: the caller and now', async () => {
    const app = await appWithFields(emu, { title: { type: 'SINGLE_LINE_TEXT' } });
    const record = rec({ Created_by: null, Created_datetime: '' });
    const added = await ok(emu.call('POST', '/k/v1/record.json', { app, record }, { user: ALICE }));
    const read = await ok(emu.call('GET', '/k/v1/record.json', { app, id: added.id }));
    expect(read.record.Created_by.value).toEqual({ code: 'alice', name: 'Alice' });
  });
});
