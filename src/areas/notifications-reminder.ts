/**
 * Reminder notifications (`app/notifications/reminder.json`, manifest `notifications.reminder`):
 * an ordered list of rules, each timed from a date or date-time field (`daysLater`, then
 * `hoursLater` or a time of day), with a filter, a title and targets; and the time zone of the
 * times. The time zone is managed only when the manifest gives it: a new app takes it from
 * where it was made (the emulator says UTC, the hosted platform the creator's or the system's
 * zone), and a PUT leaves it alone when not named.
 */
import { entityTarget, numeric, text, type EntityTargetCanonical } from './canonical.js';
import { asList, asRecord, targetToManifest } from './area-kit.js';
import { notificationListArea, type NotificationList } from './notification-list.js';
import type { JsonObject } from './types.js';

/**
 * When a reminder fires: days as the service's string, then hours (a string) or a time of day,
 * never both (the official client's ReminderNotificationForParameter is a union of the two, and
 * validate refuses both or neither: NOTIFY.TIMING).
 */
type TimingCanonical = { code: string; daysLater: string } & ({ hoursLater: string } | { time: string });

type ReminderRuleCanonical = {
  timing: TimingCanonical;
  filterCond: string;
  title: string;
  targets: EntityTargetCanonical[];
};

export type ReminderNotificationsCanonical = NotificationList<'timezone', string, ReminderRuleCanonical>;

/**
 * The timing: hours when given, else the time of day. A timing with neither (which validate
 * refuses) reads as an empty time, which a manifest leaves out again; one with both (refused
 * too) keeps the hours.
 */
function timing(value: unknown): TimingCanonical {
  const t = asRecord(value);
  const start = { code: text(t.code), daysLater: numeric(t.daysLater, '0') };
  if (t.hoursLater !== undefined && t.hoursLater !== null && t.hoursLater !== '')
    return { ...start, hoursLater: numeric(t.hoursLater) };
  return { ...start, time: text(t.time) };
}

function rule(value: unknown): ReminderRuleCanonical {
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

function ruleToManifest(r: ReminderRuleCanonical): JsonObject {
  const t = r.timing;
  const when: JsonObject = { code: t.code, daysLater: Number(t.daysLater) };
  if ('hoursLater' in t) when.hoursLater = Number(t.hoursLater);
  else if (t.time !== '') when.time = t.time;
  const out: JsonObject = { timing: when };
  if (r.filterCond !== '') out.filterCond = r.filterCond;
  if (r.title !== '') out.title = r.title;
  out.targets = r.targets.map((x) => targetToManifest(x));
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
  write: async (wctx, desired: ReminderNotificationsCanonical, revision) => {
    const result = await wctx.client.settings.updateReminderNotifications({
      app: wctx.app,
      notifications: desired.notifications,
      ...(desired.timezone !== undefined ? { timezone: desired.timezone } : {}),
      revision,
    });
    return result.revision;
  },
});
