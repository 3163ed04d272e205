import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { uploadKey } from '../files/file-upload.js';
import { AREAS } from './settings-cases.js';

const emu = useEmulator();

describe.each(AREAS)('settings area: $area', (row) => {
  it('keeps draft and live apart: writes land where the spec puts them, deploy makes live equal draft', async () => {
    const app = await emu.deployedApp();
    const liveBefore = await emu.call('GET', row.live, { app });
    expect(liveBefore.status).toBe(200);
    expect(liveBefore.body.revision).toBe('1');

    const write = await emu.call('PUT', row.write, { app, ...row.valid(app) });
    expect(write.status).toBe(200);
    expect(write.body.revision).toBe('2');

    const live = await emu.call('GET', row.live, { app });
    const draft = await emu.call('GET', row.draft, { app });
    if (row.writes === 'draft') {
      expect(live.body).toEqual(liveBefore.body);
      expect(draft.body).toMatchObject({ ...row.shows, revision: '2' });
      expect(await emu.deploy([app])).toEqual({ [app]: 'SUCCESS' });
      const deployed = await emu.call('GET', row.live, { app });
      expect(deployed.body).toEqual({ ...draft.body, revision: '2' });
    } else {
      // The live path publishes the draft; nothing else was pending, so both copies show the write.
      expect(live.body).toMatchObject({ ...row.shows, revision: '2' });
      expect(draft.body).toMatchObject({ ...row.shows, revision: '2' });
      // A later deploy does not undo a live-immediate write.
      await emu.deploy([app]);
      expect((await emu.call('GET', row.live, { app })).body).toMatchObject(row.shows);
    }
  });

  it('refuses an invalid body with CB_VA01 naming the parameter path, and changes nothing', async () => {
    const app = await emu.deployedApp();
    const res = await emu.call('PUT', row.write, { app, ...row.invalid });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CB_VA01');
    expect(Object.keys(res.body.errors)).toContain(row.errorPath);
    const after = await emu.call('GET', row.draft, { app });
    expect(after.body.revision).toBe('1');
  });

  it('checks the revision: a stale one is 409 GAIA_CO02, -1 skips the check', async () => {
    const app = await emu.deployedApp();
    const stale = await emu.call('PUT', row.write, { app, revision: 7, ...row.valid(app) });
    expect([stale.status, stale.body.code]).toEqual([409, 'GAIA_CO02']);
    const skip = await emu.call('PUT', row.write, { app, revision: -1, ...row.valid(app) });
    expect(skip.body.revision).toBe('2');
    const exact = await emu.call('PUT', row.write, { app, revision: '2', ...row.valid(app) });
    expect(exact.body.revision).toBe('3');
  });

  it('refuses a write while a deploy of the app is PROCESSING with 409 GAIA_DE01', async () => {
    const app = await emu.deployedApp();
    await emu.call('POST', '/_emulator/deploy-outcome', { app, outcome: 'STUCK' });
    await emu.call('POST', '/k/v1/preview/app/deploy.json', { apps: [{ app }] });
    const res = await emu.call('PUT', row.write, { app, ...row.valid(app) });
    expect([res.status, res.body.code]).toEqual([409, 'GAIA_DE01']);
  });
});

