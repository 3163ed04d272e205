import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import {
  ALICE,
  BOB,
  REVIEW_PROCESS as PROCESS,
  USERS,
  addRecords,
  appWithFields,
  ok,
  rec,
} from '../records/records-helpers.js';

const emu = useEmulator({ users: USERS });

let app: string;
beforeEach(async () => {
  app = await appWithFields(emu, { amount: { type: 'NUMBER' } }, { process: PROCESS });
  await addRecords(emu, app, [rec({ amount: 50 }), rec({ amount: 500 })]);
});

const status = (params: Record<string, unknown>) =>
  emu.call('PUT', '/k/v1/record/status.json', { app, ...params });
const read = async (id: number): Promise<any> =>
  (await ok(emu.call('GET', '/k/v1/record.json', { app, id }))).record as unknown;

describe('process management', () => {
  it('starts records in the first status and moves them by action, revision +2 each', async () => {
    expect((await read(1)).Status.value).toBe('Open');
    expect(await ok(status({ id: 1, action: 'Submit', assignee: 'bob', revision: 1 }))).toEqual({
      revision: '3',
    });
    const record = await read(1);
    expect([record.Status.value, record.Assignee.value, record.$revision.value]).toEqual([
      'Review',
      [{ code: 'bob', name: 'Bob' }],
      '3',
    ]);
  });

  it('refuses a status change pinned to a stale revision (409 GAIA_CO02), alone or in a batch', async () => {
    await ok(emu.call('PUT', '/k/v1/record.json', { app, id: 1, record: rec({ amount: 60 }) }));
    const stale = await status({ id: 1, action: 'Submit', assignee: 'bob', revision: 1 });
    expect([stale.status, stale.body.code]).toEqual([409, 'GAIA_CO02']);
    const batch = await emu.call('PUT', '/k/v1/records/status.json', {
      app,
      records: [
        { id: 2, action: 'Submit', assignee: 'bob', revision: 1 },
        { id: 1, action: 'Submit', assignee: 'bob', revision: 1 },
      ],
    });
    expect([batch.status, batch.body.code]).toEqual([409, 'GAIA_CO02']);
    expect([(await read(1)).Status.value, (await read(2)).Status.value]).toEqual(['Open', 'Open']);
    expect(await ok(status({ id: 1, action: 'Submit', assignee: 'bob', revision: 2 }))).toEqual({
      revision: '4',
    });
  });

  it('refuses an action whose from is not the current status (GAIA_IL03)', async () => {
    const res = await status({ id: 1, action: 'Approve' });
    expect([res.status, res.body.code]).toEqual([400, 'GAIA_IL03']);
    // The platform's words (SonicGarden/kintone-emulator, real-kintone-notes.md): they name no status.
    expect(res.body.message).toBe(
      'Failed to update the status. The settings or the status itself may have been changed by someone.',
    );
  });

  it('requires an assignee, one of the candidates, when the next status has the user choose one', async () => {
    // The hosted platform's answer to a missing assignee (SonicGarden/kintone-emulator,
    // docs/real-kintone-notes.md): 400 GAIA_SA01.
    const missing = await status({ id: 1, action: 'Submit' });
    expect([missing.status, missing.body.code]).toEqual([400, 'GAIA_SA01']);
    const stranger = await status({ id: 1, action: 'Submit', assignee: 'admin' });
    expect([stranger.status, Object.keys(stranger.body.errors)]).toEqual([400, ['assignee']]);
    expect((await read(1)).Status.value).toBe('Open');
  });

  it('refuses an action whose filterCond the record does not meet, and runs it once it does', async () => {
    await ok(status({ id: 1, action: 'Submit', assignee: 'alice' }));
    const refused = await status({ id: 1, action: 'Approve' });
    expect([refused.status, refused.body.code]).toEqual([400, 'GAIA_IL03']);
    expect(refused.body.message).toContain('amount > 100');
    await ok(emu.call('PUT', '/k/v1/record.json', { app, id: 1, record: rec({ amount: 101 }) }));
    await ok(status({ id: 1, action: 'Approve' }));
    const record = await read(1);
    expect([record.Status.value, record.Assignee.value]).toEqual([
      'Done',
      [{ code: 'admin', name: 'Administrator' }],
    ]);
  });

  it('lets only the current assignees, and the users an action names, run actions', async () => {
    await ok(status({ id: 1, action: 'Submit', assignee: 'alice' }));
    await ok(emu.call('PUT', '/k/v1/record.json', { app, id: 1, record: rec({ amount: 101 }) }));
    const byBob = await emu.call(
      'PUT',
      '/k/v1/record/status.json',
      { app, id: 1, action: 'Approve' },
      { user: BOB },
    );
    expect([byBob.status, byBob.body.code]).toEqual([403, 'CB_NO02']);
    expect(byBob.body.message).toContain('only its assignees (alice)');
    await ok(emu.call('PUT', '/k/v1/record/status.json', { app, id: 1, action: 'Approve' }, { user: ALICE }));
    expect((await read(1)).Status.value).toBe('Done');
  });

  it('changes many statuses all or nothing', async () => {
    const bad = await emu.call('PUT', '/k/v1/records/status.json', {
      app,
      records: [
        { id: 1, action: 'Submit', assignee: 'alice' },
        { id: 2, action: 'Approve' },
      ],
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'GAIA_IL03']);
    expect((await read(1)).Status.value).toBe('Open');
    const good = await ok(
      emu.call('PUT', '/k/v1/records/status.json', {
        app,
        records: [
          { id: 1, action: 'Submit', assignee: 'alice' },
          { id: 2, action: 'Submit', assignee: 'bob', revision: 1 },
        ],
      }),
    );
    expect(good).toEqual({
      records: [
        { id: '1', revision: '3' },
        { id: '2', revision: '3' },
      ],
    });
  });

  it('updates assignees (revision +1) and refuses unknown users', async () => {
    // Record 2 to "Done", whose assignees are ALL of them: a status that takes ONE takes no two
    // (kintone Update Assignees; assignees-one.test.ts).
    await ok(status({ id: 2, action: 'Submit', assignee: 'alice' }));
    await ok(status({ id: 2, action: 'Approve' }));
    expect(
      await ok(emu.call('PUT', '/k/v1/record/assignees.json', { app, id: 2, assignees: ['alice', 'bob'] })),
    ).toEqual({
      revision: '6',
    });
    expect((await read(2)).Assignee.value.map((u: any) => u.code as unknown)).toEqual(['alice', 'bob']);
    const unknown = await emu.call('PUT', '/k/v1/record/assignees.json', {
      app,
      id: 1,
      assignees: ['nobody'],
    });
    expect([unknown.status, Object.keys(unknown.body.errors)]).toEqual([400, ['assignees[0]']]);
  });

  it('puts records stored before the process was enabled in the first status', async () => {
    const later = await appWithFields(emu, { amount: { type: 'NUMBER' } });
    await addRecords(emu, later, [rec({ amount: 1 })]);
    await ok(emu.call('PUT', '/k/v1/preview/app/status.json', { app: later, ...PROCESS }));
    expect(await emu.deploy([later])).toEqual({ [later]: 'SUCCESS' });
    const list = await ok(emu.call('GET', '/k/v1/records.json', { app: later, query: 'Status = "Open"' }));
    expect(list.records.map((r: any) => r.Status.value as unknown)).toEqual(['Open']);
    await ok(
      emu.call('PUT', '/k/v1/record/status.json', { app: later, id: 1, action: 'Submit', assignee: 'bob' }),
    );
    const { record } = await ok(emu.call('GET', '/k/v1/record.json', { app: later, id: 1 }));
    expect([record.Status.value, record.$revision.value]).toEqual(['Review', '3']);
  });

  it('answers GAIA_ST02 when process management is off', async () => {
    const plain = await appWithFields(emu, {});
    await addRecords(emu, plain, [{}]);
    const res = await emu.call('PUT', '/k/v1/record/status.json', { app: plain, id: 1, action: 'Submit' });
    expect([res.status, res.body.code]).toEqual([400, 'GAIA_ST02']);
    const assign = await emu.call('PUT', '/k/v1/record/assignees.json', { app: plain, id: 1, assignees: [] });
    expect([assign.status, assign.body.code]).toEqual([400, 'GAIA_ST02']);
  });
});
