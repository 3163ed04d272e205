import { renameFieldIn } from '../../../platform/index.js';
import { eachAreaBody, REWRITERS } from './in-app.js';
import type { Renames } from './text.js';
import type { AppSettings, Json } from '../app.js';

/** Whether an app reference (`relatedApp`, `destApp`: `{app}` or `{code}`) names the renamed app. */
export type NamesApp = (ref: Json | undefined) => boolean;

/**
 * One copy of an app's settings after fields of the app that `namesApp` picks went live under new
 * codes: every place naming that app's fields follows (platform/field-places.ts: lookups and
 * related-records tables that read from it, with the filter and sort they run there, and copy
 * actions that write to it).
 */
export function renameRelated(settings: AppSettings, namesApp: NamesApp, renames: Renames): AppSettings {
  if (renames.size === 0) return settings;
  return eachAreaBody(settings, (key, body) =>
    renameFieldIn(key, body, renames, REWRITERS, (ref) => namesApp(ref as Json | undefined)),
  );
}
