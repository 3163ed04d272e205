import type { Renames } from './text.js';
import type { AppSettings } from '../app.js';
import { fieldIndex } from '../../validate/context.js';

/**
 * Renames waiting for the next deploy: live code -> draft code of each live field whose code the
 * draft has changed (records keep their values under the live code until then).
 */
export type PendingRenames = Readonly<Record<string, string>>;

/** The live code of a draft field, or undefined when that field is not live (new in the draft). */
export function liveCodeOf(
  pending: PendingRenames,
  live: AppSettings | null,
  draftCode: string,
): string | undefined {
  const from = Object.keys(pending).find((code) => pending[code] === draftCode);
  if (from !== undefined) return from;
  if (draftCode in pending || !live) return undefined;
  return fieldIndex(live.properties).fields.has(draftCode) ? draftCode : undefined;
}

/** The pending renames after the draft's fields were renamed again (`renames`: draft code before -> after). */
export function withRenames(
  pending: PendingRenames,
  live: AppSettings | null,
  renames: Renames,
): PendingRenames {
  const out: Record<string, string> = { ...pending };
  for (const [from, to] of renames) {
    const liveCode = liveCodeOf(out, live, from);
    if (liveCode === undefined) continue;
    if (liveCode === to) delete out[liveCode];
    else out[liveCode] = to;
  }
  return out;
}

/**
 * Where a live field's values go when the draft goes live: its draft code, or null when the field
 * is gone (deleted, its code perhaps taken since by a renamed field). Whether that code is still
 * in the draft's form is for the caller to check.
 */
export function draftCodeOf(pending: PendingRenames, liveCode: string): string | null {
  const renamed = pending[liveCode];
  if (renamed !== undefined) return renamed;
  return Object.values(pending).includes(liveCode) ? null : liveCode;
}

/** The renames that take effect when the draft goes live: live code -> draft code, for fields still in the form. */
export function effectiveRenames(pending: PendingRenames, draft: AppSettings): Renames {
  const { fields } = fieldIndex(draft.properties);
  return new Map(Object.entries(pending).filter(([from, to]) => from !== to && fields.has(to)));
}
