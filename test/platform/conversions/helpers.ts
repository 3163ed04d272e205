import { expect, it } from 'vitest';
import {
  conversionFor,
  type ConvertContext,
  type Converted,
  type MigrateOptions,
} from '../../../src/platform/conversions.js';

/** What a case may set beyond the pair and the value: the target's properties, `migrate`, the context. */
export interface CaseOptions {
  readonly to?: Record<string, unknown>;
  readonly migrate?: MigrateOptions;
  readonly context?: Partial<ConvertContext>;
  /** No `entityExists` in the context: the directory cannot be read. */
  readonly noDirectory?: boolean;
}

/** The directory the entity cases look codes up in: users, organizations and groups by code. */
export const DIRECTORY = {
  USER: ['alice', 'bob'],
  ORGANIZATION: ['hq', 'sales'],
  GROUP: ['sales', 'admins'],
} as const;

export const entityExists = (kind: keyof typeof DIRECTORY, code: string): boolean =>
  (DIRECTORY[kind] as readonly string[]).includes(code);

/** Converts one value with the row for `from` -> `to` (the test fails where the row is missing). */
export function convert(from: string, to: string, value: unknown, options: CaseOptions = {}): Converted {
  const row = conversionFor(from, to);
  if (!row) throw new Error(`no conversion ${from} -> ${to}`);
  return row.convert(value, {
    from: { type: from },
    to: { type: to, ...options.to },
    migrate: options.migrate ?? {},
    timeZone: 'Asia/Tokyo',
    ...(options.noDirectory ? {} : { entityExists }),
    ...options.context,
  });
}

/** `{ok: true, value}` or `{ok: false, reason}` written out as a case expects it. */
export const ok = (value: unknown): Converted => ({ ok: true, value });
/** `migrate.default` standing in for a value that does not convert: said as such. */
export const defaulted = (value: unknown): Converted => ({ ok: true, value, defaulted: true });
export const no = (reason: string): Converted => ({ ok: false, reason });

/** A case: from, to, the value, what it converts to, and options. */
export type Case = [from: string, to: string, value: unknown, expected: Converted, options?: CaseOptions];

/** Short names of the types, as the cases write them. */
export const S = 'SINGLE_LINE_TEXT';
export const M = 'MULTI_LINE_TEXT';
export const R = 'RICH_TEXT';
export const L = 'LINK';

/** One test per case: the value converts to what the case expects. */
export function convertsAsWritten(cases: readonly Case[]): void {
  it.each(cases)('%s -> %s: %j', (from, to, value, expected, options) => {
    expect(convert(from, to, value, options)).toEqual(expected);
  });
}
