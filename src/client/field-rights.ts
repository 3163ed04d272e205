/**
 * A field ACL rule's field under its two names: `field` in our spec, `code` on the hosted platform
 * (official client's types, app/right.d.ts: `FieldRightForParameter` and `FieldRightForResponse`
 * both carry `code`). The client speaks the spec's name to its callers and the platform's on the
 * wire.
 */
import type { Platform } from './platform.js';
import type { FieldRight } from './types/acl.js';

/** The rules as a service of `platform` takes them. */
export function fieldRightsToSend(rights: readonly FieldRight[], platform: Platform): unknown[] {
  if (platform === 'service') return [...rights];
  return rights.map(({ field, ...rest }) => ({ code: field, ...rest }));
}

/** The rules of an answer under the spec's name, whichever name the service used. */
export function fieldRightsFromAnswer(rights: readonly unknown[]): FieldRight[] {
  return rights.map((value) => {
    const { field, code, ...rest } = value as FieldRight & { code?: string | null };
    return { ...rest, field: field ?? code ?? '' };
  });
}
