/**
 * The platform's limits on one call, each from the spec's Limits table (rest-interface.md,
 * "Limits"; the same figures as kintone.dev's pages of each API). The client splits work by
 * them, the local service refuses past them, apply and status batch by them.
 */

/** Deploy App Settings and Get App Deploy Status: up to 300 apps a call. */
export const APPS_PER_DEPLOY = 300;

/**
 * Add Records, Update Records, Delete Records (ids) and Update Multiple Statuses: at most 100
 * records a call.
 */
export const RECORDS_PER_WRITE = 100;

/** A bulk request: at most 20 calls. */
export const CALLS_PER_BULK_REQUEST = 20;

/** Get Records: at most 500 records a call; a cursor's `size` at most 500 too. */
export const RECORDS_PER_READ = 500;

/** Get Apps: `limit` at most 100; `ids[]`, `codes[]`, `spaceIds[]` up to 100 values each. */
export const APPS_PER_LIST = 100;

/**
 * The plug-in lists: an app's plug-ins (`limit` at most 100), the installed plug-ins (`limit`
 * 1 to 100, `ids` up to 100), the required plug-ins (`limit` 1 to 100).
 */
export const PLUGINS_PER_LIST = 100;
