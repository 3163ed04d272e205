// Groups and organizations: the built-in groups, the ones the control API defines, and what
// record values, comment mentions, record ACLs, process assignees and PRIMARY_ORGANIZATION() make of them.
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator, type Reply } from '../harness.js';
import {
  ALICE,
  BOB,
  USERS,
  addRecords,
  appRights,
  appWithFields,
  ok,
  rec,
} from '../records/records-helpers.js';
import { DIRECTORY } from './example-groups.js';

/** Each test's app: a field for groups and one for organizations. */
let app: string;
const emu = useEmulator({ users: USERS });
beforeEach(async () => {
  app = await appWithFields(emu, { g: { type: 'GROUP_SELECT' }, o: { type: 'ORGANIZATION_SELECT' } });
});

const problems = (res: Reply): unknown[] => [res.status, res.body.code, Object.keys(res.body.errors ?? {})];
const addOne = (values: Record<string, unknown>) =>
  emu.call('POST', '/k/v1/record.json', { app, record: rec(values) });

describe('the directory control API', () => {
  it('defines groups and organizations, reads them back, and forgets them on reset', async () => {
    expect(await ok(emu.call('PUT', '/_emulator/directory', DIRECTORY))).toEqual({});
    expect(await ok(emu.call('GET', '/_emulator/directory'))).toEqual({
      groups: [{ code: 'reviewers', name: 'Reviewers', users: ['bob'] }],
      organizations: [
        { code: 'sales', name: 'Sales', users: ['alice'] },
        { code: 'hr', name: 'hr', users: ['alice', 'bob'] },
      ],
    });
    // A list left out is kept; a list given replaces.
    await ok(emu.call('PUT', '/_emulator/directory', { groups: [] }));
    expect((await ok(emu.call('GET', '/_emulator/directory'))).organizations).toHaveLength(2);
    await ok(emu.call('POST', '/_emulator/reset'));
    expect(await ok(emu.call('GET', '/_emulator/directory'))).toEqual({ groups: [], organizations: [] });
  });

  it.each([
    ['an unknown member', { groups: [{ code: 'x', users: ['carol'] }] }, 'groups[0].users[0]'],
    ['a built-in group', { groups: [{ code: 'everyone', users: [] }] }, 'groups[0].code'],
    ['a code twice', { organizations: [{ code: 'a' }, { code: 'a' }] }, 'organizations[1].code'],
    ['no code', { organizations: [{ users: [] }] }, 'organizations[0].code'],
    ['an unknown key', { teams: [] }, 'teams'],
  ])('refuses %s, naming the path', async (_case, body, path) => {
    expect(problems(await emu.call('PUT', '/_emulator/directory', body))).toEqual([400, 'CB_VA01', [path]]);
  });

  it('is for administrators only', async () => {
    const res = await emu.call('PUT', '/_emulator/directory', DIRECTORY, { user: ALICE });
    expect(res.status).toBe(403);
  });
});

describe('group and organization values', () => {
  it('accept the built-in groups and defined codes, and refuse the others with the path', async () => {
    expect(problems(await addOne({ g: [{ code: 'reviewers' }], o: [{ code: 'sales' }] }))).toEqual([
      400,
      'CB_VA01',
      ['record.g.value[0].code', 'record.o.value[0].code'],
    ]);
    await ok(emu.call('PUT', '/_emulator/directory', DIRECTORY));
    const { id } = await ok(
      addOne({ g: [{ code: 'everyone' }, { code: 'reviewers' }], o: [{ code: 'sales' }] }),
    );
    const { record } = await ok(emu.call('GET', '/k/v1/record.json', { app, id }));
    expect([record.g.value, record.o.value]).toEqual([
      [
        { code: 'everyone', name: 'Everyone' },
        { code: 'reviewers', name: 'Reviewers' },
      ],
      [{ code: 'sales', name: 'Sales' }],
    ]);
    const refused = await addOne({ o: [{ code: 'marketing' }] });
    expect(refused.body.errors['record.o.value[0].code'].messages).toEqual([
      'No organization has the code "marketing"; the organizations are sales, hr (define organizations with PUT /_emulator/directory).',
    ]);
  });

  it('PRIMARY_ORGANIZATION() is the first defined organization listing the caller', async () => {
    await ok(emu.call('PUT', '/_emulator/directory', DIRECTORY));
    await addRecords(emu, app, [rec({ o: [{ code: 'sales' }] }), rec({ o: [{ code: 'hr' }] })]);
    const idsFor = async (user: typeof ALICE) =>
      (
        (
          await ok(
            emu.call('GET', '/k/v1/records.json', { app, query: 'o in (PRIMARY_ORGANIZATION())' }, { user }),
          )
        ).records as any[]
      ).map((r): unknown => r.$id.value);
    expect(await idsFor(ALICE)).toEqual(['1']);
    expect(await idsFor(BOB)).toEqual(['2']);
  });

  it('accepts mentions of defined groups and organizations', async () => {
    await ok(emu.call('PUT', '/_emulator/directory', DIRECTORY));
    await addRecords(emu, app, [{}]);
    const mentions = [
      { code: 'reviewers', type: 'GROUP' },
      { code: 'hr', type: 'ORGANIZATION' },
    ];
    await ok(
      emu.call('POST', '/k/v1/record/comment.json', { app, record: 1, comment: { text: 'hi', mentions } }),
    );
    const list = await ok(emu.call('GET', '/k/v1/record/comments.json', { app, record: 1 }));
    expect(list.comments[0].mentions).toEqual(mentions);
  });
});

