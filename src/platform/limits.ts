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

/**
 * API requests a day per app, on the standard course (the wide course: 100,000). Evidence:
 * cybozu.dev "kintone連携サービスのフォームやビューワーを安全に運用する" (スタンダードコース: 1つの
 * アプリにつき10,000リクエスト; ワイドコース: 100,000) and "kintone APIリクエスト数の超過メールが
 * 届いたら?" (each REST call counts as one, per app; some APIs are not counted; the count resets
 * every day at 09:00 JST, which is 00:00 UTC). What happens beyond it: "リクエストの実行はエラーに
 * なりません" (cybozu.dev "kintoneの性能Vol.2"): the calls still succeed, the store administrator
 * is mailed the next morning, and Cybozu may ask about the use or, where it harms others, stop
 * API processing. So the figure is a budget a plan compares its requests with, not a refusal the
 * platform answers; which APIs are not counted, and whether a bulk request counts once or per
 * call inside it, the evidence found does not say.
 */
export const REQUESTS_PER_APP_PER_DAY = 10_000;
