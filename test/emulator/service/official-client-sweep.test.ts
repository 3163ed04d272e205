/**
 * Every method of the hosted platform's official JavaScript client (`@kintone/rest-api-client`)
 * that the local service implements, run against it with realistic parameters (`preview`, `lang`,
 * a guest space, `updateKey`, `revision`, a record value of every field type), each answer checked
 * key by key and kind by kind against the client's own response types (official-answers.ts), and
 * each refusal against the platform's error body, status and code (platform-facts.md,
 * platform-facts-verified.md, the kintone REST documentation).
 *
 * Where the local service still answers differently and the evidence is silent or conflicting,
 * the difference is listed in KNOWN with its reason: a new difference fails, and so does a listed
 * one that went away.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { KintoneRestAPIClient } from '@kintone/rest-api-client';
import { useEmulator } from '../harness.js';
import {
  differences,
  errorShapeOf,
  figures,
  refusal,
  refused,
  useOfficialClient,
} from './official-client-kit.js';
import * as answers from './official-answers.js';
import type { Shape } from './official-shapes.js';
import { pluginPackage, manifest, newPluginKey } from '../plugins/plugin-packages.js';
import { recordRights } from '../records/records-helpers.js';
import { TEXT_ANSWERED } from '../form/answered-defaults.js';

const emu = useEmulator();
const kit = useOfficialClient(() => emu.url);

/**
 * Differences left as they are, each with why: a pattern over the differences `checkShape` names.
 * A difference no pattern explains fails its test; a pattern that explains nothing fails the last.
 */
const KNOWN: readonly { readonly pattern: RegExp; readonly why: string }[] = [
  {
    pattern: /^evaluateRecordsAcl: (no key rights|unexpected key evaluate)$/,
    why: 'conflict: the spec (rest-interface.md) answers {evaluate: [{id, viewable, editable, deletable}]}; the official client and the kintone documentation answer {rights: [{id, record, fields}]}. The spec is the contract where it speaks.',
  },
  {
    pattern: /^getFormLayout \(every element\)\.layout\[\d+\]\.fields\[0\]: no key size$/,
    why: 'a layout element written without `size` is answered without one; the official types give every element a size, and no evidence says what the platform fills in',
  },
  {
    pattern: /^getReports \([^)]+\)\.reports\.\w+\.groups\[0\]: no key per$/,
    why: "conflict: the official types make a group's `per` required; the kintone documentation gives `per` only for date and time fields (a text field has none)",
  },
  {
    pattern: /^getViews \([^)]+\)\.views\.(Calendar|Custom): no key sort$/,
    why: "silent: a view written without sort is answered without it; the official types make sort a plain string, and no evidence says what the platform sets for one left out (the new app's view sorts by record number, desc)",
  },
];
const explained = new Set<RegExp>();

/** Checks an answer against its shape: it differs from the platform's only where KNOWN says. */
function expectShape(method: string, answer: unknown, shape: Shape): void {
  const unexplained = differences(method, answer, shape).filter((problem) => {
    const known = KNOWN.find((k) => k.pattern.test(problem));
    if (known) explained.add(known.pattern);
    return !known;
  });
  expect.soft(unexplained, method).toEqual([]);
}

afterAll(() => {
  if (process.env.OFFICIAL_SWEEP_FIGURES)
    console.log(
      `official client sweep: ${figures.methods.size} methods, ${figures.answers} answers, ${figures.values} values checked, ${figures.refusals} refusals`,
    );
});

async function deployAndWait(k: KintoneRestAPIClient, app: string): Promise<string> {
  await k.app.deployApp({ apps: [{ app }] });
  for (;;) {
    const status = await k.app.getDeployStatus({ apps: [app] });
    expectShape('getDeployStatus', status, answers.getDeployStatus);
    if (status.apps[0]!.status !== 'PROCESSING') return status.apps[0]!.status;
    await new Promise((r) => setTimeout(r, 10));
  }
}

const OPTIONS = { A: { label: 'A', index: '0' }, B: { label: 'B', index: '1' } };
/** One field of every type a record holds, a table with two columns among them. */
const EVERY_TYPE = {
  text: { type: 'SINGLE_LINE_TEXT', code: 'text', label: 'Text', unique: true },
  num: { type: 'NUMBER', code: 'num', label: 'Num', maxValue: 1000 },
  calc: { type: 'CALC', code: 'calc', label: 'Calc', expression: 'num*2' },
  multi: { type: 'MULTI_LINE_TEXT', code: 'multi', label: 'Multi' },
  rich: { type: 'RICH_TEXT', code: 'rich', label: 'Rich' },
  link: { type: 'LINK', code: 'link', label: 'Link', protocol: 'WEB' },
  check: { type: 'CHECK_BOX', code: 'check', label: 'Check', options: OPTIONS },
  radio: { type: 'RADIO_BUTTON', code: 'radio', label: 'Radio', options: OPTIONS, defaultValue: 'A' },
  drop: { type: 'DROP_DOWN', code: 'drop', label: 'Drop', options: OPTIONS },
  msel: { type: 'MULTI_SELECT', code: 'msel', label: 'MSel', options: OPTIONS },
  file: { type: 'FILE', code: 'file', label: 'File' },
  date: { type: 'DATE', code: 'date', label: 'Date' },
  time: { type: 'TIME', code: 'time', label: 'Time' },
  dt: { type: 'DATETIME', code: 'dt', label: 'DT' },
  user: { type: 'USER_SELECT', code: 'user', label: 'User' },
  org: { type: 'ORGANIZATION_SELECT', code: 'org', label: 'Org' },
  grp: { type: 'GROUP_SELECT', code: 'grp', label: 'Grp' },
  box: { type: 'GROUP', code: 'box', label: 'Box' },
  table: {
    type: 'SUBTABLE',
    code: 'table',
    label: 'Table',
    fields: {
      cell: { type: 'SINGLE_LINE_TEXT', code: 'cell', label: 'Cell' },
      cnum: { type: 'NUMBER', code: 'cnum', label: 'CNum' },
    },
  },
} as const;

async function everyTypeApp(k: KintoneRestAPIClient, name = 'Every type'): Promise<string> {
  const { app } = await k.app.addApp({ name });
  await k.app.addFormFields({ app, properties: EVERY_TYPE });
  expect(await deployAndWait(k, app)).toBe('SUCCESS');
  return app;
}

