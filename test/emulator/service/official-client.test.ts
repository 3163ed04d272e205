/**
 * The hosted platform's official JavaScript client, `@kintone/rest-api-client`, unmodified, run
 * against the emulator through a typical integration's calls, with its own header names
 * (`X-Cybozu-Authorization`): the local service speaks them. Between the two sits a pass-through
 * proxy only because the client takes plain http for the host name `localhost` alone; it changes
 * nothing and records the platform headers sent. Every call must succeed, or fail, as it would
 * on the hosted platform.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KintoneAllRecordsError, KintoneRestAPIClient, KintoneRestAPIError } from '@kintone/rest-api-client';
import { useEmulator } from '../harness.js';
import { listenOnLoopback, passThrough } from '../../support/pass-through.js';
import { appRights, recordRights } from '../records/records-helpers.js';

const emu = useEmulator();

/** Every `X-Cybozu-*` and `X-Service-*` header name the client sent. */
const platformHeaders = new Set<string>();

function passHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'host') continue;
    if (name.startsWith('x-cybozu-') || name.startsWith('x-service-')) platformHeaders.add(name);
    out[name] = value;
  }
  return out;
}

let proxy: Server;
let proxyUrl: string;

beforeAll(async () => {
  proxy = createServer((req, res) => passThrough(req, res, emu.url, passHeaders(req.headers)));
  // The client takes plain http only for the host name `localhost`; the proxy listens on its IPv4 address.
  proxyUrl = `http://localhost:${await listenOnLoopback(proxy)}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  // The official client authenticates with the hosted platform's header name, and nothing else.
  expect([...platformHeaders]).toEqual(['x-cybozu-authorization']);
});

const client = () =>
  new KintoneRestAPIClient({ baseUrl: proxyUrl, auth: { username: 'admin', password: 'admin' } });

/** The failure of a call, which must be the platform's error type. */
async function failure(call: Promise<unknown>): Promise<KintoneRestAPIError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(KintoneRestAPIError);
  return error as KintoneRestAPIError;
}

async function deployAndWait(kintone: KintoneRestAPIClient, app: string): Promise<string> {
  await kintone.app.deployApp({ apps: [{ app }] });
  for (;;) {
    const { apps } = await kintone.app.getDeployStatus({ apps: [app] });
    const status = apps[0]!.status;
    if (status !== 'PROCESSING') return status;
    await new Promise((r) => setTimeout(r, 10));
  }
}

const FIELDS = {
  title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title', unique: true },
  amount: { type: 'NUMBER', code: 'amount', label: 'Amount' },
  attachment: { type: 'FILE', code: 'attachment', label: 'Attachment' },
} as const;

/** An app made and deployed through the official client, with the fields above. */
async function newApp(kintone: KintoneRestAPIClient, name: string): Promise<string> {
  const { app } = await kintone.app.addApp({ name });
  await kintone.app.addFormFields({ app, properties: FIELDS });
  expect(await deployAndWait(kintone, app)).toBe('SUCCESS');
  return app;
}

describe('the official JavaScript client', () => {
  it('sets up an app: fields, layout, views, the three ACLs and admin notes on the draft, then one deploy', async () => {
    const kintone = client();
    const { app, revision } = await kintone.app.addApp({ name: 'Official' });
    expect([app, revision]).toEqual([expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/)]);
    await kintone.app.addFormFields({ app, properties: FIELDS });
    await kintone.app.updateFormLayout({
      app,
      layout: [
        {
          type: 'ROW',
          fields: [
            { type: 'SINGLE_LINE_TEXT', code: 'title', size: { width: '200' } },
            { type: 'NUMBER', code: 'amount', size: { width: '100' } },
          ],
        },
        { type: 'ROW', fields: [{ type: 'FILE', code: 'attachment', size: { width: '200' } }] },
      ],
    });
    const views = await kintone.app.updateViews({
      app,
      views: {
        Big: { type: 'LIST', index: 0, name: 'Big', fields: ['title', 'amount'], filterCond: 'amount > 10' },
      },
    });
    expect(views.views.Big!.id).toMatch(/^\d+$/);
    const everyone = { type: 'GROUP' as const, code: 'everyone' };
    const rights = [
      // The creator may do everything; everyone else may only view and add records.
      { entity: { type: 'CREATOR' as const }, appEditable: true, ...recordRights(true) },
      { entity: everyone, ...appRights(false), recordViewable: true, recordAddable: true },
    ];
    await kintone.app.updateAppAcl({ app, rights });
    await kintone.app.updateRecordAcl({
      app,
      rights: [
        {
          filterCond: 'amount > 100',
          entities: [{ entity: everyone, viewable: true, editable: false, deletable: false }],
        },
      ],
    });
    // The platform names a field ACL rule's field `code` (the spec says `field`): a caller using
    // the platform's header names is answered in the platform's names.
    await kintone.app.updateFieldAcl({
      app,
      rights: [{ code: 'amount', entities: [{ entity: everyone, accessibility: 'READ' }] }],
    });
    const notes = await kintone.app.updateAdminNotes({
      app,
      content: '<b>ops</b>',
      includeInTemplateAndDuplicates: false,
    });
    expect(notes.revision).toMatch(/^\d+$/);

    // All of it is in the draft, none of it live yet (a new app has no live copy at all). Answers
    // carry every flag, includeSubs and the creator's `code: null` (the official response types).
    const answered = rights.map((r) => ({ ...r, entity: { code: null, ...r.entity }, includeSubs: false }));
    expect((await kintone.app.getAppAcl({ app, preview: true })).rights).toEqual(answered);
    expect(await kintone.app.getAdminNotes({ app, preview: true })).toEqual({
      content: '<b>ops</b>',
      includeInTemplateAndDuplicates: false,
      revision: notes.revision,
    });
    expect((await failure(kintone.app.getApp({ id: app }))).code).toBe('GAIA_AP01');

    expect(await deployAndWait(kintone, app)).toBe('SUCCESS');
    expect(await kintone.app.getApp({ id: app })).toMatchObject({
      appId: app,
      name: 'Official',
      spaceId: null,
    });
    expect((await kintone.app.getApps({ ids: [app] })).apps.map((a) => a.appId)).toEqual([app]);
    expect((await kintone.app.getAppAcl({ app })).rights).toEqual(answered);
    expect((await kintone.app.getRecordAcl({ app })).rights[0]).toMatchObject({ filterCond: 'amount > 100' });
    expect((await kintone.app.getFieldAcl({ app })).rights).toEqual([
      { code: 'amount', entities: [{ entity: everyone, accessibility: 'READ', includeSubs: false }] },
    ]);
    expect(await kintone.app.getAdminNotes({ app })).toMatchObject({ content: '<b>ops</b>' });
    expect((await kintone.app.getViews({ app })).views.Big).toMatchObject({ filterCond: 'amount > 10' });
    expect(Object.keys((await kintone.app.getFormFields({ app })).properties)).toEqual(
      expect.arrayContaining(['title', 'amount', 'attachment']),
    );
    expect((await kintone.app.getFormLayout({ app })).layout).toHaveLength(2);

    // A stale revision is refused as on the platform.
    const stale = await failure(kintone.app.updateViews({ app, views: {}, revision: 1 }));
    expect([stale.status, stale.code]).toEqual([409, 'GAIA_CO02']);
  });

  it('writes and reads records, pages through them with a cursor, and moves files', async () => {
    const kintone = client();
    const app = await newApp(kintone, 'Records');
    const { fileKey } = await kintone.file.uploadFile({ file: { name: 'hello.txt', data: 'hello, world' } });
    const added = await kintone.record.addRecord({
      app,
      record: { title: { value: 'first' }, amount: { value: 5 }, attachment: { value: [{ fileKey }] } },
    });
    expect(added).toEqual({ id: expect.stringMatching(/^\d+$/), revision: '1' });
    const updated = await kintone.record.updateRecord({
      app,
      id: added.id,
      revision: added.revision,
      record: { amount: { value: 6 } },
    });
    expect(updated).toEqual({ revision: '2' });
    const conflict = await failure(
      kintone.record.updateRecord({ app, id: added.id, revision: 1, record: { amount: { value: 7 } } }),
    );
    expect([conflict.status, conflict.code]).toEqual([409, 'GAIA_CO02']);

    const { record } = await kintone.record.getRecord({ app, id: added.id });
    expect(record.amount).toEqual({ type: 'NUMBER', value: '6' });
    const file = (record.attachment!.value as { fileKey: string; name: string }[])[0]!;
    expect(file.name).toBe('hello.txt');
    const bytes = await kintone.file.downloadFile({ fileKey: file.fileKey });
    expect(Buffer.from(bytes).toString('utf8')).toBe('hello, world');

    const many = Array.from({ length: 250 }, (_, i) => ({ title: { value: `r${i}` }, amount: { value: i } }));
    const { records: ids } = await kintone.record.addAllRecords({ app, records: many });
    expect(ids).toHaveLength(250);
    const page = await kintone.record.getRecords({
      app,
      query: 'amount >= 100 order by amount asc limit 10',
      totalCount: true,
    });
    expect([page.records.length, page.totalCount, page.records[0]!.amount!.value]).toEqual([
      10,
      '150',
      '100',
    ]);
    const all = await kintone.record.getAllRecords({
      app,
      condition: 'amount < 200',
      orderBy: 'amount desc',
    });
    expect(all).toHaveLength(201);
    expect(all[0]!.amount!.value).toBe('199');
    const viaCursor = await kintone.record.getAllRecordsWithCursor({ app, query: 'title like "r1"' });
    expect(viaCursor.length).toBe(111);

    // A duplicate of a unique field fails addAllRecords with the platform's error inside.
    const duplicate = await kintone.record
      .addAllRecords({ app, records: [{ title: { value: 'new' } }, { title: { value: 'r3' } }] })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(duplicate).toBeInstanceOf(KintoneAllRecordsError);
    expect((duplicate as KintoneAllRecordsError).error).toMatchObject({ code: 'CB_VA01', status: 400 });
  });

  it('sends bulk requests, and reports a failing call with its code and index', async () => {
    const kintone = client();
    const app = await newApp(kintone, 'Bulk');
    const ok = await kintone.bulkRequest({
      requests: [
        { method: 'POST', api: '/k/v1/record.json', payload: { app, record: { title: { value: 'a' } } } },
        { method: 'POST', api: '/k/v1/records.json', payload: { app, records: [{ title: { value: 'b' } }] } },
      ],
    });
    expect(ok.results).toEqual([
      { id: expect.any(String), revision: '1' },
      { ids: [expect.any(String)], revisions: ['1'] },
    ]);
    const error = await failure(
      kintone.bulkRequest({
        requests: [
          { method: 'POST', api: '/k/v1/record.json', payload: { app, record: { title: { value: 'c' } } } },
          { method: 'PUT', api: '/k/v1/record.json', payload: { app, id: 1, revision: 99, record: {} } },
          { method: 'POST', api: '/k/v1/record.json', payload: { app, record: { title: { value: 'd' } } } },
        ],
      }),
    );
    expect([error.status, error.code, error.bulkRequestIndex]).toEqual([409, 'GAIA_CO02', 1]);
    expect(error.message).toMatch(/^\[409\] \[GAIA_CO02\] /);
    // The call before the failing one kept its effect; the one after never ran.
    const titles = (await kintone.record.getRecords({ app, query: 'order by $id asc' })).records.map(
      (r) => r.title!.value,
    );
    expect(titles).toEqual(['a', 'b', 'c']);
  });
});
