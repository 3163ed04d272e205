import { GUESTS_TABLE } from '../directory/users.js';
import { FILES_TABLE, type FileOwner, type StoredFile } from '../model/files.js';
import { APPS_TABLE, type AppDoc } from '../model/app.js';
import { settingsFileEntries } from '../handlers/settings/apply.js';
import { THREAD_COMMENTS_TABLE, type ThreadCommentDoc } from '../handlers/spaces/model.js';
import { PLUGINS_TABLE, type PluginDoc } from '../handlers/plugins/store.js';
import type { RecordFileIndex } from '../file-index/record-files.js';
import type { Store } from '../store/store.js';

/**
 * Gives an owner to every attachment stored before owners were recorded, from what holds its
 * key: records of an app (read from the record file index just derived, which already chose one
 * app where older data let two apps' records name the key), an app's icon or customization
 * (draft or live), a thread comment, a plug-in package or a guest's profile image. A key nothing
 * holds any more is no attachment: its document goes (the blob may serve other files). Where two
 * kinds of owner name one key, the first in that order keeps it and the other cannot send it
 * back (404 GAIA_BL01), as between owners today. Call inside the migration's transaction, after
 * the index is written.
 */
export function deriveFileOwners(store: Store, index: RecordFileIndex): void {
  const files = store.table<StoredFile>(FILES_TABLE);
  const legacy = [...files.entries()].filter(([, file]) => !(file as Partial<StoredFile>).owner);
  if (legacy.length === 0) return;
  const owners = heldKeys(store, index);
  for (const [key, file] of legacy) {
    const owner = owners.get(key);
    if (owner) files.put(key, { ...file, owner });
    else files.delete(key);
  }
}

/** Every attachment key something holds, with that holder as the file's owner. */
function heldKeys(store: Store, index: RecordFileIndex): Map<string, FileOwner> {
  const owners = new Map<string, FileOwner>();
  const hold = (key: unknown, owner: FileOwner): void => {
    if (typeof key === 'string' && !owners.has(key)) owners.set(key, owner);
  };
  for (const [key, { app }] of index.holders) hold(key, { kind: 'record', app });
  for (const app of store.table<AppDoc>(APPS_TABLE).values())
    for (const settings of [app.draft, app.live])
      if (settings)
        for (const entry of settingsFileEntries(settings))
          hold(entry.file.fileKey, { kind: 'app-settings', app: app.id });
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
