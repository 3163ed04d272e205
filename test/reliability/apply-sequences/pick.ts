/**
 * The draws an edit makes: an element, a chance, a fresh name; and the fields of an app it may
 * pick from (system fields, the process's fields and groups left to the edits that mean them).
 */
import { SYSTEM_FIELD_TYPES } from '../../../src/platform/index.js';
import { allFields, mentions, namedByOtherApps } from './references.js';
import type { Manifests } from './world.js';

export interface Draw {
  readonly rnd: () => number;
  pick<T>(items: readonly T[]): T | undefined;
  chance(p: number): boolean;
  /** A name never used before in this run: `fz_text_3`, `V 4`. */
  fresh(prefix: string): string;
}

export function draws(rnd: () => number): Draw {
  let counter = 0;
  return {
    rnd,
    pick: (items) => (items.length === 0 ? undefined : items[Math.floor(rnd() * items.length)]),
    chance: (p) => rnd() < p,
    fresh: (prefix) => `${prefix}${++counter}`,
  };
}

/** Types whose field the service keeps itself: no edit renames or removes them. */
export const SYSTEM_TYPES: ReadonlySet<string> = new Set(SYSTEM_FIELD_TYPES);

export type Field = Record<string, any>;

/** Top-level fields of `app` (no table columns), with their codes, that `keep` accepts. */
export function topFields(m: Manifests, app: string, keep: (f: Field, code: string) => boolean = () => true) {
  return Object.entries<Field>(m[app]!.fields ?? {}).filter(([code, f]) => keep(f, code));
}

/** Ordinary fields of the form: not the system's, not a group, a table or related records. */
export const plain = (f: Field) =>
  !SYSTEM_TYPES.has(f.type) && !['GROUP', 'SUBTABLE', 'REFERENCE_TABLE'].includes(f.type);

/** Whether a field is the target of a lookup mapping, or a lookup itself, or a formula's input. */
export function tiedToLookupsOrFormulas(m: Manifests, app: string, code: string): boolean {
  for (const [other, f] of allFields(m[app]!)) {
    if (f.lookup && (other === code || (f.lookup.fieldMappings ?? []).some((x: any) => x.field === code)))
      return true;
    if (other !== code && typeof f.expression === 'string' && mentions(f.expression, code)) return true;
    if (f.referenceTable?.condition?.field === code) return true;
  }
  return false;
}

/** A field whose code another app, a lookup or a formula does not name: it may go. */
export function removable(m: Manifests, app: string, code: string): boolean {
  return !namedByOtherApps(m, app, code) && !tiedToLookupsOrFormulas(m, app, code);
}
