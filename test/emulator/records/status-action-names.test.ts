/**
 * An action name the current status has twice: kintone REST API, Update Status (cybozu.dev,
 * records/update-status, `action`): "現在のステータスに同名のアクションが複数設定されている場合、
 * そのアクションを指定するとエラーになります" (naming it is an error). A name that is unique from the
 * current status runs, even when another status has an action of the same name.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { USERS, addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator({ users: USERS });

const nobody = { type: 'ONE', entities: [] };
const PROCESS = {
  enable: true,
  states: {
    Open: { name: 'Open', index: '0', assignee: nobody },
    Done: { name: 'Done', index: '1', assignee: nobody },
    Dropped: { name: 'Dropped', index: '2', assignee: nobody },
  },
  actions: [
    { name: 'Close', from: 'Open', to: 'Done', filterCond: '', type: 'PRIMARY' },
    { name: 'Close', from: 'Open', to: 'Dropped', filterCond: '', type: 'PRIMARY' },
    { name: 'Reopen', from: 'Done', to: 'Open', filterCond: '', type: 'PRIMARY' },
    { name: 'Reopen', from: 'Dropped', to: 'Open', filterCond: '', type: 'PRIMARY' },
  ],
};

describe('action names and the current status', () => {
  const cases = [
    {
      name: 'twice from the current status',
      from: 'Open',
      action: 'Close',
      answer: [400, ['action']],
      then: 'Open',
    },
    { name: 'once from the current status', from: 'Done', action: 'Reopen', answer: [200, []], then: 'Open' },
  ];
  for (const c of cases)
    it(`${c.name}: ${String(c.answer[0])}`, async () => {
      const app = await appWithFields(emu, { amount: { type: 'NUMBER' } }, { process: PROCESS });
      await addRecords(emu, app, [rec({ amount: 1 })]);
      if (c.from === 'Done') {
        // Into "Done" through a process whose "Close" leads there alone.
        const single = { ...PROCESS, actions: [PROCESS.actions[0], ...PROCESS.actions.slice(2)] };
        await ok(emu.call('PUT', '/k/v1/preview/app/status.json', { app, ...single }));
        await emu.deploy([app]);
        await ok(emu.call('PUT', '/k/v1/record/status.json', { app, id: 1, action: 'Close' }));
        await ok(emu.call('PUT', '/k/v1/preview/app/status.json', { app, ...PROCESS }));
        await emu.deploy([app]);
      }
      const res = await emu.call('PUT', '/k/v1/record/status.json', { app, id: 1, action: c.action });
      expect([res.status, Object.keys(res.body.errors ?? {})]).toEqual(c.answer);
      const read = await ok(emu.call('GET', '/k/v1/record.json', { app, id: 1 }));
      expect(read.record.Status.value).toBe(c.then);
    });
});
