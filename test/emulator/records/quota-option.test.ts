// The daily limit given when the service starts (`startEmulator({dailyRequestLimit})`): in force
// from the first call, and again after a reset.
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';

const emu = useEmulator({ dailyRequestLimit: 3 });

describe('a daily limit given at start', () => {
  it('refuses the fourth call naming the app, and holds after a reset', async () => {
    for (let round = 0; round < 2; round++) {
      // Creating and deploying name no `app` parameter: they do not count.
      const app = await emu.deployedApp();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await emu.call('GET', '/k/v1/records.json', { app })).status);
      expect(statuses).toEqual([200, 200, 200, 403]);
      expect((await emu.call('GET', '/_emulator/quota')).body).toMatchObject({
        limit: 3,
        requests: { [app]: 3 },
      });
      expect((await emu.call('POST', '/_emulator/reset')).status).toBe(200);
    }
  });
});
