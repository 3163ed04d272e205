/**
 * The service's "now" as an app's records say it, for reading again the records changed since a
 * moment (a copy's sweep passes, copy-field.ts; a backup brought up to date, backup-catch-up.ts).
 *
 * "Since" is the service's clock, not this machine's (which could be minutes off): the latest
 * update time (`Updated_datetime`) among the app's records. Every edit made after that moment is
 * stamped with a later or equal time by the platform, so a read of `Updated_datetime >= since`
 * finds it, whatever precision the platform keeps the time in (the local service keeps seconds;
 * the platform's documents give a read as `YYYY-MM-DDTHH:MM:SSZ` and do not say whether an update
 * time keeps its seconds: cybozu.dev "kintone REST API の共通仕様", 日時のフォーマット), as the bound
 * is itself such a stamp.
 */
import type { CallOptions, Client, FieldProperties } from '../client/index.js';

/** The time a record never updated is older than: the start of time for an app without records. */
export const BEFORE_ANY = '1970-01-01T00:00:00Z';

/** The code of the app's update-time field (`Updated_datetime`, `更新日時` in a Japanese app...), if any. */
export function updateTimeCode(properties: FieldProperties): string | undefined {
  return Object.values(properties).find((f) => f.type === 'UPDATED_TIME')?.code;
}

/** The service's "now" as its records say it: the latest update time among them. */
export async function serviceNow(
  client: Client,
  app: string,
  updatedCode: string,
  call: CallOptions,
): Promise<string> {
  const { records } = await client.records.getRecords(
    { app, query: `order by ${updatedCode} desc limit 1`, fields: [updatedCode] },
    call,
  );
  const value = records[0]?.[updatedCode]?.value;
  return typeof value === 'string' && value !== '' ? value : BEFORE_ANY;
}
