import { describeOwner, FILES_TABLE, UPLOADS_TABLE, type StoredFile, type UploadDoc } from './files.js';
import type { EmulatorContext } from '../context.js';

/**
 * Files the journal names whose bytes are not whole on disk: a power loss after the journal line
 * reached the disk and before the blob's name did (blobs are now durable first, store/blobs.ts;
 * data written before that, or a disk that lied about its fsync, may still hold such a line). The
 * start serves on: the files are named in a note, a short blob is set aside so that it is never
 * served as if whole, a download answers that the content is lost (`lostContent`), and an upload
 * of the same content writes the blob again, which mends every key naming it.
 */
interface Lost {
  readonly what: string;
  readonly size: number;
  readonly onDisk: number;
}

/** Finds them at start; the note to say (null when every file is whole). */
export function lostFilesNote(ctx: EmulatorContext): string | null {
  const { store } = ctx;
  const now = ctx.clock.now();
  const lost: Lost[] = [];
  const check = (blob: string, size: number, what: string) => {
    const onDisk = store.blobs.sizeOnDisk(blob) ?? 0;
    if (onDisk === size) return;
    if (onDisk > 0) store.blobs.setAside(blob);
    lost.push({ what, size, onDisk });
  };
  for (const file of store.table<StoredFile>(FILES_TABLE).values())
    check(
      file.blob,
      file.size,
      `"${file.name}" (file key ${file.fileKey}, attached to ${describeOwner(file.owner)}`,
    );
  // An upload key attached already is the attachment's business; an expired one is good for nothing.
  for (const upload of store.table<UploadDoc>(UPLOADS_TABLE).values())
    if (!upload.used && upload.expiresAt > now)
      check(upload.blob, upload.size, `"${upload.name}" (upload key ${upload.key}, not attached yet`);
  if (lost.length === 0) return null;
  const shown = lost
    .slice(0, MAX_NAMED)
    .map(({ what, size, onDisk }) => `${what}; ${bytes(size)}, ${onDisk === 0 ? 'none' : onDisk} on disk)`);
  const more = lost.length > MAX_NAMED ? ` and ${lost.length - MAX_NAMED} more` : '';
  const count = lost.length === 1 ? '1 file' : `${lost.length} files`;
  return `${count} in the data folder ${ctx.settings.data} lost their content (the service stopped before their bytes were on disk): ${shown.join(', ')}${more}. Downloading them answers 404 GAIA_BL01 saying so; upload each again to make it whole (the same content mends its key), or attach another file.`;
}

const MAX_NAMED = 10;

function bytes(n: number): string {
  return n === 1 ? '1 byte' : `${n} bytes`;
}

/** What a download of such a file answers (404 GAIA_BL01, as a file not found). */
export function lostContent(fileKey: string): string {
  return `The file (key "${fileKey}") lost its content: the service stopped before its bytes were on disk. Upload the file again (the same content mends this key), or attach another file.`;
}
