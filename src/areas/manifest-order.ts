/**
 * Maps a manifest orders by position (statuses, views, graphs, copy actions). A name that is a
 * whole number ("1237", typed in the platform's screens) goes first in any JavaScript object,
 * and so in a manifest as YAML is read back: where that would change the order, each item says
 * its position as `index`, which the schema takes on all four ("Defaults to the order of the map").
 */

/** Entries in the order of their `index` (the canonical maps keep it as a string). */
export function byIndex<T extends { index: string }>(map: Readonly<Record<string, T>>): [string, T][] {
  return Object.entries(map).sort(([, a], [, b]) => Number(a.index) - Number(b.index));
}

/** The items as a map in their order, each with its `index` where the map alone would lose it. */
export function orderedMap<T extends object>(items: readonly (readonly [string, T])[]): Record<string, T> {
  const kept = Object.keys(Object.fromEntries(items.map(([name]) => [name, 0])));
  const moved = kept.some((name, i) => name !== items[i]![0]);
  return Object.fromEntries(items.map(([name, item], i) => [name, moved ? { index: i, ...item } : item]));
}
