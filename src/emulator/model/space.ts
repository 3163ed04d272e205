import type { Store } from '../store/store.js';

/** The part of a space that apps need (table `spaces`, keyed by id); the spaces handlers own the rest. */
export interface SpaceRef {
  readonly id: string;
  readonly threadIds: readonly string[];
  readonly isGuest: boolean;
  readonly members?: readonly { entity: { type: string; code: string }; isAdmin?: boolean }[];
  /** Login names of the guests of a guest space. */
  readonly guests?: readonly string[];
}

export const SPACES_TABLE = 'spaces';

/** The guest spaces a guest user belongs to: the only spaces (and apps) a guest reaches. */
export function guestSpaceIds(store: Store, login: string): string[] {
  const ids: string[] = [];
  for (const space of store.table<SpaceRef>(SPACES_TABLE).values())
    if (space.isGuest && (space.guests ?? []).includes(login)) ids.push(space.id);
  return ids;
}
