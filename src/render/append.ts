/**
 * Appends `items` to `out` one by one. `out.push(...items)` passes every item as an argument,
 * and a plan of enough apps has more lines than the stack holds arguments (it overflowed at
 * ~129k lines, issue 25): whatever grows with the plan is appended here instead.
 */
export function append<T>(out: T[], ...lists: readonly (readonly T[])[]): T[] {
  for (const items of lists) for (const item of items) out.push(item);
  return out;
}
