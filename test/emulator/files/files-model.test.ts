import { describe, expect, it } from 'vitest';
import { newQuota } from '../../../src/emulator/quota.js';
import { Clock } from '../../../src/emulator/clock.js';
import { Router } from '../../../src/emulator/router.js';
import { Store } from '../../../src/emulator/store/store.js';
import { resolveOptions } from '../../../src/emulator/options.js';
import { ApiError, uploadTooLarge } from '../../../src/emulator/errors.js';
import type { EmulatorContext } from '../../../src/emulator/context.js';
import {
  UPLOAD_KEY_LIFETIME_MS,
  attachFileKey,
  attachmentView,
  consumeUploadKey,
  findAttachment,
  storeUpload,
  type FileOwner,
} from '../../../src/emulator/model/files.js';

const ICON: FileOwner = { kind: 'app-settings', app: '1' };

function context(): EmulatorContext {
  return {
    store: Store.open(null),
    clock: new Clock(),
    settings: resolveOptions({}),
    runtime: { faults: [], stats: new Map(), quota: newQuota(null), stopping: new AbortController().signal },
    router: new Router([]),
  };
}

const upload = (ctx: EmulatorContext) =>
  storeUpload(ctx, { bytes: Buffer.from('hello'), name: 'a.txt', contentType: 'text/plain' });

function failure(fn: () => unknown): { status: number; code: string; message: string; paths: string[] } {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      paths: Object.keys(error.errors ?? {}),
    };
  }
  throw new Error('expected an ApiError');
}

describe('file keys', () => {
  it('turns an upload key into a stored file with its own key, once', () => {
    const ctx = context();
    const key = upload(ctx);
    const file = ctx.store.transaction(() => consumeUploadKey(ctx, key, 'icon.file.fileKey', ICON));
    expect(file.fileKey).not.toBe(key);
    expect(attachmentView(file)).toEqual({
      fileKey: file.fileKey,
      name: 'a.txt',
      contentType: 'text/plain',
      size: '5',
    });
    expect(ctx.store.blobs.get(file.blob)?.toString()).toBe('hello');
    expect(findAttachment(ctx, file.fileKey)).toEqual(file);
    expect(findAttachment(ctx, key)).toBeUndefined();
    const again = failure(() => ctx.store.transaction(() => consumeUploadKey(ctx, key, 'fileKey', ICON)));
    expect(again).toMatchObject({ status: 404, code: 'GAIA_BL01', paths: ['fileKey'] });
    expect(again.message).toContain('already used');
  });

  it('expires an upload key 3 days after upload on the service clock', () => {
    const ctx = context();
    const key = upload(ctx);
    ctx.clock.advance(UPLOAD_KEY_LIFETIME_MS - 1000);
    const kept = upload(ctx);
    ctx.clock.advance(1000);
    const expired = failure(() => ctx.store.transaction(() => consumeUploadKey(ctx, key, 'fileKey', ICON)));
    expect(expired).toMatchObject({ status: 404, code: 'GAIA_BL01' });
    expect(expired.message).toContain('expired');
    expect(ctx.store.transaction(() => consumeUploadKey(ctx, kept, 'fileKey', ICON)).size).toBe(5);
  });

  it('refuses an unknown key and leaves nothing behind when the transaction fails', () => {
    const ctx = context();
    expect(failure(() => consumeUploadKey(ctx, 'nope', 'x', ICON)).message).toContain('was not found');
    const key = upload(ctx);
    expect(() =>
      ctx.store.transaction(() => {
        consumeUploadKey(ctx, key, 'fileKey', ICON);
        throw new Error('later step failed');
      }),
    ).toThrow('later step failed');
    expect(ctx.store.transaction(() => consumeUploadKey(ctx, key, 'fileKey', ICON)).name).toBe('a.txt');
  });

  it('keeps an attachment key sent back and consumes an upload key (attachFileKey)', () => {
    const ctx = context();
    const first = ctx.store.transaction(() => attachFileKey(ctx, upload(ctx), 'f', ICON));
    expect(first.owner).toEqual(ICON);
    expect(ctx.store.transaction(() => attachFileKey(ctx, first.fileKey, 'f', ICON))).toEqual(first);
    const second = ctx.store.transaction(() => attachFileKey(ctx, upload(ctx), 'f', ICON));
    expect(second.fileKey).not.toBe(first.fileKey);
  });

  it.each<[string, FileOwner]>([
    ['the settings of another app', { kind: 'app-settings', app: '2' }],
    ['a record of the same app', { kind: 'record', app: '1' }],
    ['a thread comment', { kind: 'space-comment', space: '1' }],
    ['a plug-in package', { kind: 'plugin' }],
    ['a guest profile image', { kind: 'guest-image', guest: '1' }],
  ])('refuses an attachment key sent back by %s (only its owner keeps it)', (_case, other) => {
    const ctx = context();
    const icon = ctx.store.transaction(() => attachFileKey(ctx, upload(ctx), 'f', ICON));
    const refused = failure(() =>
      ctx.store.transaction(() => attachFileKey(ctx, icon.fileKey, 'icon', other)),
    );
    expect(refused).toMatchObject({ status: 404, code: 'GAIA_BL01', paths: ['icon'] });
    expect(refused.message).toContain('is attached to the settings of app 1');
    expect(findAttachment(ctx, icon.fileKey)?.owner).toEqual(ICON);
  });
});

describe('the upload cap error', () => {
  it.each([
    [1024 * 1024, 1_500_000, 'The uploaded file is 1500000 bytes, larger than the upload cap of 1 MB.'],
    [1000, undefined, 'The uploaded file is larger than the upload cap of 0.001 MB (1000 bytes).'],
  ])('names the cap of %i bytes in MB and how to raise it', (cap, size, start) => {
    const error = uploadTooLarge(cap, size);
    expect([error.status, error.code]).toEqual([413, 'CB_RE01']);
    expect(error.message).toBe(
      `${start} Upload a smaller file, or raise the cap with --max-upload-mb (option maxFileBytes of startEmulator).`,
    );
  });
});
