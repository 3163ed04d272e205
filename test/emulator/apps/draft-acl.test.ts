/**
 * ACLs and admin notes have a draft, as on the hosted platform: the preview paths write it, deploy
 * publishes it, `revert: true` discards it. A PUT on a live ACL (or admin notes) path publishes the
 * whole pending draft at once, which is why the deployer never uses it.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { appRights, appWithFields, addRecords, ok, rec } from '../records/records-helpers.js';

const emu = useEmulator();

// Record ACL entities are USER, GROUP, ORGANIZATION or FIELD_ENTITY (the official client's types).
const CREATED_BY = { type: 'FIELD_ENTITY', code: 'Created_by' };
const USER = { type: 'USER', code: 'admin' };
const APP_FLAGS_OFF = { includeSubs: false, ...appRights(false) };
const RECORD_FLAGS_OFF = { viewable: false, editable: false, deletable: false, includeSubs: false };

/** A draft write and its expected read for each of the four areas, through the preview paths. */
const DRAFT_AREAS = [
  {
    area: 'app ACL',
    path: '/k/v1/preview/app/acl.json',
    live: '/k/v1/app/acl.json',
    body: { rights: [{ entity: USER, appEditable: true, recordViewable: true }] },
    // Every flag left out answers false (kintone "Update App Permissions": omitted is false).
    shows: { rights: [{ ...APP_FLAGS_OFF, entity: USER, appEditable: true, recordViewable: true }] },
  },
  {
    area: 'record ACL',
    path: '/k/v1/preview/record/acl.json',
    live: '/k/v1/record/acl.json',
    body: { rights: [{ filterCond: 'title = "x"', entities: [{ entity: CREATED_BY, viewable: true }] }] },
    shows: {
      rights: [
        {
          filterCond: 'title = "x"',
          entities: [{ ...RECORD_FLAGS_OFF, entity: CREATED_BY, viewable: true }],
        },
      ],
    },
  },
  {
    area: 'field ACL',
    path: '/k/v1/preview/field/acl.json',
    live: '/k/v1/field/acl.json',
    body: { rights: [{ field: 'title', entities: [{ entity: USER, accessibility: 'READ' }] }] },
    // Read back under the spec's name and the hosted platform's.
    shows: {
      rights: [{ field: 'title', entities: [{ entity: USER, accessibility: 'READ', includeSubs: false }] }],
    },
  },
  {
    area: 'admin notes',
    path: '/k/v1/preview/app/adminNotes.json',
    live: '/k/v1/app/adminNotes.json',
    body: { content: '<p>draft</p>', includeInTemplateAndDuplicates: false },
    shows: { content: '<p>draft</p>', includeInTemplateAndDuplicates: false },
  },
];

const titled = () => appWithFields(emu, { title: { type: 'SINGLE_LINE_TEXT' } });

describe.each(DRAFT_AREAS)('draft $area', (row) => {
  it('stays out of live until a deploy publishes it', async () => {
    const app = await titled();
    const liveBefore = (await ok(emu.call('GET', row.live, { app }))) as Record<string, unknown>;
    const write = await emu.call('PUT', row.path, { app, revision: 2, ...row.body });
    expect(write.body).toEqual({ revision: '3' });
    expect(await ok(emu.call('GET', row.path, { app }))).toEqual({ ...row.shows, revision: '3' });
    expect(await ok(emu.call('GET', row.live, { app }))).toEqual(liveBefore);
    expect(await emu.deploy([app])).toEqual({ [app]: 'SUCCESS' });
    expect(await ok(emu.call('GET', row.live, { app }))).toEqual({ ...row.shows, revision: '3' });
  });

  it('is discarded by revert: true', async () => {
    const app = await titled();
    const draftBefore = (await ok(emu.call('GET', row.path, { app }))) as Record<string, unknown>;
    await ok(emu.call('PUT', row.path, { app, ...row.body }));
    await emu.deploy([app], true);
    const after = (await ok(emu.call('GET', row.path, { app }))) as Record<string, unknown>;
    expect({ ...after, revision: null }).toEqual({ ...draftBefore, revision: null });
    expect(await ok(emu.call('GET', row.live, { app }))).toMatchObject({ ...draftBefore, revision: '2' });
  });

  it('is refused while a deploy of the app is PROCESSING, on the preview and the live path', async () => {
    const app = await titled();
    await ok(emu.call('POST', '/_emulator/deploy-outcome', { app, outcome: 'STUCK' }));
    await ok(emu.call('POST', '/k/v1/preview/app/deploy.json', { apps: [{ app }] }));
    for (const path of [row.path, row.live]) {
      const res = await emu.call('PUT', path, { app, ...row.body });
      expect([res.status, res.body.code]).toEqual([409, 'GAIA_DE01']);
    }
  });

  it('checks the revision; -1 skips it', async () => {
    const app = await titled();
    const stale = await emu.call('PUT', row.path, { app, revision: 1, ...row.body });
    expect([stale.status, stale.body.code]).toEqual([409, 'GAIA_CO02']);
    expect((await emu.call('PUT', row.path, { app, revision: -1, ...row.body })).body).toEqual({
      revision: '3',
    });
  });
});

