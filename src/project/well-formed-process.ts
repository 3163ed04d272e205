import type { Path } from './problems.js';
import { isMap } from './well-formed.js';

/**
 * The process area of a manifest in which the schema failed somewhere, as far as it can still be
 * checked (well-formed.ts drops the whole area): a status that failed is left out, and with it
 * the actions (they name statuses, and would echo the missing one); actions that failed are left
 * out alone. The rest is checked, so that validate names a first status's wrong assignee in the
 * same run as a typo in an action (issue 33 item 9). Undefined when nothing can be kept: a failure
 * outside `states` and `actions`, in the first status (which status is first is then unsure), or
 * in every status.
 */
export function wellFormedProcess(
  manifest: unknown,
  failed: readonly Path[],
): Record<string, unknown> | undefined {
  const process = isMap(manifest) ? manifest.process : undefined;
  if (!isMap(process) || !isMap(process.states)) return undefined;
  const inProcess = failed.filter((path) => path[0] === 'process');
  const badStates = new Set<string>();
  let badActions = false;
  for (const [, part, entry] of inProcess) {
    if (part === 'actions') badActions = true;
    else if (part === 'states' && entry !== undefined) badStates.add(String(entry));
    else return undefined;
  }
  const names = Object.keys(process.states);
  const first = rawFirstStatus(process.states);
  if (first === undefined || badStates.has(first) || badStates.size === names.length) return undefined;
  const states = Object.fromEntries(Object.entries(process.states).filter(([name]) => !badStates.has(name)));
  const kept: Record<string, unknown> = { ...process, states };
  if (badActions || badStates.size > 0) delete kept.actions;
  return kept;
}

/** The first status as checks/process.ts ranks them (lowest index, else map order); undefined if an index is unreadable. */
function rawFirstStatus(states: Record<string, unknown>): string | undefined {
  const ranked: { name: string; position: number; rank: number }[] = [];
  for (const [position, [name, state]] of Object.entries(states).entries()) {
    const index = isMap(state) ? state.index : undefined;
    const rank = index === undefined ? position : Number(index);
    if (!Number.isFinite(rank)) return undefined;
    ranked.push({ name, position, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.position - b.position);
  return ranked[0]?.name;
}
