/**
 * The order of a map whose items carry an `index` (options, views, reports, copy actions,
 * statuses): by index, compared as numbers; an item without one (or with one that is not a
 * number) stands at its position in the map, and a tie goes by position. One rule for what apply
 * sends (areas/canonical.ts rewrites each index as the position in this order), the first status
 * (first-status.ts), the handbook and the generated types.
 */

/** The entries of a map, in index order. */
export function inIndexOrder<T extends { readonly index?: unknown }>(
  entries: readonly (readonly [string, T])[],
): [string, T][] {
  const ranked = entries.map(([name, item], position) => {
    const index = Number(item.index ?? Number.NaN);
    return { name, item, position, rank: Number.isNaN(index) ? position : index };
  });
  ranked.sort((a, b) => a.rank - b.rank || a.position - b.position);
  return ranked.map(({ name, item }) => [name, item]);
}
