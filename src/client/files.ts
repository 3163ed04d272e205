/** Files: upload (multipart) for a key to put in a record, plug-in install or icon; download by key. */
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { FormData } from 'undici';
import type { ClientContext } from './context.js';
import type { CallOptions } from './options.js';

/** A file on disk (by path), bytes in memory, or a stream (read fully before the first attempt). */
export type UploadSource = string | Uint8Array | Readable;

export interface UploadOptions extends CallOptions {
  /** The file name the service records; defaults to the path's base name. Required for bytes and streams. */
  name?: string | undefined;
  /** The MIME type; defaults to `application/octet-stream`. */
  contentType?: string | undefined;
}

export class FilesClient {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /** POST file.json. The key expires unless attached within 3 days. Retried only after a 429. */
  async upload(source: string, options?: UploadOptions): Promise<{ fileKey: string }>;
  async upload(
    source: Uint8Array | Readable,
    options: UploadOptions & { name: string },
  ): Promise<{ fileKey: string }>;
  upload(source: UploadSource, options: UploadOptions = {}): Promise<{ fileKey: string }> {
    // Under way from the start: close() waits for the bytes to be read and the call to end.
    return this.#ctx.transport.track(this.#upload(source, options));
  }

  async #upload(source: UploadSource, options: UploadOptions): Promise<{ fileKey: string }> {
    const name = options.name ?? (typeof source === 'string' ? basename(source) : undefined);
    if (name === undefined) throw new TypeError('files.upload needs options.name for bytes or a stream');
    const type = options.contentType ?? 'application/octet-stream';
    const blob = await toBlob(source, type);
    const form = () => {
      const data = new FormData();
      data.append('file', blob, name);
      return data;
    };
    return await this.#ctx.transport.multipart(this.#ctx.api('file.json'), form, options);
  }

  /** GET file.json: the bytes and MIME type of an attachment, by the key from its record. */
  download(
    params: { fileKey: string },
    options?: CallOptions,
  ): Promise<{ data: Buffer; contentType: string | undefined }> {
    return this.#ctx.transport.bytes(this.#ctx.api('file.json'), params, options);
  }

  /**
   * GET file.json, hashed as it arrives: the SHA-256 (hex) and size of an attachment's content,
   * without holding the file in memory (to compare it with a local file).
   */
  downloadHash(
    params: { fileKey: string },
    options?: CallOptions,
  ): Promise<{ sha256: string; size: number; contentType: string | undefined }> {
    return this.#ctx.transport.digest(this.#ctx.api('file.json'), params, options);
  }

  /**
   * GET file.json, each piece of the body handed to `target` as it arrives, never held whole (an
   * attachment may be hundreds of megabytes): to write it to a file. `target.restart()` is called
   * as each attempt starts (a retry after a body cut part-way starts over: drop what was written),
   * then `target.write(chunk)` for each piece in order. Resolves once the whole body is in, with
   * its SHA-256 (hex), size and type; a `restart` or `write` that throws ends the call with its
   * error (not retried). appdeploy's own target writes a temporary file beside the file it
   * replaces and renames it over it once whole (`atomicWriteStreamed`, src/atomic-write.ts).
   */
  downloadTo(
    params: { fileKey: string },
    target: DownloadTarget,
    options?: CallOptions,
  ): Promise<{ sha256: string; size: number; contentType: string | undefined }> {
    return this.#ctx.transport.digest(this.#ctx.api('file.json'), params, options, target);
  }
}

/** Where `files.downloadTo` puts a download's body as it arrives (e.g. a file). */
export interface DownloadTarget {
  /** Called as each attempt starts: drop whatever was written before. */
  restart(): void;
  /** One piece of the body, in order; synchronous, so the next is not read before this one is kept. */
  write(chunk: Uint8Array): void;
}

async function toBlob(source: UploadSource, type: string): Promise<Blob> {
  if (typeof source === 'string') return openAsBlob(source, { type });
  if (source instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of source) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    }
    return new Blob(chunks, { type });
  }
  return new Blob([source], { type });
}
