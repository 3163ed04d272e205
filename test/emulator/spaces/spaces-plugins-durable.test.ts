import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { downloadFile, multipart } from '../files/file-upload.js';
import { manifest, newPluginKey, pluginIdOf, pluginPackage } from '../plugins/plugin-packages.js';

const dir = mkdtempSync(join(tmpdir(), 'appdeploy-part2-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const USERS = [
  { login: 'admin', password: 'admin', admin: true },
  { login: 'alice', password: 'alice', admin: false },
];
const GUEST = { login: 'gina@example.com', password: 'guest-pw' };
const GONE = { login: 'gone@example.com', password: 'guest-pw' };

type Who = { login: string; password: string };

function client(emu: RunningEmulator) {
  return async (method: string, path: string, body?: unknown, who: Who = USERS[0]!): Promise<any> => {
    const auth = Buffer.from(`${who.login}:${who.password}`).toString('base64');
    const res = await fetch(emu.url + path, {
      method,
      headers: {
        'X-Service-Authorization': auth,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, ...((await res.json()) as object) };
  };
}

async function upload(emu: RunningEmulator, bytes: Buffer, name: string): Promise<string> {
  const form = await multipart({ file: { bytes, name, type: 'application/octet-stream' } });
  const res = await fetch(`${emu.url}/k/v1/file.json`, {
    method: 'POST',
    headers: {
      'X-Service-Authorization': Buffer.from('admin:admin').toString('base64'),
      'Content-Type': form.contentType,
    },
    body: form.body,
  });
  return ((await res.json()) as { fileKey: string }).fileKey;
}

const start = () => startEmulator({ port: 0, data: dir, deployMs: 0, users: USERS });

describe('spaces, guests, plug-ins and attachments with a data directory', () => {
  it('are all there after a restart', async () => {
    const keys = [newPluginKey(), newPluginKey(), newPluginKey()];
    const [a, b, c] = keys.map(pluginIdOf);
    const script = randomBytes(256 * 1024);
    const first = await start();
    const call = client(first);
    // Spaces: a guest space with a body, members, a second thread and a comment.
    const members = [
      { entity: { type: 'USER', code: 'alice' }, isAdmin: true, includeSubs: false },
      { entity: { type: 'GROUP', code: 'everyone' }, isAdmin: false, includeSubs: false },
    ];
    const space = (
      await call('POST', '/k/v1/template/space.json', { id: 1, name: 'Kept', members, isGuest: true })
    ).id as string;
    await call('PUT', '/k/v1/space/body.json', { id: space, body: '<p>kept</p>' });
    const thread = (await call('POST', '/k/v1/space/thread.json', { space, name: 'Second' })).id as string;
    // Guests: one who stays a guest member, one deleted.
    const guest = (g: Who) => ({ code: g.login, password: g.password, name: g.login, timezone: 'UTC' });
    await call('POST', '/k/v1/guests.json', { guests: [guest(GUEST), guest(GONE)] });
    await call('PUT', `/k/guest/${space}/v1/space/guests.json`, { guests: [GUEST.login, GONE.login] });
    expect((await call('DELETE', '/k/v1/guests.json', { guests: [GONE.login] })).status).toBe(200);
    // Plug-ins: three installed (a, b, c), c uninstalled while an app still names it; a and c on the app.
    for (const [i, key] of keys.entries()) {
      const fileKey = await upload(first, pluginPackage({ key, manifest: manifest(`P${i}`, 1) }), 'p.zip');
      expect((await call('POST', '/k/v1/plugin.json', { fileKey })).status).toBe(200);
    }
    const app = (await call('POST', '/k/v1/preview/app.json', { name: 'Uses plug-ins', space, thread }))
      .app as string;
    // The app is in a guest space: its own calls go through the guest path (GAIA_IL23 otherwise).
    const guestApi = `/k/guest/${space}/v1`;
    await call('POST', `${guestApi}/preview/app/plugins.json`, { app, ids: [c, a] });
    const jsKey = await upload(first, script, 'app.js');
    await call('PUT', `${guestApi}/preview/app/customize.json`, {
      app,
      desktop: { js: [{ type: 'FILE', file: { fileKey: jsKey } }] },
    });
    await call('POST', `${guestApi}/preview/app/deploy.json`, { apps: [{ app }] });
    await call('DELETE', '/k/v1/plugin.json', { id: c });
    const live = await call('GET', `${guestApi}/app/customize.json?app=${app}`);
    expect(live.status).toBe(200);
    const attached = live.desktop.js[0].file.fileKey as string;
    await first.close();

    const second = await start();
    const again = client(second);
    try {
      const read = await again('GET', `/k/v1/space.json?id=${space}`);
      expect(read).toMatchObject({
        body: '<p>kept</p>',
        isGuest: true,
        threadIds: [expect.any(String), thread],
      });
      expect((await again('GET', `/k/v1/space/members.json?id=${space}`)).members).toEqual(members);
      // The thread is still there: it can be renamed and commented on; an unknown one cannot.
      expect((await again('PUT', '/k/v1/space/thread.json', { id: thread, name: 'Renamed' })).status).toBe(
        200,
      );
      expect(
        (await again('POST', '/k/v1/space/thread/comment.json', { space, thread, comment: { text: 'hi' } }))
          .status,
      ).toBe(200);
      expect((await again('PUT', '/k/v1/space/thread.json', { id: 9999, name: 'x' })).code).toBe('GAIA_TH01');
      // The guest signs in and reads the guest space; the deleted guest stays refused.
      expect(
        (await again('GET', `/k/guest/${space}/v1/space.json?id=${space}`, undefined, GUEST)).status,
      ).toBe(200);
      expect(await again('GET', '/k/v1/apps.json', undefined, GONE)).toMatchObject({
        status: 401,
        code: 'CB_WA01',
      });
      expect((await again('GET', `/k/v1/space.json?id=${space}`)).memberCount).toBe('3');
      // Plug-ins: the installed ones newest first, the uninstalled one required, the app's list kept.
      const installed = (await again('GET', '/k/v1/plugins.json')).plugins.map((p: { id: string }) => p.id);
      expect(installed).toEqual([b, a]);
      expect((await again('GET', '/k/v1/plugins/required.json')).plugins).toEqual([
        { id: c, name: 'P2', isMarketPlugin: false },
      ]);
      const appPlugins = await again('GET', `/k/guest/${space}/v1/app/plugins.json?app=${app}`);
      expect(appPlugins.plugins.map((p: { id: string }) => p.id)).toEqual([c, a]);
      // The attachment: same bytes, same owner (another app still cannot take its key).
      const download = await downloadFile(second.url, attached, undefined, `/k/guest/${space}/v1`);
      expect([download.status, download.bytes.equals(script)]).toEqual([200, true]);
      const outside = (await again('POST', '/k/v1/preview/app.json', { name: 'Outside' })).app as string;
      const taken = await again('PUT', '/k/v1/preview/app/customize.json', {
        app: outside,
        desktop: { js: [{ type: 'FILE', file: { fileKey: attached } }] },
      });
      expect([taken.status, taken.code]).toEqual([404, 'GAIA_BL01']);
    } finally {
      await second.close();
    }
  });
});
