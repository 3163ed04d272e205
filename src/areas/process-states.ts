/**
 * Statuses matched across a change. The service keys each status of a write by its current name
 * and takes the new one in `name` (kintone REST API, "Update Process Management Settings"), so a
 * rename is one status changing its name, and the records in it stay in it. A status is renamed
 * when the manifest says `renamedFrom` (as a field's code), and also when the desired first status
 * is new: the service cannot add a first status ("rename the existing one", same page), so a
 * current status not kept takes its name. Every other status not in the manifest is removed, and
 * records in it are stranded: the plan counts them (plan/status-probes.ts).
 */
import { attributeChanges, diffMap, unchangedInMap } from './diff.js';
import type { ProcessCanonical } from './process.js';
import type { Change, Json, RiskProbe } from './types.js';

type States = ProcessCanonical['states'];

export interface StatesPlan {
  /** Desired name -> current name of each status renamed. */
  renamed: Map<string, string>;
  /** Current statuses neither kept nor renamed. */
  removed: string[];
}

function byIndex(states: States): string[] {
  return Object.entries(states)
    .sort(([, a], [, b]) => Number(a.index) - Number(b.index))
    .map(([name]) => name);
}

export function planStates(desired: States, current: States): StatesPlan {
  const renamed = new Map<string, string>();
  const consumed = new Set<string>();
  const free = (name: string) => name in current && !(name in desired) && !consumed.has(name);
  for (const name of byIndex(desired)) {
    const from = desired[name]!.renamedFrom;
    if (name in current || from === undefined || !free(from)) continue;
    renamed.set(name, from);
    consumed.add(from);
  }
  const first = byIndex(desired)[0];
  if (first !== undefined && !(first in current) && !renamed.has(first)) {
    const from = byIndex(current).find(free);
    if (from !== undefined) {
      renamed.set(first, from);
      consumed.add(from);
    }
  }
  const removed = Object.keys(current).filter((name) => !(name in desired) && !consumed.has(name));
  return { renamed, removed };
}

/** A status as the service holds it: without the manifest's hint. */
export type StateWithoutHint = Omit<States[string], 'renamedFrom'>;

/** A status without the manifest's hint: what the service holds and what is compared. */
export function withoutHint(state: States[string]): StateWithoutHint {
  const { renamedFrom: _hint, ...rest } = state;
  return rest;
}

function stripped(states: States, leaveOut: ReadonlySet<string>): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(states)
      .filter(([name]) => !leaveOut.has(name))
      .map(([name, s]) => [name, withoutHint(s)]),
  );
}

/** Item-level changes of the statuses: renames first, then what diffMap finds of the rest. */
export function diffStates(desired: States, current: States): Change[] {
  const { renamed } = planStates(desired, current);
  const renames: Change[] = [...renamed].map(([to, from]) => {
    // What the service holds: no hint in it, withoutHint only types it as JSON.
    const before = withoutHint(current[from]!);
    const after = withoutHint(desired[to]!);
    return { action: 'rename', path: [to], from, before, after, details: attributeChanges(before, after) };
  });
  const rest = diffMap(
    stripped(desired, new Set(renamed.keys())),
    stripped(current, new Set(renamed.values())),
  );
  return [...renames, ...rest];
}

export function unchangedStates(desired: States, current: States): number {
  return unchangedInMap(stripped(desired, new Set()), stripped(current, new Set()));
}

/**
 * The `states` of a write: each status keyed by its current name (a renamed one by its name
 * before), with `name` its name after; a status left out is deleted.
 */
export function statesUpdate(
  desired: States,
  current: States,
): Record<string, StateWithoutHint & { name: string }> {
  const { renamed } = planStates(desired, current);
  return Object.fromEntries(
    Object.entries(desired).map(([name, s]) => [renamed.get(name) ?? name, { ...withoutHint(s), name }]),
  );
}

/**
 * The before-state's statuses, made to undo a change: each status the change renamed says
 * `renamedFrom` its new name, so restoring it renames it back and its records follow.
 */
export function reverseStates(before: States, applied: States): States {
  const { renamed } = planStates(applied, before);
  const out: States = { ...before };
  for (const [to, from] of renamed) out[from] = { ...before[from]!, renamedFrom: to };
  return out;
}

/** The records in each status about to go: no action moves them once it is gone. */
export function stateProbes(desired: States, current: States): RiskProbe[] {
  return planStates(desired, current).removed.map((status) => ({
    kind: 'records-in-removed-status',
    status,
  }));
}
