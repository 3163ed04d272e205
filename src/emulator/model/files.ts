import { randomBytes, randomUUID } from 'node:crypto';
import { ApiError } from '../errors.js';
import type { EmulatorContext } from '../context.js';

/**
 * Files have two kinds of keys, as on the hosted platform:
 * - an upload key (table `uploads`), returned by `POST /k/v1/file.json`: temporary (3 days on the
 *   service clock), good for exactly one attachment, and never downloadable;
 * - an attachment key (table `files`), created when an upload key is attached to a record FILE
 *   field, an app icon, a customization FILE entry or a plug-in install. Only these download.
 * The bytes live in `store.blobs` (content-addressed); both docs point at them by `blob`.
 * An attachment records its owner (see FileOwner): who may download it is decided from that
 * owner, and only the owner may send the key back to keep the file.
 */
export const UPLOADS_TABLE = 'uploads';
export const FILES_TABLE = 'files';

/** How long an upload key stays valid unless attached. */
export const UPLOAD_KEY_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000;

interface FileMeta {
  /** SHA-256 of the content: its id in `store.blobs`. */
  readonly blob: string;
  readonly name: string;
  readonly contentType: string;
  readonly size: number;
}

/** An upload waiting to be attached (table `uploads`, keyed by the upload key). */
export interface UploadDoc extends FileMeta {
  readonly key: string;
  /** Service-clock milliseconds. */
  readonly uploadedAt: number;
  readonly expiresAt: number;
  /** Set once attached: a key is good for one use. */
  readonly used: boolean;
}

/**
 * What an attachment belongs to: a FILE field of a record of `app`, the settings of `app` (its
 * icon or a customization FILE entry), a comment in a thread of `space`, a plug-in package, or a
 * guest user's profile image.
 */
export type FileOwner =
  | { readonly kind: 'record'; readonly app: string }
  | { readonly kind: 'app-settings'; readonly app: string }
  | { readonly kind: 'space-comment'; readonly space: string }
  | { readonly kind: 'plugin' }
  | { readonly kind: 'guest-image'; readonly guest: string };

/** An attached file (table `files`, keyed by its own attachment key). */
export interface StoredFile extends FileMeta {
  readonly fileKey: string;
  readonly createdAt: string;
  /**
   * Data written before owners were recorded lacks it: `deriveFileOwners` (migrations/file-owners.ts)
   * fills it in from what holds the key when the store opens, so every file read here has one.
   */
  readonly owner: FileOwner;
}

/** What record FILE values, icons and customization FILE entries show for a stored file. */
export interface AttachmentView {
  fileKey: string;
  name: string;
  contentType: string;
  size: string;
}

/**
 * Records an upload and returns its key. Writes the bytes before the journal line that refers
 * to them. Opens its own transaction (nesting is fine).
 */
export function storeUpload(
  ctx: EmulatorContext,
  file: { bytes: Buffer; name: string; contentType: string },
): string {
  const blob = ctx.store.blobs.put(file.bytes);
  const now = ctx.clock.now();
  const key = randomUUID();
  const doc: UploadDoc = {
    key,
    blob,
    name: file.name,
    contentType: file.contentType,
    size: file.bytes.length,
    uploadedAt: now,
    expiresAt: now + UPLOAD_KEY_LIFETIME_MS,
    used: false,
  };
  ctx.store.transaction(() => ctx.store.table<UploadDoc>(UPLOADS_TABLE).put(key, doc));
  return key;
}

/**
 * Consumes an upload key: the key is marked used (one use) and a stored file with its own new
 * attachment key is created. An unknown, expired or already used key is 404 GAIA_BL01 (the
 * platform's "file not found" code), with `errors[path]` naming the parameter that carried it.
 * Call inside `store.transaction` so a later failure of the same request undoes the consumption.
 */
