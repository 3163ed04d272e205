import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';

const ALICE = { login: 'alice', password: 'alice' };
const emu = useEmulator({
  users: [
    { login: 'admin', password: 'admin', admin: true },
    { ...ALICE, admin: false },
  ],
});

const APP_CODE = '/_emulator/app-code';

const appIds = (body: { apps: { appId: string }[] }): string[] => body.apps.map((a) => a.appId);

describe('app codes (set through the control API, as an administrator sets them in app settings)', () => {
  it('shows the code in app.json and apps.json, and codes[] matches it', async () => {
    const orders = await emu.deployedApp('Orders');
    const customers = await emu.deployedApp('Customers');
    await emu.deployedApp('No code');
    expect((await emu.call('POST', APP_CODE, { app: orders, code: 'ORDERS' })).body).toEqual({});
    expect((await emu.call('POST', APP_CODE, { app: Number(customers), code: 'Customers_2' })).status).toBe(
      200,
    );
    expect((await emu.call('GET', '/k/v1/app.json', { id: orders })).body.code).toBe('ORDERS');
    const one = await emu.call('GET', '/k/v1/apps.json', { codes: ['ORDERS'] });
    expect(one.body.apps).toEqual([expect.objectContaining({ appId: orders, code: 'ORDERS' })]);
    const both = await emu.call('GET', '/k/v1/apps.json', { codes: ['Customers_2', 'ORDERS', 'NONE'] });
    expect(appIds(both.body)).toEqual([orders, customers]);
    // A code is matched exactly, and an app without a code never matches.
    expect((await emu.call('GET', '/k/v1/apps.json', { codes: ['orders'] })).body.apps).toEqual([]);
    expect((await emu.call('GET', '/k/v1/apps.json?codes[]=&codes[]=NONE')).body.apps).toEqual([]);
  });

  it('refuses a code another app holds (400 CB_VA01 naming code), and frees it when removed with ""', async () => {
    const a = await emu.deployedApp('A');
    const b = await emu.deployedApp('B');
    await emu.call('POST', APP_CODE, { app: a, code: 'SHARED' });
    const taken = await emu.call('POST', APP_CODE, { app: b, code: 'SHARED' });
    expect([taken.status, taken.body.code, Object.keys(taken.body.errors)]).toEqual([
      400,
      'CB_VA01',
      ['code'],
    ]);
    expect(taken.body.errors.code.messages[0]).toContain(`app ${a}`);
    // Setting the same code again on its own app is not a clash.
    expect((await emu.call('POST', APP_CODE, { app: a, code: 'SHARED' })).status).toBe(200);
    expect((await emu.call('POST', APP_CODE, { app: a, code: '' })).status).toBe(200);
    expect((await emu.call('GET', '/k/v1/app.json', { id: a })).body.code).toBe('');
    expect((await emu.call('POST', APP_CODE, { app: b, code: 'SHARED' })).status).toBe(200);
    expect(appIds((await emu.call('GET', '/k/v1/apps.json', { codes: ['SHARED'] })).body)).toEqual([b]);
  });

  it.each([
    ['a leading digit', '1ST'],
    ['a hyphen', 'ORD-1'],
    ['a space', 'MY APP'],
    ['a non-ASCII letter', 'ÄPP'],
    ['65 characters', 'A'.repeat(65)],
    ['a number', 12],
    ['an object', { code: 'X' }],
  ])('refuses a code with %s', async (_case, code) => {
    const app = await emu.deployedApp();
    const res = await emu.call('POST', APP_CODE, { app, code });
    expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([400, 'CB_VA01', ['code']]);
  });

  it('takes 64 characters, and underscores anywhere', async () => {
    const app = await emu.deployedApp();
    const code = `_${'a1'.repeat(31)}Z`;
    expect(code).toHaveLength(64);
    expect((await emu.call('POST', APP_CODE, { app, code })).status).toBe(200);
    expect((await emu.call('GET', '/k/v1/app.json', { id: app })).body.code).toBe(code);
  });

  it('is for administrators only, and for apps that exist', async () => {
    const app = await emu.deployedApp();
    const alice = await emu.call('POST', APP_CODE, { app, code: 'X' }, { user: ALICE });
    expect([alice.status, alice.body.code]).toEqual([403, 'CB_NO02']);
    const missing = await emu.call('POST', APP_CODE, { app: 999, code: 'X' });
    expect([missing.status, missing.body.code]).toEqual([404, 'GAIA_AP01']);
  });
});
