/**
 * The area table: every settings area, in AREA_KEYS order (the order apply writes them, fields'
 * removals aside). plan/, apply/ and export/ loop over it and never name an area.
 */
import { actionsArea } from './actions.js';
import { adminNotesArea } from './admin-notes.js';
import { appAclArea } from './app-acl.js';
import { customizeArea } from './customize.js';
import { fieldAclArea } from './field-acl.js';
import { fieldsArea } from './fields/index.js';
import { generalArea } from './general.js';
import { layoutArea } from './layout.js';
import { generalNotificationsArea } from './notifications-general.js';
import { perRecordNotificationsArea } from './notifications-per-record.js';
import { reminderNotificationsArea } from './notifications-reminder.js';
import { pluginsArea } from './plugins.js';
import { processArea } from './process.js';
import { recordAclArea } from './record-acl.js';
import { reportsArea } from './reports.js';
import { AREA_KEYS, type Area, type AreaKey, type Json } from './types.js';
import { viewsArea } from './views.js';

/**
 * Each area by its key, so that a missing or extra area fails to compile. Each is typed by its
 * own canonical form; the table holds them as areas over plain JSON.
 */
const BY_KEY: { [K in AreaKey]: { key: AreaKey } } = {
  general: generalArea,
  fields: fieldsArea,
  layout: layoutArea,
  views: viewsArea,
  process: processArea,
  customize: customizeArea,
  appAcl: appAclArea,
  recordAcl: recordAclArea,
  fieldAcl: fieldAclArea,
  notificationsGeneral: generalNotificationsArea,
  notificationsPerRecord: perRecordNotificationsArea,
  notificationsReminder: reminderNotificationsArea,
  reports: reportsArea,
  actions: actionsArea,
  adminNotes: adminNotesArea,
  plugins: pluginsArea,
};

export const AREAS: readonly Area[] = AREA_KEYS.map((key) => BY_KEY[key] as unknown as Area<Json>);

export type * from './types.js';
export { AREA_KEYS, WRITE_PHASES } from './types.js';
