import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { ALICE, BOB, withAdmin } from '../members.js';
import { recordRights } from '../records/records-helpers.js';

const emu = useEmulator({ users: withAdmin(ALICE, BOB) });

const RECORD_RIGHTS = recordRights(true);

/** Created by alice (not an administrator) and deployed, so the creator rule is hers. */
async function alicesApp(): Promise<string> {
  const created = await emu.call('POST', '/k/v1/preview/app.json', { name: 'Fresh' }, { user: ALICE });
  expect(created.status).toBe(200);
  const app = created.body.app as string;
  expect(await emu.deploy([app])).toEqual({ [app]: 'SUCCESS' });
  return app;
}

describe('a new app, created and deployed, has the defaults of platform-facts', () => {
  it('the system fields, with their codes', async () => {
    const app = await alicesApp();
    const { properties } = (await emu.call('GET', '/k/v1/app/form/fields.json', { app })).body;
    const types = Object.fromEntries(
      Object.entries(properties as Record<string, { type: string; code: string }>).map(([code, f]) => {
        expect(f.code).toBe(code);
        return [code, f.type];
      }),
    );
    expect(types).toEqual({
      Record_number: 'RECORD_NUMBER',
      Created_by: 'CREATOR',
      Created_datetime: 'CREATED_TIME',
      Updated_by: 'MODIFIER',
      Updated_datetime: 'UPDATED_TIME',
      Status: 'STATUS',
      Assignee: 'STATUS_ASSIGNEE',
      Categories: 'CATEGORY',
    });
  });

  it('one LIST view, and process management disabled', async () => {
    const app = await alicesApp();
    const { views } = (await emu.call('GET', '/k/v1/app/views.json', { app })).body;
    expect(Object.values(views)).toEqual([expect.objectContaining({ type: 'LIST' })]);
    expect((await emu.call('GET', '/k/v1/app/status.json', { app })).body.enable).toBe(false);
  });

  it('an app ACL granting everyone record rights and the creator app-edit', async () => {
    const app = await alicesApp();
    const { rights } = (await emu.call('GET', '/k/v1/app/acl.json', { app })).body;
    expect(rights).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: { type: 'CREATOR', code: null }, appEditable: true }),
        expect.objectContaining({
          entity: { type: 'GROUP', code: 'everyone' },
          appEditable: false,
          ...RECORD_RIGHTS,
        }),
      ]),
    );
    // What the rules mean: alice (the creator) manages the app, bob adds records but cannot manage it.
    expect((await emu.call('GET', '/k/v1/preview/app/settings.json', { app }, { user: ALICE })).status).toBe(
      200,
    );
    const bobManages = await emu.call('GET', '/k/v1/preview/app/settings.json', { app }, { user: BOB });
    expect([bobManages.status, bobManages.body.code]).toEqual([403, 'CB_NO02']);
    const bobAdds = await emu.call('POST', '/k/v1/record.json', { app, record: {} }, { user: BOB });
    expect(bobAdds.status).toBe(200);
  });
});
