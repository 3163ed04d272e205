import { describe, expect, it } from 'vitest';
import { AREAS } from '../../src/areas/index.js';

describe('the area table', () => {
  it('holds the 16 areas the design names, once each, in apply order', () => {
    expect(AREAS.map((a) => a.key)).toEqual([
      'general',
      'fields',
      'layout',
      'views',
      'process',
      'customize',
      'appAcl',
      'recordAcl',
      'fieldAcl',
      'notificationsGeneral',
      'notificationsPerRecord',
      'notificationsReminder',
      'reports',
      'actions',
      'adminNotes',
      'plugins',
    ]);
  });
});
