import { arr, bool, int, obj, str, type Shape } from './shape.js';
import { placeField } from './place-field.js';
import { entity, filterCond } from './common.js';
import {
  ENTITY_TYPES_BY_AREA,
  REMINDER_DAYS_LATER,
  REMINDER_HOURS_LATER,
  reminderOffsetInRange,
  timeOnTenMinutes,
  type ReminderRange,
} from '../../platform/index.js';

const flag = bool();
// Notifications take USER, GROUP, ORGANIZATION and FIELD_ENTITY (app/notification.d.ts of the
// official client); others are refused with 400 CB_VA01 at `...entity.type` (the platform's own
// code for this refusal is not recorded; our choice).
const notified = entity(ENTITY_TYPES_BY_AREA.notifications);

/**
 * What a rule leaves out is stored, and answered, as the platform sets it: every flag false, a
 * title and a filter "" (kintone "Update General Notification Settings", "Update Per Record
 * Notification Settings", "Update Reminder Notification Settings", cybozu.dev: includeSubs,
 * recordAdded, recordEdited, commentAdded, statusChanged, fileImported "省略した場合は「false」が
 * 設定されます", title "省略すると空文字列が設定されます", a reminder's filterCond left out is "all
 * records"); the official client's response types (app/notification.d.ts) have each as a plain
 * boolean or string, never optional.
 */
const allFalse = (...keys: string[]): Record<string, boolean> =>
  Object.fromEntries(keys.map((key) => [key, false]));
const targets = arr(
  obj({ entity: notified, includeSubs: flag }, { required: ['entity'], defaults: allFalse('includeSubs') }),
);

/** General notifications: who hears of which record events. */
export const generalNotificationsBody: Record<string, Shape> = {
  notifications: arr(
    obj(
      {
        entity: notified,
        includeSubs: flag,
        recordAdded: flag,
        recordEdited: flag,
        commentAdded: flag,
        statusChanged: flag,
        fileImported: flag,
      },
      {
        required: ['entity'],
        defaults: allFalse(
          'includeSubs',
          'recordAdded',
          'recordEdited',
          'commentAdded',
          'statusChanged',
          'fileImported',
        ),
      },
    ),
  ),
  notifyToCommenter: flag,
};

/** Per-record notifications: a filter, a title and targets. */
export const perRecordNotificationsBody: Record<string, Shape> = {
  notifications: arr(
    obj(
      { filterCond, title: str(), targets },
      { required: ['targets'], defaults: { filterCond: '', title: '' } },
    ),
  ),
};

const time: Shape = (value, path, ctx) => {
  const s = str()(value, path, ctx);
  if (typeof s === 'string' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(s)) {
    ctx.problems.add(path, 'Enter a time as HH:MM.');
    return undefined;
  }
  // In steps of ten minutes (platform/reminder-timing.ts).
  if (typeof s === 'string' && !timeOnTenMinutes(s)) {
    ctx.problems.add(path, 'Enter a time in steps of ten minutes, such as 09:20.');
    return undefined;
  }
  return s;
};

/**
 * IANA time zone names. `Intl.supportedValuesOf` lists one canonical name per zone, and not
 * always today's (it has Asia/Calcutta, not Asia/Kolkata) and leaves out UTC and Etc/*, so a
 * name outside it is asked of `Intl.DateTimeFormat`, once it has the form of a name: not an
 * offset such as +09:00, which newer runtimes accept as a zone and the platform does not.
 */
const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));
const IANA_NAME = /^[A-Z][A-Za-z0-9_+-]*(\/[A-Z][A-Za-z0-9_+-]*)*$/;

function isTimeZone(name: string): boolean {
  if (TIME_ZONES.has(name)) return true;
  if (!IANA_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const timezone: Shape = (value, path, ctx) => {
  const s = str()(value, path, ctx);
  if (typeof s === 'string' && !isTimeZone(s)) {
    ctx.problems.add(path, `"${s}" is not a time zone; enter an IANA name such as Asia/Tokyo or UTC.`);
    return undefined;
  }
  return s;
};

/** Days (or hours) from the date: a whole number within the platform's range (platform/reminder-timing.ts). */
const offset =
  (range: ReminderRange): Shape =>
  (value, path, ctx) => {
    const n = int()(value, path, ctx) as number | string | undefined;
    if (n === undefined || reminderOffsetInRange(n, range)) return n;
    ctx.problems.add(path, `Enter a whole number from ${range.min} to ${range.max}.`);
    return undefined;
  };

const timingFields = obj(
  {
    code: placeField('notificationsReminder', 'notifications[*].timing.code'),
    daysLater: offset(REMINDER_DAYS_LATER),
    hoursLater: offset(REMINDER_HOURS_LATER),
    time,
  },
  { required: ['code', 'daysLater'] },
);

/**
 * A reminder fires some hours after the field's value, or at a time of day: one of them, never
 * both (platform/reminder-timing.ts).
 */
const timing: Shape = (value, path, ctx) => {
  const out = timingFields(value, path, ctx) as Record<string, unknown> | undefined;
  if (!out || typeof out !== 'object') return out;
  // Which were given, refused or not (a refused one is said at its own key).
  const given = value as Record<string, unknown>;
  const hours = given.hoursLater !== undefined;
  const time = given.time !== undefined;
  if (hours && time) ctx.problems.add(path, 'Give hoursLater or time, not both.');
  else if (!hours && !time)
    ctx.problems.add(path, 'Give hoursLater (hours after the date) or time (a time of day).');
  return out;
};

/** Reminder notifications: timed from a date or datetime field. */
export const reminderNotificationsBody: Record<string, Shape> = {
  notifications: arr(
    obj(
      {
        timing,
        filterCond,
        title: str(),
        targets,
      },
      { required: ['timing', 'targets'], defaults: { filterCond: '', title: '' } },
    ),
  ),
  timezone,
};
