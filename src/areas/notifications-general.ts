/**
 * General notifications (`app/notifications/general.json`, manifest `notifications.general`):
 * who hears of which record events, an ordered list of rules (events left out are false), and
 * whether commenters are notified. `notifyToCommenter` is managed only when the manifest gives
 * it: what a new app has depends on where it was made, and a PUT leaves it alone when not named.
 */
import { entity, flag } from './canonical.js';
import { asList, asRecord, entityToManifest } from './area-kit.js';
import { notificationListArea, type NotificationList } from './notification-list.js';
import type { GeneralNotification } from '../client/types/notifications.js';
import type { JsonObject } from './types.js';

export type GeneralNotificationsCanonical = NotificationList<'notifyToCommenter', boolean>;

const EVENTS = ['recordAdded', 'recordEdited', 'commentAdded', 'statusChanged', 'fileImported'] as const;

function rule(value: unknown): JsonObject {
  const r = asRecord(value);
  const out: JsonObject = { entity: entity(r.entity), includeSubs: flag(r.includeSubs) };
  for (const event of EVENTS) out[event] = flag(r[event]);
  return out;
}

function canonical(value: {
  notifications?: unknown;
  notifyToCommenter?: unknown;
}): GeneralNotificationsCanonical {
  const out: GeneralNotificationsCanonical = { notifications: asList(value.notifications).map(rule) };
  if (typeof value.notifyToCommenter === 'boolean') out.notifyToCommenter = value.notifyToCommenter;
  return out;
}

function ruleToManifest(r: JsonObject): JsonObject {
  const out: JsonObject = { entity: entityToManifest(r.entity) };
  if (r.includeSubs === true) out.includeSubs = true;
  for (const event of EVENTS) if (r[event] === true) out[event] = true;
  return out;
}

export const generalNotificationsArea = notificationListArea({
  key: 'notificationsGeneral',
  part: 'general',
  itemNoun: 'notification',
  setting: 'notifyToCommenter',
  canonical,
  ruleToManifest,
  read: (ctx) => ctx.client.settings.getGeneralNotifications({ app: ctx.app, copy: ctx.copy }),
  write: async (wctx, desired, revision) => {
    const result = await wctx.client.settings.updateGeneralNotifications({
      app: wctx.app,
      notifications: desired.notifications as unknown as GeneralNotification[],
      ...(desired.notifyToCommenter !== undefined ? { notifyToCommenter: desired.notifyToCommenter } : {}),
      revision,
    });
    return result.revision;
  },
});
