import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import {
  ALICE,
  BOB,
  EVERYONE,
  USERS,
  appRights,
  appWithFields,
  ok,
  rec,
  staffApp,
} from '../records/records-helpers.js';

const emu = useEmulator({ users: USERS });
let app: string;

const everyone = EVERYONE;
const rights = (viewable: boolean, editable: boolean, deletable: boolean) => ({
  viewable,
  editable,
  deletable,
});
/** The record rule giving one user every right on the secret records. */
const secretRuleFor = (login: string) => ({
  filterCond: 'level in ("secret")',
  entities: [{ entity: { type: 'USER', code: login }, ...rights(true, true, true) }],
});

beforeEach(async () => {
  app = await staffApp(emu);
  // 1 and 3 are secret, 2 is read-only for everyone but admin, 4 is open.
  await ok(
    emu.call('PUT', '/k/v1/record/acl.json', {
      app,
      rights: [
        secretRuleFor('alice'),
        {
          filterCond: 'level in ("readonly")',
          entities: [{ entity: everyone, ...rights(true, false, false) }],
        },
      ],
    }),
  );
});

describe('record access rules', () => {
  it('hide the same records from list, cursor, get and evaluate', async () => {
    const list = await ok(
      emu.call(
        'GET',
        '/k/v1/records.json',
        { app, query: 'order by $id asc', totalCount: true },
        { user: BOB },
      ),
    );
    expect([list.records.map((r: any) => r.$id.value as unknown), list.totalCount]).toEqual([
      ['2', '4'],
      '2',
    ]);
    const cursor = await ok(
      emu.call('POST', '/k/v1/records/cursor.json', { app, query: 'order by $id asc' }, { user: BOB }),
    );
    expect(cursor.totalCount).toBe('2');
    const othersCursor = await emu.call(
      'GET',
      '/k/v1/records/cursor.json',
      { id: cursor.id },
      { user: ALICE },
    );
    expect([othersCursor.status, othersCursor.body.code]).toEqual([404, 'GAIA_CU01']);
    const page = await ok(emu.call('GET', '/k/v1/records/cursor.json', { id: cursor.id }, { user: BOB }));
    expect(page.records.map((r: any) => r.$id.value as unknown)).toEqual(['2', '4']);
    const comment = await emu.call(
      'POST',
      '/k/v1/record/comment.json',
      { app, record: 1, comment: { text: 'x' } },
      { user: BOB },
    );
    expect([comment.status, comment.body.code]).toEqual([403, 'CB_NO02']);
    const hidden = await emu.call('GET', '/k/v1/record.json', { app, id: 1 }, { user: BOB });
    expect([hidden.status, hidden.body.code]).toEqual([403, 'CB_NO02']);
    const evaluate = await ok(
      emu.call('GET', `/k/v1/records/acl/evaluate.json?app=${app}&ids[0]=1&ids[1]=2&ids[2]=4`, undefined, {
        user: BOB,
      }),
    );
    expect(evaluate.evaluate).toEqual([
      { id: '1', ...rights(false, false, false) },
      { id: '2', ...rights(true, false, false) },
      { id: '4', ...rights(true, true, true) },
    ]);
    const forAlice = await ok(
      emu.call('GET', '/k/v1/records.json', { app, query: 'order by $id asc' }, { user: ALICE }),
    );
    expect(forAlice.records.map((r: any) => r.$id.value as unknown)).toEqual(['1', '2', '3', '4']);
  });

  it('are checked again on every cursor page: a record hidden since the cursor opened is left out', async () => {
    const open = (user: typeof BOB, query: string, size: number) =>
      ok(emu.call('POST', '/k/v1/records/cursor.json', { app, query, size }, { user }));
    const read = (id: string, user: typeof BOB) =>
      emu.call('GET', '/k/v1/records/cursor.json', { id }, { user });
    const ids = (page: any): unknown[] => (page.records as any[]).map((r) => r.$id.value as unknown);

    const bobs = await open(BOB, 'order by $id desc', 1);
    expect([bobs.totalCount, ids(await ok(read(bobs.id, BOB)))]).toEqual(['2', ['4']]);
    // Record 2 becomes secret: the first rule now applies to it, and that rule does not name Bob.
    await ok(emu.call('PUT', '/k/v1/record.json', { app, id: 2, record: rec({ level: 'secret' }) }));
    const second = await ok(read(bobs.id, BOB));
    expect([ids(second), second.next]).toEqual([[], false]);

    const alices = await open(ALICE, 'order by $id asc', 2);
    expect([alices.totalCount, ids(await ok(read(alices.id, ALICE)))]).toEqual(['4', ['1', '2']]);
    // The rule for secret records now names Bob instead of Alice: record 3 leaves her next page.
    await ok(
      emu.call('PUT', '/k/v1/record/acl.json', {
        app,
        rights: [secretRuleFor('bob')],
      }),
    );
    expect(ids(await ok(read(alices.id, ALICE)))).toEqual(['4']);
  });

  it('refuse the next cursor page once the app ACL takes away viewing', async () => {
    const cursor = await ok(emu.call('POST', '/k/v1/records/cursor.json', { app, size: 1 }, { user: BOB }));
    await ok(emu.call('GET', '/k/v1/records/cursor.json', { id: cursor.id }, { user: BOB }));
    await ok(
      emu.call('PUT', '/k/v1/app/acl.json', {
        app,
        rights: [{ entity: everyone, ...appRights(false) }],
      }),
    );
    const refused = await emu.call('GET', '/k/v1/records/cursor.json', { id: cursor.id }, { user: BOB });
    expect([refused.status, refused.body.code]).toEqual([403, 'CB_NO02']);
  });

  it('refuse edits and deletes the rules do not grant', async () => {
    const edit = await emu.call(
      'PUT',
      '/k/v1/record.json',
      { app, id: 2, record: rec({ title: 'x' }) },
      { user: BOB },
    );
    expect([edit.status, edit.body.code]).toEqual([403, 'CB_NO02']);
    const del = await emu.call('DELETE', '/k/v1/records.json', { app, ids: [4, 2] }, { user: BOB });
    expect([del.status, del.body.code]).toEqual([403, 'CB_NO02']);
    const still = await ok(emu.call('GET', '/k/v1/records.json', { app, totalCount: true }));
    expect(still.totalCount).toBe('4');
  });
});

