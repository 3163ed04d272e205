/**
 * When a reminder fires, as both validate (project/checks/notifications.ts) and the local service
 * (emulator/validate/notifications.ts) check it. cybozu.dev's Japanese page "リマインダーの条件通知の
 * 設定を変更する" (kintone.dev's "Update Reminder Notification Settings" in English):
 * - `timing.daysLater`: "-10,000から10,000までの整数" ("The value must be between -10000 and
 *   10000"), required with `timing`;
 * - `timing.hoursLater`: "-10,000から10,000までの整数を指定します";
 * - `timing.time`: "フォーマットは「HH:mm」(例:09:20)で、10分単位で指定します" (in steps of ten
 *   minutes);
 * - "timingを指定する場合は、timing.hoursLaterまたはtiming.timeが必須です": one of the two is required
 *   (both at once: validate and the local service refuse it as ambiguous; the page does not say).
 * The platform's error code for these is not recorded: the local service answers 400 CB_VA01.
 */
/** The range of a reminder's offset from its date, in its unit. */
export interface ReminderRange {
  readonly key: 'daysLater' | 'hoursLater';
  readonly unit: 'days' | 'hours';
  readonly min: number;
  readonly max: number;
}

export const REMINDER_DAYS_LATER: ReminderRange = {
  key: 'daysLater',
  unit: 'days',
  min: -10_000,
  max: 10_000,
};
export const REMINDER_HOURS_LATER: ReminderRange = {
  key: 'hoursLater',
  unit: 'hours',
  min: -10_000,
  max: 10_000,
};

/** Whether an offset (a number, or a numeric string as the platform takes it) is in its range. */
export function reminderOffsetInRange(value: number | string, range: ReminderRange): boolean {
  const n = Number(value);
  return n >= range.min && n <= range.max;
}

/** Whether a `time` of day (`HH:MM`, its shape checked apart) falls on a ten-minute step. */
export function timeOnTenMinutes(time: string): boolean {
  return /^\d{2}:\d0$/u.test(time);
}
