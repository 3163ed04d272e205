/**
 * Reminder notifications (`app/notifications/reminder.json`, manifest `notifications.reminder`):
 * an ordered list of rules, each timed from a date or date-time field (`daysLater`, then
 * `hoursLater` or a time of day), with a filter, a title and targets; and the time zone of the
 * times. The time zone is managed only when the manifest gives it: a new app takes it from
 * where it was made (the emulator says UTC, the hosted platform the creator's or the system's
 * zone), and a PUT leaves it alone when not named.
 */
import { entityTarget, numeric, text } from './canonical.js';
import {
  asList,
  asRecord,
  diffWhenGiven,
  oneWrite,
  targetToManifest,
  togetherPhase,
  unchangedWhenGiven,
  underPath,
} from './area-kit.js';
import { diffList, unchangedInList } from './diff.js';
import type { ReminderNotification } from '../client/types/notifications.js';
import type { AppManifest } from '../project/manifest.js';
import type { Area, Change, JsonObject } from './types.js';

export type ReminderNotificationsCanonical = { notifications: JsonObject[]; timezone?: string };

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

function diff(desired: ReminderNotificationsCanonical, current: ReminderNotificationsCanonical): Change[] {
  return [
    ...diffWhenGiven('timezone', desired.timezone, current.timezone),
    ...underPath('notifications', diffList(desired.notifications, current.notifications)),
  ];
}

export const reminderNotificationsArea: Area<ReminderNotificationsCanonical, 'notificationsReminder'> = {
  key: 'notificationsReminder',
  phases: togetherPhase('notificationsReminder'),
  itemNoun: 'reminder',
  fromManifest: (m: AppManifest) =>
    m.notifications?.reminder ? canonical(m.notifications.reminder) : undefined,
  toManifest: (c) => {
    const reminder: JsonObject = {};
    if (c.timezone !== undefined) reminder.timezone = c.timezone;
    if (c.notifications.length > 0) reminder.notifications = c.notifications.map(ruleToManifest);
    return { notifications: { reminder } };
  },
  async read(ctx) {
    const { revision, ...value } = await ctx.client.settings.getReminderNotifications({
      app: ctx.app,
      copy: ctx.copy,
    });
    return { value: canonical(value), revision };
  },
  diff,
  unchangedCount: (desired, current) =>
    unchangedInList(desired.notifications, current.notifications) +
    unchangedWhenGiven(desired.timezone, current.timezone),
  writes: (desired, current) =>
    oneWrite('notificationsReminder', diff(desired, current), async (wctx, revision) => {
      const result = await wctx.client.settings.updateReminderNotifications({
        app: wctx.app,
        notifications: desired.notifications as unknown as ReminderNotification[],
        ...(desired.timezone !== undefined ? { timezone: desired.timezone } : {}),
        revision,
      });
      return result.revision;
    }),
};
