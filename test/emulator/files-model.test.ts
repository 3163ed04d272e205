import { describe, expect, it } from 'vitest';
import { Clock } from '../../src/emulator/clock.js';
import { Router } from '../../src/emulator/router.js';
import { Store } from '../../src/emulator/store/store.js';
import { resolveOptions } from '../../src/emulator/options.js';
import { ApiError } from '../../src/emulator/errors.js';
import type { EmulatorContext } from '../../src/emulator/context.js';
import {
  UPLOAD_KEY_LIFETIME_MS,
  attachFileKey,
  attachmentView,
  consumeUploadKey,
  findAttachment,
  storeUpload,
} from '../../src/emulator/model/files.js';

function context(): EmulatorContext {
  return {
    store: Store.open(null),
    clock: new Clock(),
    settings: resolveOptions({}),
    runtime: { faults: [], stats: new Map() },
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
    const file = ctx.store.transaction(() => consumeUploadKey(ctx, key, 'icon.file.fileKey'));
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
    const again = failure(() => ctx.store.transaction(() => consumeUploadKey(ctx, key, 'fileKey')));
    expect(again).toMatchObject({ status: 404, code: 'GAIA_BL01', paths: ['fileKey'] });
    expect(again.message).toContain('already used');
  });

  it('expires an upload key 3 days after upload on the service clock', () => {
    const ctx = context();
    const key = upload(ctx);
    ctx.clock.advance(UPLOAD_KEY_LIFETIME_MS - 1000);
    const kept = upload(ctx);
    ctx.clock.advance(1000);
    const expired = failure(() => ctx.store.transaction(() => consumeUploadKey(ctx, key, 'fileKey')));
    expect(expired).toMatchObject({ status: 404, code: 'GAIA_BL01' });
    expect(expired.message).toContain('expired');
    expect(ctx.store.transaction(() => consumeUploadKey(ctx, kept, 'fileKey')).size).toBe(5);
  });

  it('refuses an unknown key and leaves nothing behind when the transaction fails', () => {
    const ctx = context();
    expect(failure(() => consumeUploadKey(ctx, 'nope', 'x')).message).toContain('was not found');
    const key = upload(ctx);
    expect(() =>
      ctx.store.transaction(() => {
        consumeUploadKey(ctx, key, 'fileKey');
        throw new Error('later step failed');
      }),
    ).toThrow('later step failed');
    expect(ctx.store.transaction(() => consumeUploadKey(ctx, key, 'fileKey')).name).toBe('a.txt');
  });

  it('keeps an attachment key sent back and consumes an upload key (attachFileKey)', () => {
    const ctx = context();
    const first = ctx.store.transaction(() => attachFileKey(ctx, upload(ctx), 'f'));
    expect(ctx.store.transaction(() => attachFileKey(ctx, first.fileKey, 'f'))).toEqual(first);
    const second = ctx.store.transaction(() => attachFileKey(ctx, upload(ctx), 'f'));
    expect(second.fileKey).not.toBe(first.fileKey);
  });
});
