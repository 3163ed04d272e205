/**
 * A Plan is plain, JSON-serialisable data (schema/plan.schema.json): for each app, the revisions
 * it was planned against, for each managed area the action, the item-level changes and the state
 * before and after, and the risks found. The planner builds it and never prints; renderers read
 * it and never compute; apply executes it only while the pinned revisions still hold.
 */
import type { AreaKey, Change, Json } from '../areas/types.js';
import type { TokenLimits } from './token-limits.js';
import type { DirectoryCheck } from './directory-preflight.js';
import type { NewAppLanguage } from './new-app-language.js';

export type { AreaKey, AttributeChange, Change, ChangePath, Json } from '../areas/types.js';
// The Markdown renderer draws the process; render/ reads plan types only.
export type { ProcessCanonical } from '../areas/process.js';

export type { PasswordNeed, TokenLimits } from './token-limits.js';
export type { DirectoryCheck } from './directory-preflight.js';
export type { NewAppLanguage } from './new-app-language.js';

/**
 * 2: the plan names the service it was made against (`service`). A plan of version 1 names none,
 * so apply cannot tell whether it is applied where it was reviewed: it is refused (plan again).
 */
export const PLAN_FORMAT_VERSION = 2;

export type AreaAction = 'no-op' | 'update' | 'create-app';

export interface AreaPlan {
  key: AreaKey;
  action: AreaAction;
  /** What one item of the area is called, for the renderers (`field`, `view`, `rule`). */
  itemNoun: string;
  changes: Change[];
  /** Items of the desired state that no change touches. */
  unchanged: number;
  /** The live state in canonical form (null for an app apply creates): what a rollback restores. */
  before: Json | null;
  /** The desired state in canonical form: what apply writes. */
  after: Json;
}

/**
 * One place of the project that still names a field the plan removes, renames or cannot change in
 * place (the where-used index of src/usage, the one `appdeploy docs` prints).
 */
export interface FieldUse {
  /** The app whose manifest or script names it (its key); another app for lookups and the like. */
  app: string;
  /** `views`, `JavaScript`, `lookups`, ... as the handbook groups them. */
  area: string;
  /** Where, in words: `view "Pipeline" (filter)`, `desktop.js:12 (quoted string)`. */
  where: string;
}

export type Risk =
  /** A field (or a table column) removed, or an option removed from a choice field, with its data. */
  | {
      kind: 'data-loss';
      area: AreaKey;
      field: string;
      option?: string;
      records: number;
      /** A query that lists the records concerned. */
      query: string;
      /** For a removed field: where the project still names it. */
      usedBy?: FieldUse[];
      /**
       * A field migrated (its type changed, or moved into or out of a table) whose values in these
       * records do not convert: the swap leaves them behind (`migrations` says which). Apply judges
       * them again from the copy itself, not by asking the planner's question again.
       */
      notConverted?: true;
    }
  /** The service cannot make this change: what it is, why, and what to do instead. */
  | {
      kind: 'blocked';
      area: AreaKey;
      path: (string | number)[];
      reason: string;
      instead: string;
      /** For a field: where the project names it (each place changes with it). */
      usedBy?: FieldUse[];
    }
  /**
   * A field removed (holding no data) or renamed while the project still names its old code: a
   * script, another app's lookup or related records. It deploys; what names it stops working.
   */
  | { kind: 'field-still-used'; area: 'fields'; field: string; renamedTo?: string; usedBy: FieldUse[] }
  /**
   * The draft already differs from live in these areas: a deploy would publish someone's work.
   * `draftHashes`: for each area the manifest manages, a sha256 of what its draft holds (of the
   * desired value when the draft holds it), by which apply recognises a draft that an
   * interrupted apply wrote (apply/recovery.ts). Absent in plans of older versions.
   */
  | { kind: 'pending-draft'; areas: AreaKey[]; draftHashes?: Partial<Record<AreaKey, string>> }
  /** `unique` added where records share a value: the deploy fails. */
  | { kind: 'deploy-fails'; field: string; reason: 'unique'; records: number }
  /**
   * A tighter `minLength` or `maxLength` (the new bounds given) that records' values break, an
   * empty value below a minimum included: the deploy fails (platform-facts-verified, "Required,
   * unique, lengths"). No query can list them (the query language has no length operator), so
   * `recordIds` names the first few by record number.
   */
  | {
      kind: 'deploy-fails';
      field: string;
      reason: 'length';
      records: number;
      minLength?: number;
      maxLength?: number;
      recordIds: string[];
    }
  /** `required` added where records are empty: it deploys, then each is refused on its next update. */
  | { kind: 'records-need-values'; field: string; records: number; query: string }
  /**
   * A status removed from the process while records are in it: they are stranded there (no action
   * leaves it, and a query naming it is refused once it is gone). Apply refuses without
   * `--allow-data-loss`. A status renamed with `renamedFrom` keeps its records and is no risk.
   */
  | { kind: 'records-in-removed-status'; status: string; records: number; query: string };

