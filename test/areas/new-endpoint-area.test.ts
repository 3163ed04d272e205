/**
 * The proof that a settings area with an endpoint of its own is a catalogue entry plus an area
 * (docs/architecture.md, "Adding a settings area"): a hypothetical endpoint, `app/memo.json`,
 * defined here alone (its entry, the local service's rules for it, the area, the area's manifest
 * schema), is served by the real local service, planned, applied through the draft and a deploy,
 * exported, checked by validate and located by `plan --check`. No file of src/ knows it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, areaTable } from '../../src/areas/index.js';
import { checkPlan } from '../../src/check/index.js';
import type { AddedSettingsEndpoint } from '../../src/emulator/index.js';
import { str } from '../../src/emulator/validate/shape.js';
import { plan, type Plan } from '../../src/plan/index.js';
import {
  SETTINGS_CATALOGUE,
  settingsCatalogue,
  settingsEndpointAt,
  type SettingsEndpoint,
} from '../../src/platform/index.js';
import { validateProject } from '../../src/project/index.js';
import { ADMIN, passwordHeader } from '../support/users.js';
import { memoArea, useMemoProjects } from './memo-project.js';

// ---- 1. Its catalogue entry: what platform/settings-catalogue.ts would list. ----

const MEMO: SettingsEndpoint<'memo'> = {
  key: 'memo',
  endpoint: 'app/memo.json',
  manifest: ['memo'],
  bodyKey: 'memo',
  livePutPublishes: false,
  token: 'every',
};
// An endpoint no token may call, served beside it, for the token rule's other side.
const LOCKED: SettingsEndpoint<'locked'> = {
  ...MEMO,
  key: 'locked',
  endpoint: 'app/locked.json',
  token: 'none',
};
const CATALOGUE = settingsCatalogue([...SETTINGS_CATALOGUE, MEMO, LOCKED]);

// ---- 2. The local service's rules: what emulator/handlers/settings/areas.ts would hold. ----

const MEMO_LENGTH = 200;
const SERVED: AddedSettingsEndpoint[] = [
  { entry: MEMO, initial: { memo: '' }, body: { memo: str({ max: MEMO_LENGTH }) }, required: ['memo'] },
  { entry: LOCKED, initial: { memo: '' }, body: { memo: str() } },
];

// ---- 3. The area: what src/areas/memo.ts would hold (and its line in AREAS). ----

// Its manifest type and the rest of the area (memo-project.ts) are those of any area over one text.
const memo = memoArea({
  read: async ({ client, app, copy }) => {
    const { memo, revision } = await client.settings.read<{ memo: string }>(MEMO, { app, copy });
    return { value: memo, revision };
  },
  writeDraft: async ({ client, app }, memo, revision) =>
    (await client.settings.write(MEMO, { app, copy: 'draft', revision, memo })).revision,
});
const TABLE = areaTable([...AREAS, memo]);

// ---- 4. Its manifest schema: what it would add to schema/app.schema.json's `properties`. ----

const MANIFEST_PROPERTIES = {
  memo: {
    type: 'string',
    maxLength: MEMO_LENGTH,
    description: 'A note for the app administrators (at most 200 characters).',
  },
};

// ---- The service, the projects, and the calls the tests make. ----

const { service, requests, project, validate, load, applyAll, changedAreas, expectExportedBack } =
  useMemoProjects({ table: TABLE, manifestProperties: MANIFEST_PROPERTIES, emulator: { endpoints: SERVED } });

/** One raw call: its status and JSON answer. */
async function call(
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = passwordHeader(ADMIN),
): Promise<{ status: number; body: Record<string, any> }> {
  const query =
    method === 'GET'
      ? `?${new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
      : '';
  const res = await fetch(`${service.url}${path}${query}`, {
    method,
    headers: { ...headers, ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }) },
    ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function newApp(name: string): Promise<string> {
  return (await service.client.apps.addApp({ name })).app;
}

async function deploy(app: string): Promise<void> {
  await service.client.apps.deploy({ apps: [{ app }] });
  await service.client.apps.waitForDeploy([app], { initialIntervalMs: 10, maxIntervalMs: 50 });
}

const MEMO_PATHS = { live: '/k/v1/app/memo.json', draft: '/k/v1/preview/app/memo.json' };

describe('a settings endpoint added in a test: the local service serves it from its entry', () => {
  it('answers a new app with its initial content, raises the revision on a draft write, publishes it on deploy and takes it back on revert', async () => {
    const app = await newApp('Served');
    const first = await call('GET', MEMO_PATHS.draft, { app });
    expect(first).toEqual({ status: 200, body: { memo: '', revision: expect.any(String) } });
    const put = await call('PUT', MEMO_PATHS.draft, {
      app,
      memo: 'Ring twice.',
      revision: first.body.revision,
    });
    expect(put).toEqual({ status: 200, body: { revision: String(Number(first.body.revision) + 1) } });
    expect((await call('GET', MEMO_PATHS.draft, { app })).body).toEqual({
      memo: 'Ring twice.',
      revision: put.body.revision,
    });
    // An app is deployed once before its live copy can be read, as for every area.
    await deploy(app);
    expect((await call('GET', MEMO_PATHS.live, { app })).body).toEqual({
      memo: 'Ring twice.',
      revision: put.body.revision,
    });
    // A draft write leaves the live copy as it was until the next deploy.
    await call('PUT', MEMO_PATHS.draft, { app, memo: 'Ring three times.' });
    expect((await call('GET', MEMO_PATHS.live, { app })).body.memo).toBe('Ring twice.');
    await deploy(app);
    expect((await call('GET', MEMO_PATHS.live, { app })).body.memo).toBe('Ring three times.');
    // Reverting the draft brings the live content back into it.
    await call('PUT', MEMO_PATHS.draft, { app, memo: 'Knock.' });
    await service.client.apps.deploy({ apps: [{ app }], revert: true });
    expect((await call('GET', MEMO_PATHS.draft, { app })).body.memo).toBe('Ring three times.');
    // A revision that is not the app's is refused, as for every settings write.
    const stale = await call('PUT', MEMO_PATHS.draft, { app, memo: 'x', revision: first.body.revision });
    expect(stale.body.code).toBe(
      (
        await call('PUT', '/k/v1/preview/app/adminNotes.json', {
          app,
          content: 'x',
          revision: first.body.revision,
        })
      ).body.code,
    );
  });

  // Each refusal is the answer the platform's own endpoints give the same call.
  it.each([
    [
      'an unknown app, read',
      'GET',
      MEMO_PATHS.live,
      { app: '9999' },
      'GET',
      '/k/v1/app/adminNotes.json',
      { app: '9999' },
    ],
    [
      'an unknown app, written',
      'PUT',
      MEMO_PATHS.draft,
      { app: '9999', memo: 'x' },
      'PUT',
      '/k/v1/preview/app/adminNotes.json',
      { app: '9999', content: 'x' },
    ],
    // Update Views takes no live PUT either (the catalogue's livePutPublishes: false).
    [
      'a live PUT where the entry takes none',
      'PUT',
      MEMO_PATHS.live,
      { app: 'APP', memo: 'x' },
      'PUT',
      '/k/v1/app/views.json',
      { app: 'APP', views: {} },
    ],
  ] as const)(
    'refuses %s as the platform endpoints do',
    async (_name, method, path, body, refMethod, refPath, refBody) => {
      const app = await newApp('Refusals');
      const fill = (b: Record<string, unknown>) => ({ ...b, app: b.app === 'APP' ? app : b.app });
      const answer = await call(method, path, fill(body));
      const reference = await call(refMethod, refPath, fill(refBody));
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect([answer.status, answer.body.code]).toEqual([reference.status, reference.body.code]);
    },
  );

  it.each([
    [
      'too long a memo',
      { memo: 'x'.repeat(MEMO_LENGTH + 1) },
      { memo: `Enter ${MEMO_LENGTH} characters or fewer.` },
    ],
    ['a memo that is not text', { memo: 5 }, { memo: 'Enter a string.' }],
    ['a key the endpoint does not take', { memo: 'x', pinned: true }, { pinned: 'Unknown property.' }],
    ['no memo', {}, { memo: 'Required field.' }],
  ])('refuses a body with %s by its rules, 400 CB_VA01 naming the key', async (_name, given, messages) => {
    const app = await newApp('Bodies');
    const before = (await call('GET', MEMO_PATHS.draft, { app })).body.revision;
    const answer = await call('PUT', MEMO_PATHS.draft, { app, ...given });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('CB_VA01');
    expect(answer.body.errors).toEqual(
      Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, { messages: [text] }])),
    );
    expect((await call('GET', MEMO_PATHS.draft, { app })).body.revision).toBe(before);
  });

  it("applies the entry's token rule: `every` lets a managing token read and write, `none` refuses it 403 GAIA_NO01", async () => {
    const app = await newApp('Tokens');
    const { token } = (await service.control('POST', '/_emulator/tokens', {
      app,
      permissions: { manage: true },
    })) as {
      token: string;
    };
    const asToken = { 'X-Cybozu-API-Token': token };
    expect((await call('PUT', MEMO_PATHS.draft, { app, memo: 'From a token.' }, asToken)).status).toBe(200);
    expect((await call('GET', MEMO_PATHS.draft, { app }, asToken)).body.memo).toBe('From a token.');
    for (const [method, path] of [
      ['GET', '/k/v1/preview/app/locked.json'],
      ['PUT', '/k/v1/preview/app/locked.json'],
    ] as const) {
      const refused = await call(method, path, method === 'GET' ? { app } : { app, memo: 'x' }, asToken);
      expect([refused.status, refused.body.code]).toEqual([403, 'GAIA_NO01']);
      // The same call as a user is served.
      expect((await call(method, path, method === 'GET' ? { app } : { app, memo: 'x' })).status).toBe(200);
    }
  });
});

describe('an area over the added endpoint, in test code alone', () => {
  let root = '';

  it.each([
    [42, '2:7 memo: must be text, not a whole number'],
    ['x'.repeat(MEMO_LENGTH + 1), `2:7 memo: must have at most ${MEMO_LENGTH} characters`],
  ])('validate refuses memo %j at its file, line and column', async (memo, expected) => {
    const result = await validate(await project(memo));
    expect(result.project).toBeNull();
    expect(result.problems.map((p) => `${p.line}:${p.col} ${p.message}`)).toEqual([expected]);
    expect(result.problems[0]!.file).toBe(join('apps', 'desk.yaml'));
  });

  it('creates an app with its part, written through the draft and deployed, and a fresh plan is empty', async () => {
    root = await project('Call the supplier before closing a ticket.');
    requests.length = 0;
    const { steps } = await applyAll(await load(root));
    expect(steps).toContain('memo: change');
    expect(requests).toContain(`PUT ${MEMO_PATHS.draft}`);
    expect(requests).not.toContain(`PUT ${MEMO_PATHS.live}`);
    expect(requests).toContain('POST /k/v1/preview/app/deploy.json');
    const desk = await load(root);
    const id = desk.apps[0]!.id!;
    const live = await service.client.settings.read<{ memo: string }>(MEMO, { app: id, copy: 'live' });
    expect(live.memo).toBe('Call the supplier before closing a ticket.');
    expect(await changedAreas(desk)).toEqual([]);
  });

  it('plans a change as a change of the area, applies it, and plans nothing more', async () => {
    const manifest = join(root, 'apps/desk.yaml');
    await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('closing', 'reopening'));
    const desk = await load(root);
    const thePlan = await plan({ project: desk, client: service.client, areas: TABLE });
    expect(thePlan.apps[0]!.areas.filter((a) => a.action !== 'no-op')).toEqual([
      expect.objectContaining({
        key: 'memo',
        changes: [
          expect.objectContaining({
            action: 'change',
            before: 'Call the supplier before closing a ticket.',
            after: 'Call the supplier before reopening a ticket.',
          }),
        ],
      }),
    ]);
    const { steps } = await applyAll(desk);
    expect(steps).toEqual(['memo: change']);
    const live = await service.client.settings.read<{ memo: string }>(MEMO, {
      app: desk.apps[0]!.id!,
      copy: 'live',
    });
    expect(live.memo).toBe('Call the supplier before reopening a ticket.');
    expect(await changedAreas(desk)).toEqual([]);
  });

  it('plan --check passes a good plan, and locates a value the service refuses at its manifest place', async () => {
    const manifest = join(root, 'apps/desk.yaml');
    await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('reopening', 'escalating'));
    const desk = await load(root);
    const id = desk.apps[0]!.id!;
    const good = await plan({ project: desk, client: service.client, areas: TABLE });
    const check = (p: Plan) =>
      checkPlan({ plan: p, project: desk, client: service.client, areas: TABLE, endpoints: SERVED });
    expect(await check(good)).toMatchObject({ outcome: 'passed', apps: 1, deployCalls: 1 });
    // A saved plan whose memo is longer than the service takes (validate refuses such a manifest,
    // so the plan is edited, as a saved plan could be): the shadow refuses its write.
    const tooLong = 'x'.repeat(MEMO_LENGTH + 1);
    const edited: Plan = {
      ...good,
      apps: good.apps.map((app) => ({
        ...app,
        areas: app.areas.map((area) => (area.key === 'memo' ? { ...area, after: tooLong } : area)),
      })),
    };
    const failed = await check(edited);
    const at = desk.apps[0]!.source.locate(['memo']);
    expect(failed).toMatchObject({
      outcome: 'failed',
      failure: {
        app: 'desk',
        area: 'memo',
        request: `PUT ${MEMO_PATHS.draft}`,
        code: 'CB_VA01',
        location: `${at.file}:${at.line}:${at.col}`,
      },
    });
    expect([at.line, at.col]).toEqual([2, 7]);
    // The target was only read: its memo is what the last apply wrote, in both copies.
    for (const copy of ['draft', 'live'] as const)
      expect((await service.client.settings.read<{ memo: string }>(MEMO, { app: id, copy })).memo).toBe(
        'Call the supplier before reopening a ticket.',
      );
    await applyAll(desk);
  });

  it('is exported back into the manifest, and the manifest then plans no change', async () => {
    const desk = await load(root);
    const id = desk.apps[0]!.id!;
    // Someone edits the memo on the service and deploys it.
    await service.client.settings.write(MEMO, { app: id, copy: 'draft', memo: 'Escalate after two days.' });
    await deploy(id);
    await expectExportedBack(root, id, 'Escalate after two days.');
  });

  it('the client refuses a live write where the entry takes no live PUT, before any request', async () => {
    const app = await newApp('Live write');
    requests.length = 0;
    await expect(service.client.settings.write(MEMO, { app, copy: 'live', memo: 'x' })).rejects.toThrow(
      /written to the draft only/,
    );
    expect(requests).toEqual([]);
  });

  it('validate refuses a manifest property the app schema has already, naming it', async () => {
    const root = await project('x');
    await expect(
      validateProject({
        cwd: root,
        dir: root,
        variables: {},
        manifestProperties: { views: { type: 'string' } },
      }),
    ).rejects.toThrow(/already has the property views/);
  });

  it('the catalogue with the entry locates its paths, and refuses an entry whose key or endpoint is taken', () => {
    expect(settingsEndpointAt('preview/app/memo.json', CATALOGUE)).toBe(MEMO);
    expect(settingsEndpointAt('app/memo.json')).toBeUndefined();
    expect(() => settingsCatalogue([...SETTINGS_CATALOGUE, { ...MEMO, key: 'views' }])).toThrow(
      /key views .* twice/,
    );
    expect(() => settingsCatalogue([...CATALOGUE, { ...MEMO, key: 'memo2' }])).toThrow(
      /app\/memo\.json .* twice/,
    );
    expect(() => settingsCatalogue([{ ...MEMO, endpoint: '/k/v1/app/memo.json' }])).toThrow(
      /as 'app\/memo\.json'/,
    );
  });
});
