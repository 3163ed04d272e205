/**
 * What a table of areas says as a whole: its keys, and the order of its write phases. The table
 * is a plain list (index.ts holds the full one); plan, apply and export take any list that
 * `areaTable` accepts, so an area is added by adding it to the list, nowhere else.
 */
import type { Area, WritePhase } from './types.js';

/** A phase as the table holds it: with the area that declares it. */
export interface TablePhase extends WritePhase {
  area: string;
}

/**
 * The table, checked: every key and every phase name once, every `after` naming a phase of the
 * table, no phase waiting for itself (through others), and no phase that goes out together with
 * others waiting for one of them. Throws on a table that breaks one (a bug of the table).
 */
export function areaTable(areas: readonly Area[]): readonly Area[] {
  const keys = areas.map((area) => area.key);
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice !== undefined) throw new Error(`area table: the key ${twice} is there twice`);
  writePhases(areas);
  return Object.freeze([...areas]);
}

/**
 * Every phase of the table in the order apply writes them: the phases that run alone first, each
 * after the phases it names in `after` and otherwise in the table's order (the areas', then each
 * area's own); then the phases that go out together, in the table's order.
 */
export function writePhases(areas: readonly Area[]): TablePhase[] {
  const declared = areas.flatMap((area) => area.phases.map((phase) => ({ ...phase, area: area.key })));
  const byName = new Map<string, TablePhase>();
  for (const phase of declared) {
    if (byName.has(phase.name)) throw new Error(`area table: the phase ${phase.name} is there twice`);
    byName.set(phase.name, phase);
  }
  // Every `after` names a phase that runs alone, whatever phase says it.
  for (const phase of declared) for (const name of phase.after ?? []) needed(byName, phase, name);
  const ordered: TablePhase[] = [];
  const visiting = new Set<string>();
  const visit = (phase: TablePhase): void => {
    if (ordered.includes(phase)) return;
    if (visiting.has(phase.name)) throw new Error(`area table: the phase ${phase.name} waits for itself`);
    visiting.add(phase.name);
    for (const name of phase.after ?? []) visit(needed(byName, phase, name));
    visiting.delete(phase.name);
    ordered.push(phase);
  };
  for (const phase of declared) if (phase.together !== true) visit(phase);
  return [...ordered, ...declared.filter((phase) => phase.together === true)];
}

/**
 * The phase `phase` waits for. One that goes out together waits only for phases that run alone
 * (those all run before it anyway); one that runs alone cannot wait for one that goes out together.
 */
function needed(byName: ReadonlyMap<string, TablePhase>, phase: TablePhase, name: string): TablePhase {
  const found = byName.get(name);
  if (!found)
    throw new Error(`area table: the phase ${phase.name} waits for ${name}, which no area declares`);
  if (found.together === true)
    throw new Error(
      `area table: the phase ${phase.name} waits for ${name}, which goes out together with others`,
    );
  return found;
}

/** The areas of a table no API token can read (their `token.unreadable`): plan and export leave them unread. */
export function tokenUnreadable(areas: readonly Area[]): Area[] {
  return areas.filter((area) => area.token?.unreadable !== undefined);
}
