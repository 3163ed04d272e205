import { describe, expect, it } from 'vitest';
import {
  generalNotificationsArea,
  type GeneralNotificationsCanonical,
} from '../../src/areas/notifications-general.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { exportContext, resolveContext, useAreaEmulator } from './harness.js';
import { expectValidManifest } from './schema.js';

const manifest: AppManifest = {
  name: 'Orders',
  notifications: {
    general: {
      notifyToCommenter: false,
      notifications: [
        { entity: { type: 'FIELD_ENTITY', code: 'Created_by' }, recordEdited: true, commentAdded: true },
        { entity: { type: 'ORGANIZATION', code: 'sales' }, includeSubs: true, recordAdded: true },
      ],
    },
  },
};

const off = {
  recordAdded: false,
  recordEdited: false,
  commentAdded: false,
  statusChanged: false,
  fileImported: false,
};
const expected: GeneralNotificationsCanonical = {
  notifyToCommenter: false,
  notifications: [
    {
      entity: { type: 'FIELD_ENTITY', code: 'Created_by' },
      includeSubs: false,
      ...off,
      recordEdited: true,
      commentAdded: true,
    },
    { entity: { type: 'ORGANIZATION', code: 'sales' }, includeSubs: true, ...off, recordAdded: true },
  ],
};

describe('general notifications: manifest and canonical form', () => {
  it('fills every event left out with false', () => {
    expect(generalNotificationsArea.fromManifest(manifest, resolveContext())).toEqual(expected);
  });

  it('is managed only when notifications.general is given', () => {
    expect(generalNotificationsArea.fromManifest({ name: 'x' }, resolveContext())).toBeUndefined();
    expect(
      generalNotificationsArea.fromManifest(
        { name: 'x', notifications: { perRecord: {} } },
        resolveContext(),
      ),
    ).toBeUndefined();
    expect(
      generalNotificationsArea.fromManifest({ name: 'x', notifications: { general: {} } }, resolveContext()),
    ).toEqual({ notifications: [] });
  });

  it('round-trips through toManifest', () => {
    const exported = generalNotificationsArea.toManifest(expected, exportContext());
    expectValidManifest(exported);
    expect(exported).toEqual({ notifications: manifest.notifications });
  });
});

describe('general notifications: diff', () => {
  it('leaves notifyToCommenter alone when the manifest does', () => {
    const desired = { notifications: expected.notifications };
    expect(generalNotificationsArea.diff(desired, { ...expected, notifyToCommenter: true })).toEqual([]);
  });

  it.each([
    ['no change', expected, []],
    ['notifyToCommenter', { ...expected, notifyToCommenter: true }, [['change', 'notifyToCommenter']]],
    [
      'one event of one rule',
      {
        ...expected,
        notifications: [expected.notifications[0]!, { ...expected.notifications[1]!, fileImported: true }],
      },
      [['change', 'notifications', 1]],
    ],
  ])('%s', (_name, desired, changes) => {
    const found = generalNotificationsArea.diff(desired, expected);
    expect(found.map((c) => [c.action, ...c.path])).toEqual(changes);
  });
});

describe('general notifications against the emulator', () => {
  const emu = useAreaEmulator();

  it('applies, and a fresh diff against live is empty', async () => {
    const app = await emu.newApp();
    const live = await emu.apply(generalNotificationsArea, app, expected);
    expect(generalNotificationsArea.diff(expected, live)).toEqual([]);
  });
});
