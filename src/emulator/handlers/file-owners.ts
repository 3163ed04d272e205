import { GUESTS_TABLE } from '../auth.js';
import { FILES_TABLE, type FileOwner, type StoredFile } from '../model/files.js';
import { APPS_TABLE, recordsTable, type AppDoc, type AppSettings, type Json } from '../model/app.js';
import { fileKeysOf } from '../records/file-index.js';
import { THREAD_COMMENTS_TABLE, type ThreadCommentDoc } from './spaces/model.js';
import { PLUGINS_TABLE, type PluginDoc } from './plugins/store.js';
import type { StoredRecord } from '../records/model.js';
import type { Store } from '../store/store.js';

/**
 * Gives an owner to every attachment stored before owners were recorded, from what holds its
 * key: a record FILE value, an app's icon or customization (draft or live), a thread comment, a
 * plug-in package or a guest's profile image. A key nothing holds any more is no attachment: its
 * document goes (the blob may serve other files). Where older data let two owners name one key,
 * the first in that order keeps it and the other cannot send it back (404 GAIA_BL01), as
 * between owners today. Writes only when some file lacks an owner; call once when the store opens.
 */
export function deriveFileOwners(store: Store): void {
  const files = store.table<StoredFile>(FILES_TABLE);
  const legacy = [...files.entries()].filter(([, file]) => !(file as Partial<StoredFile>).owner);
  if (legacy.length === 0) return;
  const owners = heldKeys(store);
  store.transaction(() => {
    for (const [key, file] of legacy) {
      const owner = owners.get(key);
      if (owner) files.put(key, { ...file, owner });
      else files.delete(key);
    }
  });
}

/** Every attachment key something holds, with that holder as the file's owner. */
function heldKeys(store: Store): Map<string, FileOwner> {
  const owners = new Map<string, FileOwner>();
  const hold = (key: unknown, owner: FileOwner): void => {
    if (typeof key === 'string' && !owners.has(key)) owners.set(key, owner);
  };
  const recordsPrefix = recordsTable('');
  for (const name of store.tableNames()) {
    if (!name.startsWith(recordsPrefix)) continue;
    const app = name.slice(recordsPrefix.length);
    for (const record of store.table<StoredRecord>(name).values())
      for (const key of fileKeysOf(record)) hold(key, { kind: 'record', app });
  }
  for (const app of store.table<AppDoc>(APPS_TABLE).values())
    for (const settings of [app.draft, app.live])
      for (const key of settingsFileKeys(settings)) hold(key, { kind: 'app-settings', app: app.id });
  for (const comment of store.table<ThreadCommentDoc>(THREAD_COMMENTS_TABLE).values())
    for (const file of comment.files) hold(file.fileKey, { kind: 'space-comment', space: comment.space });
  for (const plugin of store.table<PluginDoc>(PLUGINS_TABLE).values())
    hold(plugin.fileKey, { kind: 'plugin' });
  for (const guest of store
    .table<{ code: string; image?: { fileKey?: string } | null }>(GUESTS_TABLE)
    .values())
    hold(guest.image?.fileKey, { kind: 'guest-image', guest: guest.code });
  return owners;
}

/** The keys of an app's icon and customization FILE entries (`{type: FILE, file: {fileKey}}`). */
function settingsFileKeys(settings: AppSettings | null): string[] {
  if (!settings) return [];
  const entries: Json[] = [settings.general.icon ?? null];
  for (const device of ['desktop', 'mobile']) {
    const part = settings.customize[device];
    if (part && typeof part === 'object' && !Array.isArray(part))
      for (const list of Object.values(part)) if (Array.isArray(list)) entries.push(...list);
  }
  return entries.flatMap((entry) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry) || entry.type !== 'FILE') return [];
    const file = entry.file;
    const key = file && typeof file === 'object' && !Array.isArray(file) ? file.fileKey : undefined;
    return typeof key === 'string' ? [key] : [];
  });
}
