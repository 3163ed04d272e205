import type { IncomingMessage } from 'node:http';
import { errors } from '../errors.js';

const EMPTY = Buffer.alloc(0);

/** Reads the whole body, refusing (413) once it passes `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw errors.tooLarge(limit);
  // No length and no chunked encoding: HTTP says there is no body (most GETs); skip the stream.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)
    return EMPTY;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw errors.tooLarge(limit);
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
