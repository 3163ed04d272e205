/**
 * The area table's contract. A settings area (fields, views, app ACL, ...) is described once,
 * in its own file, by an `Area`: where the service keeps it, its canonical comparable form, how
 * a manifest becomes that form and back, the item-level diff, and the writes that bring the
 * service's draft to the desired form. plan/, apply/ and export/ loop over the table and never
 * name an area.
 */
import type { Client } from '../client/index.js';
import type { AppManifest } from '../project/manifest.js';

/** Every settings area, in the order apply writes them (fields' removals come after layout). */
export const AREA_KEYS = [
  'general',
  'fields',
  'layout',
  'views',
  'process',
  'customize',
  'appAcl',
  'recordAcl',
  'fieldAcl',
  'notificationsGeneral',
  'notificationsPerRecord',
  'notificationsReminder',
  'reports',
  'actions',
  'adminNotes',
  'plugins',
] as const;
export type AreaKey = (typeof AREA_KEYS)[number];

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
 * Apply writes in phases so that one area's write can rely on another's: fields are added and
 * changed before the layout places them (and before general settings name one as the title),
 * and removed after neither shows them any more.
 */
export const WRITE_PHASES = [
  'fields-upsert',
  // Lookups and related-records tables name fields of other apps: every app of one apply gets
  // its own fields first, then its lookups, then its related-records tables (which may show or
  // match another app's lookup field), so two apps may refer to each other.
  'fields-lookups',
  'fields-references',
  'layout',
  // After the fields: general settings name one of them (`titleField`); before removals, so
  // a title field about to go is replaced first.
  'general',
  'fields-remove',
  'views',
  'process',
  'customize',
  'appAcl',
  'recordAcl',
  'fieldAcl',
  'notificationsGeneral',
  'notificationsPerRecord',
  'notificationsReminder',
  'reports',
  'actions',
  'adminNotes',
  'plugins',
] as const;
export type WritePhase = (typeof WRITE_PHASES)[number];

/** One write request, run with the revision the previous write returned; returns the new one. */
export interface WriteStep {
  phase: WritePhase;
  /** What the step does, for progress lines: `fields: add 2, change 1`. */
  describe: string;
  run(ctx: WriteContext, revision: string): Promise<string>;
}

export interface Area<C extends Json = Json> extends Partial<RiskSource<C>> {
  key: AreaKey;
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
  writes(desired: C, current: C): WriteStep[];
  /**
   * Pure, for areas whose writes rename items (fields, statuses): `before` with the hints that
   * make writing it over `applied` undo those renames (`renamedFrom` the new name) rather than
   * remove and add the items, which would lose their records' values. Absent: `before` as it is.
   */
  reverse?(before: C, applied: C): C;
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

/** The process area's canonical form, which the Markdown renderer draws as a state diagram. */
export interface ProcessCanonical {
  [key: string]: Json;
  enable: boolean;
  states: {
    [name: string]: {
      index: string;
      assignee: { type: 'ONE' | 'ALL' | 'ANY'; entities: JsonObject[] };
      /** The manifest's hint of a rename (never from the service): the status's name before. */
      renamedFrom?: string;
    };
  };
  /** Only a SECONDARY action has `executableUser` (the official types' ActionForResponse). */
  actions: ({ name: string; from: string; to: string; filterCond: string } & (
    { type: 'PRIMARY' } | { type: 'SECONDARY'; executableUser: { entities: JsonObject[] } }
  ))[];
}