export function consumeUploadKey(
  ctx: EmulatorContext,
  key: string,
  path: string,
  owner: FileOwner,
): StoredFile {
  const uploads = ctx.store.table<UploadDoc>(UPLOADS_TABLE);
  const upload = uploads.get(key);
  if (!upload || upload.used || upload.expiresAt <= ctx.clock.now()) throw fileKeyError(key, path, upload);
  uploads.put(key, { ...upload, used: true });
  const file: StoredFile = {
    fileKey: newAttachmentKey(),
    blob: upload.blob,
    name: upload.name,
    contentType: upload.contentType,
    size: upload.size,
    createdAt: ctx.clock.iso(),
    owner,
  };
  ctx.store.table<StoredFile>(FILES_TABLE).put(file.fileKey, file);
  return file;
}

/**
 * For writes that may send back a key they read (a record update keeping its files, a
 * customization PUT repeating a FILE entry): an attachment key of the same owner is kept as it
 * is; one of another owner is refused (404 GAIA_BL01), so an app cannot take over another app's
 * files by naming their keys; any other key must be a valid upload key and is consumed. Call
 * inside `store.transaction`.
 */
export function attachFileKey(ctx: EmulatorContext, key: string, path: string, owner: FileOwner): StoredFile {
  const existing = findAttachment(ctx, key);
  if (!existing) return consumeUploadKey(ctx, key, path, owner);
  if (!sameOwner(existing.owner, owner)) {
    const message = `The file key "${key}" is attached to ${describeOwner(existing.owner)}, not to ${describeOwner(owner)}; an attachment key can only be sent back where it was read. Download the file and upload it again with POST /k/v1/file.json to attach a copy here.`;
    throw new ApiError(404, 'GAIA_BL01', message, { [path]: { messages: [message] } });
  }
  return existing;
}

/** Whether two owners are the same thing: the same kind, and the same app, space or guest. */
function sameOwner(a: FileOwner, b: FileOwner): boolean {
  switch (a.kind) {
    case 'record':
    case 'app-settings':
      return b.kind === a.kind && b.app === a.app;
    case 'space-comment':
      return b.kind === a.kind && b.space === a.space;
    case 'plugin':
      return b.kind === a.kind;
    case 'guest-image':
      return b.kind === a.kind && b.guest === a.guest;
    default: {
      const never: never = a;
      return never;
    }
  }
}

/** The owner in words, for messages ("a record of app 4"). */
export function describeOwner(owner: FileOwner): string {
  switch (owner.kind) {
    case 'record':
      return `a record of app ${owner.app}`;
    case 'app-settings':
      return `the settings of app ${owner.app}`;
    case 'space-comment':
      return `a thread comment of space ${owner.space}`;
    case 'plugin':
      return 'a plug-in package';
    case 'guest-image':
      return `the profile of guest ${owner.guest}`;
    default: {
      const never: never = owner;
      return never;
    }
  }
}

/** The stored file behind an attachment key, or undefined (upload keys are not attachments). */
export function findAttachment(ctx: EmulatorContext, key: string): StoredFile | undefined {
  return ctx.store.table<StoredFile>(FILES_TABLE).get(key);
}

/** The service's view of a stored file: size as a string, no blob id. */
export function attachmentView(file: StoredFile): AttachmentView {
  return { fileKey: file.fileKey, name: file.name, contentType: file.contentType, size: String(file.size) };
}

function newAttachmentKey(): string {
  // Visibly different from upload keys (UUIDs), like the platform's long hex attachment keys.
  return randomBytes(24).toString('hex');
}

function fileKeyError(key: string, path: string, upload: UploadDoc | undefined): ApiError {
  const why = !upload
    ? 'was not found'
    : upload.used
      ? 'was already used (an upload key attaches once)'
      : 'has expired (upload keys expire 3 days after upload unless attached)';
  const message = `The file key "${key}" ${why}; upload the file again with POST /k/v1/file.json and use the new key.`;
  return new ApiError(404, 'GAIA_BL01', message, { [path]: { messages: [message] } });
}
