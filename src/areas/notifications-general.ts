/**
 * General notifications (`app/notifications/general.json`, manifest `notifications.general`):
 * who hears of which record events, an ordered list of rules (events left out are false), and
 * whether commenters are notified. `notifyToCommenter` is managed only when the manifest gives
 * it: what a new app has depends on where it was made, and a PUT leaves it alone when not named.
 */
import { entity, flag } from './canonical.js';
import {
  asList,
  asRecord,
  diffWhenGiven,
  entityToManifest,
  oneWrite,
  togetherPhase,
  unchangedWhenGiven,
  underPath,
} from './area-kit.js';
import { diffList, unchangedInList } from './diff.js';
import type { GeneralNotification } from '../client/types/notifications.js';
import type { AppManifest } from '../project/manifest.js';
import type { Area, Change, JsonObject } from './types.js';

export type GeneralNotificationsCanonical = { notifications: JsonObject[]; notifyToCommenter?: boolean };

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

/** `notifyToCommenter` is compared only when the manifest gives it. */
function diff(desired: GeneralNotificationsCanonical, current: GeneralNotificationsCanonical): Change[] {
  return [
    ...diffWhenGiven('notifyToCommenter', desired.notifyToCommenter, current.notifyToCommenter),
    ...underPath('notifications', diffList(desired.notifications, current.notifications)),
  ];
}

export const generalNotificationsArea: Area<GeneralNotificationsCanonical, 'notificationsGeneral'> = {
  key: 'notificationsGeneral',
  phases: togetherPhase('notificationsGeneral'),
  itemNoun: 'notification',
  fromManifest: (m: AppManifest) =>
    m.notifications?.general ? canonical(m.notifications.general) : undefined,
  toManifest: (c) => {
    const general: JsonObject = {};
    if (c.notifyToCommenter !== undefined) general.notifyToCommenter = c.notifyToCommenter;
    if (c.notifications.length > 0) general.notifications = c.notifications.map(ruleToManifest);
    return { notifications: { general } };
  },
  async read(ctx) {
    const { revision, ...value } = await ctx.client.settings.getGeneralNotifications({
      app: ctx.app,
      copy: ctx.copy,
    });
    return { value: canonical(value), revision };
  },
  diff,
  unchangedCount: (desired, current) =>
    unchangedInList(desired.notifications, current.notifications) +
    unchangedWhenGiven(desired.notifyToCommenter, current.notifyToCommenter),
  writes: (desired, current) =>
    oneWrite('notificationsGeneral', diff(desired, current), async (wctx, revision) => {
      const result = await wctx.client.settings.updateGeneralNotifications({
        app: wctx.app,
        notifications: desired.notifications as unknown as GeneralNotification[],
        ...(desired.notifyToCommenter !== undefined ? { notifyToCommenter: desired.notifyToCommenter } : {}),
        revision,
      });
      return result.revision;
    }),
};