/** A record value of every field type, as written. */
function everyValue(fileKey: string, text: string) {
  return {
    text: { value: text },
    num: { value: '5' },
    multi: { value: 'two\nlines' },
    rich: { value: '<b>rich</b>' },
    link: { value: 'https://example.com' },
    check: { value: ['A'] },
    radio: { value: 'B' },
    drop: { value: 'A' },
    msel: { value: ['A', 'B'] },
    file: { value: [{ fileKey }] },
    date: { value: '2026-01-02' },
    time: { value: '10:30' },
    dt: { value: '2026-01-02T03:04:00Z' },
    user: { value: [{ code: 'admin' }] },
    org: { value: [] },
    grp: { value: [{ code: 'everyone' }] },
    table: { value: [{ value: { cell: { value: 'c' }, cnum: { value: 3 } } }] },
  };
}

/** A copy-record action into `app` itself, for the admin. */
function copyAction(
  app: string,
  mappings: (
    { srcType: 'FIELD'; srcField: string; destField: string } | { srcType: 'RECORD_URL'; destField: string }
  )[],
) {
  return {
    name: 'Copy',
    index: 0,
    destApp: { app },
    mappings,
    entities: [{ type: 'USER' as const, code: 'admin' }],
    filterCond: '',
  };
}

/** Open, Doing (assigned to `doing`), Done: a process of three statuses. */
function threeStates(doing: { type: 'USER' | 'FIELD_ENTITY'; code: string }, done: 'ONE' | 'ALL') {
  return {
    Open: { name: 'Open', index: 0, assignee: { type: 'ONE' as const, entities: [] } },
    Doing: { name: 'Doing', index: 1, assignee: { type: 'ONE' as const, entities: [{ entity: doing }] } },
    Done: { name: 'Done', index: 2, assignee: { type: done, entities: [] } },
  };
}

