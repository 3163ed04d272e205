/**
 * Field values between a read and a write: whether two are the same (so that a record already
 * right is not written again), and a read value in the shape a write takes. Pure.
 */
import type { AppRecord } from '../client/index.js';
import { isEmptyValue } from '../platform/index.js';

/**
 * The content hash of a file on either side of a comparison (file-contents.ts), where it was
 * found: a file of the machine by its `path`, one the service holds by its `fileKey`.
 */
export type ContentOf = (file: object) => string | undefined;

/**
 * Whether two values are the same as the platform holds them: every empty value is alike (`''`,
 * `null`, `[]`); numbers compare as the strings a read gives; users, organizations and groups by
 * code; files by name and size (a file written again gets a new key), and by content where
 * `contentOf` knows it (file-contents.ts hashes both sides wherever name and size are alike);
 * several choices as a set (the platform may give them back in its options' order).
 */
export function sameValue(a: unknown, b: unknown, contentOf?: ContentOf): boolean {
  if (isEmptyValue(a) || isEmptyValue(b)) return isEmptyValue(a) && isEmptyValue(b);
  // Text and numbers (most values) compare as strings, without the JSON below.
  if (isScalar(a) && isScalar(b)) return String(a) === String(b);
  return JSON.stringify(comparable(a, contentOf)) === JSON.stringify(comparable(b, contentOf));
}

function isScalar(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

function comparable(value: unknown, contentOf: ContentOf | undefined): unknown {
  if (typeof value === 'number') return String(value);
  if (!Array.isArray(value)) return value;
  const items = value.map((item: unknown) => {
    if (typeof item !== 'object' || item === null) return comparable(item, contentOf);
    const o = item as { code?: unknown; name?: unknown; size?: unknown };
    if (typeof o.code === 'string') return o.code;
    return `${String(o.name)}\u0000${String(o.size)}\u0000${contentOf?.(o) ?? ''}`;
  });
  return items.map(String).sort();
}

/**
 * A value as a write takes it: users, organizations and groups by `{ code }` alone (a read adds
 * `name`, which a write does not take); anything else as it is.
 */
export function writeValue(value: unknown): unknown {
  if (!Array.isArray(value)) return value ?? '';
  return value.map((item: unknown) =>
    typeof item === 'object' && item !== null && 'code' in item ? { code: item.code } : item,
  );
}

/** A record's id, as a read gives it (`$id`). */
export function idOf(record: AppRecord): string {
  return scalar(record.$id?.value);
}

/** A record's revision, as a read gives it (`$revision`). */
export function revisionOf(record: AppRecord): string {
  return scalar(record.$revision?.value);
}

function scalar(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
