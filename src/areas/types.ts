/**
 * The area table's contract. A settings area (fields, views, app ACL, ...) is described once,
 * in its own file, by an `Area`: where the service keeps it, its canonical comparable form, how
 * a manifest becomes that form and back, the item-level diff, and the writes that bring the
 * service's draft to the desired form. plan/, apply/ and export/ loop over the table and never
 * name an area.
 */
import type { Client } from '../client/index.js';
import type { AppManifest } from '../project/manifest.js';

/**
 * An area's key: its name in plans (`fields`, `views`, `appAcl`). The table (index.ts) holds
 * each once; a string rather than a fixed list, so that an area added to a table handed to
 * plan, apply and export (a test's scratch area) is an area like any other.
 */
export type AreaKey = string;

/** JSON as canonical values hold it: plain data, comparable with deep equality. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export type ChangePath = (string | number)[];

/** One attribute that differs inside a changed item (`label: "Stage" -> "Phase"`). */
export interface AttributeChange {
  path: ChangePath;
  before?: Json;
  after?: Json;
}

/**
 * One item-level change of an area. `path` names the item inside the area: `['amount']` for a
 * field, `['Pipeline']` for a view, `[2]` for the third ACL rule, `[]` for a single-valued area.
 */
export type Change =
  | { action: 'add'; path: ChangePath; after: Json }
  | { action: 'remove'; path: ChangePath; before: Json }
  | { action: 'change'; path: ChangePath; before: Json; after: Json; details: AttributeChange[] }
  /** A field code change that keeps the data (`renamedFrom`); `path` is the new code. */
  | {
      action: 'rename';
      path: ChangePath;
      from: string;
      before: Json;
      after: Json;
      details: AttributeChange[];
    }
  /** The service cannot change it in place (a field's type): remove and add, which loses data. */
  | { action: 'replace'; path: ChangePath; before: Json; after: Json; details: AttributeChange[] };

/** What an area needs to turn a manifest into its canonical form (pure: no I/O). */
export interface ResolveContext {
  /** The app's key in the project. */
  appKey: string;
  /** The environment's id of a project app, by key; a placeholder `{key}` for one apply will create. */
  appId(key: string): string;
  /** SHA-256 (hex) of a file named by a manifest `path:`, relative to the manifest's folder. */
  fileHash(path: string): string;
  /** The environment's name and every app key of the project (customize's generated file). */
  environment?: string;
  appKeys?: readonly string[];
}

/** What an area needs to read the service. */
export interface ReadContext {
  client: Client;
  app: string;
  copy: 'draft' | 'live';
  /** SHA-256 (hex) of a file the service holds (icons, customization files), by its file key. */
  downloadHash(fileKey: string): Promise<string>;
}

/** What canonical -> manifest needs (export). */
export interface ExportContext {
  /** The project key of an app id, when that app is part of the project or of the export. */
  appKey(id: string): string | null;
  /** The local path a downloaded file (by content hash) was saved under (export downloads files unless `--no-files`). */
  filePath(sha256: string, name: string): string | null;
}

/** What a write needs besides the client: uploads of local files and the app ids resolved. */
export interface WriteContext {
  client: Client;
  app: string;
  /** Uploads the local file whose content has this hash; returns the service's file key. */
  upload(sha256: string): Promise<string>;
  /** An id placeholder `{key}` in a canonical value, resolved now that the app exists. */
  resolveApp(idOrPlaceholder: string): string;
}

/**
 * A phase of apply's writes, declared by the area whose writes run in it. Apply writes in phases
 * so that one area's write can rely on another's (fields are added before the layout places
 * them, and removed after it no longer shows them): a phase runs after every phase it names in
 * `after`, and otherwise in the table's order (table.ts, writePhases).
 */
export interface WritePhase<P extends string = string> {
  /** Unique in the table: `fields-upsert`, `views`. */
  name: P;
  /** Phases (of any area of the table) whose writes this one relies on: they run before it. */
  after?: readonly string[];
  /**
   * Its writes name only what the phases that run alone wrote, and no other area's settings:
   * it goes out at the same time as the other such phases, after every phase that runs alone.
   */
  together?: boolean;
}