describe('app settings through the official client: draft, live, lang, revisions', () => {
  it('answers every settings getter, draft and live, with the keys and kinds of the official types', async () => {
    const k = kit.client();
    const added = await k.app.addApp({ name: 'Settings' });
    expectShape('addApp', added, answers.addApp);
    const { app } = added;
    await k.app.addFormFields({
      app,
      properties: {
        title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title' },
        amount: { type: 'NUMBER', code: 'amount', label: 'Amount' },
        due: { type: 'DATE', code: 'due', label: 'Due' },
        owner: { type: 'USER_SELECT', code: 'owner', label: 'Owner' },
      },
    });
    const writes: [string, () => Promise<unknown>, Shape][] = [
      [
        'updateViews',
        () =>
          k.app.updateViews({
            app,
            views: {
              List: {
                type: 'LIST',
                index: 0,
                name: 'List',
                fields: ['title'],
                filterCond: 'amount > 1',
                sort: 'amount asc',
              },
              Calendar: { type: 'CALENDAR', index: 1, name: 'Calendar', date: 'due', title: 'title' },
              Custom: {
                type: 'CUSTOM',
                index: 2,
                name: 'Custom',
                html: '<div></div>',
                pager: true,
                device: 'ANY',
              },
            },
          }),
        answers.updateViews,
      ],
      [
        'updateAppSettings',
        () =>
          k.app.updateAppSettings({
            app,
            name: 'Settings 2',
            description: '<p>d</p>',
            icon: { type: 'PRESET', key: 'APP39' },
            theme: 'RED',
            titleField: { selectionMode: 'MANUAL', code: 'title' },
            numberPrecision: { digits: 10, decimalPlaces: 2, roundingMode: 'UP' },
            firstMonthOfFiscalYear: 1,
            enableComments: false,
          }),
        answers.revision,
      ],
      [
        'updateProcessManagement',
        () =>
          k.app.updateProcessManagement({
            app,
            enable: true,
            states: threeStates({ type: 'FIELD_ENTITY', code: 'owner' }, 'ALL'),
            actions: [
              { name: 'Go', from: 'Open', to: 'Doing' },
              {
                name: 'Finish',
                from: 'Doing',
                to: 'Done',
                type: 'SECONDARY',
                executableUser: { entities: [{ entity: { type: 'USER', code: 'admin' } }] },
              },
            ],
          }),
        answers.revision,
      ],
      [
        'updateAppCustomize',
        () =>
          k.app.updateAppCustomize({
            app,
            scope: 'ADMIN',
            desktop: { js: [{ type: 'URL', url: 'https://example.com/a.js' }], css: [] },
            mobile: { js: [] },
          }),
        answers.revision,
      ],
      [
        'updateGeneralNotifications',
        () =>
          k.app.updateGeneralNotifications({
            app,
            notifications: [{ entity: { type: 'USER', code: 'admin' }, recordAdded: true }],
            notifyToCommenter: false,
          }),
        answers.revision,
      ],
      [
        'updatePerRecordNotifications',
        () =>
          k.app.updatePerRecordNotifications({
            app,
            notifications: [
              {
                filterCond: 'amount > 5',
                title: 'big',
                targets: [{ entity: { type: 'FIELD_ENTITY', code: 'owner' } }],
              },
            ],
          }),
        answers.revision,
      ],
      [
        'updateReminderNotifications',
        () =>
          k.app.updateReminderNotifications({
            app,
            timezone: 'Asia/Tokyo',
            notifications: [
              {
                timing: { code: 'due', daysLater: -1, time: '09:00' },
                title: 'soon',
                targets: [{ entity: { type: 'USER', code: 'admin' } }],
              },
            ],
          }),
        answers.revision,
      ],
      [
        'updateReports',
        () =>
          k.app.updateReports({
            app,
            reports: {
              Count: {
                chartType: 'BAR',
                chartMode: 'NORMAL',
                name: 'Count',
                index: 0,
                groups: [{ code: 'title' }],
                aggregations: [{ type: 'COUNT' }],
                filterCond: '',
                sorts: [{ by: 'TOTAL', order: 'DESC' }],
              },
            },
          }),
        answers.updateReports,
      ],
      [
        'updateAppActions',
        () =>
          k.app.updateAppActions({
            app,
            actions: {
              Copy: copyAction(app, [
                { srcType: 'FIELD', srcField: 'title', destField: 'title' },
                { srcType: 'RECORD_URL', destField: 'title' },
              ]),
            },
          }),
        answers.updateAppActions,
      ],
      [
        'updateAdminNotes',
        () => k.app.updateAdminNotes({ app, content: '<b>ops</b>', includeInTemplateAndDuplicates: true }),
        answers.revision,
      ],
      [
        'updateAppAcl',
        () =>
          k.app.updateAppAcl({
            app,
            rights: [
              { entity: { type: 'CREATOR' }, appEditable: true, ...recordRights(true) },
              { entity: { type: 'GROUP', code: 'everyone' }, recordViewable: true },
            ],
          }),
        answers.revision,
      ],
      [
        'updateRecordAcl',
        () =>
          k.app.updateRecordAcl({
            app,
            rights: [
              {
                filterCond: 'amount > 100',
                entities: [
                  { entity: { type: 'FIELD_ENTITY', code: 'owner' }, viewable: true, editable: true },
                ],
              },
            ],
          }),
        answers.revision,
      ],
      [
        'updateFieldAcl',
        () =>
          k.app.updateFieldAcl({
            app,
            rights: [
              {
                code: 'amount',
                entities: [
                  { entity: { type: 'USER', code: 'admin' }, accessibility: 'WRITE' },
                  { entity: { type: 'GROUP', code: 'everyone' }, accessibility: 'READ' },
                ],
              },
            ],
          }),
        answers.revision,
      ],
    ];
    // One after another: each write raises the revision by one (platform-facts.md, Revisions).
    let expected = Number(added.revision) + 1; // addFormFields
    for (const [method, call, shape] of writes) {
      const answer = (await call()) as { revision: string };
      expectShape(method, answer, shape);
      expect([method, answer.revision]).toEqual([method, String(++expected)]);
    }

    const getters = (preview: boolean): [string, () => Promise<unknown>, Shape][] => [
      ['getFormFields', () => k.app.getFormFields({ app, preview, lang: 'en' }), answers.getFormFields],
      ['getFormLayout', () => k.app.getFormLayout({ app, preview }), answers.getFormLayout],
      ['getViews', () => k.app.getViews({ app, preview, lang: 'default' }), answers.getViews],
      ['getAppSettings', () => k.app.getAppSettings({ app, preview, lang: 'user' }), answers.getAppSettings],
      [
        'getProcessManagement',
        () => k.app.getProcessManagement({ app, preview, lang: 'ja' }),
        answers.getProcessManagement,
      ],
      ['getAppCustomize', () => k.app.getAppCustomize({ app, preview }), answers.getAppCustomize],
      [
        'getGeneralNotifications',
        () => k.app.getGeneralNotifications({ app, preview }),
        answers.getGeneralNotifications,
      ],
      [
        'getPerRecordNotifications',
        () => k.app.getPerRecordNotifications({ app, preview, lang: 'zh' }),
        answers.getPerRecordNotifications,
      ],
      [
        'getReminderNotifications',
        () => k.app.getReminderNotifications({ app, preview, lang: 'en' }),
        answers.getReminderNotifications,
      ],
      ['getReports', () => k.app.getReports({ app, preview, lang: 'en' }), answers.getReports],
      ['getAppActions', () => k.app.getAppActions({ app, preview, lang: 'en' }), answers.getAppActions],
      ['getAdminNotes', () => k.app.getAdminNotes({ app, preview }), answers.getAdminNotes],
      ['getAppAcl', () => k.app.getAppAcl({ app, preview }), answers.getAppAcl],
      ['getRecordAcl', () => k.app.getRecordAcl({ app, preview, lang: 'en' }), answers.getRecordAcl],
      ['getFieldAcl', () => k.app.getFieldAcl({ app, preview }), answers.getFieldAcl],
      ['getPlugins', () => k.app.getPlugins({ app, preview, lang: 'en' }), answers.getPlugins],
    ];
    const draftRevision = String(expected);
    for (const [method, get, shape] of getters(true)) {
      const answer = (await get()) as { revision: string };
      expectShape(`${method} (draft)`, answer, shape);
      // A draft read answers the app's current settings revision (platform-facts.md, Revisions).
      expect([method, answer.revision]).toEqual([method, draftRevision]);
    }
    // Nothing is live before the first deploy: every live read is GAIA_AP01 (platform-facts.md).
    for (const [method, get] of getters(false).filter(([m]) => !['getAdminNotes', 'getPlugins'].includes(m)))
      expect([method, ...(await refused(get()))]).toEqual([method, 404, 'GAIA_AP01', []]);
    expect(errorShapeOf(kit.raw('GET', '/app/form/fields.json'))).toEqual([]);

    expect(await deployAndWait(k, app)).toBe('SUCCESS');
    for (const [method, get, shape] of getters(false)) {
      const answer = (await get()) as { revision: string };
      expectShape(`${method} (live)`, answer, shape);
      // A deploy does not raise the revision; live answers the deployed one.
      expect([method, answer.revision]).toEqual([method, draftRevision]);
    }

    const got = await k.app.getApp({ id: app });
    expectShape('getApp', got, answers.app);
    expect(got).toMatchObject({ appId: app, name: 'Settings 2', spaceId: null, threadId: null });
    for (const params of [{ ids: [app] }, { name: 'Settings', limit: 10, offset: 0 }, {}]) {
      const listed = await k.app.getApps(params);
      expectShape('getApps', listed, answers.getApps);
      expect(listed.apps.map((a) => a.appId)).toEqual([app]);
    }
    expect((await k.app.getApps({ codes: ['NONE'] })).apps).toEqual([]);
    expect((await k.app.getApps({ offset: 1 })).apps).toEqual([]);
  });

  it('refuses a stale revision on every settings write, and takes -1 as "do not check"', async () => {
    const k = kit.client();
    const { app } = await k.app.addApp({ name: 'Revisions' });
    await k.app.addFormFields({
      app,
      properties: { title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'T' } },
    });
    const stale = 1;
    const field = (revision: number) => (revision === -1 ? 'unchecked' : 'stale');
    const writes: [string, (revision: number) => Promise<unknown>][] = [
      [
        'addFormFields',
        (revision) =>
          k.app.addFormFields({
            app,
            properties: { [field(revision)]: { type: 'NUMBER', code: field(revision), label: 'F' } },
            revision,
          }),
      ],
      [
        'updateFormFields',
        (revision) => k.app.updateFormFields({ app, properties: { title: { label: 'T2' } }, revision }),
      ],
      [
        'updateFormLayout',
        (revision) =>
          k.app.updateFormLayout({
            app,
            layout: [{ type: 'ROW', fields: [{ type: 'SINGLE_LINE_TEXT', code: 'title' }] }],
            revision,
          }),
      ],
      ['updateViews', (revision) => k.app.updateViews({ app, views: {}, revision })],
      ['updateAppSettings', (revision) => k.app.updateAppSettings({ app, theme: 'BLUE', revision })],
      [
        'updateProcessManagement',
        (revision) => k.app.updateProcessManagement({ app, enable: false, revision }),
      ],
      ['updateAppCustomize', (revision) => k.app.updateAppCustomize({ app, scope: 'ALL', revision })],
      [
        'updateGeneralNotifications',
        (revision) => k.app.updateGeneralNotifications({ app, notifyToCommenter: true, revision }),
      ],
      [
        'updatePerRecordNotifications',
        (revision) => k.app.updatePerRecordNotifications({ app, notifications: [], revision }),
      ],
      [
        'updateReminderNotifications',
        (revision) => k.app.updateReminderNotifications({ app, notifications: [], revision }),
      ],
      ['updateReports', (revision) => k.app.updateReports({ app, reports: {}, revision })],
      ['updateAppActions', (revision) => k.app.updateAppActions({ app, actions: {}, revision })],
      ['updateAdminNotes', (revision) => k.app.updateAdminNotes({ app, content: 'n', revision })],
      [
        'updateAppAcl',
        (revision) =>
          k.app.updateAppAcl({
            app,
            rights: [{ entity: { type: 'CREATOR' }, appEditable: true, recordViewable: true }],
            revision,
          }),
      ],
      ['updateRecordAcl', (revision) => k.app.updateRecordAcl({ app, rights: [], revision })],
      ['updateFieldAcl', (revision) => k.app.updateFieldAcl({ app, rights: [], revision })],
      ['addPlugins', (revision) => k.app.addPlugins({ app, ids: [], revision })],
      ['deleteFormFields', (revision) => k.app.deleteFormFields({ app, fields: [field(-1)], revision })],
      ['deployApp', (revision) => k.app.deployApp({ apps: [{ app, revision }], revert: true })],
    ];
    for (const [method, write] of writes) {
      expect([method, ...(await refused(write(stale)))]).toEqual([method, 409, 'GAIA_CO02', []]);
      expect([method, errorShapeOf(kit.last())]).toEqual([method, []]);
      await write(-1);
    }
  });

  it('refuses what the platform refuses: names over 64 characters, unknown apps, limits of Get Apps', async () => {
    const k = kit.client();
    expect(await refused(k.app.addApp({ name: 'x'.repeat(65) }))).toEqual([400, 'CB_VA01', ['name']]);
    expect(await refused(k.app.getApp({ id: 999 }))).toEqual([404, 'GAIA_AP01', []]);
    expect(await refused(k.app.getFormFields({ app: 999, preview: true }))).toEqual([404, 'GAIA_AP01', []]);
    expect(await refused(k.app.getDeployStatus({ apps: [999] }))).toEqual([404, 'GAIA_AP01', []]);
    expect(await refused(k.app.getApps({ limit: 101 }))).toEqual([400, 'CB_VA01', ['limit']]);
    expect(errorShapeOf(kit.raw('GET', '/apps.json'))).toEqual([]);
  });
});

