import type { IncomingMessage } from 'node:http';
import { ApiError, errors, uploadTooLarge } from '../errors.js';
import type { EmulatorSettings } from '../options.js';

const EMPTY = Buffer.alloc(0);

/** Room around an uploaded file for the multipart framing: boundaries, part headers, a long name. */
const MULTIPART_FRAMING_BYTES = 64 * 1024;

/** How large a body may be, and what answers one that is larger. */
export interface BodyLimit {
  readonly bytes: number;
  readonly tooLarge: () => ApiError;
}

/**
 * An upload (multipart) may carry one file of `maxFileBytes` plus its framing, whatever
 * `maxBodyBytes` is, so `--max-upload-mb` alone decides the largest upload; any other body is
 * held to `maxBodyBytes`.
 */
export function bodyLimit(settings: EmulatorSettings, multipart: boolean): BodyLimit {
  if (multipart)
    return {
      bytes: settings.maxFileBytes + MULTIPART_FRAMING_BYTES,
      tooLarge: () => uploadTooLarge(settings.maxFileBytes),
    };
  return { bytes: settings.maxBodyBytes, tooLarge: () => errors.tooLarge(settings.maxBodyBytes) };
}

/**
 * Reads the whole body, refusing once it passes the limit. With a declared length the bytes go
 * straight into one buffer of that size, so an upload is held once (no chunk list to concatenate).
 */
export async function readBody(req: IncomingMessage, limit: BodyLimit): Promise<Buffer> {
  const length = req.headers['content-length'];
  const declared = Number(length ?? 0);
  if (declared > limit.bytes) throw limit.tooLarge();
  // No length and no chunked encoding: HTTP says there is no body (most GETs); skip the stream.
  if (length === undefined && req.headers['transfer-encoding'] === undefined) return EMPTY;
  if (length !== undefined && Number.isSafeInteger(declared)) {
    if (declared === 0) return EMPTY;
    const body = Buffer.allocUnsafe(declared);
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      // Node's parser never delivers more than Content-Length; the check keeps copy() in bounds anyway.
      if (size + chunk.length > declared) throw limit.tooLarge();
      chunk.copy(body, size);
      size += chunk.length;
    }
    return size === declared ? body : body.subarray(0, size);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit.bytes) throw limit.tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The JSON object a request body holds; an empty body is `{}`. Anything else is 400 CB_IJ01. */
export function parseJsonObject(body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw errors.badJson();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw errors.badJson();
  return value as Record<string, unknown>;
}

export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}