describe('settings details', () => {
  it('answers PUT views with the ids it assigned, keeping the id of a view whose name stays', async () => {
    const app = await emu.deployedApp();
    const before = await emu.call('GET', '/k/v1/preview/app/views.json', { app });
    const allId = before.body.views['All records'].id;
    const res = await emu.call('PUT', '/k/v1/preview/app/views.json', {
      app,
      views: {
        'All records': { ...before.body.views['All records'], index: 1, id: Number(allId) },
        Calendar: { type: 'CALENDAR', index: 0, date: 'Created_datetime', title: 'Record_number' },
      },
    });
    expect(res.body).toEqual({
      views: { 'All records': { id: allId }, Calendar: { id: expect.stringMatching(/^\d+$/) } },
      revision: '2',
    });
    expect(res.body.views.Calendar.id).not.toBe(allId);
  });

  it.each([
    ['an unknown view type', { Odd: { type: 'GANTT', index: 0 } }, 'views.Odd.type'],
    ['a name other than its key', { A: { type: 'LIST', index: 0, name: 'B' } }, 'views.A.name'],
    [
      'a calendar on a text field',
      { C: { type: 'CALENDAR', index: 0, date: 'Record_number' } },
      'views.C.date',
    ],
    ['a sort on an unknown field', { S: { type: 'LIST', index: 0, sort: 'ghost asc' } }, 'views.S.sort'],
    [
      'a filter whose operator the field type refuses',
      { F: { type: 'LIST', index: 0, filterCond: 'Created_datetime like "2020"' } },
      'views.F.filterCond',
    ],
    [
      'a filter that does not parse',
      { F: { type: 'LIST', index: 0, filterCond: 'Record_number >' } },
      'views.F.filterCond',
    ],
    ['an unknown key', { K: { type: 'LIST', index: 0, colour: 'red' } }, 'views.K.colour'],
  ])('refuses views with %s', async (_case, views, path) => {
    const app = await emu.deployedApp();
    const res = await emu.call('PUT', '/k/v1/preview/app/views.json', { app, views });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual([path]);
  });

  it.each([
    ['name over 64 characters', { name: 'x'.repeat(65) }, 'name'],
    ['blank name', { name: '  ' }, 'name'],
    ['description over 10,000 characters', { description: 'x'.repeat(10_001) }, 'description'],
    ['icon of an unknown kind', { icon: { type: 'EMOJI', key: 'x' } }, 'icon.type'],
    ['unknown setting', { colour: 'red' }, 'colour'],
    ['fiscal month 13', { firstMonthOfFiscalYear: 13 }, 'firstMonthOfFiscalYear'],
  ])('refuses general settings with %s', async (_case, body, path) => {
    const app = await emu.deployedApp();
    const res = await emu.call('PUT', '/k/v1/preview/app/settings.json', { app, ...body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual([path]);
  });

  // The official client's Theme (app/setting.d.ts) lists the classic themes beside the six
  // colours; an app set to one in the platform's screens answers it, and a PUT may set it again.
  it.each(['CLIPBOARD', 'BINDER', 'PENCIL', 'CLIPS'])('takes the classic theme %s', async (theme) => {
    const app = await emu.deployedApp();
    const res = await emu.call('PUT', '/k/v1/preview/app/settings.json', { app, theme });
    expect(res.status).toBe(200);
    expect((await emu.call('GET', '/k/v1/preview/app/settings.json', { app })).body.theme).toBe(theme);
  });

  it('changes only the general settings a PUT names', async () => {
    const app = await emu.deployedApp('Keep me');
    await emu.call('PUT', '/k/v1/preview/app/settings.json', { app, description: 'About' });
    const draft = await emu.call('GET', '/k/v1/preview/app/settings.json', { app });
    expect(draft.body).toMatchObject({
      name: 'Keep me',
      description: 'About',
      theme: 'WHITE',
      enableComments: true,
    });
  });

  it('accepts lang where the spec lists it and refuses an unknown one', async () => {
    const app = await emu.deployedApp();
    expect((await emu.call('GET', '/k/v1/app/views.json', { app, lang: 'ja' })).status).toBe(200);
    const bad = await emu.call('GET', '/k/v1/app/settings.json', { app, lang: 'xx' });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([400, ['lang']]);
  });

  it('shows admin notes, draft and live, to app administrators only', async () => {
    const app = await emu.deployedApp();
    const draft = await emu.call('GET', '/k/v1/preview/app/adminNotes.json', { app });
    expect(draft.body).toEqual({ content: '', includeInTemplateAndDuplicates: true, revision: '1' });
    const token = await emu.call('POST', '/_emulator/tokens', { app, permissions: { view: true } });
    const withToken = (path: string) =>
      emu.call('GET', path, { app }, { user: null, token: token.body.token });
    const res = await withToken('/k/v1/app/adminNotes.json');
    // A token without the manage permission: the hosted platform's token refusal.
    expect([res.status, res.body.code]).toEqual([403, 'GAIA_NO01']);
    const fromDraft = await withToken('/k/v1/preview/app/adminNotes.json');
    expect([fromDraft.status, fromDraft.body.code]).toEqual([403, 'GAIA_NO01']);
  });

  it('answers live reads of a never-deployed app with GAIA_AP01, and live-immediate writes too', async () => {
    const created = await emu.call('POST', '/k/v1/preview/app.json', { name: 'Draft only' });
    const app = created.body.app;
    expect((await emu.call('GET', '/k/v1/preview/app/views.json', { app })).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/k/v1/app/views.json'],
      ['PUT', '/k/v1/app/acl.json'],
    ] as const) {
      const res = await emu.call(method, path, method === 'GET' ? { app } : { app, rights: [] });
      expect([res.status, res.body.code]).toEqual([404, 'GAIA_AP01']);
    }
  });

  it('refuses process actions whose statuses are deleted, and enabling with no status; enabling turns the status fields on', async () => {
    const app = await emu.deployedApp();
    const path = '/k/v1/preview/app/status.json';
    await emu.call('PUT', path, {
      app,
      states: { A: { index: 0 }, B: { index: 1 } },
      actions: [{ name: 'Go', from: 'A', to: 'B' }],
    });
    // Given states are the whole set: B left out is deleted (the hosted platform's documentation).
    const orphan = await emu.call('PUT', path, { app, states: { A: { index: 0 } } });
    expect(Object.keys(orphan.body.errors)).toEqual(['actions[0].to']);
    const status = (await emu.call('GET', '/k/v1/preview/app/form/fields.json', { app })).body.properties
      .Status;
    expect(status.enabled).toBe(false);
    await emu.call('PUT', path, { app, enable: true });
    const enabled = (await emu.call('GET', '/k/v1/preview/app/form/fields.json', { app })).body.properties;
    expect([enabled.Status.enabled, enabled.Assignee.enabled]).toEqual([true, true]);
    const fine = await emu.call('PUT', path, { app, states: { A: { index: 0 } }, actions: [] });
    expect(fine.status).toBe(200);
    expect(Object.keys((await emu.call('GET', path, { app })).body.states)).toEqual(['A']);
    const fresh = await emu.deployedApp('Fresh');
    const empty = await emu.call('PUT', path, { app: fresh, enable: true, states: {}, actions: [] });
    expect(Object.keys(empty.body.errors)).toEqual(['enable']);
  });

  it('renames a status keyed by its current name; a new status is named by its key', async () => {
    // The hosted platform's documentation: to change a status, key it by its name before the change.
    const app = await emu.deployedApp();
    const path = '/k/v1/preview/app/status.json';
    const renamed = await emu.call('PUT', path, {
      app,
      states: { 'Not started': { name: 'New', index: 0 }, Completed: { name: 'Completed', index: 1 } },
      actions: [{ name: 'Finish', from: 'New', to: 'Completed' }],
    });
    expect(renamed.status).toBe(200);
    expect(Object.keys((await emu.call('GET', path, { app })).body.states).sort()).toEqual([
      'Completed',
      'New',
    ]);
    const stranger = await emu.call('PUT', path, { app, states: { Ghost: { name: 'Other', index: 0 } } });
    expect([stranger.status, Object.keys(stranger.body.errors)]).toEqual([400, ['states.Ghost.name']]);
  });

  it('attaches uploaded files for the icon and customization; an upload key works once', async () => {
    const app = await emu.deployedApp();
    const icon = await uploadKey(emu.call, Buffer.from('png'), 'icon.png', 'image/png');
    const res = await emu.call('PUT', '/k/v1/preview/app/settings.json', {
      app,
      icon: { type: 'FILE', file: { fileKey: icon } },
    });
    expect(res.status).toBe(200);
    const general = (await emu.call('GET', '/k/v1/preview/app/settings.json', { app })).body;
    expect(general.icon).toEqual({
      type: 'FILE',
      file: { fileKey: expect.any(String), name: 'icon.png', contentType: 'image/png', size: '3' },
    });
    expect(general.icon.file.fileKey).not.toBe(icon);
    const again = await emu.call('PUT', '/k/v1/preview/app/customize.json', {
      app,
      desktop: { js: [{ type: 'FILE', file: { fileKey: icon } }], css: [] },
    });
    expect([again.status, again.body.code, Object.keys(again.body.errors)]).toEqual([
      404,
      'GAIA_BL01',
      ['desktop.js[0].file.fileKey'],
    ]);
    const js = await uploadKey(emu.call, Buffer.from('alert(1)'), 'a.js', 'text/javascript');
    await emu.call('PUT', '/k/v1/preview/app/customize.json', {
      app,
      desktop: {
        js: [
          { type: 'FILE', file: { fileKey: js } },
          { type: 'URL', url: 'https://x/b.js' },
        ],
      },
    });
    const customize = (await emu.call('GET', '/k/v1/preview/app/customize.json', { app })).body;
    expect(customize.desktop.js[0].file).toMatchObject({ name: 'a.js', size: '8' });
    // Writing back what GET answered keeps the attached file.
    const roundTrip = await emu.call('PUT', '/k/v1/preview/app/customize.json', {
      app,
      desktop: customize.desktop,
    });
    expect(roundTrip.status).toBe(200);
  });
});