describe('fields and layout of every type through the official client', () => {
  it('adds, reads, changes and deletes fields of every type, and lays them out in rows, a table and a group', async () => {
    const k = kit.client();
    const { app } = await k.app.addApp({ name: 'Form' });
    expectShape(
      'addFormFields',
      await k.app.addFormFields({ app, properties: EVERY_TYPE }),
      answers.revision,
    );
    const fields = await k.app.getFormFields({ app, preview: true });
    expectShape('getFormFields (every type)', fields, answers.getFormFields);
    expect(Object.keys(fields.properties)).toEqual(expect.arrayContaining(Object.keys(EVERY_TYPE)));
    expectShape(
      'updateFormFields',
      await k.app.updateFormFields({
        app,
        properties: { text: { label: 'Text 2' }, table: { fields: { cell: { label: 'Cell 2' } } } },
      }),
      answers.revision,
    );
    const layout = await k.app.updateFormLayout({
      app,
      layout: [
        {
          type: 'ROW',
          fields: [
            { type: 'SINGLE_LINE_TEXT', code: 'text', size: { width: '200' } },
            { type: 'LABEL', label: '<b>Note</b>', size: { width: '100' } },
            { type: 'SPACER', elementId: 'space', size: { width: '50', height: '20' } },
            { type: 'HR', size: { width: '300' } },
            { type: 'MULTI_LINE_TEXT', code: 'multi', size: { width: '300', innerHeight: '100' } },
          ],
        },
        {
          type: 'SUBTABLE',
          code: 'table',
          fields: [
            { type: 'SINGLE_LINE_TEXT', code: 'cell', size: { width: '100' } },
            { type: 'NUMBER', code: 'cnum', size: { width: '100' } },
          ],
        },
        {
          type: 'GROUP',
          code: 'box',
          layout: [{ type: 'ROW', fields: [{ type: 'NUMBER', code: 'num', size: { width: '100' } }] }],
        },
        ...[
          'calc',
          'rich',
          'link',
          'check',
          'radio',
          'drop',
          'msel',
          'file',
          'date',
          'time',
          'dt',
          'user',
          'org',
          'grp',
        ].map((code) => ({
          type: 'ROW' as const,
          fields: [{ type: EVERY_TYPE[code as keyof typeof EVERY_TYPE].type, code }],
        })),
      ],
    });
    expectShape('updateFormLayout', layout, answers.revision);
    expectShape(
      'getFormLayout (every element)',
      await k.app.getFormLayout({ app, preview: true }),
      answers.getFormLayout,
    );
    expectShape(
      'deleteFormFields',
      await k.app.deleteFormFields({ app, fields: ['link'] }),
      answers.revision,
    );
    // A field deleted leaves the layout (platform-facts.md, Apps and deploy).
    const after = await k.app.getFormLayout({ app, preview: true });
    expect(JSON.stringify(after.layout)).not.toContain('"link"');
    expect(await refused(k.app.deleteFormFields({ app, fields: ['nope'] }))).toEqual([
      400,
      'CB_VA01',
      ['fields[0]'],
    ]);
  });
});

