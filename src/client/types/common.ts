/** Shapes shared by several groups of the interface. */
import type { EntityType } from '../../platform/index.js';

/** An identifier as a request may give it: the service accepts numbers and strings. */
export type Id = number | string;
/** A revision as a request may give it; on app settings `-1` skips the check. */
export type Revision = number | string;

/** Which copy of an app's settings a read returns: the draft (`preview`) or what users see. */
export type Copy = 'draft' | 'live';

/** The language of names and labels in a live read. */
export type Lang = 'en' | 'zh' | 'ja' | 'user' | 'default';

/**
 * A user as the service reports one (creator, modifier, user-select values). A type alias, not
 * an interface, like every shape a record value holds: a record read is then plain JSON to
 * TypeScript too, which the local service's store takes as it is (local/shadow-read.ts).
 */
export type UserRef = {
  code: string;
  name: string;
};

/** Who a rule, assignee or notification is about (a platform fact). `CREATOR` has a null code. */
export type { EntityType };

export interface Entity {
  type: EntityType;
  code: string | null;
}

/**
 * A read of a settings map keyed by item name (views, graphs, copy actions): the map under its
 * key `K`, and the revision.
 */
export type NamedMapResult<K extends string, V> = { [P in K]: Record<string, V> } & { revision: string };

/** A PUT of such a map answers the id of every item it kept or added. */
export type NamedMapUpdateResult<K extends string> = NamedMapResult<K, { id: string }>;

/** The answer of most settings writes. */
export interface RevisionResult {
  revision: string;
}

/** `{}`: a success with no data. */
export type EmptyResult = Record<string, never>;

/** Another app, named by id or by app code (as lookups, reference tables and copy actions do). */
export type AppRef = { app: Id; code?: string } | { code: string; app?: Id };

/** A field of another app used in a condition or mapping. */
export interface FieldPair {
  field: string;
  relatedField: string;
}
