import { describe, expect, it } from 'vitest';
import { useEmulator } from './harness.js';
import { uploadKey } from './file-upload.js';

const emu = useEmulator();

interface AreaCase {
  area: string;
  live: string;
  draft: string | null;
  write: string;
  writes: 'draft' | 'live';
  valid: (app: string) => Record<string, unknown>;
  /** What a read shows after the valid write (a subset). */
  shows: Record<string, unknown>;
  invalid: Record<string, unknown>;
  errorPath: string;
}

const EVERYONE = { type: 'GROUP', code: 'everyone' };

/** One row per area of the spec's App settings table: a valid body, what it shows, an invalid body and its error path. */
const AREAS: AreaCase[] = [
  {
    area: 'views',
    live: '/k/v1/app/views.json',
    draft: '/k/v1/preview/app/views.json',
    write: '/k/v1/preview/app/views.json',
    writes: 'draft',
    valid: () => ({
      views: { Mine: { type: 'LIST', index: 0, fields: ['Record_number'], sort: 'Record_number asc' } },
    }),
    shows: {
      views: { Mine: expect.objectContaining({ name: 'Mine', index: '0', fields: ['Record_number'] }) },
    },
    invalid: { views: { Mine: { type: 'LIST', index: 0, fields: ['ghost'] } } },
    errorPath: 'views.Mine.fields[0]',
  },
  {
    area: 'general settings',
    live: '/k/v1/app/settings.json',
    draft: '/k/v1/preview/app/settings.json',
    write: '/k/v1/preview/app/settings.json',
    writes: 'draft',
    valid: () => ({ name: 'Renamed', theme: 'RED' }),
    shows: { name: 'Renamed', theme: 'RED', description: '' },
    invalid: { theme: 'PINK' },
    errorPath: 'theme',
  },
  {
    area: 'process management',
    live: '/k/v1/app/status.json',
    draft: '/k/v1/preview/app/status.json',
    write: '/k/v1/preview/app/status.json',
    writes: 'draft',
    valid: () => ({
      enable: true,
      states: { Open: { index: 0 }, Done: { index: 1 } },
      actions: [{ name: 'Finish', from: 'Open', to: 'Done' }],
    }),
    shows: { enable: true, actions: [{ name: 'Finish', from: 'Open', to: 'Done' }] },
    invalid: { states: { Open: { index: 0 } }, actions: [{ name: 'Go', from: 'Nowhere', to: 'Open' }] },
    errorPath: 'actions[0].from',
  },
  {
    area: 'customization',
    live: '/k/v1/app/customize.json',
    draft: '/k/v1/preview/app/customize.json',
    write: '/k/v1/preview/app/customize.json',
    writes: 'draft',
    valid: () => ({
      scope: 'ADMIN',
      desktop: { js: [{ type: 'URL', url: 'https://example.com/a.js' }], css: [] },
    }),
    shows: { scope: 'ADMIN', desktop: { js: [{ type: 'URL', url: 'https://example.com/a.js' }], css: [] } },
    invalid: { desktop: { js: [{ type: 'URL' }] } },
    errorPath: 'desktop.js[0].url',
  },
  {
    area: 'app ACL',
    live: '/k/v1/app/acl.json',
    draft: '/k/v1/preview/app/acl.json',
    write: '/k/v1/app/acl.json',
    writes: 'live',
    valid: () => ({ rights: [{ entity: { type: 'CREATOR' }, appEditable: true, recordViewable: true }] }),
    shows: { rights: [{ entity: { type: 'CREATOR' }, appEditable: true, recordViewable: true }] },
    invalid: {
      rights: [{ entity: EVERYONE }, { entity: EVERYONE }, { entity: { type: 'ROBOT', code: 'r2' } }],
    },
    errorPath: 'rights[2].entity.type',
  },
  {
    area: 'record ACL',
    live: '/k/v1/record/acl.json',
    draft: '/k/v1/preview/record/acl.json',
    write: '/k/v1/record/acl.json',
    writes: 'live',
    valid: () => ({
      rights: [{ filterCond: 'Record_number > 10', entities: [{ entity: EVERYONE, viewable: true }] }],
    }),
    shows: {
      rights: [{ filterCond: 'Record_number > 10', entities: [{ entity: EVERYONE, viewable: true }] }],
    },
    invalid: { rights: [{ filterCond: 'ghost = "1"', entities: [] }] },
    errorPath: 'rights[0].filterCond',
  },
  {
    area: 'field ACL',
    live: '/k/v1/field/acl.json',
    draft: '/k/v1/preview/field/acl.json',
    write: '/k/v1/field/acl.json',
    writes: 'live',
    valid: () => ({
      rights: [
        {
          field: 'Record_number',
          entities: [{ entity: { type: 'FIELD_ENTITY', code: 'Created_by' }, accessibility: 'READ' }],
        },
      ],
    }),
    shows: { rights: [expect.objectContaining({ field: 'Record_number' })] },
    invalid: { rights: [{ field: 'ghost', entities: [] }] },
    errorPath: 'rights[0].field',
  },
  {
    area: 'general notifications',
    live: '/k/v1/app/notifications/general.json',
    draft: '/k/v1/preview/app/notifications/general.json',
    write: '/k/v1/preview/app/notifications/general.json',
    writes: 'draft',
    valid: () => ({ notifications: [{ entity: EVERYONE, recordAdded: true }], notifyToCommenter: false }),
    shows: { notifications: [{ entity: EVERYONE, recordAdded: true }], notifyToCommenter: false },
    invalid: { notifications: [{ entity: { type: 'FIELD_ENTITY', code: 'Record_number' } }] },
    errorPath: 'notifications[0].entity.code',
  },
  {
    area: 'per-record notifications',
    live: '/k/v1/app/notifications/perRecord.json',
    draft: '/k/v1/preview/app/notifications/perRecord.json',
    write: '/k/v1/preview/app/notifications/perRecord.json',
    writes: 'draft',
    valid: () => ({
      notifications: [{ filterCond: '', title: 'Hi', targets: [{ entity: { type: 'CREATOR' } }] }],
    }),
    shows: { notifications: [{ filterCond: '', title: 'Hi', targets: [{ entity: { type: 'CREATOR' } }] }] },
    invalid: { notifications: [{ title: 'x', targets: [], colour: 'red' }] },
    errorPath: 'notifications[0].colour',
  },
  {
    area: 'reminder notifications',
    live: '/k/v1/app/notifications/reminder.json',
    draft: '/k/v1/preview/app/notifications/reminder.json',
    write: '/k/v1/preview/app/notifications/reminder.json',
    writes: 'draft',
    valid: () => ({
      notifications: [
        { timing: { code: 'Created_datetime', daysLater: -1, time: '09:00' }, title: 'R', targets: [] },
      ],
      timezone: 'Asia/Tokyo',
    }),
    shows: { timezone: 'Asia/Tokyo', notifications: [expect.objectContaining({ title: 'R' })] },
    invalid: { notifications: [{ timing: { code: 'Record_number', daysLater: 1 }, targets: [] }] },
    errorPath: 'notifications[0].timing.code',
  },
  {
    area: 'graphs',
    live: '/k/v1/app/reports.json',
    draft: '/k/v1/preview/app/reports.json',
    write: '/k/v1/preview/app/reports.json',
    writes: 'draft',
    valid: () => ({
      reports: {
        ByMonth: {
          chartType: 'BAR',
          index: 0,
          groups: [{ code: 'Created_datetime', per: 'MONTH' }],
          aggregations: [{ type: 'COUNT' }],
        },
      },
    }),
    shows: {
      reports: { ByMonth: expect.objectContaining({ name: 'ByMonth', chartType: 'BAR', index: '0' }) },
    },
    invalid: { reports: { ByMonth: { chartType: 'BAR', index: 0, groups: [{ code: 'ghost' }] } } },
    errorPath: 'reports.ByMonth.groups[0].code',
  },
  {
    area: 'copy actions',
    live: '/k/v1/app/actions.json',
    draft: '/k/v1/preview/app/actions.json',
    write: '/k/v1/preview/app/actions.json',
    writes: 'draft',
    valid: (app) => ({
      actions: {
        Copy: {
          index: 0,
          destApp: { app },
          mappings: [{ srcType: 'FIELD', srcField: 'Record_number', destField: 'Record_number' }],
          entities: [EVERYONE],
        },
      },
    }),
    shows: { actions: { Copy: expect.objectContaining({ name: 'Copy', entities: [EVERYONE] }) } },
    invalid: {
      actions: {
        Copy: {
          index: 0,
          destApp: { app: 1 },
          mappings: [{ srcType: 'FIELD', srcField: 'Record_number', destField: 'ghost' }],
        },
      },
    },
    errorPath: 'actions.Copy.mappings[0].destField',
  },
  {
    area: 'admin notes',
    live: '/k/v1/app/adminNotes.json',
    draft: null,
    write: '/k/v1/app/adminNotes.json',
    writes: 'live',
    valid: () => ({ content: '<b>hello</b>' }),
    shows: { content: '<b>hello</b>' },
    invalid: { content: 'x'.repeat(10_001) },
    errorPath: 'content',
  },
];

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
    const draft = row.draft ? await emu.call('GET', row.draft, { app }) : null;
    if (row.writes === 'draft') {
      expect(live.body).toEqual(liveBefore.body);
      expect(draft!.body).toMatchObject({ ...row.shows, revision: '2' });
      expect(await emu.deploy([app])).toEqual({ [app]: 'SUCCESS' });
      const deployed = await emu.call('GET', row.live, { app });
      expect(deployed.body).toEqual({ ...draft!.body, revision: '2' });
    } else {
      // Nothing was pending, so live and draft stay at one revision.
      expect(live.body).toMatchObject({ ...row.shows, revision: '2' });
      if (draft) expect(draft.body).toMatchObject({ ...row.shows, revision: '2' });
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
    const after = await emu.call('GET', row.draft ?? row.live, { app });
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
        'All records': { ...before.body.views['All records'], index: 1 },
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

  it('has no draft GET for admin notes, and shows them to app administrators only', async () => {
    const app = await emu.deployedApp();
    const draft = await emu.call('GET', '/k/v1/preview/app/adminNotes.json', { app });
    expect([draft.status, draft.body.code]).toEqual([404, 'CB_NF01']);
    const token = await emu.call('POST', '/_emulator/tokens', { app, permissions: { view: true } });
    const res = await emu.call(
      'GET',
      '/k/v1/app/adminNotes.json',
      { app },
      { user: null, token: token.body.token },
    );
    expect([res.status, res.body.code]).toEqual([403, 'CB_NO02']);
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

  it('refuses process actions whose statuses are deleted, and enabling with no status', async () => {
    const app = await emu.deployedApp();
    const path = '/k/v1/preview/app/status.json';
    await emu.call('PUT', path, {
      app,
      states: { A: { index: 0 }, B: { index: 1 } },
      actions: [{ name: 'Go', from: 'A', to: 'B' }],
    });
    const orphan = await emu.call('PUT', path, { app, states: { B: null } });
    expect(Object.keys(orphan.body.errors)).toEqual(['actions[0].to']);
    const fine = await emu.call('PUT', path, { app, states: { B: null }, actions: [] });
    expect(fine.status).toBe(200);
    expect(Object.keys((await emu.call('GET', path, { app })).body.states)).toEqual(['A']);
    const fresh = await emu.deployedApp('Fresh');
    const empty = await emu.call('PUT', path, { app: fresh, enable: true });
    expect(Object.keys(empty.body.errors)).toEqual(['enable']);
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

  it('writes live-immediate areas to live without carrying pending draft changes along', async () => {
    const app = await emu.deployedApp('Live name');
    await emu.call('PUT', '/k/v1/preview/app/settings.json', { app, name: 'Pending name' });
    const acl = await emu.call('PUT', '/k/v1/app/acl.json', {
      app,
      rights: [{ entity: EVERYONE, recordViewable: true }],
    });
    expect(acl.body).toEqual({ revision: '3' });
    expect((await emu.call('GET', '/k/v1/app/settings.json', { app })).body.name).toBe('Live name');
    expect((await emu.call('GET', '/k/v1/app/acl.json', { app })).body.rights).toHaveLength(1);
    expect((await emu.call('GET', '/k/v1/preview/app/acl.json', { app })).body.rights).toHaveLength(1);
  });

  it.each([
    ['/k/v1/preview/app/views.json', { views: [] }, 'views'],
    ['/k/v1/preview/app/settings.json', { name: 5 }, 'name'],
    ['/k/v1/preview/app/status.json', { states: 'x', enable: 'yes' }, 'states'],
    ['/k/v1/preview/app/customize.json', { desktop: null }, 'desktop'],
    ['/k/v1/app/acl.json', { rights: {} }, 'rights'],
    ['/k/v1/record/acl.json', {}, 'rights'],
    ['/k/v1/field/acl.json', { rights: [1] }, 'rights[0]'],
    ['/k/v1/preview/app/notifications/general.json', { notifications: [null] }, 'notifications[0]'],
    ['/k/v1/preview/app/notifications/perRecord.json', { notifications: 'x' }, 'notifications'],
    ['/k/v1/preview/app/notifications/reminder.json', { timezone: [] }, 'timezone'],
    ['/k/v1/preview/app/reports.json', { reports: { R: 'x' } }, 'reports.R'],
    [
      '/k/v1/preview/app/actions.json',
      { actions: { A: { index: 'first', destApp: {} } } },
      'actions.A.index',
    ],
    ['/k/v1/app/adminNotes.json', { content: {} }, 'content'],
  ])(
    'answers a body of the wrong types on %s with 400 naming %s (never a 500)',
    async (path, body, param) => {
      const app = await emu.deployedApp();
      const res = await emu.call('PUT', path, { app, ...body });
      expect([res.status, res.body.code]).toEqual([400, 'CB_VA01']);
      expect(Object.keys(res.body.errors)).toContain(param);
    },
  );

  const USER_FIELD = { type: 'FIELD_ENTITY', code: 'Created_by' };
  const TEXT_FIELD = { type: 'FIELD_ENTITY', code: 'Record_number' };
  it.each([
    [
      'process assignee FIELD_ENTITY on a non-user field',
      '/k/v1/preview/app/status.json',
      { states: { A: { index: 0, assignee: { type: 'ONE', entities: [{ entity: TEXT_FIELD }] } } } },
      'states.A.assignee.entities[0].entity.code',
    ],
    [
      'process action filter on an unknown field',
      '/k/v1/preview/app/status.json',
      {
        states: { A: { index: 0 } },
        actions: [{ name: 'x', from: 'A', to: 'A', filterCond: 'ghost = "1"' }],
      },
      'actions[0].filterCond',
    ],
    [
      'calendar title on an unknown field',
      '/k/v1/preview/app/views.json',
      { views: { C: { type: 'CALENDAR', index: 0, date: 'Created_datetime', title: 'ghost' } } },
      'views.C.title',
    ],
    [
      'field ACL entity FIELD_ENTITY on a non-user field',
      '/k/v1/field/acl.json',
      { rights: [{ field: 'Record_number', entities: [{ entity: TEXT_FIELD, accessibility: 'NONE' }] }] },
      'rights[0].entities[0].entity.code',
    ],
    [
      'field ACL accessibility outside READ, WRITE, NONE',
      '/k/v1/field/acl.json',
      { rights: [{ field: 'Record_number', entities: [{ entity: USER_FIELD, accessibility: 'ALL' }] }] },
      'rights[0].entities[0].accessibility',
    ],
    [
      'graph aggregation on an unknown field',
      '/k/v1/preview/app/reports.json',
      { reports: { R: { chartType: 'PIE', index: 0, aggregations: [{ type: 'SUM', code: 'ghost' }] } } },
      'reports.R.aggregations[0].code',
    ],
    [
      'graph chart type outside the list',
      '/k/v1/preview/app/reports.json',
      { reports: { R: { chartType: 'RADAR', index: 0 } } },
      'reports.R.chartType',
    ],
    [
      'copy action source on an unknown field',
      '/k/v1/preview/app/actions.json',
      {
        actions: {
          A: {
            index: 0,
            destApp: { app: 1 },
            mappings: [{ srcType: 'FIELD', srcField: 'ghost', destField: 'Record_number' }],
          },
        },
      },
      'actions.A.mappings[0].srcField',
    ],
    [
      'a reminder time that is not HH:MM',
      '/k/v1/preview/app/notifications/reminder.json',
      { notifications: [{ timing: { code: 'Created_datetime', time: '9 am' }, targets: [] }] },
      'notifications[0].timing.time',
    ],
    [
      'a per-record notification filter on an unknown field',
      '/k/v1/preview/app/notifications/perRecord.json',
      { notifications: [{ filterCond: 'ghost > 1', targets: [] }] },
      'notifications[0].filterCond',
    ],
  ])('refuses %s', async (_case, path, body, param) => {
    const app = await emu.deployedApp();
    const res = await emu.call('PUT', path, { app, ...body });
    expect([res.status, res.body.code]).toEqual([400, 'CB_VA01']);
    expect(Object.keys(res.body.errors)).toEqual([param]);
  });
});