describe('record access rule order', () => {
  // Record 3 ("three", salary 30) matches both conditions; 4 only the first, 2 only the second.
  const bySalary = {
    filterCond: 'salary >= 30',
    entities: [{ entity: { type: 'USER', code: 'alice' }, ...rights(true, true, true) }],
  };
  const byTitle = {
    filterCond: 'title like "t"',
    entities: [{ entity: everyone, ...rights(true, false, false) }],
  };
  const evaluate = async (user: typeof BOB) =>
    (
      await ok(
        emu.call(
          'GET',
          `/k/v1/records/acl/evaluate.json?app=${app}&ids[0]=1&ids[1]=2&ids[2]=3&ids[3]=4`,
          undefined,
          {
            user,
          },
        ),
      )
    ).evaluate as unknown[];

  it('applies the first rule that selects a record, even when it does not name the caller', async () => {
    await ok(emu.call('PUT', '/k/v1/record/acl.json', { app, rights: [bySalary, byTitle] }));
    expect(await evaluate(BOB)).toEqual([
      { id: '1', ...rights(true, true, true) },
      { id: '2', ...rights(true, false, false) },
      // The second rule would let Bob view it; the first selects it and does not name him.
      { id: '3', ...rights(false, false, false) },
      { id: '4', ...rights(false, false, false) },
    ]);
    // The first rule names Alice: she edits record 3, although the second rule would allow only viewing.
    expect((await evaluate(ALICE))[2]).toEqual({ id: '3', ...rights(true, true, true) });
  });

  it('gives the other answer when the two rules swap places', async () => {
    await ok(emu.call('PUT', '/k/v1/record/acl.json', { app, rights: [byTitle, bySalary] }));
    expect((await evaluate(BOB))[2]).toEqual({ id: '3', ...rights(true, false, false) });
    expect((await evaluate(ALICE))[2]).toEqual({ id: '3', ...rights(true, false, false) });
  });
});

describe('record rules naming the creator or a user field', () => {
  it('grant per record: the creator edits, the user in the field views, others see nothing', async () => {
    const shared = await appWithFields(emu, {
      title: { type: 'SINGLE_LINE_TEXT' },
      reviewer: { type: 'USER_SELECT' },
    });
    await ok(
      emu.call('POST', '/k/v1/record.json', { app: shared, record: rec({ title: 'by bob' }) }, { user: BOB }),
    );
    await ok(
      emu.call('POST', '/k/v1/record.json', {
        app: shared,
        record: rec({ title: 'for alice', reviewer: [{ code: 'alice' }] }),
      }),
    );
    await ok(
      emu.call('PUT', '/k/v1/record/acl.json', {
        app: shared,
        rights: [
          {
            filterCond: '',
            entities: [
              { entity: { type: 'FIELD_ENTITY', code: 'Created_by' }, ...rights(true, true, false) },
              { entity: { type: 'FIELD_ENTITY', code: 'reviewer' }, ...rights(true, false, false) },
            ],
          },
        ],
      }),
    );
    const evaluate = (user: typeof BOB) =>
      ok(
        emu.call('GET', `/k/v1/records/acl/evaluate.json?app=${shared}&ids[0]=1&ids[1]=2`, undefined, {
          user,
        }),
      );
    expect((await evaluate(BOB)).evaluate).toEqual([
      { id: '1', ...rights(true, true, false) },
      { id: '2', ...rights(false, false, false) },
    ]);
    expect((await evaluate(ALICE)).evaluate).toEqual([
      { id: '1', ...rights(false, false, false) },
      { id: '2', ...rights(true, false, false) },
    ]);
    const unknown = await emu.call('GET', `/k/v1/records/acl/evaluate.json?app=${shared}&ids[0]=9`);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'GAIA_RE01']);
  });
});