describe('records through the official client', () => {
  it('writes and reads a value of every field type, by id and by updateKey, with revision checks', async () => {
    const k = kit.client();
    const app = await everyTypeApp(k);
    const uploaded = await k.file.uploadFile({ file: { name: 'a.txt', data: 'abc' } });
    expectShape('uploadFile', uploaded, answers.uploadFile);
    const added = await k.record.addRecord({ app, record: everyValue(uploaded.fileKey, 'first') });
    expectShape('addRecord', added, answers.idAndRevision);
    expect(added.revision).toBe('1');
    const { record } = await k.record.getRecord({ app, id: added.id });
    expectShape('getRecord', { record }, answers.getRecord);
    expect(record.calc).toEqual({ type: 'CALC', value: '10' });
    const empty = await k.record.addRecord({ app });
    const emptyRecord = await k.record.getRecord({ app, id: empty.id });
    expectShape('getRecord (empty)', emptyRecord, answers.getRecord);
    // Empty values per type (platform-facts.md, Records): null for drop-down, date and time.
    expect([
      emptyRecord.record.drop!.value,
      emptyRecord.record.date!.value,
      emptyRecord.record.time!.value,
    ]).toEqual([null, null, null]);
    const file = (record.file!.value as { fileKey: string }[])[0]!;
    const bytes = await k.file.downloadFile({ fileKey: file.fileKey });
    expect(Buffer.from(bytes).toString('utf8')).toBe('abc');

    const byKey = await k.record.updateRecord({
      app,
      updateKey: { field: 'text', value: 'first' },
      record: { num: { value: 6 } },
      revision: 1,
    });
    expectShape('updateRecord', byKey, answers.revision);
    expect(byKey.revision).toBe('2');
    const byId = await k.record.updateRecord({
      app,
      id: added.id,
      record: { num: { value: '7' } },
      revision: '2',
    });
    expect(byId.revision).toBe('3');
    expect(await refused(k.record.updateRecord({ app, id: added.id, record: {}, revision: 1 }))).toEqual([
      409,
      'GAIA_CO02',
      [],
    ]);
    expect(errorShapeOf(kit.raw('PUT', '/record.json'))).toEqual([]);
    expect(
      await refused(k.record.updateRecord({ app, updateKey: { field: 'text', value: 'none' }, record: {} })),
    ).toEqual([404, 'GAIA_RE01', []]);
    expect(await refused(k.record.getRecord({ app, id: 999 }))).toEqual([404, 'GAIA_RE01', []]);

    const upserted = await k.record.upsertRecord({
      app,
      updateKey: { field: 'text', value: 'up' },
      record: { num: { value: 1 } },
    });
    expectShape('upsertRecord', upserted, answers.idAndRevision);
    expect(
      (
        await k.record.upsertRecord({
          app,
          updateKey: { field: 'text', value: 'up' },
          record: { num: { value: 2 } },
        })
      ).revision,
    ).toBe('2');
    const upserts = await k.record.updateRecords({
      app,
      upsert: true,
      records: [
        { updateKey: { field: 'text', value: 'up2' }, record: {} },
        { updateKey: { field: 'text', value: 'up' }, record: {}, revision: 2 },
      ],
    });
    expectShape('updateRecords (upsert)', upserts, answers.updateRecords);
    expect(upserts.records.map((r) => ('operation' in r ? r.operation : null))).toEqual(['INSERT', 'UPDATE']);
    const updates = await k.record.updateRecords({
      app,
      records: [{ id: added.id, record: { num: { value: 9 } }, revision: 3 }],
    });
    expectShape('updateRecords', updates, answers.updateRecords);
    expect(updates.records).toEqual([{ id: added.id, revision: '4' }]);

    // Validation errors keyed by path (platform-facts-verified.md, Record validation).
    expect(
      await refused(
        k.record.addRecord({
          app,
          record: { num: { value: 'abc' }, drop: { value: 'Z' }, check: { value: ['Z'] } },
        }),
      ),
    ).toEqual([
      400,
      'CB_VA01',
      ['record.check.values[0].value', 'record.drop.value', 'record.num.value', 'record[num].value'],
    ]);
    expect(await refused(k.record.addRecord({ app, record: { text: { value: 'first' } } }))).toEqual([
      400,
      'CB_VA01',
      ['record.text.value'],
    ]);
    expect(await refused(k.record.addRecord({ app, record: { num: { value: 1001 } } }))).toEqual([
      400,
      'CB_VA01',
      ['record.num.value'],
    ]);
    expect(errorShapeOf(kit.raw('POST', '/record.json'))).toEqual([]);
  });

  it('adds, lists, pages and deletes in bulk within the platform limits', async () => {
    const k = kit.client();
    const app = await everyTypeApp(k, 'Bulk');
    const many = await k.record.addRecords({
      app,
      records: Array.from({ length: 100 }, (_, i) => ({ num: { value: i } })),
    });
    expect(
      differences('addRecords (raw)', kit.raw('POST', '/records.json').body, answers.addRecordsRaw),
    ).toEqual([]);
    expect(many.ids).toHaveLength(100);
    expect(
      await refused(k.record.addRecords({ app, records: Array.from({ length: 101 }, () => ({})) })),
    ).toEqual([400, 'CB_VA01', ['records']]);

    const plain = await k.record.getRecords({
      app,
      query: 'num < 3 order by num asc',
      fields: ['num', '$id'],
    });
    expectShape('getRecords', plain, answers.getRecords);
    // totalCount is null unless asked for, then a number in a string (platform-facts-verified.md).
    expect(plain.totalCount).toBeNull();
    expect(plain.records.map((r) => Object.keys(r).sort())).toEqual([
      ['$id', 'num'],
      ['$id', 'num'],
      ['$id', 'num'],
    ]);
    const counted = await k.record.getRecords({
      app,
      query: 'num >= 50 limit 5 offset 10',
      totalCount: true,
    });
    expectShape('getRecords (totalCount)', counted, answers.getRecords);
    expect([counted.records.length, counted.totalCount]).toEqual([5, '50']);
    expect(await refused(k.record.getRecords({ app, query: 'limit 501' }))).toEqual([400, 'GAIA_QU01', []]);
    expect(await refused(k.record.getRecords({ app, query: 'limit 1 offset 10001' }))).toEqual([
      400,
      'GAIA_QU02',
      [],
    ]);
    expect((await refused(k.record.getRecords({ app, query: 'nope = 1' })))[1]).toBe('GAIA_IQ11');
    expect((await refused(k.record.getRecords({ app, query: 'num like "1"' })))[1]).toBe('GAIA_IQ03');
    expect(await refused(k.record.getRecords({ app, query: "text = 'single'" }))).toEqual([
      400,
      'CB_VA01',
      ['query'],
    ]);
    expect(errorShapeOf(kit.raw('GET', '/records.json'))).toEqual([]);

    const cursor = await k.record.createCursor({
      app,
      fields: ['$id', 'num'],
      query: 'num < 5 order by num asc',
      size: 2,
    });
    expectShape('createCursor', cursor, answers.createCursor);
    expect(cursor.totalCount).toBe('5');
    const page = await k.record.getRecordsByCursor({ id: cursor.id });
    expectShape('getRecordsByCursor', page, answers.getRecordsByCursor);
    expect([page.records.length, page.next]).toEqual([2, true]);
    expectShape('deleteCursor', await k.record.deleteCursor({ id: cursor.id }), answers.empty);
    expect((await refused(k.record.getRecordsByCursor({ id: cursor.id })))[0]).toBe(404);
    expect(await refused(k.record.createCursor({ app, size: 501 }))).toEqual([400, 'CB_VA01', ['size']]);

    for (const [method, all] of [
      ['getAllRecords', k.record.getAllRecords({ app, condition: 'num >= 10', orderBy: 'num desc' })],
      ['getAllRecordsWithId', k.record.getAllRecordsWithId({ app, condition: 'num >= 10', fields: ['num'] })],
      [
        'getAllRecordsWithOffset',
        k.record.getAllRecordsWithOffset({ app, condition: 'num >= 10', orderBy: 'num asc' }),
      ],
      ['getAllRecordsWithCursor', k.record.getAllRecordsWithCursor({ app, query: 'num >= 10' })],
    ] as const) {
      const records = await all;
      expect([method, records.length]).toEqual([method, 90]);
      expectShape(method, { records, totalCount: null }, answers.getRecords);
    }

    const ids = many.ids.slice(0, 2);
    expect(await refused(k.record.deleteRecords({ app, ids, revisions: [1, 5] }))).toEqual([
      409,
      'GAIA_CO02',
      [],
    ]);
    expectShape(
      'deleteRecords',
      await k.record.deleteRecords({ app, ids, revisions: [1, 1] }),
      answers.empty,
    );
    expect(await refused(k.record.deleteRecords({ app, ids }))).toEqual([404, 'GAIA_RE01', []]);
    expect(errorShapeOf(kit.raw('DELETE', '/records.json'))).toEqual([]);
    expect(
      await refused(k.record.deleteRecords({ app, ids: Array.from({ length: 101 }, (_, i) => i + 3) })),
    ).toEqual([400, 'CB_VA01', ['ids']]);
  });

  it('comments: add with mentions, list in both orders with at most 10 a page, delete', async () => {
    const k = kit.client();
    const app = await everyTypeApp(k, 'Comments');
    const { id } = await k.record.addRecord({ app });
    for (let i = 1; i <= 3; i++) {
      const added = await k.record.addRecordComment({
        app,
        record: id,
        comment: { text: `c${i}`, mentions: [{ code: 'admin', type: 'USER' }] },
      });
      expectShape('addRecordComment', added, answers.addRecordComment);
    }
    const desc = await k.record.getRecordComments({ app, record: id, limit: 2 });
    expectShape('getRecordComments', desc, answers.getRecordComments);
    expect([desc.comments.map((c) => c.text), desc.older, desc.newer]).toEqual([['c3', 'c2'], true, false]);
    const asc = await k.record.getRecordComments({ app, record: id, order: 'asc', offset: 1 });
    expect([asc.comments.map((c) => c.text), asc.older, asc.newer]).toEqual([['c2', 'c3'], true, false]);
    expect(await refused(k.record.getRecordComments({ app, record: id, limit: 11 }))).toEqual([
      400,
      'CB_VA01',
      ['limit'],
    ]);
    expectShape(
      'deleteRecordComment',
      await k.record.deleteRecordComment({ app, record: id, comment: 1 }),
      answers.empty,
    );
    expect(await refused(k.record.deleteRecordComment({ app, record: id, comment: 1 }))).toEqual([
      400,
      'GAIA_RE02',
      [],
    ]);
  });

  it('process management: status actions one and many, assignees, with revisions', async () => {
    const k = kit.client();
    const { app } = await k.app.addApp({ name: 'Process' });
    await k.app.addFormFields({
      app,
      properties: { title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'T' } },
    });
    await k.app.updateProcessManagement({
      app,
      enable: true,
      states: threeStates({ type: 'USER', code: 'admin' }, 'ONE'),
      actions: [
        { name: 'Go', from: 'Open', to: 'Doing' },
        { name: 'Finish', from: 'Doing', to: 'Done' },
      ],
    });
    expect(await deployAndWait(k, app)).toBe('SUCCESS');
    const [a, b] = (await k.record.addRecords({ app, records: [{}, {}] })).ids as [string, string];
    const opened = await k.record.getRecord({ app, id: a });
    expectShape('getRecord (process)', opened, answers.getRecord);
    expect(opened.record.Status).toEqual({ type: 'STATUS', value: 'Open' });
    // A status action raises the revision by 2 (platform-facts.md, Revisions).
    const moved = await k.record.updateRecordStatus({
      app,
      id: a,
      action: 'Go',
      assignee: 'admin',
      revision: 1,
    });
    expectShape('updateRecordStatus', moved, answers.revision);
    expect(moved.revision).toBe('3');
    expect(await refused(k.record.updateRecordStatus({ app, id: a, action: 'Go' }))).toEqual([
      400,
      'GAIA_IL03',
      [],
    ]);
    expect(
      await refused(
        k.record.updateRecordStatus({ app, id: b, action: 'Go', assignee: 'admin', revision: 5 }),
      ),
    ).toEqual([409, 'GAIA_CO02', []]);
    const assigned = await k.record.updateRecordAssignees({ app, id: a, assignees: ['admin'], revision: 3 });
    expectShape('updateRecordAssignees', assigned, answers.revision);
    expect(assigned.revision).toBe('4');
    expect(await refused(k.record.updateRecordAssignees({ app, id: a, assignees: [], revision: 1 }))).toEqual(
      [409, 'GAIA_CO02', []],
    );
    const many = await k.record.updateRecordsStatus({
      app,
      records: [
        { id: a, action: 'Finish' },
        { id: b, action: 'Go', assignee: 'admin' },
      ],
    });
    expectShape('updateRecordsStatus', many, answers.updateRecordsStatus);
    expect(many.records).toEqual([
      { id: a, revision: '6' },
      { id: b, revision: '3' },
    ]);
  });

  it('process management disabled: status calls are refused with GAIA_ST02', async () => {
    const k = kit.client();
    const app = await everyTypeApp(k, 'No process');
    const { id } = await k.record.addRecord({ app });
    expect(await refused(k.record.updateRecordStatus({ app, id, action: 'Start' }))).toEqual([
      400,
      'GAIA_ST02',
      [],
    ]);
    expect(await refused(k.record.updateRecordsStatus({ app, records: [{ id, action: 'Start' }] }))).toEqual([
      400,
      'GAIA_ST02',
      [],
    ]);
  });

  it('bulk requests: record calls only, at most 20, the failing index reported', async () => {
    const k = kit.client();
    const app = await everyTypeApp(k, 'Bulk requests');
    const ok = await k.bulkRequest({
      requests: [
        { method: 'POST', api: '/k/v1/record.json', payload: { app, record: { text: { value: 'a' } } } },
        { method: 'POST', api: '/k/v1/records.json', payload: { app, records: [{ text: { value: 'b' } }] } },
        {
          method: 'PUT',
          api: '/k/v1/record.json',
          payload: { app, updateKey: { field: 'text', value: 'a' }, record: {} },
        },
        { method: 'DELETE', api: '/k/v1/records.json', payload: { app, ids: [2] } },
      ],
    });
    expectShape('bulkRequest', ok.results[0], answers.idAndRevision);
    expectShape('bulkRequest', ok.results[1], answers.addRecordsRaw);
    expectShape('bulkRequest', ok.results[2], answers.revision);
    expectShape('bulkRequest', ok.results[3], answers.empty);
    const get = { method: 'GET', api: '/k/v1/record.json', payload: { app, id: 1 } };
    expect(await refused(k.bulkRequest({ requests: [get] }))).toEqual([400, 'CB_VA01', ['requests[0].api']]);
    const twentyOne = Array.from({ length: 21 }, () => ({
      method: 'POST',
      api: '/k/v1/record.json',
      payload: { app },
    }));
    expect(await refused(k.bulkRequest({ requests: twentyOne }))).toEqual([400, 'CB_VA01', ['requests']]);
    const failing = await refusal(
      k.bulkRequest({
        requests: [
          { method: 'POST', api: '/k/v1/record.json', payload: { app, record: { text: { value: 'c' } } } },
          { method: 'PUT', api: '/k/v1/record.json', payload: { app, id: 1, revision: 99, record: {} } },
        ],
      }),
    );
    expect([failing.status, failing.code, failing.bulkRequestIndex]).toEqual([409, 'GAIA_CO02', 1]);
  });
});

