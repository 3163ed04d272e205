/** General, per-record and reminder notifications (platform-facts "Settings shapes"). */
import type { Entity } from './common.js';

export interface NotificationTarget {
  entity: Entity;
  includeSubs?: boolean;
}

export interface GeneralNotification {
  entity: Entity;
  includeSubs?: boolean;
  recordAdded: boolean;
  recordEdited: boolean;
  commentAdded: boolean;
  statusChanged: boolean;
  fileImported: boolean;
}

export interface GeneralNotifications {
  notifications: GeneralNotification[];
  notifyToCommenter: boolean;
}

export interface PerRecordNotification {
  filterCond: string;
  title: string;
  targets: NotificationTarget[];
}

export interface PerRecordNotifications {
  notifications: PerRecordNotification[];
}

/** When a reminder fires: days from a date field, then either hours later or a time of day. */
export type ReminderTiming = { code: string; daysLater: string | number } & (
  { hoursLater: string | number; time?: never } | { time: string; hoursLater?: never }
);

export interface ReminderNotification {
  timing: ReminderTiming;
  filterCond: string;
  title: string;
  targets: NotificationTarget[];
}

export interface ReminderNotifications {
  notifications: ReminderNotification[];
  timezone: string;
}

export type WithRevision<T> = T & { revision: string };
