import { describe, expect, it } from 'vitest';
import {
  perRecordNotificationsArea,
  type PerRecordNotificationsCanonical,
} from '../../src/areas/notifications-per-record.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { areaSuite } from './contract.js';

const manifest: AppManifest = {
  name: 'Orders',
  notifications: {
    perRecord: {
      notifications: [
        {
          filterCond: 'Record_number > 100',
          title: 'Big order',
          targets: [{ entity: { type: 'GROUP', code: 'managers' } }],
        },
        { targets: [{ entity: { type: 'ORGANIZATION', code: 'sales' }, includeSubs: true }] },
      ],
    },
  },
};

const expected: PerRecordNotificationsCanonical = {
  notifications: [
    {
      filterCond: 'Record_number > 100',
      title: 'Big order',
      targets: [{ entity: { type: 'GROUP', code: 'managers' }, includeSubs: false }],
    },
    {
      filterCond: '',
      title: '',
      targets: [{ entity: { type: 'ORGANIZATION', code: 'sales' }, includeSubs: true }],
    },
  ],
};

const suite = areaSuite('per-record notifications', perRecordNotificationsArea, manifest, expected);

suite.manifestForm('fills the empty filter and title', { notifications: manifest.notifications });

describe('per-record notifications: diff', () => {
  it('is empty for equal rules, and names the one that changes', () => {
    expect(perRecordNotificationsArea.diff(expected, expected)).toEqual([]);
    const desired = {
      notifications: [expected.notifications[0]!, { ...expected.notifications[1]!, title: 'Any' }],
    };
    expect(perRecordNotificationsArea.diff(desired, expected)).toEqual([
      {
        action: 'change',
        path: ['notifications', 1],
        before: expected.notifications[1],
        after: desired.notifications[1],
        details: [{ path: ['title'], before: '', after: 'Any' }],
      },
    ]);
  });
});

suite.appliesCleanly();
