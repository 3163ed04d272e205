/**
 * A status renamed through `PUT /k/v1/preview/app/status.json` keeps its records: the write keys
 * each status by its current name and gives the new one in `name` (kintone REST API, "Update
 * Process Management Settings": to change a status, name it by its name before the change), so a
 * status is one thing whose name changes, and the records in it show the new name once the change
 * is deployed (the platform's help, "Notes on changing process management settings": only a
 * status that no record is in can be deleted, so records point at the status, not at its text).
 * Until the deploy, records keep the live name; a discarded draft leaves them as they were.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';

const emu = useEmulator();

const WRITE = '/k/v1/preview/app/status.json';
const nobody = { type: 'ONE', entities: [] };

/** Open -> Doing -> Done with the middle status, keyed Doing, named `doing`. */
function process(doing: string) {
  return {
    enable: true,
    states: {
      Open: { name: 'Open', index: 0, assignee: nobody },
      Doing: { name: doing, index: 1, assignee: nobody },
      Done: { name: 'Done', index: 2, assignee: nobody },
    },
    actions: [
      { name: 'Start', from: 'Open', to: doing },
      { name: 'Finish', from: doing, to: 'Done' },
    ],
  };
}

/** A deployed app with Open -> Doing -> Done and two records moved to Doing, one left in Open. */
async function appWithRecords(): Promise<string> {
  const app = await emu.deployedApp();
  expect((await emu.call('PUT', WRITE, { app, ...process('Doing') })).status).toBe(200);
  await emu.deploy([app]);
  const added = await emu.call('POST', '/k/v1/records.json', { app, records: [{}, {}, {}] });
  const ids = added.body.ids as string[];
  for (const id of ids.slice(0, 2)) {
    const moved = await emu.call('PUT', '/k/v1/record/status.json', { app, id, action: 'Start' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  return app;
}

async function statuses(app: string): Promise<string[]> {
  const res = await emu.call('GET', '/k/v1/records.json', { app, query: 'order by $id asc' });
  return (res.body.records as { Status: { value: string } }[]).map((r) => r.Status.value);
}

const renamed = process('In progress');

describe('renaming a status that records are in', () => {
  it('moves the records to the new name when the change is deployed', async () => {
    const app = await appWithRecords();
    expect((await emu.call('PUT', WRITE, { app, ...renamed })).status).toBe(200);
    // Not deployed yet: the records are in the live status.
    expect(await statuses(app)).toEqual(['Doing', 'Doing', 'Open']);
    await emu.deploy([app]);
    expect(await statuses(app)).toEqual(['In progress', 'In progress', 'Open']);
    const query = await emu.call('GET', '/k/v1/records.json', {
      app,
      query: 'Status in ("In progress")',
      totalCount: true,
    });
    expect([query.status, query.body.totalCount]).toEqual([200, '2']);
    // The records can go on: the action from the renamed status runs.
    const finish = await emu.call('PUT', '/k/v1/record/status.json', { app, id: '1', action: 'Finish' });
    expect(finish.status, JSON.stringify(finish.body)).toBe(200);
  });

  it('follows a rename made in two writes before one deploy (Doing -> Busy -> In progress)', async () => {
    const app = await appWithRecords();
    expect((await emu.call('PUT', WRITE, { app, ...process('Busy') })).status).toBe(200);
    const again = { ...renamed, states: { ...renamed.states, Busy: renamed.states.Doing } };
    delete (again.states as Record<string, unknown>).Doing;
    expect((await emu.call('PUT', WRITE, { app, ...again })).status).toBe(200);
    await emu.deploy([app]);
    expect(await statuses(app)).toEqual(['In progress', 'In progress', 'Open']);
  });

  it('leaves the records where they were when the draft is discarded', async () => {
    const app = await appWithRecords();
    expect((await emu.call('PUT', WRITE, { app, ...renamed })).status).toBe(200);
    await emu.deploy([app], true);
    await emu.deploy([app]);
    expect(await statuses(app)).toEqual(['Doing', 'Doing', 'Open']);
  });
});
