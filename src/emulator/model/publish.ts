import type { EmulatorContext } from '../context.js';
import { APPS_TABLE, recordsTable, type AppDoc, type Json } from './app.js';
import { reindexRecordFiles } from '../file-index/record-files.js';
import { isEmptyValue, type StoredRecord } from '../records/model.js';
import { putRecord } from '../records/unique-index.js';
import { effectiveRenames, liveCodeOf } from './renames/pending.js';
import { recordMigration } from './renames/records.js';
import { renameRelated, type NamesApp } from './renames/related.js';
import { isObject } from './renames/json.js';
import { lengthProblem } from './tighter-lengths.js';
import { effectiveStateRenames } from './renames/states.js';

/**
 * Why the draft cannot go live: a field newly `unique` that existing records break, as the hosted
 * platform refuses such a deploy, or a tighter length they break (tighter-lengths.ts). Null when it can. (A field newly `required` goes live: records
 * left empty keep their value and are refused on their next update; see records/compose.ts.)
 */
export function publishProblem(ctx: EmulatorContext, app: AppDoc): string | null {
  const records = [...ctx.store.table<StoredRecord>(recordsTable(app.id)).values()];
  if (records.length === 0) return null;
  const pending = app.renamed ?? {};
  for (const [code, field] of Object.entries(app.draft.properties)) {
    if (field.unique !== true) continue;
    // A renamed field's records still hold its values under the live code.
    const liveCode = liveCodeOf(pending, app.live, code);
    const before = liveCode === undefined ? undefined : app.live?.properties[liveCode];
    if (liveCode === undefined || before?.unique === true) continue;
    const seen = new Set<string>();
    for (const r of records) {
      const v = r[liveCode]?.value;
      if (isEmptyValue(v)) continue;
      const key = JSON.stringify(v);
      if (seen.has(key)) return `field "${code}" is now unique but records share the value ${key}`;
      seen.add(key);
    }
  }
  return app.live ? lengthProblem(records, app.draft, app.live, pending) : null;
}

/**
 * Makes the app's draft its live settings, as a successful deploy does: the records follow the
 * form (renamed fields' values move to their new codes, deleted fields' values go), and every
 * app's lookups, related-records tables and copy actions that name a renamed field of this app
 * follow too, in their draft and their live copies. Call inside a transaction, after
 * `publishProblem` said yes. Returns the app as stored.
 */
export function publishDraft(ctx: EmulatorContext, app: AppDoc): AppDoc {
  const pending = app.renamed ?? {};
  if (app.live) moveRecordValues(ctx, app);
  if (app.live) moveRecordStatuses(ctx, app);
  const renames = effectiveRenames(pending, app.draft);
  const apps = ctx.store.table<AppDoc>(APPS_TABLE);
  const names: NamesApp = (ref) => namesApp(ref, app);
  for (const other of [...apps.values()]) {
    if (other.id === app.id || renames.size === 0) continue;
    const draft = renameRelated(other.draft, names, renames);
    const live = other.live && renameRelated(other.live, names, renames);
    if (JSON.stringify([draft, live]) !== JSON.stringify([other.draft, other.live]))
      apps.put(other.id, { ...other, draft, live });
  }
  const settings = renameRelated(app.draft, names, renames);
  const { renamed: _done, renamedStates: _statesDone, ...rest } = app;
  const published: AppDoc = { ...rest, draft: settings, live: settings, deployedRevision: app.revision };
  apps.put(app.id, published);
  return published;
}

function moveRecordValues(ctx: EmulatorContext, app: AppDoc): void {
  const migrate = recordMigration(app.live!, app.draft, app.renamed ?? {});
  if (!migrate) return;
  const records = ctx.store.table<StoredRecord>(recordsTable(app.id));
  for (const [id, record] of [...records.entries()]) {
    const next = migrate(record);
    putRecord(records, id, next);
    reindexRecordFiles(ctx, app.id, record, next);
  }
}

/**
 * Records in a status the draft renamed show its new name (model/renames/states.ts). The STATUS
 * field is looked up in the draft, where a field rename has already moved the values.
 */
function moveRecordStatuses(ctx: EmulatorContext, app: AppDoc): void {
  const renames = effectiveStateRenames(app.renamedStates ?? {}, app.draft);
  if (renames.size === 0) return;
  const code = Object.keys(app.draft.properties).find((c) => app.draft.properties[c]?.type === 'STATUS');
  if (code === undefined) return;
  const records = ctx.store.table<StoredRecord>(recordsTable(app.id));
  for (const [id, record] of [...records.entries()]) {
    const status = record[code];
    const to = typeof status?.value === 'string' ? renames.get(status.value) : undefined;
    if (to !== undefined) putRecord(records, id, { ...record, [code]: { ...status!, value: to } });
  }
}

/** Whether `{app}` or `{code}` names this app. */
export function namesApp(ref: Json | undefined, app: AppDoc): boolean {
  if (!isObject(ref)) return false;
  const id = ref.app;
  if ((typeof id === 'string' && id.trim() !== '') || typeof id === 'number')
    return String(id).trim() === app.id;
  return typeof ref.code === 'string' && ref.code !== '' && ref.code === app.code;
}
