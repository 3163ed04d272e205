/**
 * The client's `platform` (issue 20, points 1 to 3): which names it speaks where the spec and the
 * hosted platform (kintone) differ. Expectations come from the hosted platform's documentation and
 * its official client: `X-Cybozu-Authorization` / `X-Cybozu-API-Token` ("Authentication"),
 * `POST /k/v1/preview/app/plugins.json` (the official client's `addPlugins`), a field ACL rule's
 * `code` (`FieldRightForParameter`, app/right.d.ts); and from our spec for `service`.
 */
import { describe, expect, it } from 'vitest';
import { ClientOptionsError, createClient, type ClientOptions } from '../../src/client/index.js';
import { platformOfUrl } from '../../src/client/platform.js';
import { testHarness } from './harness.js';

describe('the platform a base URL implies', () => {
  it.each([
    ['https://example.cybozu.com', 'kintone'],
    ['https://EXAMPLE.Cybozu.com/', 'kintone'],
    ['https://example.s.cybozu.com', 'kintone'],
    ['https://example.kintone.com', 'kintone'],
    ['https://example.cybozu.cn', 'kintone'],
    ['https://example.cybozu.com:443/some/prefix', 'kintone'],
    ['https://cybozu.com.example.net', 'service'],
    ['https://notcybozu.com', 'service'],
    ['https://example.com', 'service'],
    ['http://127.0.0.1:8085', 'service'],
    ['http://localhost:8085', 'service'],
  ] as const)('%s: %s', (url, platform) => {
    expect(platformOfUrl(url)).toBe(platform);
    const client = createClient({ baseUrl: url, auth: { apiToken: 't' } });
    expect(client.platform).toBe(platform);
    void client.close();
  });

  it('an explicit platform wins over the domain, both ways', async () => {
    const hosted = createClient({
      baseUrl: 'https://x.cybozu.com',
      auth: { apiToken: 't' },
      platform: 'service',
    });
    const other = createClient({
      baseUrl: 'https://x.example.com',
      auth: { apiToken: 't' },
      platform: 'kintone',
    });
    expect([hosted.platform, other.platform]).toEqual(['service', 'kintone']);
    await Promise.all([hosted.close(), other.close()]);
  });

  it('refuses a platform it does not know, naming the choices', () => {
    const options = { baseUrl: 'https://x.example.com', auth: { apiToken: 't' }, platform: 'cybozu' };
    expect(() => createClient(options as unknown as ClientOptions)).toThrow(
      new ClientOptionsError('platform must be one of kintone, service, got "cybozu"'),
    );
  });
});

const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('authentication header names', () => {
  it.each([
    ['kintone', { login: 'admin', password: 'pw' }, { 'x-cybozu-authorization': base64('admin:pw') }],
    ['kintone', { apiToken: ['t1', 't2'] }, { 'x-cybozu-api-token': 't1,t2' }],
    ['service', { login: 'admin', password: 'pw' }, { 'x-service-authorization': base64('admin:pw') }],
    ['service', { apiToken: 't1' }, { 'x-service-api-token': 't1' }],
  ] as const)('%s with %j', async (platform, auth, expected) => {
    const h = testHarness({ platform, auth });
    h.reply(200, { apps: [] });
    await h.client.apps.getApps();
    const sent = Object.fromEntries(
      Object.entries(h.calls()[0]!.headers).filter(([name]) => /^x-(cybozu|service)-/.test(name)),
    );
    expect(sent).toEqual(expected);
  });
});

describe('adding plug-ins to an app', () => {
  it.each([
    ['kintone', '/k/v1/preview/app/plugins.json'],
    ['service', '/k/v1/app/plugins.json'],
  ] as const)('%s posts to %s', async (platform, path) => {
    const h = testHarness({ platform });
    h.reply(200, { revision: '3' });
    expect(await h.client.appPlugins.addPlugins({ app: 1, ids: ['p'], revision: 2 })).toEqual({
      revision: '3',
    });
    expect(h.calls().map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', path, { app: 1, ids: ['p'], revision: 2 }],
    ]);
  });
});

describe('field ACL rules', () => {
  const entities = [{ entity: { type: 'GROUP' as const, code: 'everyone' }, accessibility: 'READ' as const }];

  it.each([
    ['kintone', { code: 'amount', entities }],
    ['service', { field: 'amount', entities }],
  ] as const)('%s sends the field as %j', async (platform, rule) => {
    const h = testHarness({ platform });
    h.reply(200, { revision: '2' });
    await h.client.settings.updateFieldAcl({
      app: 1,
      copy: 'draft',
      rights: [{ field: 'amount', entities }],
    });
    expect(h.calls()[0]!.body).toEqual({ app: 1, rights: [rule] });
  });

  it.each([
    ['the platform names it code', { code: 'amount', entities }],
    ['the spec names it field', { field: 'amount', entities }],
  ])('reads a rule whichever name the answer uses: %s', async (_case, rule) => {
    const h = testHarness({ platform: 'kintone' });
    h.reply(200, { rights: [rule], revision: '4' });
    expect(await h.client.settings.getFieldAcl({ app: 1, copy: 'live' })).toEqual({
      rights: [{ field: 'amount', entities }],
      revision: '4',
    });
  });
});
