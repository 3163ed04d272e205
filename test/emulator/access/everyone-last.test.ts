/**
 * The "everyone" group comes last in the app and record permissions, wherever it is listed:
 * kintone.dev's "Update App Permissions" and "Update Record Permissions" say it "will be treated
 * with the lowest priority, wherever it is placed in the list". A user named by a rule of their
 * own gets that rule's rights even when an "everyone" rule is listed before it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { BOB, EVERYONE, USERS, ok, rec, staffApp } from '../records/records-helpers.js';

const emu = useEmulator({ users: USERS });
let app: string;

const view = { recordViewable: true };
const all = { recordViewable: true, recordAddable: true, recordEditable: true, recordDeletable: true };
const bobUser = { type: 'USER', code: 'bob' };

/** Bob's edit of record 4 (no record rule selects it unless one is written). */
const bobEdits = () =>
  emu.call('PUT', '/k/v1/record.json', { app, id: 4, record: rec({ title: 'edited' }) }, { user: BOB });

beforeEach(async () => {
  app = await staffApp(emu);
});

describe('everyone, listed first, comes last', () => {
  it.each([
    [
      'listed first',
      [
        { entity: EVERYONE, ...view },
        { entity: bobUser, ...all },
      ],
      200,
    ],
    [
      'listed last',
      [
        { entity: bobUser, ...all },
        { entity: EVERYONE, ...view },
      ],
      200,
    ],
    ['alone', [{ entity: EVERYONE, ...view }], 403],
  ])('in the app permissions: everyone %s', async (_case, rights, status) => {
    await ok(emu.call('PUT', '/k/v1/app/acl.json', { app, rights }));
    expect((await bobEdits()).status).toBe(status);
  });

  it.each([
    [
      'listed first',
      [
        { entity: EVERYONE, viewable: true },
        { entity: bobUser, viewable: true, editable: true },
      ],
      200,
    ],
    [
      'listed last',
      [
        { entity: bobUser, viewable: true, editable: true },
        { entity: EVERYONE, viewable: true },
      ],
      200,
    ],
    ['alone', [{ entity: EVERYONE, viewable: true }], 403],
  ])('in a record permission rule: everyone %s', async (_case, entities, status) => {
    await ok(emu.call('PUT', '/k/v1/record/acl.json', { app, rights: [{ filterCond: '', entities }] }));
    expect((await bobEdits()).status).toBe(status);
  });
});