describe('an app of a guest space through the official client', () => {
  it('is set up, deployed and written through the guest paths, and refused through /k/v1/', async () => {
    const k = kit.client();
    const space = await k.space.addSpaceFromTemplate({
      id: 1,
      name: 'Guests',
      members: [{ entity: { type: 'USER', code: 'admin' }, isAdmin: true }],
      isGuest: true,
    });
    const guest = kit.client(String(space.id));
    // The client reads the space's defaultThread to create the app in it.
    const { app } = await guest.app.addApp({ name: 'Guest app', space: space.id });
    await guest.app.addFormFields({
      app,
      properties: { title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'T' } },
    });
    expect(await deployAndWait(guest, app)).toBe('SUCCESS');
    const got = await guest.app.getApp({ id: app });
    expectShape('getApp (guest)', got, answers.app);
    expect(got.spaceId).toBe(String(space.id));
    const { id } = await guest.record.addRecord({ app, record: { title: { value: 'g' } } });
    expectShape('getRecord (guest)', await guest.record.getRecord({ app, id }), answers.getRecord);
    // platform-facts-verified.md, Guest spaces: through /k/v1/ 400 GAIA_IL23.
    expect(await refused(k.record.getRecord({ app, id }))).toEqual([400, 'GAIA_IL23', []]);
    expect(await refused(k.app.getFormFields({ app }))).toEqual([400, 'GAIA_IL23', []]);
  });
});

