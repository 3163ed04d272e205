/**
 * The recovery record of an apply: `.appdeploy/apply-<env>.json`, kept while apply writes, so
 * that an apply that dies without a word (kill -9, a power cut, a closed CI runner) leaves a note
 * of what it did. It holds the apps it was creating (with their ids once the service answered),
 * each write it is about to send (area, the revision it starts from, a hash of what it writes and
 * one of the content it writes the area towards), the draft revision each of its writes left and
 * the areas it wrote whole, and each deploy call it started with the revisions it pinned. It is
 * written (beside and renamed over) before each step goes out and after each answer comes back,
 * and removed when apply ends with an answer of its own, but for a deploy still running at its
 * deadline (outcome `unknown`), which leaves it for the next apply (`ended`).
 *
 * What reads it: `status`, which says an apply was interrupted and what it left
 * (recovery-status.ts); the commands on a project, which adopt the apps it created whose id
 * never reached the project (recovery-adopt.ts); and the next apply, which discards the pending
 * drafts it wrote itself, recognised by the revision and by what each area holds (ownDraftApps
 * below), also when it was killed with writes sent and unanswered: a draft its named writes do
 * not explain was written by someone else and is still refused.
 */
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { atomicWriteSync, makeFoldersSync } from '../atomic-write.js';
import { AppdeployError } from '../errors.js';
import { hasChanges, type AppPlan, type AreaKey, type Plan } from '../plan/index.js';
import type { CopyProgress, WindowWrite } from '../records/index.js';
import { appdeployCommand, environmentLogin, type Project } from '../project/index.js';
import { errorText } from './error-text.js';
import type { ApplyEvent, ApplyOutcome } from './types.js';
import { SWAP_DROPS } from './migrate-plans.js';

export interface RecoveryRecord {
  formatVersion: 1;
  environment: string;
  pid: number;
  startedAt: string;
  /**
   * Apps apply asked the service to create; `id` is null until the service answered. `by` is
   * the login that asked (the app's creator), null when the record does not know it.
   */
  creating: { key: string; name: string; since: string; id: string | null; by?: string | null }[];
  /** The draft revision the last write of apply left, per app. */
  drafts: { key: string; id: string; revision: string }[];
  /**
   * Each app's writes, named before each is sent: the draft revision its first write started
   * from, how many preview writes were sent (or about to be), the areas they write, the last
   * step (area, the revision it starts from, a hash of what it writes), a hash of the content
   * each area is written towards, and the areas written whole. Absent in records of older
   * versions.
   */
  writes?: WriteRecord[];
  /** Deploy calls started, each with the revisions it pinned. */
  deploys: { at: string; apps: { key: string; id: string; revision: string }[] }[];
  /**
   * Migrations whose temporary field is live and whose copy was under way (migrate.ts): the next
   * apply resumes each copy from its progress. Absent in records of older versions.
   */
  migrations?: MigrationProgress[];
  /**
   * Set when the apply ended with a deploy still running at its deadline (outcome `unknown`): it
   * did not die, so `status` does not say it was interrupted; the record stays so that the next
   * apply takes the drafts it wrote as its own (a deploy that then failed leaves them pending).
   */
  ended?: 'deploy-unknown';
  /**
   * Migrations whose swap went live (or was about to), with the records edited in the old field
   * between the copy and the swap still to be written into the new field (migrate-window.ts): the
   * next apply writes them. Absent in records of older versions.
   */
  window?: WindowRecord[];
}

/** A migration's window: records/ windowWrites, written after the swap (migrate-window.ts). */
export interface WindowRecord {
  key: string;
  id: string;
  /** The field's final code, and the code its new field had until the swap. */
  field: string;
  temporary: string;
  /** Where the new field is once swapped: the table it is a column of, null at the top level. */
  table: string | null;
  /** The backup of the old field, from the project's folder. */
  backup: string;
  /** The writes still to make, each with the backup's lines (1-based) holding its values. */
  writes: (WindowWrite & { lines: number[] })[];
  /** Written so far. */
  written: number;
  /** Left as they are: edited after the swap (their values from before in the backup's lines). */
  edited: { id: string; lines: number[] }[];
  /** Left as they are: the service refused the value (its words). Absent when none. */
  refused?: { id: string; lines: number[]; reason: string }[];
  /** The records written, with their revision after it: the backup's lines take it at the end. */
  rebase?: { id: string; revision: string }[];
}

