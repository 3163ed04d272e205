import { describe, expect, it } from 'vitest';
import {
  reminderNotificationsArea,
  type ReminderNotificationsCanonical,
} from '../../src/areas/notifications-reminder.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { areaSuite, itDiffs } from './contract.js';

const manifest: AppManifest = {
  name: 'Orders',
  notifications: {
    reminder: {
      timezone: 'Asia/Tokyo',
      notifications: [
        {
          timing: { code: 'due', daysLater: -1, time: '09:30' },
          title: 'Due tomorrow',
          targets: [{ entity: { type: 'FIELD_ENTITY', code: 'Created_by' } }],
        },
        {
          timing: { code: 'Created_datetime', daysLater: '2', hoursLater: 3 },
          filterCond: 'Record_number > 1',
          targets: [{ entity: { type: 'GROUP', code: 'managers' } }],
        },
      ],
    },
  },
};

const expected: ReminderNotificationsCanonical = {
  timezone: 'Asia/Tokyo',
  notifications: [
    {
      timing: { code: 'due', daysLater: '-1', time: '09:30' },
      filterCond: '',
      title: 'Due tomorrow',
      targets: [{ entity: { type: 'FIELD_ENTITY', code: 'Created_by' }, includeSubs: false }],
    },
    {
      timing: { code: 'Created_datetime', daysLater: '2', hoursLater: '3' },
      filterCond: 'Record_number > 1',
      title: '',
      targets: [{ entity: { type: 'GROUP', code: 'managers' }, includeSubs: false }],
    },
  ],
};

const suite = areaSuite('reminder notifications', reminderNotificationsArea, manifest, expected);

suite.manifestForm('numbers as strings, hours or a time, empty filter and title filled');

describe('reminder notifications: diff', () => {
  it('leaves the time zone alone when the manifest does', () => {
    const { timezone: _zone, ...desired } = expected;
    expect(reminderNotificationsArea.diff(desired, { ...expected, timezone: 'UTC' })).toEqual([]);
  });

  itDiffs(reminderNotificationsArea, expected, [
    ['no change', expected, []],
    ['the time zone', { ...expected, timezone: 'UTC' }, [['change', 'timezone']]],
    [
      'a reminder removed',
      { ...expected, notifications: [expected.notifications[1]!] },
      [['remove', 'notifications', 0]],
    ],
  ]);
});

suite.appliesCleanly({ fields: { due: { type: 'DATE', code: 'due', label: 'Due' } } });
