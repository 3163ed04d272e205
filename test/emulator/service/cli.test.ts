import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.js';
import { passwordHeader } from '../../support/users.js';
import { startEmulator } from '../../../src/emulator/index.js';

describe('appdeploy emulator (the built CLI)', () => {
  it('prints "listening on http://HOST:PORT" first, answers the spec\'s calls, and exits 0 on SIGTERM', async () => {
    const cli = await runCli(['emulator', '--port', '0', '--deploy-ms', '0']);
    try {
      expect(cli.firstLine).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
      const created = await fetch(`${cli.url}/k/v1/preview/app.json`, {
        method: 'POST',
        headers: { ...passwordHeader(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'From the CLI' }),
      });
      expect(created.status).toBe(200);
      expect(await created.json()).toEqual({ app: '1', revision: '1' });
      const refused = await fetch(`${cli.url}/k/v1/apps.json`);
      expect(refused.status).toBe(401);
    } finally {
      cli.child.kill('SIGTERM');
    }
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it('closes cleanly on SIGINT too', async () => {
    const cli = await runCli(['emulator', '--port', '0']);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it('takes users from --user, and then refuses the default admin:admin', async () => {
    const cli = await runCli(['emulator', '--port', '0', '--user', 'ops:s3cret:admin', '--user', 'dev:pw']);
    try {
      const get = (login: string, password: string) =>
        fetch(`${cli.url}/k/v1/apps.json`, {
          headers: passwordHeader({ login: login, password: password }),
        }).then((r) => r.status);
      expect([await get('ops', 's3cret'), await get('dev', 'pw'), await get('admin', 'admin')]).toEqual([
        200, 200, 401,
      ]);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  // The line scripts wait for before they call the emulator. How soon it comes (the issue's
  // "within one second") is measured by bench/startup.bench.mjs, not asserted here.
  it('prints exactly "listening on http://127.0.0.1:PORT" as its first line', async () => {
    const cli = await runCli(['emulator', '--port', '0']);
    try {
      expect(cli.firstLine).toMatch(/^listening on http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it.each([
    ['the default users', []],
    ['--user admin:admin:admin', ['--user', 'admin:admin:admin']],
    ['--user admin:admin', ['--user', 'admin:admin']],
    ['admin:admin among other users', ['--user', 'ops:s3cret:admin', '--user', 'admin:admin']],
  ])('refuses a non-loopback host with %s: a message naming --user, and exit 1', async (_case, users) => {
    const cli = await runCli(['emulator', '--port', '0', '--host', '0.0.0.0', ...users]);
    if (cli.firstLine !== '') cli.child.kill('SIGKILL'); // it listened: fail below rather than hang
    expect(cli.firstLine).toBe('');
    expect(await cli.exited).toEqual({ code: 1, signal: null });
    expect(cli.stderr()).toMatch(
      /refusing to listen on 0\.0\.0\.0 with the default admin:admin account.*--user login:password/,
    );
  });

  it('listens on a non-loopback host when no user is admin:admin', async () => {
    const cli = await runCli(['emulator', '--port', '0', '--host', '0.0.0.0', '--user', 'ops:s3cret:admin']);
    try {
      expect(cli.firstLine).toMatch(/^listening on http:\/\/0\.0\.0\.0:\d+$/);
      const port = new URL(cli.url).port;
      const res = await fetch(`http://127.0.0.1:${port}/k/v1/apps.json`, {
        headers: passwordHeader({ login: 'ops', password: 's3cret' }),
      });
      expect(res.status).toBe(200);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it.each([
    ['a port out of range', ['--port', '70000'], /--port must be a whole number from 0 to 65535/],
    ['a malformed user', ['--user', 'nobody'], /expected login:password/],
  ])('refuses %s with exit 1', async (_case, flags, message) => {
    const cli = await runCli(['emulator', ...flags]);
    const { code } = await cli.exited;
    expect(code).not.toBe(0);
    expect(cli.stderr()).toMatch(message);
  });

  it('serves without the control API under --no-control', async () => {
    const cli = await runCli(['emulator', '--port', '0', '--no-control']);
    try {
      const res = await fetch(`${cli.url}/_emulator/stats`, { headers: passwordHeader() });
      expect(res.status).toBe(404);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('is also a library function of the package entry: startEmulator returns {url, close()}', async () => {
    const emulator = await startEmulator({ port: 0 });
    try {
      expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${emulator.url}/k/v1/apps.json`, { headers: passwordHeader() })).status).toBe(200);
    } finally {
      await emulator.close();
    }
  });
});
