/**
 * The area table: every settings area, in the order plans list them. Each area declares its own
 * write phases; the order apply writes them in follows from the table (table.ts). plan/, apply/
 * and export/ loop over it and never name an area; each takes another table (`areas`) too.
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
import { areaTable, writePhases } from './table.js';
import type { Area } from './types.js';
import { viewsArea } from './views.js';

/** Each area is typed by its own canonical form; the table holds them as areas over plain JSON. */
export const AREAS: readonly Area[] = areaTable([
  generalArea,
  fieldsArea,
  layoutArea,
  viewsArea,
  processArea,
  customizeArea,
  appAclArea,
  recordAclArea,
  fieldAclArea,
  generalNotificationsArea,
  perRecordNotificationsArea,
  reminderNotificationsArea,
  reportsArea,
  actionsArea,
  adminNotesArea,
  pluginsArea,
]);

/** The table's keys, in its order (schema/plan.schema.json lists the same, test/render/json.test.ts). */
export const AREA_KEYS: readonly string[] = AREAS.map((area) => area.key);

/** The table's write phases, in the order apply runs them. */
export const WRITE_PHASES: readonly string[] = writePhases(AREAS).map((phase) => phase.name);

export type * from './types.js';
export { areaTable, tokenUnreadable, writePhases, type TablePhase } from './table.js';
