import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { FILE_FIELDS, downloadFile, uploadKey, type DownloadAuth } from './file-upload.js';
import { ALICE, BOB, USERS, appRights, appWithFields, ok, rec } from '../records/records-helpers.js';
import { ADMIN } from '../../support/users.js';

const emu = useEmulator({ users: USERS });

async function token(app: string): Promise<{ token: string }> {
  return { token: (await ok(emu.call('POST', '/_emulator/tokens', { app }))).token as string };
}

/** Lets only alice (USER rule) see the app's records; bob gets nothing. */
async function onlyAlice(app: string): Promise<void> {
  const rule = { entity: { type: 'USER', code: 'alice' }, ...appRights(true) };
  await ok(emu.call('PUT', '/k/v1/app/acl.json', { app, rights: [rule] }));
}

/** The status (and code when refused) of downloading `fileKey` as `who`. */
async function download(fileKey: string, who: DownloadAuth): Promise<[number, string?]> {
  const res = await downloadFile(emu.url, fileKey, who);
  return res.code === undefined ? [res.status] : [res.status, res.code];
}

/** An app none of the files belongs to. */
let other: string;
beforeEach(async () => {
  other = await emu.deployedApp('Other');
});

describe('downloading a record attachment', () => {
  let app: string;
  let fileKey: string;
  let cellKey: string;

  beforeEach(async () => {
    app = await appWithFields(emu, FILE_FIELDS);
    const upload = await uploadKey(emu.call, Buffer.from('contract'), 'contract.pdf', 'application/pdf');
    const cell = await uploadKey(emu.call, Buffer.from('scan'), 'scan.png', 'image/png');
    const record = rec({
      title: 'secret',
      attachment: [{ fileKey: upload }],
      items: [{ value: { scan: { value: [{ fileKey: cell }] } } }],
    });
    const { id } = await ok(emu.call('POST', '/k/v1/record.json', { app, record }));
    const read = (await ok(emu.call('GET', '/k/v1/record.json', { app, id }))).record;
    fileKey = read.attachment.value[0].fileKey as string;
    cellKey = read.items.value[0].value.scan.value[0].fileKey as string;
  });

  const hideRecordFromAlice = async () => {
    const rights = [
      {
        filterCond: 'title = "secret"',
        entities: [
          { entity: { type: 'USER', code: 'bob' }, viewable: true, editable: false, deletable: false },
        ],
      },
    ];
    await ok(emu.call('PUT', '/k/v1/record/acl.json', { app, rights }));
  };
  const hideFieldFromAlice = (field: string) => async () => {
    const entities = [{ entity: { type: 'USER', code: 'alice' }, accessibility: 'NONE' }];
    await ok(emu.call('PUT', '/k/v1/field/acl.json', { app, rights: [{ field, entities }] }));
  };

  it.each<[string, () => Promise<void>, () => Promise<DownloadAuth> | DownloadAuth, [number, string?]]>([
    ['an administrator', async () => {}, () => ADMIN, [200]],
    ['a user the app ACL lets view records', async () => {}, () => ALICE, [200]],
    ['an API token of the app', async () => {}, () => token(app), [200]],
    ['a user the app ACL gives no view right', () => onlyAlice(app), () => BOB, [403, 'CB_NO02']],
    ['an API token of another app', async () => {}, () => token(other), [400, 'GAIA_IA02']],
    ['a user a record rule hides the record from', hideRecordFromAlice, () => ALICE, [403, 'CB_NO02']],
    [
      'a user a field rule hides the field from',
      hideFieldFromAlice('attachment'),
      () => ALICE,
      [403, 'CB_NO02'],
    ],
  ])('by %s', async (_case, arrange, who, expected) => {
    await arrange();
    expect(await download(fileKey, await who())).toEqual(expected);
  });

  it('of a subtable cell follows the rights on the subtable field', async () => {
    expect(await download(cellKey, ALICE)).toEqual([200]);
    await hideFieldFromAlice('items')();
    expect(await download(cellKey, ALICE)).toEqual([403, 'CB_NO02']);
    expect(await download(fileKey, ALICE)).toEqual([200]);
  });

  it('stops once no record holds the file: removed from the record, or the record deleted', async () => {
    await ok(emu.call('PUT', '/k/v1/record.json', { app, id: 1, record: rec({ attachment: [] }) }));
    expect(await download(fileKey, ADMIN)).toEqual([404, 'GAIA_BL01']);
    expect(await download(cellKey, ADMIN)).toEqual([200]);
    await ok(emu.call('DELETE', '/k/v1/records.json', { app, ids: [1] }));
    expect(await download(cellKey, ADMIN)).toEqual([404, 'GAIA_BL01']);
  });

  it('is refused through the path of a guest space the app is not in', async () => {
    const members = [{ entity: { type: 'USER', code: 'admin' }, isAdmin: true }];
    const space = (
      await ok(emu.call('POST', '/k/v1/template/space.json', { id: 1, name: 'G', members, isGuest: true }))
    ).id;
    const res = await downloadFile(emu.url, fileKey, ADMIN, `/k/guest/${space}/v1`);
    // platform-facts-verified (Guest spaces): another space's app through a guest path is 403 CB_NO02.
    expect([res.status, res.code]).toEqual([403, 'CB_NO02']);
  });
});

