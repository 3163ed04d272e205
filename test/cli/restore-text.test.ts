/** What `appdeploy restore` says in text: how many records it restored, then those it could not and why. */
import { describe, expect, it } from 'vitest';
import { restoreText } from '../../src/cli/commands/restore.js';

const base = { app: '12', records: 3, restored: 3, written: 3, editedSince: [], deletedSince: [] };

describe('restoreText', () => {
  it.each([
    ['everything restored', base, 'Restored 3 records of 3 in app 12 (3 written now).\n'],
    [
      'one edited since, one deleted since',
      { ...base, restored: 1, written: 0, editedSince: ['88'], deletedSince: ['90'] },
      'Restored 1 record of 3 in app 12 (0 written now).\n' +
        'Not restored, edited since the backup (1): 88. Their values are in the backup if you want them.\n' +
        'Not restored, deleted since the backup (1): 90.\n',
    ],
  ])('%s', (_, result, text) => {
    expect(restoreText(result)).toBe(text);
  });
});
