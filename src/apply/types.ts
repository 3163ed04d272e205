/**
 * What apply takes, what it reports while it runs, and what it returns: facts, plain JSON. What
 * `--format json` prints (schema/apply-result.schema.json) is these facts with the exit code
 * (cli/exit-codes.ts) and the message (render/apply-result.ts) added, `stopped` left out.
 */
import type { Area, AreaKey } from '../areas/types.js';
import type { Client } from '../client/index.js';
import type { WindowRecord } from './recovery.js';
// What a `migration-window` event carries: a user's onProgress names it.
export type { WindowRecord } from './recovery.js';
export type { WindowWrite } from '../records/window.js';
import type { Plan } from '../plan/index.js';
import type { Project } from '../project/index.js';
import type {
  BackupRequest as BackupSpec,
  BackupResult,
  CopyOptions,
  CopyResult,
  CopySpec,
} from '../records/index.js';
import type { Client as RecordsClient } from '../client/index.js';

/**
 * The records work of a migration, handed in so that another implementation serves (apply/
 * migrate.ts): a field's values copied into another, fields backed up before a deploy deletes them.
 */
export interface MigrationRecords {
  copy(client: RecordsClient, spec: CopySpec, options: CopyOptions): Promise<CopyResult>;
  /** A backup read now; `options.signal` stops it (its downloads included), leaving nothing. */
  backup(
    client: RecordsClient,
    spec: BackupSpec,
    options?: { signal?: AbortSignal | undefined },
  ): Promise<BackupResult>;
  /** The backup brought up to date: the records changed since it was read, read again. */
  catchUp(
    client: RecordsClient,
    spec: BackupSpec,
    backup: BackupResult,
    options: { signal?: AbortSignal | undefined },
  ): Promise<BackupResult>;
}

export interface ApplyOptions {
  plan: Plan;
  project: Project;
  client: Client;
  /** Remove fields (and options) that hold record values. */
  allowDataLoss?: boolean | undefined;
  /** Discard other people's pending drafts of the apps about to change (revert them first). */
  discardPendingDrafts?: boolean | undefined;
  /** How long to wait for the deploy to end (default 10 minutes). */
  timeoutMs?: number | undefined;
  /** SIGINT/SIGTERM: before the deploy call it stops and reverts; after it, the deploy runs on. */
  signal?: AbortSignal | undefined;
  onProgress?: ((event: ApplyEvent) => void) | undefined;
  /** Milliseconds, for elapsed times in progress events. */
  now?: (() => number) | undefined;
  /** The area table: AREAS unless given (another, made with areaTable, may add or swap areas). */
  areas?: readonly Area[] | undefined;
  /** Apps per deploy call (the service's maximum, 300, unless a test wants smaller batches). */
  deployBatchSize?: number | undefined;
  /** The first and longest pause between two deploy status polls (default 200 ms, 5 s). */
  pollIntervalMs?: { initial: number; max: number } | undefined;
  /**
   * The client is a shadow of the target (plan --check): nothing is recorded on disk, neither the
   * recovery record nor the ids of the apps it creates (they are the copy's).
   */
  shadow?: boolean | undefined;
  /**
   * The plan was made by this command through this client (refusals.ts, service-check.ts): it
   * is this service's, so which service answers is not asked again; and `just-now` (no prompt
   * in between) leaves the revisions as the plan read them moments before, not read again (a
   * write pinned to a revision that moved since is refused by the service all the same).
   */
  planMadeHere?: 'just-now' | 'before-a-prompt' | undefined;
  /** The records work of migrations (records/ unless given). */
  records?: MigrationRecords | undefined;
}

/**
 * How one app ended:
 * - `applied`: the change is live;
 * - `created`: created by this apply, and its settings are live;
 * - `unchanged`: nothing to do, or apply refused before writing anything;
 * - `rolled-back`: written to the draft, then reverted; live never changed (a created app stays,
 *   with a new app's settings: the interface cannot delete an app);
 * - `failed`: the rollback itself did not succeed; `reason` says what state the app is in;
 * - `unknown`: the deploy was still running when the timeout passed;
 * - `live-changed`: after a failure, its live copy is not its before-state: someone published its
 *   draft while apply was writing (live-check.ts); `reason` names the areas.
 */
export type AppOutcome =
  'applied' | 'created' | 'unchanged' | 'rolled-back' | 'failed' | 'unknown' | 'live-changed';

export interface AppResult {
  key: string;
  /** Null when the app did not exist and was not created. */
  id: string | null;
  outcome: AppOutcome;
  /** True when this apply created the app (it stays whatever the outcome). */
  created: boolean;
  /**
   * Created, and its id could not be written where the environment keeps ids (a full disk): the
   * recovery record keeps it, and the next command records it. Absent otherwise.
   */
  idUnrecorded?: true;
  reason?: string;
}