describe('a PUT on a live ACL path', () => {
  it('publishes the pending draft with it: a view change goes live at once', async () => {
    const app = await titled();
    const views = { Pending: { type: 'LIST', index: 0, fields: ['title'], sort: 'title asc' } };
    await ok(emu.call('PUT', '/k/v1/preview/app/views.json', { app, views }));
    expect(Object.keys((await ok(emu.call('GET', '/k/v1/app/views.json', { app }))).views)).toEqual([
      'All records',
    ]);
    const rights = [{ entity: USER, appEditable: true, recordViewable: true }];
    expect((await emu.call('PUT', '/k/v1/app/acl.json', { app, rights })).body).toEqual({ revision: '4' });
    const live = await ok(emu.call('GET', '/k/v1/app/views.json', { app }));
    expect(live.revision).toBe('4');
    expect(live.views).toEqual({
      Pending: expect.objectContaining({ name: 'Pending', fields: ['title'], sort: 'title asc' }),
    });
    expect((await ok(emu.call('GET', '/k/v1/app/acl.json', { app }))).rights).toEqual(
      rights.map((r) => ({ ...APP_FLAGS_OFF, ...r })),
    );
    // Nothing is pending any more: the draft and live copies agree at one revision.
    expect((await ok(emu.call('GET', '/k/v1/preview/app/views.json', { app }))).views).toEqual(live.views);
  });

  it('publishes a pending field deletion too: the values leave the records as on deploy', async () => {
    const app = await appWithFields(emu, {
      title: { type: 'SINGLE_LINE_TEXT' },
      note: { type: 'SINGLE_LINE_TEXT' },
    });
    const [id] = await addRecords(emu, app, [rec({ title: 't', note: 'gone soon' })]);
    await ok(emu.call('DELETE', '/k/v1/preview/app/form/fields.json', { app, fields: ['note'] }));
    expect((await ok(emu.call('GET', '/k/v1/record.json', { app, id }))).record.note.value).toBe('gone soon');
    await ok(emu.call('PUT', '/k/v1/record/acl.json', { app, rights: [] }));
    const record = (await ok(emu.call('GET', '/k/v1/record.json', { app, id }))).record;
    expect(record.note).toBeUndefined();
    expect(record.title.value).toBe('t');
  });

  it('and on the live admin notes path, publishes the draft the same way', async () => {
    const app = await titled();
    await ok(emu.call('PUT', '/k/v1/preview/app/settings.json', { app, name: 'Renamed app' }));
    await ok(emu.call('PUT', '/k/v1/app/adminNotes.json', { app, content: 'now' }));
    expect((await ok(emu.call('GET', '/k/v1/app/settings.json', { app }))).name).toBe('Renamed app');
    expect(await ok(emu.call('GET', '/k/v1/app/adminNotes.json', { app }))).toEqual({
      content: 'now',
      includeInTemplateAndDuplicates: true,
      revision: '4',
    });
  });

  it('is refused, changing nothing, when the pending draft could not go live', async () => {
    const app = await titled();
    await addRecords(emu, app, [rec({ title: 'same' }), rec({ title: 'same' })]);
    await ok(
      emu.call('PUT', '/k/v1/preview/app/form/fields.json', { app, properties: { title: { unique: true } } }),
    );
    const res = await emu.call('PUT', '/k/v1/field/acl.json', { app, rights: [] });
    expect([res.status, res.body.code]).toEqual([409, 'GAIA_DE02']);
    expect(
      (await ok(emu.call('GET', '/k/v1/app/form/fields.json', { app }))).properties.title.unique,
    ).not.toBe(true);
    expect((await ok(emu.call('GET', '/k/v1/preview/field/acl.json', { app }))).revision).toBe('3');
  });
});

describe('field ACL rules', () => {
  it('name their field as the spec does (field) or as the hosted platform does (code), not both differently', async () => {
    const app = await appWithFields(emu, {
      title: { type: 'SINGLE_LINE_TEXT' },
      note: { type: 'SINGLE_LINE_TEXT' },
    });
    const path = '/k/v1/preview/field/acl.json';
    const entities = [{ entity: USER, accessibility: 'NONE' }];
    const clash = await emu.call('PUT', path, { app, rights: [{ field: 'title', code: 'note', entities }] });
    expect([clash.status, Object.keys(clash.body.errors)]).toEqual([400, ['rights[0].code']]);
    const neither = await emu.call('PUT', path, { app, rights: [{ entities }] });
    expect([neither.status, Object.keys(neither.body.errors)]).toEqual([400, ['rights[0].field']]);
    const unknown = await emu.call('PUT', path, { app, rights: [{ code: 'ghost', entities }] });
    expect([unknown.status, Object.keys(unknown.body.errors)]).toEqual([400, ['rights[0].code']]);
    await ok(emu.call('PUT', path, { app, rights: [{ code: 'note', entities }] }));
    // Answered in the caller's dialect: this one used the spec's header names (dialect.test.ts
    // has the hosted platform's).
    expect((await ok(emu.call('GET', path, { app }))).rights).toEqual([
      { field: 'note', entities: entities.map((e) => ({ ...e, includeSubs: false })) },
    ]);
  });
});
