import type { AppSettings, JsonObject } from '../app.js';

/**
 * Status renames waiting for the next deploy: live name -> draft name of each live status the
 * draft renamed, or `''` for a live status the draft deleted. The records keep the live name
 * until the draft goes live; then those in a renamed status show its new name.
 *
 * Why records follow: the hosted platform's write keys each status by its name before the change
 * and takes the new one in `name` (kintone REST API, "Update Process Management Settings"), so a
 * rename changes one status rather than replacing it, and its help ("Notes on changing process
 * management settings") lets only a status no record is in be deleted: records belong to the
 * status itself. Neither page says in so many words that records show the new name; following the
 * rename is the reading that loses nothing (docs/local-service.md says so).
 */
export type PendingStateRenames = Readonly<Record<string, string>>;

const DELETED = '';

function stateNames(settings: AppSettings | null): Set<string> {
  return new Set(Object.keys((settings?.process.states ?? {}) as JsonObject));
}

/** The live name of a draft status, or undefined when that status is not live (new in the draft). */
function liveNameOf(
  pending: PendingStateRenames,
  live: AppSettings | null,
  draftName: string,
): string | undefined {
  const from = Object.keys(pending).find((name) => pending[name] === draftName);
  if (from !== undefined) return from;
  if (draftName in pending) return undefined;
  return stateNames(live).has(draftName) ? draftName : undefined;
}

/**
 * The pending status renames after a process write of the draft: statuses deleted and renamed
 * (`renames`: draft name before -> after), by their names in the draft before the write.
 */
export function withStateChange(
  pending: PendingStateRenames,
  live: AppSettings | null,
  renames: ReadonlyMap<string, string>,
  deleted: readonly string[],
): PendingStateRenames {
  const out: Record<string, string> = { ...pending };
  // Resolved against the names before the write, all at once (a write may swap two names).
  const liveOf = new Map([...renames.keys(), ...deleted].map((n) => [n, liveNameOf(pending, live, n)]));
  for (const name of deleted) {
    const liveName = liveOf.get(name);
    if (liveName !== undefined) out[liveName] = DELETED;
  }
  for (const [from, to] of renames) {
    const liveName = liveOf.get(from);
    if (liveName === undefined) continue;
    if (liveName === to) delete out[liveName];
    else out[liveName] = to;
  }
  return out;
}

/** Live name -> new name of the statuses whose records move when the draft goes live. */
export function effectiveStateRenames(
  pending: PendingStateRenames,
  draft: AppSettings,
): ReadonlyMap<string, string> {
  const names = stateNames(draft);
  return new Map(
    Object.entries(pending).filter(([from, to]) => to !== DELETED && from !== to && names.has(to)),
  );
}