/**
 * How the whole apply ended (the CLI's exit code for each: cli/exit-codes.ts):
 * - `applied`, `no-changes`: done;
 * - `refused` (nothing was written), `rolled-back` (every app as before, but an app an earlier
 *   deploy step or call made live with a migration's swap, which stays: `stopped.keptSwaps`);
 * - `rollback-failed`: only drafts are left changed, or (`stopped.liveLeftChanged`) a live copy
 *   could not be restored;
 * - `unknown`: a deploy still running at the timeout;
 * - `interrupted`: SIGINT/SIGTERM before the deploy call; every app as before;
 * - `live-changed`: a failure, after which live is not as before for some apps (someone
 *   published apply's half-written draft between two writes); `liveChanged` says what went live;
 * - `not-converged`: the deploy succeeded but a fresh read differs from the manifests, which is
 *   a bug of appdeploy, never the user's doing.
 */
export type ApplyOutcome =
  | 'applied'
  | 'no-changes'
  | 'refused'
  | 'rolled-back'
  | 'rollback-failed'
  | 'unknown'
  | 'interrupted'
  | 'not-converged'
  | 'live-changed';

/** An app whose live copy moved away from its before-state during a failed apply, by area. */
export interface LiveChanged {
  app: string;
  id: string;
  areas: string[];
}

/**
 * How one system plug-in of the plan ended: `installed` or `updated` by this apply (it stays so
 * whatever happens to the apps afterwards: apply never uninstalls a plug-in nor puts an older
 * version back), `unchanged` (nothing to do, or apply stopped before it), `failed` (the service
 * refused it; `reason` says why, and apply wrote no app).
 */
export type PluginOutcome = 'installed' | 'updated' | 'unchanged' | 'failed';

export interface PluginResult {
  id: string;
  name: string;
  /** The package's version. */
  version: string;
  outcome: PluginOutcome;
  reason?: string;
}

export interface ApplyResult {
  outcome: ApplyOutcome;
  /** Every system plug-in of the plan, in its order. */
  plugins: PluginResult[];
  apps: AppResult[];
  /** Why apply refused to start (outcome `refused`). */
  refusals: Refusal[];
  /** Areas whose live copy differs from the manifest after a successful deploy (outcome `not-converged`). */
  notConverged: { app: string; area: string; changes: number }[];
  /** Apps whose live copy is not as before after a failure (outcome `live-changed`). */
  liveChanged?: LiveChanged[];
  /** Why an apply that had written stopped short of going live, and what it put back. */
  stopped?: ApplyStop;
  /** Each field migrated (or begun): how far it went and what its copy found. */
  migrations?: MigrationResult[];
  /** The backups written before a deploy deleted fields holding values. */
  backups?: BackupNote[];
  /** The migrations' windows written after their swaps (this apply's, or an earlier one's left). */
  window?: WindowResult[];
}

/**
 * How one migration ended: `migrated` (swapped: the field has its new type or place and its
 * values); `copied` (the values are in the temporary field, the swap did not go live: the next
 * apply swaps); `cleaned-up` (stopped before the swap, the temporary field removed: the app as it
 * was); `left` (stopped, and removing the temporary field failed too: the next apply finishes or
 * cleans up); `deploying` (the expand's or the swap's deploy was still running when apply stopped
 * waiting: `reason` says what the next apply does once it ends); `not-begun`.
 */
export interface MigrationResult {
  app: string;
  field: string;
  temporary: string;
  outcome: 'migrated' | 'copied' | 'cleaned-up' | 'left' | 'deploying' | 'not-begun';
  copied: number;
  unchanged: number;
  empty: number;
  notConverted: number;
  reason?: string;
}

/**
 * A migration's window after its swap (migrate-window.ts): the records edited in the old field
 * between the copy and the swap, written into the new field; those edited again after the swap,
 * left as they are, each with the backup's lines (1-based) that hold its value from before.
 */
export interface WindowResult {
  app: string;
  field: string;
  backup: string;
  written: number;
  editedSince: { id: string; lines: number[] }[];
  /** Left as they are: the service refused the value written (its words). Absent when none. */
  refused?: { id: string; lines: number[]; reason: string }[];
  /** Set when writing them stopped: the next apply goes on. */
  reason?: string;
}

export interface BackupNote {
  app: string;
  fields: string[];
  /** The JSON Lines file, as the project's folder names it. */
  file: string;
  records: number;
  values: number;
  files: number;
}

/**
 * An apply that wrote and did not go live (outcomes `rolled-back`, `rollback-failed`, `unknown`,
 * `live-changed`, and `interrupted` once something was written): what stopped it and what it put
 * back. Apps are named by key, in the order apply handled them.
 */
export interface ApplyStop {
  cause: StopCause;
  /** Apps whose draft could not be reverted: it still holds part of this apply; live is as before. */
  revertFailed: string[];
  /** Apps an earlier deploy call of the failed step had made live, put back (`deploy-failed`). */
  restoredCalls?: Restoration;
  /** Apps an earlier deploy step had made live, put back. */
  restoredSteps?: Restoration;
  /**
   * Apps an earlier deploy step or call made live with a migration's swap, left live: a swap is
   * never undone (swap-kept.ts). Absent when none.
   */
  keptSwaps?: string[];
  /** Live may hold part of this apply: a deploy still running, or a restore of live that failed. */
  liveLeftChanged: boolean;
}