describe('downloading an app settings file (icon, customization)', () => {
  let app: string;
  let icon: string;
  let script: string;

  beforeEach(async () => {
    app = await emu.deployedApp('Owner');
    const iconUpload = await uploadKey(emu.call, Buffer.from('png'), 'icon.png', 'image/png');
    const jsUpload = await uploadKey(emu.call, Buffer.from('alert(1)'), 'a.js', 'text/javascript');
    await ok(
      emu.call('PUT', '/k/v1/preview/app/settings.json', {
        app,
        icon: { type: 'FILE', file: { fileKey: iconUpload } },
      }),
    );
    await ok(
      emu.call('PUT', '/k/v1/preview/app/customize.json', {
        app,
        desktop: { js: [{ type: 'FILE', file: { fileKey: jsUpload } }] },
      }),
    );
    icon = (await ok(emu.call('GET', '/k/v1/preview/app/settings.json', { app }))).icon.file
      .fileKey as string;
    script = (await ok(emu.call('GET', '/k/v1/preview/app/customize.json', { app }))).desktop.js[0].file
      .fileKey as string;
  });

  it.each<[string, () => Promise<void>, () => Promise<DownloadAuth> | DownloadAuth, [number, string?]]>([
    ['an administrator', async () => {}, () => ADMIN, [200]],
    ['a user the app ACL lets view records', async () => {}, () => ALICE, [200]],
    ['an API token of the app', async () => {}, () => token(app), [200]],
    ['an API token of another app', async () => {}, () => token(other), [400, 'GAIA_IA02']],
    ['a user the app ACL gives no right', () => onlyAlice(app), () => BOB, [403, 'CB_NO02']],
  ])('by %s', async (_case, arrange, who, expected) => {
    await arrange();
    const auth = await who();
    expect([await download(icon, auth), await download(script, auth)]).toEqual([expected, expected]);
  });

  it('refuses another app keeping the key, and keeps it for its own app through save and deploy', async () => {
    const js = (fileKey: string) => ({ desktop: { js: [{ type: 'FILE', file: { fileKey } }] } });
    const taken = await emu.call('PUT', '/k/v1/preview/app/customize.json', { app: other, ...js(script) });
    expect([taken.status, taken.body.code, Object.keys(taken.body.errors)]).toEqual([
      404,
      'GAIA_BL01',
      ['desktop.js[0].file.fileKey'],
    ]);
    expect(taken.body.errors['desktop.js[0].file.fileKey'].messages[0]).toContain(
      `is attached to the settings of app ${app}, not to the settings of app ${other}`,
    );
    const iconTaken = await emu.call('PUT', '/k/v1/preview/app/settings.json', {
      app: other,
      icon: { type: 'FILE', file: { fileKey: icon } },
    });
    expect([iconTaken.status, iconTaken.body.code]).toEqual([404, 'GAIA_BL01']);
    // The round trip a client makes with customize.json: read it, write it back unchanged.
    const read = await ok(emu.call('GET', '/k/v1/preview/app/customize.json', { app }));
    const { revision: _revision, ...settings } = read;
    await ok(emu.call('PUT', '/k/v1/preview/app/customize.json', { app, ...settings }));
    expect(await emu.deploy([app])).toEqual({ [app]: 'SUCCESS' });
    const live = await ok(emu.call('GET', '/k/v1/app/customize.json', { app }));
    expect(live.desktop.js[0].file.fileKey).toBe(script);
    expect(await download(script, ALICE)).toEqual([200]);
  });

  it('refuses a settings file key in a record FILE field, and a record file key in another app', async () => {
    const withFile = await appWithFields(emu, { attachment: { type: 'FILE' } });
    const intoRecord = await emu.call('POST', '/k/v1/record.json', {
      app: withFile,
      record: rec({ attachment: [{ fileKey: icon }] }),
    });
    expect([intoRecord.status, intoRecord.body.code, Object.keys(intoRecord.body.errors)]).toEqual([
      404,
      'GAIA_BL01',
      ['record.attachment.value[0].fileKey'],
    ]);
    const upload = await uploadKey(emu.call, Buffer.from('x'), 'x.txt', 'text/plain');
    const { id } = await ok(
      emu.call('POST', '/k/v1/record.json', {
        app: withFile,
        record: rec({ attachment: [{ fileKey: upload }] }),
      }),
    );
    const recordKey = (await ok(emu.call('GET', '/k/v1/record.json', { app: withFile, id }))).record
      .attachment.value[0].fileKey as string;
    const copyApp = await appWithFields(emu, { attachment: { type: 'FILE' } });
    const copied = await emu.call('POST', '/k/v1/record.json', {
      app: copyApp,
      record: rec({ attachment: [{ fileKey: recordKey }] }),
    });
    expect([copied.status, copied.body.code]).toEqual([404, 'GAIA_BL01']);
    // Its own app may keep it: an update sending the key back, and another record of the same app.
    await ok(
      emu.call('PUT', '/k/v1/record.json', {
        app: withFile,
        id,
        record: rec({ attachment: [{ fileKey: recordKey }] }),
      }),
    );
    await ok(
      emu.call('POST', '/k/v1/record.json', {
        app: withFile,
        record: rec({ attachment: [{ fileKey: recordKey }] }),
      }),
    );
  });
});
