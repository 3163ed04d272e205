// `appdeploy emulator --group/--organization` (the built CLI): the groups and organizations with
// their members, served by the User API's directory reads and the control API, kept across a
// reset; an unknown member stops the start with the flag's problem.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.js';
import { passwordHeader } from '../../support/users.js';

const USERS = ['--user', 'admin:admin:admin', '--user', 'alice:pw'];

describe('appdeploy emulator --group --organization', () => {
  it('serves them through /v1/ and /_emulator/directory, and keeps them across a reset', async () => {
    const cli = await runCli([
      'emulator',
      '--port',
      '0',
      ...USERS,
      '--group',
      'reviewers:alice,admin',
      '--organization',
      'sales:alice',
      '--organization',
      'hr',
    ]);
    try {
      const get = async (path: string): Promise<unknown> =>
        (
          await fetch(`${cli.url}${path}`, { headers: passwordHeader({ login: 'alice', password: 'pw' }) })
        ).json();
      expect(await get('/v1/groups.json?codes[0]=reviewers')).toEqual({
        groups: [{ id: '3', code: 'reviewers', name: 'reviewers', description: '', type: 'static' }],
      });
      const reset = await fetch(`${cli.url}/_emulator/reset`, { method: 'POST', headers: passwordHeader() });
      expect(reset.status).toBe(200);
      const directory = await fetch(`${cli.url}/_emulator/directory`, { headers: passwordHeader() });
      expect(await directory.json()).toEqual({
        groups: [{ code: 'reviewers', name: 'reviewers', users: ['alice', 'admin'] }],
        organizations: [
          { code: 'sales', name: 'sales', users: ['alice'] },
          { code: 'hr', name: 'hr', users: [] },
        ],
      });
      expect(await get('/v1/users.json?codes[0]=alice')).toMatchObject({
        users: [{ code: 'alice', primaryOrganization: 1 }],
      });
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('refuses to start with a member that is no user', async () => {
    const cli = await runCli(['emulator', '--port', '0', ...USERS, '--group', 'reviewers:carol']);
    expect((await cli.exited).code).toBe(1);
    expect(cli.stderr()).toContain(
      'groups[0].users[0]: No user has the login name "carol"; add it with --user first.',
    );
  });
});
