import { describe, expect, it } from 'vitest';
import { useEmulator } from '../emulator/harness.js';
import { CASES, SPEC_ENDPOINTS } from './sweep-cases.js';
import { expectAdminSucceeds, label, refusal, send, tokenFor } from './sweep-send.js';
import { buildWorld, USERS } from './sweep-world.js';

/**
 * Every endpoint of the spec list (test/emulator/access/auth.test.ts checks chosen endpoints in depth;
 * this sweeps them all), each with valid parameters (sweep-cases.ts): no credential is 401
 * CB_AU01, a wrong password 401 CB_WA01 (docs/local-service.md, Errors), and a token of another
 * app reaches nothing of this one. insufficient-sweep and guest-sweep cover the other refusals.
 */
const emu = useEmulator({ users: USERS });

describe('auth sweep over every endpoint', () => {
  it('has one case per endpoint of the spec', () => {
    expect(CASES.map(label).sort()).toEqual([...SPEC_ENDPOINTS].sort());
  });

  it.each([
    ['no credential', null, [401, 'CB_AU01']],
    ['a wrong password', { login: 'admin', password: 'nope' }, [401, 'CB_WA01']],
  ] as const)('%s: refused before anything else', async (_case, user, expected) => {
    const w = await buildWorld(emu);
    for (const c of CASES) {
      const reply = await send(emu, c, w.apps.plain, w, { user });
      expect(refusal(reply, label(c)), label(c)).toEqual(expected);
    }
  });

  it('a token of another app (even with every permission) reaches nothing of this one', async () => {
    const w = await buildWorld(emu);
    const token = await tokenFor(emu, w.apps.inSpace.app);
    // An upload belongs to no app until a record or setting of the token's app holds it.
    for (const c of CASES.filter((x) => !(x.method === 'POST' && x.path === '/k/v1/file.json'))) {
      const reply = await send(emu, c, w.apps.plain, w, { user: null, token });
      // docs/local-service.md, Errors: a token used on an app it does not belong to is 400
      // GAIA_IA02; a call no token may make is 403 GAIA_NO01 (the hosted platform's "Using this
      // API token, you cannot run the specified API."); a cursor is its maker's alone.
      const expected =
        'cursor' in c.need ? [404, 'GAIA_CU01'] : c.tokenless ? [403, 'GAIA_NO01'] : [400, 'GAIA_IA02'];
      expect(refusal(reply, label(c)), label(c)).toEqual(expected);
      await expectAdminSucceeds(emu, c, w.apps.plain, w);
    }
  });

  it('checks who calls before what the body names (a plug-in that is not installed)', async () => {
    const w = await buildWorld(emu);
    const body = { app: w.apps.plain.app, ids: ['p'.repeat(32)] };
    const path = '/k/v1/app/plugins.json';
    const other = await emu.call('POST', path, body, {
      user: null,
      token: await tokenFor(emu, w.apps.inSpace.app),
    });
    expect([other.status, other.body.code]).toEqual([400, 'GAIA_IA02']);
    const viewer = await emu.call('POST', path, body, {
      user: null,
      token: await tokenFor(emu, body.app, ['manage']),
    });
    // A token without the manage permission: the hosted platform's token refusal (GAIA_NO01).
    expect([viewer.status, viewer.body.code]).toEqual([403, 'GAIA_NO01']);
    const admin = await emu.call('POST', path, body);
    expect([admin.status, admin.body.code]).toEqual([404, 'GAIA_PL01']);
  });
});