export interface MigrationProgress {
  key: string;
  id: string;
  /** The field's final code, and the code the new field has until the swap. */
  field: string;
  temporary: string;
  /**
   * The copy's progress as the copy reports it (records/ CopyProgress: when it began, the record
   * id every record up to is done, records written, and the sweep pass under way), kept whole so
   * that a resumed copy continues the pass it was in.
   */
  progress: CopyProgress;
}

export interface WriteRecord {
  key: string;
  id: string;
  from: string;
  sent: number;
  /** The areas its writes change: each it wrote or was writing, and the layout the fields move. */
  areas: string[];
  last: { area: string; from: string; sha256: string };
  /**
   * Per area it wrote or was writing, a hash of the content it writes the area towards (the
   * desired canonical value, hashed as the planner hashes a draft that holds it: the pending-draft
   * risk's `draftHashes`). Absent in records of older versions, which are judged without it.
   */
  content?: Record<string, string>;
  /** The areas whose every step the service answered: their drafts hold `content`. */
  done?: string[];
}

/**
 * The login the environment signs in with, which the service records as the creator of each app
 * it creates (`creator.code` of apps.json); the embedded local environment signs in as its
 * administrator, `admin` (local/connect.ts).
 */
function creatorLogin(project: Pick<Project, 'environment'>): string | null {
  if (project.environment.local) return 'admin';
  return environmentLogin(project.environment.config);
}

/** As messages name the file, from the project's folder. */
export function recoveryShown(env: string): string {
  return `.appdeploy/apply-${encodeURIComponent(env)}.json`;
}

function recoveryPath(project: Pick<Project, 'root'>, env: string): string {
  return join(project.root, recoveryShown(env));
}