describe('group and organization entities in record rules and the process', () => {
  it('name their members in a record ACL', async () => {
    await ok(emu.call('PUT', '/_emulator/directory', DIRECTORY));
    await addRecords(emu, app, [{}]);
    await ok(
      emu.call('PUT', '/k/v1/record/acl.json', {
        app,
        rights: [
          {
            filterCond: '',
            entities: [
              {
                entity: { type: 'GROUP', code: 'reviewers' },
                viewable: true,
                editable: true,
                deletable: false,
              },
              {
                entity: { type: 'ORGANIZATION', code: 'sales' },
                viewable: true,
                editable: false,
                deletable: false,
              },
            ],
          },
        ],
      }),
    );
    const evaluate = async (user: typeof ALICE) =>
      (await ok(emu.call('GET', `/k/v1/records/acl/evaluate.json?app=${app}&ids[0]=1`, undefined, { user })))
        .evaluate as unknown[];
    expect(await evaluate(BOB)).toEqual([{ id: '1', viewable: true, editable: true, deletable: false }]);
    expect(await evaluate(ALICE)).toEqual([{ id: '1', viewable: true, editable: false, deletable: false }]);
  });

  it('assign a status to the members of a group', async () => {
    await ok(emu.call('PUT', '/_emulator/directory', DIRECTORY));
    const flow = await appWithFields(
      emu,
      {},
      {
        process: {
          enable: true,
          states: {
            New: { name: 'New', index: '0', assignee: { type: 'ONE', entities: [] } },
            Check: {
              name: 'Check',
              index: '1',
              assignee: { type: 'ALL', entities: [{ entity: { type: 'GROUP', code: 'reviewers' } }] },
            },
          },
          actions: [{ name: 'Send', from: 'New', to: 'Check', filterCond: '', type: 'PRIMARY' }],
        },
      },
    );
    await addRecords(emu, flow, [{}]);
    await ok(emu.call('PUT', '/k/v1/record/status.json', { app: flow, id: 1, action: 'Send' }));
    const { record } = await ok(emu.call('GET', '/k/v1/record.json', { app: flow, id: 1 }));
    expect(record.Assignee.value).toEqual([{ code: 'bob', name: 'Bob' }]);
  });
});

describe('group and organization entities in the app ACL', () => {
  it('grant their members the rule’s rights, first matching rule first', async () => {
    await ok(emu.call('PUT', '/_emulator/directory', DIRECTORY));
    await addRecords(emu, app, [{}]);
    const rule = (entity: object, view: boolean, add: boolean) => ({
      entity,
      ...appRights(false),
      recordViewable: view,
      recordAddable: add,
    });
    await ok(
      emu.call('PUT', '/k/v1/app/acl.json', {
        app,
        rights: [
          rule({ type: 'GROUP', code: 'reviewers' }, true, false), // bob
          rule({ type: 'ORGANIZATION', code: 'sales' }, true, true), // alice
          rule({ type: 'GROUP', code: 'everyone' }, false, false),
        ],
      }),
    );
    const statuses = async (user: typeof ALICE) => [
      (await emu.call('GET', '/k/v1/record.json', { app, id: 1 }, { user })).status,
      (await emu.call('POST', '/k/v1/record.json', { app, record: {} }, { user })).status,
    ];
    expect(await statuses(ALICE)).toEqual([200, 200]);
    expect(await statuses(BOB)).toEqual([200, 403]);
    // Once bob leaves the group, only the everyone rule names him.
    await ok(emu.call('PUT', '/_emulator/directory', { groups: [] }));
    expect(await statuses(BOB)).toEqual([403, 403]);
  });
});
