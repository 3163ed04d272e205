import { arr, bool, field, int, obj, str, type Shape } from './shape.js';
import { entity, filterCond } from './common.js';

const flag = bool();
const targets = arr(obj({ entity: entity(), includeSubs: flag }, { required: ['entity'] }));

/** General notifications: who hears of which record events. */
export const generalNotificationsBody: Record<string, Shape> = {
  notifications: arr(
    obj(
      {
        entity: entity(),
        includeSubs: flag,
        recordAdded: flag,
        recordEdited: flag,
        commentAdded: flag,
        statusChanged: flag,
        fileImported: flag,
      },
      { required: ['entity'] },
    ),
  ),
  notifyToCommenter: flag,
};

/** Per-record notifications: a filter, a title and targets. */
export const perRecordNotificationsBody: Record<string, Shape> = {
  notifications: arr(obj({ filterCond, title: str(), targets }, { required: ['targets'] })),
};

const time: Shape = (value, path, ctx) => {
  const s = str()(value, path, ctx);
  if (typeof s === 'string' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(s)) {
    ctx.problems.add(path, 'Enter a time as HH:MM.');
    return undefined;
  }
  return s;
};

/** Reminder notifications: timed from a date or datetime field. */
export const reminderNotificationsBody: Record<string, Shape> = {
  notifications: arr(
    obj(
      {
        timing: obj(
          {
            code: field(['DATE', 'DATETIME', 'CREATED_TIME', 'UPDATED_TIME']),
            daysLater: int(),
            hoursLater: int(),
            time,
          },
          { required: ['code'] },
        ),
        filterCond,
        title: str(),
        targets,
      },
      { required: ['timing', 'targets'] },
    ),
  ),
  timezone: str(),
};
