/** JSON as the service stores and returns it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * Every settings area of one copy (draft or live) of an app, in the service's own shapes.
 * Each area is kept exactly as its GET returns it, minus `revision`.
 */
export interface AppSettings {
  general: JsonObject;
  /** Field code -> field definition (`properties` of the fields API). */
  properties: Record<string, JsonObject>;
  layout: JsonObject[];
  views: Record<string, JsonObject>;
  process: JsonObject;
  customize: JsonObject;
  appAcl: JsonObject[];
  recordAcl: JsonObject[];
  fieldAcl: JsonObject[];
  notificationsGeneral: JsonObject;
  notificationsPerRecord: JsonObject[];
  notificationsReminder: JsonObject;
  reports: Record<string, JsonObject>;
  actions: Record<string, JsonObject>;
  adminNotes: JsonObject;
  plugins: JsonObject[];
  /**
   * The content of each settings endpoint served from its catalogue entry (handlers/settings/
   * added.ts: the platform's served so, and those of the option `endpoints`), by its catalogue
   * key, as its GET answers it without `revision`. Absent, or without the key, until the
   * endpoint is first written: it answers its `initial` content until then.
   */
  added?: Record<string, JsonObject>;
}

export type AreaName = keyof AppSettings;

export interface UserRef {
  readonly code: string;
  readonly name: string;
}

/** One app: its draft and live settings side by side, so deploy is a copy and revert the reverse. */
export interface AppDoc {
  readonly id: string;
  readonly code: string;
  readonly spaceId: string | null;
  readonly threadId: string | null;
  readonly createdAt: string;
  readonly creator: UserRef;
  readonly modifiedAt: string;
  readonly modifier: UserRef;
  /** The settings counter: every preview write raises it, deploy does not. */
  readonly revision: number;
  /** The counter value that was last deployed; null until the first successful deploy. */
  readonly deployedRevision: number | null;
  readonly draft: AppSettings;
  readonly live: AppSettings | null;
  /**
   * Live code -> draft code of each live field renamed in the draft since the last deploy: the
   * records hold its values under the live code until the draft goes live. Absent when none.
   */
  readonly renamed?: Readonly<Record<string, string>>;
  /**
   * Live name -> draft name of each live status renamed in the draft since the last deploy (`''`:
   * deleted): the records stay in the live name until the draft goes live. Absent when none.
   */
  readonly renamedStates?: Readonly<Record<string, string>>;
}

export const APPS_TABLE = 'apps';
/** Records of app N live in table `records:N`, keyed by record id. */
export const recordsTable = (appId: string): string => `records:${appId}`;
