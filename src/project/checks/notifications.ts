import type { CheckContext } from './context.js';
import { placeRule } from './field-rules.js';
import {
  ENTITY_TYPES_BY_AREA,
  REMINDER_DAYS_LATER,
  REMINDER_HOURS_LATER,
  reminderOffsetInRange,
  timeOnTenMinutes,
} from '../../platform/index.js';

/** USER, GROUP, ORGANIZATION and FIELD_ENTITY: no CREATOR (the official client's app/notification.d.ts). */
const NOTIFIED = ENTITY_TYPES_BY_AREA.notifications;

/** General, per-record and reminder notifications: entities, filters and reminder timings. */
export function checkNotifications(ctx: CheckContext): void {
  const { general, perRecord, reminder } = ctx.manifest.notifications ?? {};
  (general?.notifications ?? []).forEach((rule, i) =>
    ctx.entity(rule.entity, ['notifications', 'general', 'notifications', i, 'entity'], NOTIFIED),
  );
  (perRecord?.notifications ?? []).forEach((rule, i) => {
    const path = ['notifications', 'perRecord', 'notifications', i];
    ctx.filter(rule.filterCond, [...path, 'filterCond']);
    rule.targets.forEach((t, j) => ctx.entity(t.entity, [...path, 'targets', j, 'entity'], NOTIFIED));
  });
  (reminder?.notifications ?? []).forEach((rule, i) => {
    const path = ['notifications', 'reminder', 'notifications', i];
    ctx.filter(rule.filterCond, [...path, 'filterCond']);
    rule.targets.forEach((t, j) => ctx.entity(t.entity, [...path, 'targets', j, 'entity'], NOTIFIED));
    const timing = rule.timing;
    const at = [...path, 'timing'];
    const field = ctx.field(
      timing.code,
      [...at, 'code'],
      placeRule('notificationsReminder', 'notifications[*].timing.code'),
    );
    // The ranges and steps of platform/reminder-timing.ts, with the evidence.
    for (const range of [REMINDER_DAYS_LATER, REMINDER_HOURS_LATER]) {
      const value = timing[range.key];
      if (value !== undefined && !reminderOffsetInRange(value, range))
        ctx.report(
          'NOTIFY.TIMING',
          `${String(value)} is outside ${range.min} to ${range.max} ${range.unit}`,
          [...at, range.key],
          { hint: `A reminder fires at most 10,000 ${range.unit} before or after its date.` },
        );
    }
    if (timing.time !== undefined && !timeOnTenMinutes(timing.time))
      ctx.report('NOTIFY.TIMING', `${timing.time} is not on a ten-minute step`, [...at, 'time'], {
        hint: 'The platform takes times in steps of ten minutes, such as 09:20.',
      });
    if (timing.hoursLater !== undefined && timing.time !== undefined)
      ctx.report('NOTIFY.TIMING', 'give hoursLater or time, not both', [...at, 'time'], { at: 'key' });
    else if (timing.hoursLater === undefined && timing.time === undefined)
      ctx.report('NOTIFY.TIMING', 'give hoursLater (date-time fields) or time (date fields)', at, {
        at: 'key',
      });
    else if (field?.type === 'DATE' && timing.hoursLater !== undefined)
      ctx.report(
        'NOTIFY.TIMING',
        `field "${timing.code}" is a DATE: give time (HH:MM), not hoursLater`,
        [...at, 'hoursLater'],
        {
          at: 'key',
        },
      );
    else if (field && field.type !== 'DATE' && timing.time !== undefined)
      ctx.report(
        'NOTIFY.TIMING',
        `field "${timing.code}" is a ${field.type}: give hoursLater, not time`,
        [...at, 'time'],
        {
          at: 'key',
        },
      );
  });
}
