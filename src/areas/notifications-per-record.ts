/**
 * Per-record notifications (`app/notifications/perRecord.json`, manifest
 * `notifications.perRecord`): an ordered list of rules, each a filter (empty: every record), a
 * title (empty by default) and the targets notified when a record meets the filter.
 */
import { entityTarget, text, type EntityTargetCanonical } from './canonical.js';
import { asList, asRecord, oneWrite, targetToManifest, togetherPhase, underPath } from './area-kit.js';
import { diffList, unchangedInList } from './diff.js';
import type { AppManifest } from '../project/manifest.js';
import type { Area, Change, JsonObject } from './types.js';

/** One rule (the client's PerRecordNotification): filter and title empty when left out. */
type PerRecordRuleCanonical = { filterCond: string; title: string; targets: EntityTargetCanonical[] };

export type PerRecordNotificationsCanonical = { notifications: PerRecordRuleCanonical[] };

function rule(value: unknown): PerRecordRuleCanonical {
  const r = asRecord(value);
  return {
    filterCond: text(r.filterCond),
    title: text(r.title),
    targets: asList(r.targets).map(entityTarget),
  };
}

function ruleToManifest(r: PerRecordRuleCanonical): JsonObject {
  const out: JsonObject = {};
  if (r.filterCond !== '') out.filterCond = r.filterCond;
  if (r.title !== '') out.title = r.title;
  out.targets = r.targets.map((t) => targetToManifest(t));
  return out;
}

const diff = (desired: PerRecordNotificationsCanonical, current: PerRecordNotificationsCanonical): Change[] =>
  underPath('notifications', diffList(desired.notifications, current.notifications));

export const perRecordNotificationsArea: Area<PerRecordNotificationsCanonical, 'notificationsPerRecord'> = {
  key: 'notificationsPerRecord',
  phases: togetherPhase('notificationsPerRecord'),
  itemNoun: 'notification',
  fromManifest: (m: AppManifest) =>
    m.notifications?.perRecord
      ? { notifications: asList(m.notifications.perRecord.notifications).map(rule) }
      : undefined,
  toManifest: (c) =>
    ({
      notifications: {
        perRecord: c.notifications.length > 0 ? { notifications: c.notifications.map(ruleToManifest) } : {},
      },
    }) as Partial<AppManifest>,
  async read(ctx) {
    const { notifications, revision } = await ctx.client.settings.getPerRecordNotifications({
      app: ctx.app,
      copy: ctx.copy,
    });
    return { value: { notifications: asList(notifications).map(rule) }, revision };
  },
  diff,
  unchangedCount: (desired, current) => unchangedInList(desired.notifications, current.notifications),
  writes: (desired, current) =>
    oneWrite('notificationsPerRecord', diff(desired, current), async (wctx, revision) => {
      const result = await wctx.client.settings.updatePerRecordNotifications({
        app: wctx.app,
        notifications: desired.notifications,
        revision,
      });
      return result.revision;
    }),
};
