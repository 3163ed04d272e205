// Field access rules (hidden and read-only fields) and the app ACL's record rights, over HTTP.
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator, type Reply } from '../harness.js';
import { ALICE, BOB, EVERYONE, USERS, appRights, ok, rec, staffApp } from '../records/records-helpers.js';

const emu = useEmulator({ users: USERS });
let app: string;

beforeEach(async () => {
  app = await staffApp(emu);
});

const refusal = (res: Reply): unknown[] => [res.status, res.body.code];
const user = (login: string) => ({ type: 'USER', code: login });

/** The field ACL of the app: one rule, on salary, for these entities. */
async function salaryAcl(entities: object[]): Promise<void> {
  await ok(emu.call('PUT', '/k/v1/field/acl.json', { app, rights: [{ field: 'salary', entities }] }));
}

/** Salary: Alice may write it, Bob only read it, nobody else (but administrators) sees it. */
const salaryRules = () =>
  salaryAcl([
    { entity: user('alice'), accessibility: 'WRITE' },
    { entity: user('bob'), accessibility: 'READ' },
  ]);

/** Salary: only Alice (and administrators) may see and write it. */
const onlyAliceSeesSalary = () => salaryAcl([{ entity: user('alice'), accessibility: 'WRITE' }]);

/** Bob's update of record 4's salary. */
const bobSetsSalary = (salary: number) =>
  emu.call('PUT', '/k/v1/record.json', { app, id: 4, record: rec({ salary }) }, { user: BOB });

describe('field access rules', () => {
  it('hide a field from users without access and refuse writes to it', async () => {
    await onlyAliceSeesSalary();
    const seen = await ok(emu.call('GET', '/k/v1/record.json', { app, id: 4 }, { user: BOB }));
    expect(seen.record.salary).toBeUndefined();
    expect(seen.record.title.value).toBe('four');
    const write = await bobSetsSalary(1);
    expect(refusal(write)).toEqual([403, 'CB_NO02']);
    const byAlice = await ok(emu.call('GET', '/k/v1/record.json', { app, id: 4 }, { user: ALICE }));
    expect(byAlice.record.salary.value).toBe('40');
  });

  it('let a READ user see the field but not write it, on add or on update', async () => {
    await salaryRules();
    const seen = await ok(emu.call('GET', '/k/v1/record.json', { app, id: 4 }, { user: BOB }));
    expect(seen.record.salary.value).toBe('40');
    const add = await emu.call(
      'POST',
      '/k/v1/record.json',
      { app, record: rec({ title: 'x', salary: 5 }) },
      { user: BOB },
    );
    expect(refusal(add)).toEqual([403, 'CB_NO02']);
    expect(add.body.message).toContain('salary');
    const update = await bobSetsSalary(5);
    expect(refusal(update)).toEqual([403, 'CB_NO02']);
    // The other fields stay writable, and leaving the field out is no write to it.
    await ok(
      emu.call('PUT', '/k/v1/record.json', { app, id: 4, record: rec({ title: 'FOUR' }) }, { user: BOB }),
    );
    await ok(emu.call('POST', '/k/v1/record.json', { app, record: rec({ title: 'y' }) }, { user: BOB }));
    const after = await ok(emu.call('GET', '/k/v1/record.json', { app, id: 4 }));
    expect([after.record.title.value, after.record.salary.value]).toEqual(['FOUR', '40']);
    await ok(
      emu.call('PUT', '/k/v1/record.json', { app, id: 4, record: rec({ salary: 41 }) }, { user: ALICE }),
    );
  });

  it('trim the hidden field from list and cursor pages, for that user only', async () => {
    await onlyAliceSeesSalary();
    const list = await ok(
      emu.call('GET', '/k/v1/records.json', { app, query: 'order by $id asc' }, { user: BOB }),
    );
    expect((list.records as any[]).map((r): unknown[] => [r.title?.value, 'salary' in r])).toEqual([
      ['one', false],
      ['two', false],
      ['three', false],
      ['four', false],
    ]);
    const asked = await ok(
      emu.call(
        'GET',
        '/k/v1/records.json',
        { app, fields: ['title', 'salary'], query: '$id = 1' },
        { user: BOB },
      ),
    );
    expect(asked.records).toEqual([{ title: { type: 'SINGLE_LINE_TEXT', value: 'one' } }]);
    const cursor = await ok(emu.call('POST', '/k/v1/records/cursor.json', { app, size: 2 }, { user: BOB }));
    const page = await ok(emu.call('GET', '/k/v1/records/cursor.json', { id: cursor.id }, { user: BOB }));
    expect((page.records as any[]).map((r) => 'salary' in r)).toEqual([false, false]);
    const forAlice = await ok(
      emu.call('GET', '/k/v1/records.json', { app, query: '$id = 1' }, { user: ALICE }),
    );
    expect(forAlice.records[0].salary.value).toBe('10');
  });
});

describe('app ACL record rights', () => {
  it('refuse adding to a user the first matching rule does not allow it', async () => {
    await ok(
      emu.call('PUT', '/k/v1/app/acl.json', {
        app,
        rights: [
          { entity: user('bob'), ...appRights(true), recordAddable: false },
          { entity: EVERYONE, ...appRights(true) },
        ],
      }),
    );
    const bob = await emu.call(
      'POST',
      '/k/v1/record.json',
      { app, record: rec({ title: 'b' }) },
      { user: BOB },
    );
    expect(refusal(bob)).toEqual([403, 'CB_NO02']);
    const alice = await emu.call(
      'POST',
      '/k/v1/record.json',
      { app, record: rec({ title: 'a' }) },
      { user: ALICE },
    );
    expect(alice.status).toBe(200);
  });

  it('refuse viewing, editing and deleting where the rule takes them away', async () => {
    await ok(
      emu.call('PUT', '/k/v1/app/acl.json', {
        app,
        rights: [
          { entity: user('alice'), ...appRights(false) },
          { entity: user('bob'), ...appRights(true), recordEditable: false, recordDeletable: false },
        ],
      }),
    );
    for (const res of [
      await emu.call('GET', '/k/v1/records.json', { app }, { user: ALICE }),
      await emu.call('GET', '/k/v1/record.json', { app, id: 1 }, { user: ALICE }),
      await emu.call('POST', '/k/v1/records/cursor.json', { app }, { user: ALICE }),
      await emu.call('PUT', '/k/v1/record.json', { app, id: 1, record: rec({ title: 'x' }) }, { user: BOB }),
      await emu.call(
        'PUT',
        '/k/v1/records.json',
        { app, records: [{ id: 1, record: rec({ title: 'x' }) }] },
        { user: BOB },
      ),
      await emu.call('DELETE', '/k/v1/records.json', { app, ids: [1] }, { user: BOB }),
    ])
      expect(refusal(res)).toEqual([403, 'CB_NO02']);
    const viewed = await ok(emu.call('GET', '/k/v1/records.json', { app, totalCount: true }, { user: BOB }));
    expect(viewed.totalCount).toBe('4');
    const unchanged = await ok(emu.call('GET', '/k/v1/record.json', { app, id: 1 }));
    expect(unchanged.record.title.value).toBe('one');
  });
});
