/**
 * What general and reminder notifications share: an ordered list of rules under
 * `notifications.<part>` of the manifest, and one setting of the whole list (`notifyToCommenter`,
 * `timezone`) that is managed only when the manifest gives it, since what a new app has depends on
 * where it was made and a PUT that does not name it leaves it alone. Each area says how its rules
 * read and are written back; the rest (manifest part, diff, counts, the one write) is here once.
 */
import { diffWhenGiven, oneWrite, togetherPhase, unchangedWhenGiven, underPath } from './area-kit.js';
import { diffList, unchangedInList } from './diff.js';
import type { AppManifest } from '../project/manifest.js';
import type { Area, AreaKey, Change, Json, JsonObject, ReadContext, WriteContext } from './types.js';

/**
 * The list of rules `R` and its one setting `S` (absent when the service or manifest does not
 * give it).
 */
export type NotificationList<S extends string, V extends Json, R extends JsonObject = JsonObject> = {
  notifications: R[];
} & { [K in S]?: V };

/** What the service answers, and what a manifest's part says: the list and the setting, unchecked. */
export type NotificationListInput<S extends string> = { notifications?: unknown } & { [K in S]?: unknown };

export interface NotificationListSpec<
  K extends AreaKey,
  S extends string,
  V extends Json,
  R extends JsonObject,
> {
  key: K;
  /** Where the area sits in a manifest: `notifications.general`, `notifications.reminder`. */
  part: 'general' | 'reminder';
  itemNoun: string;
  /** The setting of the whole list, compared only when the manifest gives it. */
  setting: S;
  /** The canonical form of what the service answers or the manifest says. */
  canonical(value: NotificationListInput<S>): NotificationList<S, V, R>;
  /** One canonical rule as a manifest writes it. */
  ruleToManifest(rule: R): JsonObject;
  /** One copy of the area, as the client reads it (with its revision). */
  read(ctx: ReadContext): Promise<{ revision: string } & NotificationListInput<S>>;
  /** The write of `desired` at `revision`; returns the new revision. */
  write(ctx: WriteContext, desired: NotificationList<S, V, R>, revision: string): Promise<string>;
}

export function notificationListArea<
  K extends AreaKey,
  S extends string,
  V extends Json,
  R extends JsonObject,
>(spec: NotificationListSpec<K, S, V, R>): Area<NotificationList<S, V, R>, K> {
  const diff = (desired: NotificationList<S, V, R>, current: NotificationList<S, V, R>): Change[] => [
    ...diffWhenGiven(spec.setting, desired[spec.setting], current[spec.setting]),
    ...underPath('notifications', diffList(desired.notifications, current.notifications)),
  ];
  return {
    key: spec.key,
    phases: togetherPhase(spec.key),
    itemNoun: spec.itemNoun,
    fromManifest: (m: AppManifest) => {
      const part = m.notifications?.[spec.part];
      return part ? spec.canonical(part) : undefined;
    },
    toManifest: (c) => {
      const part: JsonObject = {};
      const setting = c[spec.setting];
      if (setting !== undefined) part[spec.setting] = setting;
      if (c.notifications.length > 0)
        part.notifications = c.notifications.map((rule) => spec.ruleToManifest(rule));
      return { notifications: { [spec.part]: part } };
    },
    async read(ctx) {
      // canonical() takes the list and the setting alone: the answer's revision is left out by it.
      const answer = await spec.read(ctx);
      return { value: spec.canonical(answer), revision: answer.revision };
    },
    diff,
    unchangedCount: (desired, current) =>
      unchangedInList(desired.notifications, current.notifications) +
      unchangedWhenGiven(desired[spec.setting], current[spec.setting]),
    writes: (desired, current) =>
      oneWrite(spec.key, diff(desired, current), (wctx, revision) => spec.write(wctx, desired, revision)),
  };
}