/** One write request, run with the revision the previous write returned; returns the new one. */
export interface WriteStep<P extends string = string> {
  /** One of the phases its area declares. */
  phase: P;
  /** What the step does, for progress lines: `fields: add 2, change 1`. */
  describe: string;
  /**
   * How many preview writes the step makes (each raises the app's settings revision by one):
   * 1 when absent. The recovery record counts them to tell an interrupted apply's drafts.
   */
  calls?: number;
  run(ctx: WriteContext, revision: string): Promise<string>;
}

export interface Area<C extends Json = Json, P extends string = string> extends Partial<RiskSource<C>> {
  key: AreaKey;
  /** The phases its writes run in, each with what it waits for (types: WritePhase). */
  phases: readonly WritePhase<P>[];
  /** What the renderer calls one item: `field`, `view`, `rule`. */
  itemNoun: string;
  /** The canonical form of the manifest's part, or undefined when the manifest leaves the area out. */
  fromManifest(manifest: AppManifest, ctx: ResolveContext): C | undefined;
  /** The inverse, for export: the manifest's part (merged into the manifest object). */
  toManifest(canonical: C, ctx: ExportContext): Partial<AppManifest>;
  /** Reads one copy of the area from the service, in canonical form, with its revision. */
  read(ctx: ReadContext): Promise<{ value: C; revision: string }>;
  /** Pure: the item-level changes that turn `current` into `desired`; empty iff they are equal. */
  diff(desired: C, current: C): Change[];
  /** How many items of `desired` the diff leaves unchanged (for `# (3 unchanged fields hidden)`). */
  unchangedCount(desired: C, current: C, changes: Change[]): number;
  /** Pure: the writes that bring a draft holding `current` to `desired`. */
  writes(desired: C, current: C): WriteStep<P>[];
  /**
   * Pure, for areas whose writes rename items (fields, statuses): `before` with the hints that
   * make writing it over `applied` undo those renames (`renamedFrom` the new name) rather than
   * remove and add the items, which would lose their records' values. Absent: `before` as it is.
   */
  reverse?(before: C, applied: C): C;
  /**
   * What the hosted platform refuses to an API token here (403 GAIA_NO01; plan/token-limits.ts
   * gathers it). Absent: a token with the app's "manage" permission reads and writes the area.
   */
  token?: TokenLimit<C>;
}

/** Something a plan would do that a token cannot: in words, and the calls refused to a token. */
export interface TokenNeed {
  action: string;
  calls: string[];
}

export interface TokenLimit<C extends Json = Json> {
  /** No token can read the area: the planner and export leave it unread, and the plan names this. */
  unreadable?: TokenNeed;
  /** A write of `desired` no token can make (when the area changes, or the app is new): what, or null. */
  write?(desired: C): TokenNeed | null;
}

/**
 * A question about the records that decides a risk, asked by an area (pure) and answered by the
 * planner through the records API: how many records hold a value in a field about to go, or in
 * an option about to go; how many share a value of a field about to become unique; how many are
 * empty in a field about to become required.
 */
export type RiskProbe =
  | { kind: 'data-loss'; field: string; fieldType: string; table?: string; option?: string }
  | { kind: 'deploy-fails'; field: string; fieldType: string; reason: 'unique' }
  /**
   * A field's minLength or maxLength made tighter: the records whose value (a table column's: any
   * row's) falls outside the new bounds, an empty value below a minimum included.
   */
  | {
      kind: 'deploy-fails';
      field: string;
      fieldType: string;
      reason: 'length';
      table?: string;
      minLength?: number;
      maxLength?: number;
    }
  | { kind: 'records-need-values'; field: string; fieldType: string; table?: string }
  /** Records in a status about to be removed (process area): stranded, no action leaves it. */
  | { kind: 'records-in-removed-status'; status: string };

/** A change the service cannot make, found without asking about records. */
export interface BlockedChange {
  path: ChangePath;
  reason: string;
  instead: string;
}

/** Optional: areas whose changes can lose data or fail (fields, and process statuses). */
export interface RiskSource<C extends Json = Json> {
  probes(desired: C, current: C): RiskProbe[];
  blocked(desired: C, current: C): BlockedChange[];
}
