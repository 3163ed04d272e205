import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.js';
import { passwordHeader } from '../../support/users.js';

describe('appdeploy emulator --daily-request-limit', () => {
  it("refuses an app's calls past that many a day, and the control API shows the limit", async () => {
    const cli = await runCli(['emulator', '--port', '0', '--daily-request-limit', '2']);
    try {
      const call = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${cli.url}${path}`, {
          method,
          headers: { ...passwordHeader(), 'Content-Type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      const { app } = (await call('POST', '/k/v1/preview/app.json', { name: 'A' })).body;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await call('GET', `/k/v1/preview/app/form/fields.json?app=${String(app)}`)).status);
      expect(statuses).toEqual([200, 200, 403]);
      expect((await call('GET', '/_emulator/quota')).body).toMatchObject({ limit: 2 });
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });
});
