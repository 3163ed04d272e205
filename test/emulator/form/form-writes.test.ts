import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';

// Deploys take a minute of service time, so PROCESSING is observable; the clock finishes them.
const DEPLOY_MS = 60_000;
const emu = useEmulator({ deployMs: DEPLOY_MS });

const FIELDS = '/k/v1/preview/app/form/fields.json';
const LAYOUT = '/k/v1/preview/app/form/layout.json';
const DEPLOY = '/k/v1/preview/app/deploy.json';

const TITLE = { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title' };

/** A deployed app with one field `title`, at revision 2 with nothing in flight. */
async function appAtRevision2(): Promise<string> {
  const app = (await emu.call('POST', '/k/v1/preview/app.json', { name: 'Form' })).body.app as string;
  expect((await emu.call('POST', FIELDS, { app, properties: { title: TITLE } })).body).toEqual({
    revision: '2',
  });
  await deployAndFinish(app);
  return app;
}

async function deployAndFinish(app: string): Promise<void> {
  expect((await emu.call('POST', DEPLOY, { apps: [{ app }] })).status).toBe(200);
  await emu.call('POST', '/_emulator/clock', { advanceMs: DEPLOY_MS });
}

const draftRevision = async (app: string): Promise<string> =>
  (await emu.call('GET', FIELDS, { app })).body.revision as string;

/** Every write of the form: each one valid against an app made by appAtRevision2. */
const WRITES = [
  [
    'POST fields',
    'POST',
    FIELDS,
    { properties: { added: { type: 'NUMBER', code: 'added', label: 'Added' } } },
  ],
  ['PUT fields', 'PUT', FIELDS, { properties: { title: { label: 'Heading' } } }],
  ['DELETE fields', 'DELETE', FIELDS, { fields: ['title'] }],
  [
    'PUT layout',
    'PUT',
    LAYOUT,
    { layout: [{ type: 'ROW', fields: [{ type: 'SINGLE_LINE_TEXT', code: 'title' }] }] },
  ],
] as const;

describe('form writes: revisions and running deploys', () => {
  it.each(WRITES)('%s refuses a stale revision with 409 GAIA_CO02 and changes nothing', async (...w) => {
    const [, method, path, body] = w;
    const app = await appAtRevision2();
    for (const stale of [1, '1', 3]) {
      const res = await emu.call(method, path, { app, ...body, revision: stale });
      expect([stale, res.status, res.body.code]).toEqual([stale, 409, 'GAIA_CO02']);
    }
    expect(await draftRevision(app)).toBe('2');
  });

  it.each(WRITES)('%s takes the current revision as a number or a string, and -1 skips', async (...w) => {
    const [, method, path, body] = w;
    for (const [given, next] of [
      [2, '3'],
      ['2', '3'],
      [-1, '3'],
      ['-1', '3'],
    ] as const) {
      const app = await appAtRevision2();
      const res = await emu.call(method, path, { app, ...body, revision: given });
      expect([given, res.status, res.body]).toEqual([given, 200, { revision: next }]);
    }
  });

  it.each(WRITES)('%s is refused with 409 GAIA_DE01 while a deploy is PROCESSING', async (...w) => {
    const [, method, path, body] = w;
    const app = await appAtRevision2();
    expect((await emu.call('POST', DEPLOY, { apps: [{ app }] })).status).toBe(200);
    for (const revision of [undefined, -1, 2]) {
      const res = await emu.call(method, path, {
        app,
        ...body,
        ...(revision === undefined ? {} : { revision }),
      });
      expect([revision, res.status, res.body.code]).toEqual([revision, 409, 'GAIA_DE01']);
    }
    expect(await draftRevision(app)).toBe('2');
    await emu.call('POST', '/_emulator/clock', { advanceMs: DEPLOY_MS });
    expect((await emu.call(method, path, { app, ...body })).body).toEqual({ revision: '3' });
  });
});

describe('DELETE fields body', () => {
  it.each([
    ['fields as a single string', { fields: 'title' }, 'fields'],
    ['a field code that is not a string', { fields: [1] }, 'fields[0]'],
    ['an unknown key', { fields: ['title'], force: true }, 'force'],
  ])('refuses %s with 400 CB_VA01 naming it, and deletes nothing', async (_case, body, path) => {
    const app = await appAtRevision2();
    const res = await emu.call('DELETE', FIELDS, { app, ...body });
    expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([400, 'CB_VA01', [path]]);
    expect((await emu.call('GET', FIELDS, { app })).body.properties.title).toBeDefined();
  });

  it('takes a single value from the query string, where one value cannot be written as an array', async () => {
    const app = await appAtRevision2();
    const res = await emu.call('DELETE', `${FIELDS}?app=${app}&fields=title`);
    expect(res.body).toEqual({ revision: '3' });
    expect((await emu.call('GET', FIELDS, { app })).body.properties.title).toBeUndefined();
  });
});