/**
 * What stopped the writes or the deploy: a write the service refused (`reason` says which and
 * why), an interrupt before the deploy call, a deploy that did not go live (`reason`: FAIL or
 * CANCEL per app, or the call refused), or a deploy still running after `waitedMs` (`apps`).
 */
export type StopCause =
  | { kind: 'write-failed'; reason: string }
  | { kind: 'interrupted' }
  | { kind: 'deploy-failed'; reason: string }
  | { kind: 'deploy-unknown'; apps: string[]; waitedMs: number };

/** Live apps whose before-state was written and deployed again. */
export interface Restoration {
  apps: string[];
  /** Those that could not be put back: this apply's change is live there. */
  failed: string[];
  /** Those put back, but not exactly: what differs, per app. */
  inexact: { app: string; notes: string[] }[];
}

export type AppRefusal =
  | { kind: 'blocked'; app: string; message: string }
  | { kind: 'data-loss'; app: string; message: string }
  /** A new `unique` that records break: the deploy would fail. */
  | { kind: 'deploy-fails'; app: string; message: string }
  /** A risk no flag accepts that grew since the plan (counted again at apply). */
  | { kind: 'risk-grew'; app: string; message: string }
  /** The app on this service is not the one the plan was made against. */
  | { kind: 'other-service'; app: string; message: string }
  | { kind: 'pending-draft'; app: string; message: string }
  | { kind: 'deploying'; app: string; message: string }
  | { kind: 'revision-moved'; app: string; message: string }
  /**
   * An interrupted apply asked the service to create this app and never got its answer, and no
   * single app matched it (recovery-adopt.ts): creating it again could make a second copy.
   */
  | { kind: 'creation-unknown'; app: string; message: string }
  /**
   * The backup of the values this apply would destroy (fields removed with --allow-data-loss)
   * could not be read or written (a full disk, the service failing): nothing is removed without one.
   */
  | { kind: 'backup-failed'; app: string; message: string };

/**
 * A system plug-in that stops the apply before any app is written: its package or its installed
 * version moved since the plan (`plugin-moved`), or the service refused to install or update it
 * (`plugin-failed`). `plugin` is its id.
 */
export type PluginRefusal =
  | { kind: 'plugin-moved'; plugin: string; message: string }
  | { kind: 'plugin-failed'; plugin: string; message: string };

export type Refusal = AppRefusal | PluginRefusal;

/** Progress, one event per step; the CLI prints each as a line on stderr. */
export type ApplyEvent =
  | {
      type: 'plugin';
      action: 'install' | 'update';
      id: string;
      name: string;
      version: string;
      /** The package, relative to the project's folder. */
      path: string;
    }
  | { type: 'revert-pending'; apps: string[] }
  /** A plan holding references back deploys in steps: this one writes and deploys `apps`. */
  | { type: 'step'; step: number; steps: number; apps: string[] }
  | { type: 'create-app'; app: string }
  | { type: 'app-created'; app: string; id: string }
  | { type: 'upload'; app: string; file: string }
  | { type: 'write'; app: string; step: string }
  /**
   * A write step about to be sent (for the recovery record, recovery.ts): its area, the draft
   * revision it starts from, and a hash of what it writes.
   */
  | {
      type: 'write-intent';
      app: string;
      id: string;
      area: AreaKey;
      from: string;
      /** The preview writes it makes, each raising the draft revision by one. */
      calls: number;
      sha256: string;
      /** A hash of the area's content it writes towards (write-app.ts, WriteIntent). */
      content: string;
    }
  /**
   * A write was answered: the draft's revision now, and `done`, the area when this was the last
   * of its steps (for the recovery record, recovery.ts).
   */
  | { type: 'draft-written'; app: string; id: string; revision: string; done?: AreaKey }
  | { type: 'deploy'; apps: string[]; batch: number; batches: number }
  | { type: 'deploy-answer-lost'; reason: string }
  | {
      type: 'poll';
      elapsedMs: number;
      statuses: { app: string; status: string }[];
      /** Set when the status call itself failed; polling goes on until the timeout. */
      error?: string;
    }
  | { type: 'deploy-cannot-stop' }
  | { type: 'rollback'; apps: string[]; reason: string }
  | { type: 'restore'; app: string; step: string }
  | { type: 'verify'; apps: string[] }
  /**
   * A migration's step: its values copied (so far), backed up, its temporary field removed. The
   * copy is a pass over every record, then sweep passes over the records updated since the pass
   * before began (records/copy-field.ts): `sweep` is the sweep pass under way (absent in the
   * first pass); `passWritten` the records that pass wrote so far, absent when the pass begins.
   */
  /**
   * Just before a migration's swap is deployed: the records edited in its old field between the
   * copy and the swap, whose updates are written into the new field once the swap is live
   * (migrate-window.ts); noted in the recovery record, so that an apply killed after the swap
   * writes them next time.
   */
  | { type: 'migration-window'; app: string; field: string; window: WindowRecord }
  | {
      type: 'migration';
      app: string;
      field: string;
      step: 'copy' | 'backup' | 'cleanup' | 'window';
      /** Records written so far, over every pass. */
      written?: number;
      sweep?: number;
      passWritten?: number;
    };
