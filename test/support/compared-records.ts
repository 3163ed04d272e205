/**
 * Record values as a test compares them with what it expected: the meaning, not the API's
 * spelling of it. Shared by the tests that migrate every conversion.
 */
import type { Client } from '../../src/client/index.js';

/** Entities as `{code}` (the API adds `name`), an empty drop-down, date or time (null) as ''. */
export function comparable(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  // A table's rows (`{id, value}`) are left as they are.
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'object' && 'code' in v)
    ? value.map((v: { code: string }) => ({ code: v.code }))
    : value;
}

/** Every record of an app by id: each field's value, comparable. */
export async function readComparable(
  client: Client,
  app: string,
): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  for await (const r of client.records.iterate(app, {}))
    out.set(
      r.$id!.value as string,
      Object.fromEntries(Object.entries(r).map(([code, field]) => [code, comparable(field.value)])),
    );
  return out;
}
