/**
 * General notifications (`app/notifications/general.json`, manifest `notifications.general`):
 * who hears of which record events, an ordered list of rules (events left out are false), and
 * whether commenters are notified. `notifyToCommenter` is managed only when the manifest gives
 * it: what a new app has depends on where it was made, and a PUT leaves it alone when not named.
 */
import { entityTarget, flag, type EntityTargetCanonical } from './canonical.js';
import { asList, asRecord, entityToManifest } from './area-kit.js';
import { notificationListArea, type NotificationList } from './notification-list.js';
import type { JsonObject } from './types.js';

const EVENTS = ['recordAdded', 'recordEdited', 'commentAdded', 'statusChanged', 'fileImported'] as const;

/** One rule: who, and each event true or false (the client's GeneralNotification). */
type GeneralRuleCanonical = EntityTargetCanonical & { [E in (typeof EVENTS)[number]]: boolean };

export type GeneralNotificationsCanonical = NotificationList<
  'notifyToCommenter',
  boolean,
  GeneralRuleCanonical
>;

function rule(value: unknown): GeneralRuleCanonical {
  const r = asRecord(value);
  return {
    ...entityTarget(r),
    recordAdded: flag(r.recordAdded),
    recordEdited: flag(r.recordEdited),
    commentAdded: flag(r.commentAdded),
    statusChanged: flag(r.statusChanged),
    fileImported: flag(r.fileImported),
  };
}

function canonical(value: {
  notifications?: unknown;
  notifyToCommenter?: unknown;
}): GeneralNotificationsCanonical {
  const out: GeneralNotificationsCanonical = { notifications: asList(value.notifications).map(rule) };
  if (typeof value.notifyToCommenter === 'boolean') out.notifyToCommenter = value.notifyToCommenter;
  return out;
}

function ruleToManifest(r: GeneralRuleCanonical): JsonObject {
  const out: JsonObject = { entity: entityToManifest(r.entity) };
  if (r.includeSubs) out.includeSubs = true;
  for (const event of EVENTS) if (r[event]) out[event] = true;
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
  write: async (wctx, desired: GeneralNotificationsCanonical, revision) => {
    const result = await wctx.client.settings.updateGeneralNotifications({
      app: wctx.app,
      notifications: desired.notifications,
      ...(desired.notifyToCommenter !== undefined ? { notifyToCommenter: desired.notifyToCommenter } : {}),
      revision,
    });
    return result.revision;
  },
});
