/** The part of a space that apps need (table `spaces`, keyed by id); the spaces handlers own the rest. */
export interface SpaceRef {
  readonly id: string;
  readonly threadIds: readonly string[];
  readonly isGuest: boolean;
  readonly members?: readonly { entity: { type: string; code: string }; isAdmin?: boolean }[];
}

export const SPACES_TABLE = 'spaces';