/**
 * `deploy`: the app exists only as a draft (created, maybe written, never deployed: an apply
 * stopped before its deploy), and its draft already matches the manifest; apply deploys it.
 */
export type AppAction = 'no-op' | 'update' | 'create-app' | 'deploy';

export interface AppPlan {
  /** The app's key in appdeploy.yaml. */
  key: string;
  /** The app's name as the manifest gives it. */
  name: string;
  /** Its id in the environment; null when apply creates it. */
  id: string | null;
  action: AppAction;
  /** The settings revisions read (draft and live), pinned: apply refuses if either moved. */
  revisions: { draft: string; live: string } | null;
  /** Every area the manifest manages, in apply order. */
  areas: AreaPlan[];
  risks: Risk[];
  /**
   * What the manifest names that this environment maps to nothing (appdeploy.yaml's `users`,
   * `groups`, `organizations`): left out here. Absent when nothing is.
   */
  leftOut?: LeftOutNote[];
  /** Fields whose values apply migrates (docs/migrations.md); absent when none. */
  migrations?: FieldMigration[];
}

/** Where a migrated field is: its code, its table (null: the top level) and its type. */
export interface FieldPlace {
  code: string;
  table: string | null;
  type: string;
}

/**
 * A field the service cannot change in place (its type, or its table) whose values apply keeps:
 * it adds the new field under `temporary`, copies every value over, converted, then deletes the
 * old field and gives the new one its final code (docs/migrations.md, "How apply does it").
 */
export interface FieldMigration {
  from: FieldPlace;
  to: FieldPlace;
  /** The code the new field has until the swap. */
  temporary: string;
  /**
   * `planned`: nothing done yet; `copying`: an earlier apply added the temporary field and did not
   * finish (the next apply copies again, resuming where the recovery record says, then swaps).
   */
  state: 'planned' | 'copying';
  /** How each value converts, in words (platform/conversions.ts). */
  rule: string;
  /** What the manifest's `migrate:` says (empty when it says nothing). */
  migrate: { timeZone?: string; join?: string; default?: Json; row?: 'first' | 'every' | 'new' };
  /**
   * The time zone the values convert in, where it decides them (a date and a date-time), and where
   * it comes from: `migrate.timeZone`, the environment's `timeZone`, or the planning machine's
   * (plan/migration-zone.ts). Apply converts in this one.
   */
  timeZone?: { name: string; source: 'migrate' | 'environment' | 'machine' };
  /**
   * What the records say; null when none were read: an app apply creates, or one never deployed
   * (it has no records).
   */
  records: MigrationCounts | null;
}