describe('plug-ins and permissions through the official client', () => {
  it('installs a plug-in, adds it to an app, and lists it', async () => {
    const k = kit.client();
    const { app } = await k.app.addApp({ name: 'Plugged' });
    const { fileKey } = await k.file.uploadFile({
      file: {
        name: 'plugin.zip',
        data: pluginPackage({ key: newPluginKey(), manifest: manifest('Sweep', 1) }),
      },
    });
    const installed = await k.plugin.installPlugin({ fileKey });
    const added = await k.app.addPlugins({ app, ids: [installed.id] });
    expectShape('addPlugins', added, answers.revision);
    const listed = await k.app.getPlugins({ app, preview: true, lang: 'en' });
    expectShape('getPlugins (draft)', listed, answers.getPlugins);
    expect(listed.plugins.map((p) => p.id)).toEqual([installed.id]);
    expect((await refused(k.app.addPlugins({ app, ids: ['abcdefghijklmnopabcdefghijklmnop'] })))[0]).toBe(
      404,
    );
  });

  it('evaluates a record ACL for the caller', async () => {
    const k = kit.client();
    const app = await everyTypeApp(k, 'Evaluate');
    const { id } = await k.record.addRecord({ app });
    expectShape(
      'evaluateRecordsAcl',
      await k.app.evaluateRecordsAcl({ app, ids: [id] }),
      answers.evaluateRecordsAcl,
    );
    expect(await refused(k.app.evaluateRecordsAcl({ app, ids: [999] }))).toEqual([404, 'GAIA_RE01', []]);
  });
});

/**
 * What a write leaves out, answered as the platform sets it: one row per rule, each with the
 * write, the read, and the part of the answer the platform gives (evidence beside each rule in
 * src/emulator).
 */
/** Writes one PIE graph, `Pie`, grouping by `title` and counting, with `extra` on top. */
function writePie(extra: { chartMode?: 'NORMAL' } = {}) {
  return (k: KintoneRestAPIClient, app: string) =>
    k.app.updateReports({
      app,
      reports: {
        Pie: {
          chartType: 'PIE',
          name: 'Pie',
          index: 0,
          groups: [{ code: 'title' }],
          aggregations: [{ type: 'COUNT' }],
          ...extra,
        },
      },
    });
}