/** The record a previous apply of this environment left, or null. */
export function readRecovery(
  project: Pick<Project, 'root' | 'environment' | 'commandFlags'>,
): RecoveryRecord | null {
  const env = project.environment.name;
  let text: string;
  try {
    text = readFileSync(recoveryPath(project, env), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const record = JSON.parse(text) as RecoveryRecord;
    if (record.formatVersion === 1 && Array.isArray(record.drafts)) return record;
  } catch {
    // Reported below.
  }
  throw new AppdeployError('APPLY.RECOVERY_RECORD', `${recoveryShown(env)} cannot be read`, {
    hint: `It is written by apply alone. Delete it; then \`${appdeployCommand(project, 'status')}\` shows what an interrupted apply left.`,
  });
}

/**
 * A migration's progress noted in the record (written beside and renamed over, as every step is):
 * created when no apply left one, the entry of the same app and field replaced.
 */
export function noteMigration(
  project: Pick<Project, 'root' | 'environment'>,
  entry: MigrationProgress,
): void {
  const env = project.environment.name;
  const record: RecoveryRecord = readRecovery(project) ?? emptyRecord(env);
  record.pid = process.pid;
  record.migrations = [
    ...(record.migrations ?? []).filter((m) => !(m.id === entry.id && m.field === entry.field)),
    entry,
  ];
  saveRecord(project, env, record);
}

/**
 * A migration's removal of its temporary fields (apply/migrate.ts) still deploying when apply
 * stopped waiting: the draft it wrote noted as apply's, and the record ended as that of an apply
 * whose deploy was left running, so that, should that deploy fail, the next apply discards the
 * draft as its own (ownDraftApps) instead of refusing it as someone's, and `status` says whose it
 * is (found by test/reliability/cleanup-deploy-sweep.test.ts).
 */
export function noteRemovalDeploying(
  project: Pick<Project, 'root' | 'environment'>,
  draft: { key: string; id: string; revision: string },
): void {
  const env = project.environment.name;
  const record: RecoveryRecord = readRecovery(project) ?? emptyRecord(env);
  record.pid = process.pid;
  record.drafts = [...record.drafts.filter((d) => d.key !== draft.key), draft];
  record.ended = 'deploy-unknown';
  saveRecord(project, env, record);
}

/**
 * Migrations no longer under way (their temporary fields removed): their entries leave the
 * record, and the record goes when nothing else is left in it.
 */
export function forgetMigrations(
  project: Pick<Project, 'root' | 'environment'>,
  ids: readonly string[],
): void {
  const env = project.environment.name;
  const record = readRecovery(project);
  if (!record?.migrations) return;
  record.migrations = record.migrations.filter((m) => !ids.includes(m.id));
  const empty =
    record.migrations.length + (record.window?.length ?? 0) === 0 &&
    record.creating.length + record.drafts.length + (record.writes?.length ?? 0) + record.deploys.length ===
      0;
  if (!empty) return saveRecord(project, env, record);
  try {
    unlinkSync(recoveryPath(project, env));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** A migration's window noted (or replaced, by app and field) in the record, created when absent. */
export function noteWindow(project: Pick<Project, 'root' | 'environment'>, entry: WindowRecord): void {
  const env = project.environment.name;
  const record: RecoveryRecord = readRecovery(project) ?? emptyRecord(env);
  record.window = [...(record.window ?? []).filter((w) => !sameWindow(w, entry)), entry];
  saveRecord(project, env, record);
}

/** A migration's window done: its entry leaves the record, and the record goes when nothing else is left. */
export function forgetWindow(project: Pick<Project, 'root' | 'environment'>, entry: WindowRecord): void {
  const env = project.environment.name;
  const record = readRecovery(project);
  if (!record?.window) return;
  record.window = record.window.filter((w) => !sameWindow(w, entry));
  if (record.window.length === 0) delete record.window;
  const empty =
    (record.migrations?.length ?? 0) + (record.window?.length ?? 0) === 0 &&
    record.creating.length + record.drafts.length + (record.writes?.length ?? 0) + record.deploys.length ===
      0;
  if (empty) return forgetRecovery(project);
  saveRecord(project, env, record);
}

function sameWindow(a: WindowRecord, b: WindowRecord): boolean {
  return a.id === b.id && a.field === b.field;
}

function emptyRecord(env: string): RecoveryRecord {
  return {
    formatVersion: 1,
    environment: env,
    pid: process.pid,
    startedAt: new Date().toISOString(),
    creating: [],
    drafts: [],
    writes: [],
    deploys: [],
  };
}

/**
 * Saved before every write is sent (write-ahead), so once per write of an apply: compact JSON (a
 * record of 100 new apps is written some 5,000 times, and indenting it was a quarter of the time).
 */
function saveRecord(project: Pick<Project, 'root'>, env: string, record: RecoveryRecord): void {
  const path = recoveryPath(project, env);
  makeFoldersSync(join(project.root, '.appdeploy'));
  atomicWriteSync(path, `${recordJson(record)}\n`);
}

/**
 * Each app's write entry as JSON, kept while the entry is unchanged (noteIntent and noteDone, the
 * only places that change one, drop it): a save then serializes the one entry that changed, not
 * every app's (an apply of 100 new apps saves the record some 5,000 times).
 */
const entryJson = new WeakMap<WriteRecord, string>();

/** The record as JSON.stringify writes it, but for `writes`, which comes last. */
function recordJson(record: RecoveryRecord): string {
  const { writes, ...rest } = record;
  const head = JSON.stringify(rest);
  if (writes === undefined) return head;
  const entries = writes.map((entry) => {
    let json = entryJson.get(entry);
    if (json === undefined) {
      json = JSON.stringify(entry);
      entryJson.set(entry, json);
    }
    return json;
  });
  return `${head.slice(0, -1)},"writes":[${entries.join(',')}]}`;
}

/** Removes the record of the environment, if any. */
function forgetRecovery(project: Pick<Project, 'root' | 'environment'>): void {
  try {
    unlinkSync(recoveryPath(project, project.environment.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * An apply that finds nothing to do, where the CLI calls no apply() (commands/apply.ts): when the
 * plan covers every app of the project, none with a change or a pending draft, nothing the
 * interrupted apply began is left to finish, so its record goes, as `end` removes it after an
 * apply that found no changes. A pending draft keeps it: an app whose manifest is live again may
 * still hold the draft that apply wrote, which `status` names as its own and `revert` discards.
 * Returns whether a record was removed.
 */
export function settleRecovery(plan: Plan, project: Pick<Project, 'root' | 'environment' | 'apps'>): boolean {
  const record = readRecovery(project);
  // A migration's window left unwritten (writing it failed) is still to finish.
  if (record === null || (record.window?.length ?? 0) > 0) return false;
  const whole = plan.apps.length === project.apps.length;
  const pending = plan.apps.some((app) => app.risks.some((r) => r.kind === 'pending-draft'));
  if (!whole || pending || hasChanges(plan)) return false;
  forgetRecovery(project);
  return true;
}

/**
 * Apps whose pending draft is the one the previous apply wrote, for the same app id: the draft
 * still at the revision its last answered write left (any write since, by anyone, moves it), or,
 * when it was killed with writes sent but unanswered, a draft that its named writes alone explain;
 * and, when the record names the content of each area (holdsItsWrites), every area it wrote whole
 * holds what it wrote.
 */
export function ownDraftApps(previous: RecoveryRecord | null, apps: readonly AppPlan[]): Set<string> {
  const own = new Set<string>();
  for (const app of apps) {
    const wrote = previous?.drafts.find((d) => d.key === app.key);
    const answered = wrote !== undefined && wrote.id === app.id && wrote.revision === app.revisions?.draft;
    const sent = previous?.writes?.find((w) => w.key === app.key && w.id === app.id);
    const counted = answered || (sent !== undefined && withinRevisions(sent, app));
    // A record of an older version names no content: judged by the revision and the areas alone.
    const held =
      sent?.content === undefined
        ? answered || (sent !== undefined && writtenAreasOnly(sent, app))
        : holdsItsWrites(sent, sent.content, app);
    if (counted && held) own.add(app.key);
  }
  return own;
}

/**
 * Whether the app's draft revision is one the named writes can have left. Every preview write
 * raises the app's one settings counter by exactly one and a refused one leaves it
 * (platform-facts.md, "Revisions"), so after some of the `sent` writes from revision `from` the
 * draft is above `from` and at most `from + sent`: anyone else's write on top of all of them
 * takes it past `from + sent`.
 */
function withinRevisions(sent: WriteRecord, app: AppPlan): boolean {
  const draft = Number(app.revisions?.draft);
  const from = Number(sent.from);
  return Number.isFinite(draft) && Number.isFinite(from) && draft > from && draft <= from + sent.sent;
}

/**
 * Only the areas the writes change differ from live: a write in another shows as its pending
 * change. A fields write changes more than the areas it names: deleting a field takes it out of
 * the views' columns and the field permissions that name it (the local service does, as the form
 * editor does; the platform's documents do not say what its API drops: docs/migrations.md "How
 * apply does it", 5), and a migration's swap can be killed between that deletion and the contract's
 * writes of those areas (SWAP_DROPS).
 */
function writtenAreasOnly(sent: WriteRecord, app: AppPlan): boolean {
  const pending = app.risks.find((r) => r.kind === 'pending-draft');
  const changed = new Set<AreaKey>(sent.areas);
  if (changed.has('fields')) for (const area of Object.keys(SWAP_DROPS)) changed.add(area);
  return pending === undefined || pending.areas.every((area) => changed.has(area));
}

/**
 * Whether the draft holds what the named writes wrote, area by area, as the planner hashed each
 * area's draft (the pending-draft risk's `draftHashes`): every area written whole (`done`) holds
 * the content it was written towards, and every other area that differs from live is one the
 * writes change (writtenAreasOnly). So someone else's write in an area written whole shows, even
 * when the counter has room for it (writes sent and never carried out); one in an area never
 * written shows as that area's pending change.
 *
 * The one window left: the areas not written whole at the kill (the step in flight, or steps
 * sent together; an area whose last steps had not gone out, such as the fields before their
 * removals, which come after the layout; the layout the fields' writes move) may hold anything
 * between live and what was written, so someone else's write landing there, while some of ours
 * never arrived, is taken as ours. The other way round, an area written whole whose manifest
 * changed since the kill hashes as the draft it holds, not as the new content: such a draft is,
 * as a rule, refused like someone else's (`--discard-pending-drafts` discards it). A plan with no
 * `draftHashes` (saved by an older version) gives nothing to compare: it is judged by the revision
 * and the areas alone, as an older record is; so is an area written whole that the manifest does
 * not manage (the plan hashes managed areas only), which widens that window to it.
 */
function holdsItsWrites(sent: WriteRecord, content: Record<string, string>, app: AppPlan): boolean {
  const pending = app.risks.find((r) => r.kind === 'pending-draft');
  if (pending === undefined) return true;
  const hashes = pending.draftHashes;
  if (hashes === undefined) return writtenAreasOnly(sent, app);
  // An area the manifest does not manage has no hash in the plan (a migration's contract writes
  // the service's layout, views or field permissions where the manifest leaves them out:
  // migrate-plans.ts): it is judged as an area not written whole is, by writtenAreasOnly.
  const whole = (sent.done ?? []).every(
    (area) => hashes[area] === undefined || hashes[area] === content[area],
  );
  return whole && writtenAreasOnly(sent, app);
}

/**
 * The plan as this apply judges it: the pending-draft risk of a draft the interrupted apply
 * before it wrote is left out (apply discards such a draft itself), with a note naming those apps.
 */
export function planAsApplySees(
  plan: Plan,
  project: Pick<Project, 'root' | 'environment'>,
): { plan: Plan; note: string | null } {
  const own = ownDraftApps(readRecovery(project), plan.apps);
  // Only an app with a pending draft has one to discard: an app whose draft the interrupted apply
  // wrote and whose deploy went live since holds none, and a note naming it would be untrue.
  const pending = plan.apps.filter((a) => own.has(a.key) && a.risks.some((r) => r.kind === 'pending-draft'));
  if (pending.length === 0) return { plan, note: null };
  const keys = pending.map((a) => a.key).join(', ');
  return {
    plan: { ...plan, apps: withoutOwnDrafts(plan.apps, own) },
    note: `Note: the pending draft of ${keys} is the one an interrupted apply wrote; apply discards it and writes again.\n`,
  };
}

/** The apps with the pending-draft risk of their own drafts left out: what refusals judge. */
export function withoutOwnDrafts(apps: readonly AppPlan[], own: ReadonlySet<string>): AppPlan[] {
  return apps.map((app) =>
    own.has(app.key) ? { ...app, risks: app.risks.filter((r) => r.kind !== 'pending-draft') } : app,
  );
}

/**
 * The areas a write to `area` changes: its own, and the layout for the fields, since a field added
 * without a layout change is appended to the layout and a field deleted leaves it
 * (platform-facts.md, "Apps and deploy").
 */
function movedBy(area: string): string[] {
  return area === 'fields' ? ['fields', 'layout'] : [area];
}

/** A write about to be sent, added to its app's write record (started afresh by this apply). */
function noteIntent(
  r: RecoveryRecord,
  event: Extract<ApplyEvent, { type: 'write-intent' }>,
  started: Set<string>,
): void {
  const writes = r.writes ?? [];
  const last = { area: event.area, from: event.from, sha256: event.sha256 };
  let entry = started.has(event.app) ? writes.find((w) => w.key === event.app) : undefined;
  if (entry === undefined) {
    entry = {
      key: event.app,
      id: event.id,
      from: event.from,
      sent: 0,
      areas: [],
      last,
      content: {},
      done: [],
    };
    r.writes = [...writes.filter((w) => w.key !== event.app), entry];
    started.add(event.app);
  }
  entry.sent += event.calls;
  for (const area of movedBy(event.area)) if (!entry.areas.includes(area)) entry.areas.push(area);
  entry.last = last;
  (entry.content ??= {})[event.area] = event.content;
  entryJson.delete(entry);
}

/** An area whose last step was answered: written whole, so its draft holds the content noted. */
function noteDone(r: RecoveryRecord, app: string, area: AreaKey, started: ReadonlySet<string>): void {
  const entry = started.has(app) ? r.writes?.find((w) => w.key === app) : undefined;
  if (entry !== undefined && !(entry.done ??= []).includes(area)) {
    entry.done.push(area);
    entryJson.delete(entry);
  }
}

/**
 * The events that change nothing on the service, or only undo what is recorded (a migration's
 * progress is noted by migrate.ts itself, noteMigration): every event type the recorder does not
 * write, listed so that a new event type is a decision (the type checks the list is complete).
 */
const UNRECORDED = {
  plugin: true,
  step: true,
  upload: true,
  write: true,
  'deploy-answer-lost': true,
  poll: true,
  'deploy-cannot-stop': true,
  rollback: true,
  restore: true,
  verify: true,
  migration: true,
} as const satisfies Record<Exclude<ApplyEvent['type'], Recorded>, true>;

/** The events that change the service: each noted in the record (the recorder's `notes`). */
type Recorded =
  | 'revert-pending'
  | 'create-app'
  | 'app-created'
  | 'draft-written'
  | 'write-intent'
  | 'deploy'
  | 'migration-window';

export interface Recorder {
  /** Notes an event; writes the record when the event is a step that changes the service. */
  track(event: ApplyEvent): void;
  /**
   * Apply ended with its own answer: the record goes when this apply wrote one, or when every
   * app matches its manifest now (an interrupted apply whose deploy went live leaves nothing to
   * finish; `wholeProject`: not an apply narrowed with --app); an apply refused or stopped
   * before writing leaves the previous record as it was.
   */
  end(outcome: ApplyOutcome, wholeProject: boolean): void;
}

/**
 * A recorder for one apply. The record is written from the first step that changes an app on,
 * carrying what the previous record said (until this apply's own steps replace it), so an apply
 * refused before writing leaves the previous record as it was.
 */
export function recorder(
  project: Pick<Project, 'root' | 'environment'>,
  previous: RecoveryRecord | null,
  names: (key: string) => string,
  session: (
    key: string,
  ) => { id: string | null; revision: string | null; idUnrecorded?: boolean | undefined } | undefined,
  now: () => number,
): Recorder {
  const env = project.environment.name;
  let record: RecoveryRecord | null = null;
  const open = (): RecoveryRecord =>
    (record ??= {
      formatVersion: 1,
      environment: env,
      // The record's owner: `status` asks whether this process still runs (an apply in progress)
      // or not (one that died without a word), so it is the pid of the process itself.
      pid: process.pid,
      startedAt: new Date(now()).toISOString(),
      creating: [...(previous?.creating ?? [])],
      drafts: [...(previous?.drafts ?? [])],
      writes: [...(previous?.writes ?? [])],
      deploys: [],
      ...(previous?.migrations ? { migrations: [...previous.migrations] } : {}),
      ...(previous?.window ? { window: [...previous.window] } : {}),
    });
  // Apps this apply has written: their write records start afresh, replacing the previous one's.
  const started = new Set<string>();
  const save = () => saveRecord(project, env, record!);
  // What each event that changes the service notes in the record (written after each).
  const notes: { [T in Recorded]: (event: Extract<ApplyEvent, { type: T }>) => void } = {
    'revert-pending': () => void open(),
    'create-app': (event) => {
      const r = open();
      r.creating = r.creating.filter((c) => c.key !== event.app);
      r.creating.push({
        key: event.app,
        name: names(event.app),
        since: new Date(now()).toISOString(),
        id: null,
        by: creatorLogin(project),
      });
    },
    'app-created': (event) => {
      for (const c of open().creating) if (c.key === event.app) c.id = event.id;
    },
    'draft-written': (event) => {
      const r = open();
      r.drafts = r.drafts.filter((d) => d.key !== event.app);
      r.drafts.push({ key: event.app, id: event.id, revision: event.revision });
      if (event.done !== undefined) noteDone(r, event.app, event.done, started);
    },
    'write-intent': (event) => noteIntent(open(), event, started),
    'migration-window': (event) => {
      const r = open();
      r.window = [...(r.window ?? []).filter((w) => !sameWindow(w, event.window)), event.window];
    },
    deploy: (event) => {
      open().deploys.push({
        at: new Date(now()).toISOString(),
        apps: event.apps.flatMap((key) => {
          const s = session(key);
          return s?.id && s.revision ? [{ key, id: s.id, revision: s.revision }] : [];
        }),
      });
    },
  };
  return {
    track(event) {
      if (event.type in UNRECORDED) return;
      const note = notes[event.type as Recorded] as (event: ApplyEvent) => void;
      note(event);
      try {
        save();
      } catch (error) {
        // Written ahead: what the event notes is about to go out (a write, a deploy call) or just
        // came back, and a record that does not hold it would have the next apply call its drafts
        // someone else's. So the apply stops here, as at a failed write, and says why (a full disk).
        throw new Error(
          `the recovery record ${recoveryShown(env)} could not be saved, so apply stopped before going on: ${errorText(error)}`,
          { cause: error },
        );
      }
    },
    end(outcome, wholeProject) {
      const settled = wholeProject && (outcome === 'applied' || outcome === 'no-changes');
      if (record === null && !settled) return;
      // A deploy still running at the deadline may end FAIL, leaving the drafts this apply wrote
      // pending: the record stays whole, so the next apply knows them for its own and discards
      // them (ownDraftApps), and `status` says whose they are, instead of "someone's unfinished
      // change" that apply refuses (found by test/reliability/deploy-unknown-sweep.test.ts).
      if (outcome === 'unknown' && record !== null) {
        record.ended = 'deploy-unknown';
        try {
          return save();
        } catch {
          // Not saved (a full disk): the record as last saved names the deploy call, so `status`
          // and the next apply still know the drafts for this apply's; only "stopped waiting"
          // reads as "interrupted". The result already says the outcome is unknown.
          return;
        }
      }
      const left = leftOver(outcome, record, previous, (key) => session(key)?.idUnrecorded === true);
      if (left === null) return forgetRecovery(project);
      try {
        saveRecord(project, env, {
          ...emptyRecord(env),
          startedAt: record?.startedAt ?? new Date(now()).toISOString(),
          ...left,
        });
      } catch {
        // Not saved (a full disk): the record as this apply last saved it would tell `status` of
        // writes and deploys long done, so it goes; the window, still to write right after this
        // (migrate-window.ts), is noted again at its first write, or its result says it was not.
        // Found by test/reliability/after-swap-sweep.test.ts (the save threw out of apply).
        // But an id the project lacks is kept, in the record as last saved, whatever else it says.
        if (left.creating.length === 0) forgetRecovery(project);
      }
    },
  };
}

/**
 * What the record keeps once an apply ended with its own answer, or null when nothing: a window
 * left to write, and the apps created whose ids could not be written to the project.
 */
function leftOver(
  outcome: ApplyOutcome,
  record: RecoveryRecord | null,
  previous: RecoveryRecord | null,
  idUnrecorded: (key: string) => boolean,
): Pick<RecoveryRecord, 'creating' | 'window'> | null {
  // A swap that went live leaves its window to write (migrate-window.ts): only that stays; so
  // does the window of a swap whose deploy was still running at the deadline (`unknown`): it
  // may yet go live, and then the next apply writes it (one that did not is dropped there).
  const mayBeLive = outcome === 'applied' || outcome === 'unknown';
  const window = (mayBeLive ? (record?.window ?? previous?.window) : previous?.window) ?? [];
  // So do the apps created whose ids could not be written to the project (a full disk,
  // write-all.ts): every command gives them their ids from here first (recovery-adopt.ts),
  // instead of the next apply creating them again.
  const creating = (record?.creating ?? []).filter((c) => c.id !== null && idUnrecorded(c.key));
  if (window.length === 0 && creating.length === 0) return null;
  return { creating, ...(window.length > 0 ? { window } : {}) };
}