export interface MigrationCounts {
  /** Records read (every record of the app). */
  read: number;
  /** Records holding a value in the field: the values kept. */
  withValue: number;
  /** Records whose value does not convert (and no `migrate.default` takes its place). */
  notConverted: {
    records: number;
    /** Up to 5: the record number, the value, and why it does not convert. */
    samples: { id: string; value: Json; reason: string }[];
    /** A query that lists them all (`$id in (...)`); null when none can (`note` says why). */
    query: string | null;
    note?: string;
  };
  /** Records whose value does not convert and gets `migrate.default` instead. */
  defaulted: number;
  /** A move out of a table: records with more than one row holding a value (one field holds one). */
  severalRows?: { records: number; query: string | null };
  /** Into a unique field: records whose values convert to one value, two or more each (blocked). */
  duplicates?: { records: number; query: string | null };
  /** Requests the copy spends, against the app's daily budget (platform/limits.ts). */
  requests: MigrationRequests;
}

export interface MigrationRequests {
  /**
   * Record reads: the copy's, the backup's and the contract plan's, each a count (or a cursor) and
   * pages of 500; and the backup brought up to date before the swap (the service's time before it,
   * then the records updated since, counted and looked at by id and revision); and, for a copy an
   * earlier apply began, the window reading again the records this apply's copy does not see, 100
   * a query (records/window.ts; none for a copy begun now, with nobody editing).
   */
  reads: number;
  /** Record writes: calls of 100 records, sent 20 to a bulk request. */
  writeCalls: number;
  bulkRequests: number;
  /**
   * The sweep before the swap: the service's time (asked before the copy and before the sweep),
   * then the records changed since the copy began, the ones it wrote among them, counted and read
   * again (at least one page).
   */
  sweep: number;
  /** Settings calls: add, deploy and its status, swap, deploy and its status. */
  settings: number;
  /** Every call counted (a bulk request as the calls inside it, the more cautious count). */
  total: number;
  /** The app's daily request budget on the hosted platform's standard course. */
  dailyQuota: number;
}

/** A rule, recipient, assignee or default value left out in the environment, and why. */
export interface LeftOutNote {
  area: AreaKey;
  /** The item in the manifest, as users read it: `appAcl[2]`. */
  path: string;
  /** `file:line:col` of the item in the manifest. */
  location: string;
  /** What the item is: `rule`, `recipient`, `assignee`, `default value`, ... */
  item: string;
  kind: 'users' | 'groups' | 'organizations';
  /** The code the manifest names, which the environment maps to null. */
  code: string;
}

/** `install` when the service lacks the plug-in, `update` when its installed version differs. */
export type PluginAction = 'install' | 'update' | 'no-op';

/**
 * A system plug-in whose package the project carries (`plugins[].path`). Plug-ins are
 * installed for the whole service, so they are planned once, before the apps that add them.
 */
export interface PluginPlan {
  id: string;
  /** As the package's manifest.json names it. */
  name: string;
  /** The package, relative to the project's folder (forward slashes). */
  path: string;
  /** Of the package's bytes: apply refuses a package that changed since the plan was made. */
  sha256: string;
  /** The package's version. */
  version: string;
  /** The version the service has installed; null when it has none. */
  installedVersion: string | null;
  action: PluginAction;
}

/**
 * A lookup or related-records table that names another app's fields not live yet: the hosted
 * platform refuses to write it until they are, so apply deploys in steps. The first deploy
 * publishes every other change; this reference is written and deployed in step `step` (2, or 3
 * for one naming a field that is itself held to step 2).
 */
export interface HeldReference {
  /** The app holding the field (its key), and the field's code (a table column's own code). */
  app: string;
  field: string;
  kind: 'lookup' | 'related-records';
  /** The related app's key in the project. */
  relatedApp: string;
  /**
   * `app-created`: apply creates the related app; `app-not-deployed`: it exists but was never
   * deployed; `fields-not-live`: this apply adds the fields it names there.
   */
  reason: 'app-created' | 'app-not-deployed' | 'fields-not-live';
  /** The related app's fields the reference names that are not live yet. */
  fields: string[];
  step: number;
}

