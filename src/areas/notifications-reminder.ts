/**
 * Reminder notifications (`app/notifications/reminder.json`, manifest `notifications.reminder`):
 * an ordered list of rules, each timed from a date or date-time field (`daysLater`, then
 * `hoursLater` or a time of day), with a filter, a title and targets; and the time zone of the
 * times. The time zone is managed only when the manifest gives it: a new app takes it from
 * where it was made (the emulator says UTC, the hosted platform the creator's or the system's
 * zone), and a PUT leaves it alone when not named.
 */
import { entityTarget, numeric, text } from './canonical.js';
import { asList, asRecord, targetToManifest } from './area-kit.js';
import { notificationListArea, type NotificationList } from './notification-list.js';
import type { ReminderNotification } from '../client/types/notifications.js';
import type { JsonObject } from './types.js';

export type ReminderNotificationsCanonical = NotificationList<'timezone', string>;

/** The timing: days as the service's string, then hours (a string) or a time, whichever is set. */
function timing(value: unknown): JsonObject {
  const t = asRecord(value);
  const out: JsonObject = { code: text(t.code), daysLater: numeric(t.daysLater, '0') };
  if (t.hoursLater !== undefined && t.hoursLater !== null && t.hoursLater !== '')
    out.hoursLater = numeric(t.hoursLater);
  if (typeof t.time === 'string' && t.time !== '') out.time = t.time;
  return out;
}

function rule(value: unknown): JsonObject {
  const r = asRecord(value);
  return {
    timing: timing(r.timing),
    filterCond: text(r.filterCond),
    title: text(r.title),
    targets: asList(r.targets).map(entityTarget),
  };
}

function canonical(value: { notifications?: unknown; timezone?: unknown }): ReminderNotificationsCanonical {
  const out: ReminderNotificationsCanonical = { notifications: asList(value.notifications).map(rule) };
  if (typeof value.timezone === 'string') out.timezone = value.timezone;
  return out;
}

function ruleToManifest(r: JsonObject): JsonObject {
  const t = asRecord(r.timing);
  const when: JsonObject = { code: t.code ?? '', daysLater: Number(t.daysLater) };
  if (t.hoursLater !== undefined) when.hoursLater = Number(t.hoursLater);
  if (t.time !== undefined) when.time = t.time;
  const out: JsonObject = { timing: when };
  if (r.filterCond !== '') out.filterCond = r.filterCond ?? '';
  if (r.title !== '') out.title = r.title ?? '';
  out.targets = asList(r.targets).map((x) => targetToManifest(x));
  return out;
}

export const reminderNotificationsArea = notificationListArea({
  key: 'notificationsReminder',
  part: 'reminder',
  itemNoun: 'reminder',
  setting: 'timezone',
  canonical,
  ruleToManifest,
  read: (ctx) => ctx.client.settings.getReminderNotifications({ app: ctx.app, copy: ctx.copy }),
  write: async (wctx, desired, revision) => {
    const result = await wctx.client.settings.updateReminderNotifications({
      app: wctx.app,
      notifications: desired.notifications as unknown as ReminderNotification[],
      ...(desired.timezone !== undefined ? { timezone: desired.timezone } : {}),
      revision,
    });
    return result.revision;
  },
});
