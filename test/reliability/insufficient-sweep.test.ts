import { describe, expect, it } from 'vitest';
import { useEmulator } from '../emulator/harness.js';
import { CASES, type Case } from './sweep-cases.js';
import { expectAdminSucceeds, label, refusal, send, tokenFor } from './sweep-send.js';
import { ALICE, buildWorld, USERS } from './sweep-world.js';

/**
 * Every endpoint refuses an insufficient credential, each call with valid parameters that the
 * administrator's own call then proves: a user with 403 CB_NO02 (platform-facts, Errors: no
 * permission for the operation), an API token with 403 GAIA_NO01 (the hosted platform's "Using
 * this API token, you cannot run the specified API.", seen by kintone/cli-kintone's end-to-end
 * suite on a real kintone for a token lacking a permission, and the answer to a token on an API
 * that takes none). A cursor belongs to whoever made it: anyone else is told it does not exist
 * (404 GAIA_CU01, docs/local-service.md), and calls that need no right are left out.
 */
const emu = useEmulator({ users: USERS });

const NO_PERMISSION = [403, 'CB_NO02'];
const TOKEN_CANNOT_RUN = [403, 'GAIA_NO01'];
const NOT_YOUR_CURSOR = [404, 'GAIA_CU01'];

describe('insufficient credentials over every endpoint', () => {
  // alice: no rule of the apps' ACL names her, she is no service administrator, and she is a
  // member, not an administrator, of the spaces (so space reads and user-level calls are hers).
  it('a user without the right the call needs', async () => {
    const w = await buildWorld(emu);
    const swept = CASES.filter(
      (c) => 'app' in c.need || 'cursor' in c.need || 'admin' in c.need || 'spaceAdmin' in c.need,
    );
    for (const c of swept) {
      const reply = await send(emu, c, w.apps.plain, w, { user: ALICE });
      expect(refusal(reply, label(c)), label(c)).toEqual(
        'cursor' in c.need ? NOT_YOUR_CURSOR : NO_PERMISSION,
      );
      await expectAdminSucceeds(emu, c, w.apps.plain, w);
    }
    expect(swept.length).toBeGreaterThan(70);
  });

  it('a token of the app lacking the permission the call needs, or on a call no token may make', async () => {
    const w = await buildWorld(emu);
    const app = w.apps.plain.app;
    const swept = CASES.filter((c) => !('none' in c.need));
    for (const c of swept) {
      const token = await tokenFor(emu, app, lacking(c));
      const reply = await send(emu, c, w.apps.plain, w, { user: null, token });
      expect(refusal(reply, label(c)), label(c)).toEqual(
        'cursor' in c.need ? NOT_YOUR_CURSOR : TOKEN_CANNOT_RUN,
      );
      await expectAdminSucceeds(emu, c, w.apps.plain, w);
    }
  });
});

/** The permissions the token goes without: every one that could grant the call (none for a tokenless call). */
function lacking(c: Case) {
  return !c.tokenless && 'app' in c.need ? c.need.app : [];
}
