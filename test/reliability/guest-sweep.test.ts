import { describe, expect, it } from 'vitest';
import { useEmulator } from '../emulator/harness.js';
import { CASES } from './sweep-cases.js';
import { expectAdminSucceeds, label, refusal, send } from './sweep-send.js';
import { buildWorld, GUEST, USERS, type AppTargets } from './sweep-world.js';

/**
 * A guest reaches nothing outside their guest spaces: every endpoint, on an app outside them
 * (outside every space, in an ordinary space, in another guest space), called through /k/v1/ and
 * through the path of the guest's own space. platform-facts-verified (Guest spaces): another
 * guest space's app through /k/v1/ is 400 GAIA_IL23, any app outside guest space S through
 * /k/guest/S/v1/ is 403 CB_NO02; otherwise a guest has no permission there (403 CB_NO02).
 */
const emu = useEmulator({ users: USERS });

const NO_PERMISSION = [403, 'CB_NO02'];

describe('a guest outside their guest spaces', () => {
  it('is refused every call on an app outside them, through either path', async () => {
    const w = await buildWorld(emu);
    const own = `/k/guest/${w.guestSpace.id}/v1`;
    const outside: [string, AppTargets][] = [
      ['outside every space', w.apps.plain],
      ['in an ordinary space', w.apps.inSpace],
      ['in another guest space', w.apps.otherGuest],
    ];
    for (const c of CASES.filter((x) => x.appScoped))
      for (const [where, t] of outside) {
        for (const base of ['/k/v1', own]) {
          const what = `${label(c)} through ${base}, app ${where}`;
          const reply = await send(emu, c, t, w, { user: GUEST }, base);
          // A cursor is its maker's alone: whatever the path, it does not exist for anyone else.
          const expected =
            'cursor' in c.need
              ? [404, 'GAIA_CU01']
              : base === '/k/v1' && t === w.apps.otherGuest
                ? [400, 'GAIA_IL23']
                : NO_PERMISSION;
          expect(refusal(reply, what), what).toEqual(expected);
        }
        await expectAdminSucceeds(emu, c, t, w);
      }
  });

  it('is refused the spaces, guests and plug-ins it is no administrator or member of', async () => {
    const w = await buildWorld(emu);
    const own = `/k/guest/${w.guestSpace.id}/v1`;
    // Needing no permission (an upload, the installed and required plug-in lists) reaches no
    // app nor space; apps.json and plugin/apps.json answer, naming only the guest's own apps.
    const skipped = ['POST /k/v1/file.json', 'GET /k/v1/plugins.json', 'GET /k/v1/plugins/required.json'];
    const listings = ['GET /k/v1/apps.json', 'GET /k/v1/plugin/apps.json'];
    const swept = CASES.filter((c) => !c.appScoped && ![...skipped, ...listings].includes(label(c)));
    for (const c of swept) {
      for (const base of ['/k/v1', own]) {
        const what = `${label(c)} through ${base}`;
        // The guest-space endpoint is asked about the other guest space, which the guest is not in.
        const reply = await send(emu, c, w.apps.plain, w, { user: GUEST }, base, w.guestSpace.other);
        expect(refusal(reply, what), what).toEqual(expectedOutside(label(c), base));
      }
      await expectAdminSucceeds(emu, c, w.apps.plain, w);
    }
    for (const c of CASES.filter((x) => listings.includes(label(x))))
      for (const base of ['/k/v1', own]) {
        const reply = await send(emu, c, w.apps.plain, w, { user: GUEST }, base);
        expect([reply.status, listedApps(reply.body)], `${label(c)} through ${base}`).toEqual([
          200,
          [w.apps.guest.app],
        ]);
      }
  });
});

/**
 * A space outside guest space S through S's path is not found there (404 GAIA_SP01, as
 * docs/local-service.md says of a path that names no guest space); through /k/v1/, and for
 * every administrator-only call, the guest has no permission.
 */
function expectedOutside(what: string, base: string): unknown[] {
  const spaceCall = / \/k\/v1\/space[./]/.test(what);
  return spaceCall && base !== '/k/v1' ? [404, 'GAIA_SP01'] : NO_PERMISSION;
}

function listedApps(body: { apps: { appId?: string; id?: string }[] }): string[] {
  return body.apps.map((a) => a.appId ?? a.id!);
}
