import { describe, expect, it } from 'vitest';
import type { Client } from '../../src/client/index.js';
import { SETTINGS_CATALOGUE, draftPath, livePath, type SettingsKey } from '../../src/platform/index.js';
import { testHarness } from './harness.js';

/**
 * The client has a read of each copy and a write for every endpoint of the catalogue of settings
 * endpoints (src/platform/settings-catalogue.ts), on the catalogue's paths: reads of the live
 * path and of its preview twin, writes on the draft (and on the live path where a live PUT
 * publishes, the copy named).
 */
type Read = (c: Client, copy: 'live' | 'draft') => Promise<unknown>;
type Write = (c: Client, copy: 'live' | 'draft') => Promise<unknown>;

const app = 1;
const CALLS: Record<SettingsKey, { read: Read; write: Write }> = {
  general: {
    read: (c, copy) => c.settings.getGeneralSettings({ app, copy }),
    write: (c) => c.settings.updateGeneralSettings({ app, name: 'x' }),
  },
  fields: {
    read: (c, copy) => c.form.getFields({ app, copy }),
    write: (c) => c.form.updateFields({ app, properties: {} }),
  },
  layout: {
    read: (c, copy) => c.form.getLayout({ app, copy }),
    write: (c) => c.form.updateLayout({ app, layout: [] }),
  },
  views: {
    read: (c, copy) => c.settings.getViews({ app, copy }),
    write: (c) => c.settings.updateViews({ app, views: {} }),
  },
  process: {
    read: (c, copy) => c.settings.getProcessManagement({ app, copy }),
    write: (c) => c.settings.updateProcessManagement({ app, enable: false }),
  },
  customize: {
    read: (c, copy) => c.settings.getCustomize({ app, copy }),
    write: (c) => c.settings.updateCustomize({ app, scope: 'ALL' }),
  },
  appAcl: {
    read: (c, copy) => c.settings.getAppAcl({ app, copy }),
    write: (c, copy) => c.settings.updateAppAcl({ app, copy, rights: [] }),
  },
  recordAcl: {
    read: (c, copy) => c.settings.getRecordAcl({ app, copy }),
    write: (c, copy) => c.settings.updateRecordAcl({ app, copy, rights: [] }),
  },
  fieldAcl: {
    read: (c, copy) => c.settings.getFieldAcl({ app, copy }),
    write: (c, copy) => c.settings.updateFieldAcl({ app, copy, rights: [] }),
  },
  notificationsGeneral: {
    read: (c, copy) => c.settings.getGeneralNotifications({ app, copy }),
    write: (c) => c.settings.updateGeneralNotifications({ app, notifyToCommenter: false }),
  },
  notificationsPerRecord: {
    read: (c, copy) => c.settings.getPerRecordNotifications({ app, copy }),
    write: (c) => c.settings.updatePerRecordNotifications({ app, notifications: [] }),
  },
  notificationsReminder: {
    read: (c, copy) => c.settings.getReminderNotifications({ app, copy }),
    write: (c) => c.settings.updateReminderNotifications({ app, notifications: [] }),
  },
  reports: {
    read: (c, copy) => c.settings.getReports({ app, copy }),
    write: (c) => c.settings.updateReports({ app, reports: {} }),
  },
  actions: {
    read: (c, copy) => c.settings.getActions({ app, copy }),
    write: (c) => c.settings.updateActions({ app, actions: {} }),
  },
  adminNotes: {
    read: (c, copy) => c.settings.getAdminNotes({ app, copy }),
    write: (c, copy) => c.settings.updateAdminNotes({ app, copy, content: '' }),
  },
  // The spec's platform adds plug-ins on the live path (app-plugins.ts; the hosted one on the draft's).
  plugins: {
    read: (c, copy) => c.appPlugins.getPlugins({ app, copy }),
    write: (c) => c.appPlugins.addPlugins({ app, ids: [] }),
  },
};

describe('the client calls every settings endpoint of the catalogue on its paths', () => {
  it.each(SETTINGS_CATALOGUE.map((e) => [e.key, e] as const))('%s', async (key, entry) => {
    const h = testHarness({ platform: 'service' });
    const calls = CALLS[key];
    const copies = entry.livePutPublishes ? (['draft', 'live'] as const) : (['draft'] as const);
    for (let i = 0; i < 2 + copies.length; i++) h.reply(200, { revision: '1', rights: [] });
    await calls.read(h.client, 'live');
    await calls.read(h.client, 'draft');
    for (const copy of copies) await calls.write(h.client, copy);
    const written = key === 'plugins' ? livePath(entry) : draftPath(entry);
    expect(h.calls().map((c) => `${c.method} ${c.path.split('?')[0]}`)).toEqual([
      `GET ${livePath(entry)}`,
      `GET ${draftPath(entry)}`,
      `${key === 'plugins' ? 'POST' : 'PUT'} ${written}`,
      ...(entry.livePutPublishes ? [`PUT ${livePath(entry)}`] : []),
    ]);
  });
});
