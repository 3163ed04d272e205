import { describe, expect, it } from 'vitest';
import { SETTINGS_CATALOGUE, draftPath, livePath } from '../../../src/platform/index.js';
import { useEmulator } from '../harness.js';

/**
 * The local service answers every endpoint of the catalogue of settings endpoints
 * (src/platform/settings-catalogue.ts) as the catalogue says: both copies read in both dialects,
 * a PUT on the live path only where it publishes, and a token's call refused where the catalogue
 * says no token may make it.
 */
const emu = useEmulator();
const ENTRIES = SETTINGS_CATALOGUE.map((e) => [e.key, e] as const);

describe('the local service serves every settings endpoint of the catalogue', () => {
  it.each(ENTRIES)('%s: reads the live and the draft copy, in both dialects', async (_key, entry) => {
    const app = await emu.deployedApp();
    for (const dialect of ['service', 'kintone'] as const)
      for (const path of [livePath(entry), draftPath(entry)]) {
        const res = await emu.call('GET', path, { app }, { dialect });
        expect([dialect, path, res.status, typeof res.body.revision], JSON.stringify(res.body)).toEqual([
          dialect,
          path,
          200,
          'string',
        ]);
      }
  });

  it.each(ENTRIES)('%s: takes a PUT on the live path only where it publishes', async (_key, entry) => {
    const app = await emu.deployedApp();
    const res = await emu.call('PUT', livePath(entry), { app });
    // 405: the path is served, by other methods only (the router's answer for a method it lacks).
    if (entry.livePutPublishes) expect(res.status).not.toBe(405);
    else expect(res.status).toBe(405);
  });

  it.each(ENTRIES)('%s: answers an API token as the catalogue says', async (_key, entry) => {
    const app = await emu.deployedApp();
    const permissions = { view: true, add: true, edit: true, delete: true, manage: true };
    const token = (await emu.call('POST', '/_emulator/tokens', { app, permissions })).body.token as string;
    const res = await emu.call('GET', livePath(entry), { app }, { user: null, token });
    if (entry.token === 'none') expect([res.status, res.body.code]).toEqual([403, 'GAIA_NO01']);
    else expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
