/**
 * How far from its date a reminder may fire: `timing.daysLater` is a whole number of days from
 * -10000 to 10000 (kintone.dev, "Update Reminder Notification Settings": "The value must be between
 * -10000 and 10000"; cybozu.dev's Japanese page: "-10,000 から 10,000 までの整数"). Validate
 * (project/checks/notifications.ts) and the local service (emulator/validate/notifications.ts)
 * both refuse a value outside it. Of `hoursLater` the pages we found give no range.
 */
export const REMINDER_DAYS_LATER = { min: -10_000, max: 10_000 } as const;

/** Whether a `daysLater` (a number, or a numeric string as the platform takes it) is in range. */
export function daysLaterInRange(value: number | string): boolean {
  const days = Number(value);
  return days >= REMINDER_DAYS_LATER.min && days <= REMINDER_DAYS_LATER.max;
}