const LEFT_OUT: [
  string,
  (k: KintoneRestAPIClient, app: string) => Promise<unknown>,
  (k: KintoneRestAPIClient, app: string) => Promise<unknown>,
  unknown,
][] = [
  [
    'general notification flags and includeSubs: false',
    (k, app) =>
      k.app.updateGeneralNotifications({ app, notifications: [{ entity: { type: 'USER', code: 'admin' } }] }),
    async (k, app) => (await k.app.getGeneralNotifications({ app, preview: true })).notifications,
    [
      {
        entity: { type: 'USER', code: 'admin' },
        includeSubs: false,
        recordAdded: false,
        recordEdited: false,
        commentAdded: false,
        statusChanged: false,
        fileImported: false,
      },
    ],
  ],
  [
    'per-record notification title "" and target includeSubs false',
    (k, app) =>
      k.app.updatePerRecordNotifications({
        app,
        notifications: [{ filterCond: '', targets: [{ entity: { type: 'USER', code: 'admin' } }] }],
      }),
    async (k, app) => (await k.app.getPerRecordNotifications({ app, preview: true })).notifications,
    [
      {
        filterCond: '',
        title: '',
        targets: [{ entity: { type: 'USER', code: 'admin' }, includeSubs: false }],
      },
    ],
  ],
  [
    'reminder filterCond and title "", target includeSubs false',
    (k, app) =>
      k.app.updateReminderNotifications({
        app,
        notifications: [
          {
            timing: { code: 'due', daysLater: 1, hoursLater: 2 },
            targets: [{ entity: { type: 'USER', code: 'admin' } }],
          },
        ],
      }),
    async (k, app) => (await k.app.getReminderNotifications({ app, preview: true })).notifications,
    [
      {
        timing: { code: 'due', daysLater: '1', hoursLater: '2' },
        filterCond: '',
        title: '',
        targets: [{ entity: { type: 'USER', code: 'admin' }, includeSubs: false }],
      },
    ],
  ],
  [
    "a new app's STATUS, STATUS_ASSIGNEE and CATEGORY: type, code, label and enabled, no noLabel",
    () => Promise.resolve(),
    async (k, app) =>
      Object.values((await k.app.getFormFields({ app, preview: true })).properties)
        .filter((f) => ['STATUS', 'STATUS_ASSIGNEE', 'CATEGORY'].includes(f.type))
        .map((f) => Object.keys(f).sort()),
    [
      ['code', 'enabled', 'label', 'type'],
      ['code', 'enabled', 'label', 'type'],
      ['code', 'enabled', 'label', 'type'],
    ],
  ],
  [
    'a view\'s filterCond: ""',
    (k, app) =>
      k.app.updateViews({
        app,
        views: { Cal: { type: 'CALENDAR', index: 0, name: 'Cal', date: 'due', title: 'title' } },
      }),
    async (k, app) => (await k.app.getViews({ app, preview: true })).views.Cal!.filterCond,
    '',
  ],
  [
    'a copy action\'s destApp written {app}: answered {app, code}, code "" for an app without one',
    (k, app) =>
      k.app.updateAppActions({
        app,
        actions: { Copy: copyAction(app, []) },
      }),
    async (k, app) => (await k.app.getAppActions({ app, preview: true })).actions.Copy!.destApp,
    (app: string) => ({ app, code: '' }),
  ],
  [
    'a graph without a periodic report: periodicReport null',
    writePie(),
    async (k, app) => (await k.app.getReports({ app, preview: true })).reports.Pie!.periodicReport,
    null,
  ],
  [
    'a lookup written with its related app and key only: no mappings, no picker fields, filterCond ""',
    async (k, app) =>
      k.app.addFormFields({
        app,
        properties: {
          looked: {
            type: 'SINGLE_LINE_TEXT',
            code: 'looked',
            label: 'Looked',
            lookup: { relatedApp: { app: await otherApp(k) }, relatedKeyField: 'key' },
          },
        },
      }),
    async (k, app) => {
      const field = (await k.app.getFormFields({ app, preview: true })).properties.looked!;
      const { fieldMappings, lookupPickerFields, filterCond } = (field as { lookup: Record<string, unknown> })
        .lookup;
      return { fieldMappings, lookupPickerFields, filterCond };
    },
    { fieldMappings: [], lookupPickerFields: [], filterCond: '' },
  ],
  [
    'related records written without a filter: filterCond ""',
    async (k, app) =>
      k.app.addFormFields({
        app,
        properties: {
          related: {
            type: 'REFERENCE_TABLE',
            code: 'related',
            label: 'Related',
            referenceTable: {
              relatedApp: { app: await otherApp(k) },
              condition: { field: 'title', relatedField: 'key' },
              displayFields: ['key'],
            },
          },
        },
      }),
    async (k, app) => {
      const field = (await k.app.getFormFields({ app, preview: true })).properties.related!;
      return (field as { referenceTable: { filterCond?: unknown } }).referenceTable.filterCond;
    },
    '',
  ],
  [
    'a graph written without a filter: filterCond ""',
    writePie(),
    async (k, app) => (await k.app.getReports({ app, preview: true })).reports.Pie!.filterCond,
    '',
  ],
  [
    'a PIE written with a chartMode: answered without one (a PIE has no display mode)',
    writePie({ chartMode: 'NORMAL' }),
    async (k, app) => 'chartMode' in (await k.app.getReports({ app, preview: true })).reports.Pie!,
    false,
  ],
  [
    'a copy action written without entities or a filter: entities [], filterCond ""',
    (k, app) =>
      k.app.updateAppActions({
        app,
        actions: { Copy: { name: 'Copy', index: 0, destApp: { app }, mappings: [] } },
      }),
    async (k, app) => {
      const { mappings, entities, filterCond } = (await k.app.getAppActions({ app, preview: true })).actions
        .Copy!;
      return { mappings, entities, filterCond };
    },
    { mappings: [], entities: [], filterCond: '' },
  ],
  [
    'a record ACL rule written without a filter: filterCond ""',
    (k, app) =>
      k.app.updateRecordAcl({
        app,
        rights: [{ entities: [{ entity: { type: 'USER', code: 'admin' }, viewable: true }] }],
      }),
    async (k, app) => (await k.app.getRecordAcl({ app, preview: true })).rights[0]!.filterCond,
    '',
  ],
  [
    'a field written with type, code and label: every property of its type',
    (k, app) =>
      k.app.addFormFields({
        app,
        properties: { plain: { type: 'SINGLE_LINE_TEXT', code: 'plain', label: 'Plain' } },
      }),
    async (k, app) => (await k.app.getFormFields({ app, preview: true })).properties.plain,
    { type: 'SINGLE_LINE_TEXT', code: 'plain', label: 'Plain', ...TEXT_ANSWERED },
  ],
];

/** A deployed app with a text field `key`, for a lookup or related records to name. */
async function otherApp(k: KintoneRestAPIClient): Promise<string> {
  const { app } = await k.app.addApp({ name: 'Other' });
  await k.app.addFormFields({
    app,
    properties: { key: { type: 'SINGLE_LINE_TEXT', code: 'key', label: 'Key' } },
  });
  expect(await deployAndWait(k, app)).toBe('SUCCESS');
  return app;
}

describe('what a write leaves out is answered as the platform sets it', () => {
  it.each(LEFT_OUT)('%s', async (_, write, read, expected) => {
    const k = kit.client();
    const { app } = await k.app.addApp({ name: 'Left out' });
    await k.app.addFormFields({
      app,
      properties: {
        title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title' },
        due: { type: 'DATE', code: 'due', label: 'Due' },
      },
    });
    await write(k, app);
    expect(await read(k, app)).toEqual(
      typeof expected === 'function' ? (expected as (app: string) => unknown)(app) : expected,
    );
  });
});

describe('the list of known differences', () => {
  it('has no entry that explains nothing (a difference fixed leaves it)', () => {
    expect(KNOWN.filter((k) => !explained.has(k.pattern)).map((k) => String(k.pattern))).toEqual([]);
  });
});
