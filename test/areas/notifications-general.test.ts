import { describe, expect, it } from 'vitest';
import {
  generalNotificationsArea,
  type GeneralNotificationsCanonical,
} from '../../src/areas/notifications-general.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { areaSuite, expectExportedAs, itDiffs } from './contract.js';
import { resolveContext } from './harness.js';

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
    expectExportedAs(generalNotificationsArea, expected, { notifications: manifest.notifications });
  });
});

describe('general notifications: diff', () => {
  it('leaves notifyToCommenter alone when the manifest does', () => {
    const desired = { notifications: expected.notifications };
    expect(generalNotificationsArea.diff(desired, { ...expected, notifyToCommenter: true })).toEqual([]);
  });

  itDiffs(generalNotificationsArea, expected, [
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
  ]);
});

const suite = areaSuite('general notifications', generalNotificationsArea, manifest, expected);

suite.appliesCleanly();