/** An app as the service answered `GET /k/v1/app.json` for it: what tells two services apart. */
export interface ServiceApp {
  key: string;
  id: string;
  createdAt: string;
  /** The creator's login name (`creator.code`). */
  creator: string;
}

/**
 * The service a plan was made against: apply refuses the plan on another one, even where the
 * environment's name, the app ids and the revisions are the same.
 */
export interface ServiceIdentity {
  /** The environment's base URL; null for the local service started inside the command. */
  baseUrl: string | null;
  /** The local service's data directory (absolute); only when `baseUrl` is null. */
  dataDir?: string;
  /** Every planned app that has an id, in plan order. */
  apps: ServiceApp[];
}

export interface Plan {
  formatVersion: typeof PLAN_FORMAT_VERSION;
  environment: string;
  /** The service the plan was made against. */
  service: ServiceIdentity;
  /** ISO 8601, from the clock handed to the planner. */
  createdAt: string;
  /** System plug-ins to install or update first, in the order the project names them. */
  plugins: PluginPlan[];
  apps: AppPlan[];
  /** References apply writes after a first deploy (empty: one deploy publishes everything). */
  heldReferences: HeldReference[];
  /** How many deploy calls apply makes, when more than one (the held references need steps). */
  deploySteps?: number;
  /** Counted over every change of every app and plug-in, as the summary line says them. */
  summary: { add: number; change: number; remove: number };
  /**
   * Present when the environment authenticates with API tokens alone and the plan needs calls the
   * hosted platform refuses to a token (token-limits.ts): apply refuses such a plan.
   */
  tokenLimits?: TokenLimits;
  /**
   * Present when the users, groups and organizations the plan's writes name could not be looked
   * up in the target (directory-preflight.ts): the plan says the check was skipped.
   */
  directoryCheck?: DirectoryCheck;
  /**
   * Present when the plan creates an app: the language its system fields get their codes and
   * labels in, read from the deploying user where it can be (new-app-language.ts).
   */
  newApps?: NewAppLanguage;
  /** `plan --check`: how the change went on a copy of the target (check/). */
  check?: PlanCheck;
}

/**
 * The outcome of applying the plan to a shadow: a copy of the target in a local service in
 * memory. `passed` says what the apply did there; `failed` says what the service refused.
 */
export interface PlanCheck {
  outcome: 'passed' | 'failed';
  /** The environment copied. */
  environment: string;
  /** Apps copied (the planned ones and those they refer to) and records copied. */
  copied: { apps: number; records: number };
  /** Apps the apply changed, writes (every call but reads and deploys), deploy calls. */
  apps: number;
  writes: number;
  deployCalls: number;
  failure?: CheckFailure;
}

/** What the shadow refused, and where the manifest holds the value it refused. */
export interface CheckFailure {
  /** The app's key; null when the failure is not one app's (a plug-in). */
  app: string | null;
  /** The settings area of the request; null when it is none (a deploy, a creation). */
  area: string | null;
  /** `METHOD /path` of the refused call; null when no call was refused (a deploy that failed). */
  request: string | null;
  /** The service's error code and message (with its `errors`, when it gave some). */
  code: string | null;
  message: string;
  /** `file:line:col` of the value in the manifest; null when it cannot be told. */
  location: string | null;
  hint: string;
}

/** Whether applying the plan would change anything. */
export function hasChanges(plan: Plan): boolean {
  return (
    plan.plugins.some((plugin) => plugin.action !== 'no-op') ||
    plan.apps.some((app) => app.action !== 'no-op')
  );
}

/**
 * Whether the app had been deployed when planned: an existing app whose live revision was read.
 * A never-deployed app answers GAIA_AP01 to every live read (platform-facts.md, "Apps and
 * deploy"), so its live revision is '' (read.ts): it has no live settings and no records.
 */
export function isDeployed(app: Pick<AppPlan, 'revisions'>): boolean {
  return app.revisions !== null && app.revisions.live !== '';
}
