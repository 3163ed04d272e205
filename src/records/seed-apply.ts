/**
 * Carries out a seed plan on one app through the client's bulk writers (client/record-writes.ts:
 * 100 records a call, 20 calls a bulk request): adds, changes (each with the revision it was read
 * at) and deletes (with --clean) together, up to the client's concurrency in bulk requests at once
 * (a seed of 10,000 records is five bulk requests: one round trip, not five). Files are
 * uploaded just before the writes of the records that name them (an upload's key expires unless
 * attached within 3 days, client/files.ts), one upload per value written: a key is attached once.
 *
 * Resumable by construction: nothing is kept between runs; a run plans again by key. When a bulk
 * request is refused because a record changed since it was read (GAIA_CO02), is gone (GAIA_RE01:
 * deleted by someone else since the read), or because an add's key
 * is already there (the unique check, CB_VA01: another seed, or a run killed after its bulk
 * request landed), the app is read again and planned again, at most MAX_REPLANS times. The calls
 * before the failing one keep their effect and the failing call has none (rest-interface.md,
 * "Errors" 3), so a new plan by key neither repeats nor loses a record. A bulk request whose answer
 * never came (its fate unknown) is settled the same way: the key is unique, so the read finds an
 * add that landed, and the plan never repeats it.
 */
import { BulkWriteError, ServiceError, type Client } from '../client/index.js';
import { AppdeployError } from '../errors.js';
import { plural, thousands } from '../wording.js';
import { readAllRecords } from './read-all.js';
import { idOf, revisionOf } from './values.js';
import { FileContents } from './file-contents.js';
import {
  attachmentPairs,
  planIsEmpty,
  planSeed,
  type ReadRecord,
  type SeedPlan,
  type SeedRecord,
} from './seed-plan.js';
import { UploadFailed, uploadAll } from './seed-uploads.js';

const MAX_REPLANS = 3;

/** A write of the seed that failed: a bulk request, or the upload of a file a record names. */
type WriteFailure = BulkWriteError | UploadFailed;

const isWriteFailure = (error: unknown): error is WriteFailure =>
  error instanceof BulkWriteError || error instanceof UploadFailed;

export interface SeedTarget {
  /** The app's id. */
  app: string;
  /** The app's key in appdeploy.yaml, for messages ("seed of customers (app 12)"). */
  name?: string | undefined;
  key: string;
  records: readonly SeedRecord[];
  clean: boolean;
}

export interface SeedResult {
  added: number;
  changed: number;
  deleted: number;
  /** How many times a refused bulk request made the app be read and planned again. */
  replans: number;
}

/** The app's records: ids, revisions, the key and every field the file names (read-all.ts: in parallel). */
export async function readForSeed(client: Client, target: Omit<SeedTarget, 'clean'>): Promise<ReadRecord[]> {
  const codes = new Set<string>([target.key]);
  for (const record of target.records) for (const code of Object.keys(record)) codes.add(code);
  const records = await readAllRecords(client, { app: target.app, fields: ['$revision', ...codes] });
  return records.map((record) => ({ id: idOf(record), revision: revisionOf(record), record }));
}

/**
 * The plan from a fresh read. Files of the same name and size as the service's are compared by
 * content: the service's downloaded and hashed first (file-contents.ts; none for records naming
 * no file).
 */
export async function planFromService(client: Client, target: SeedTarget): Promise<SeedPlan> {
  const read = await readForSeed(client, target);
  const contents = new FileContents(client);
  await contents.learn(attachmentPairs({ ...target, read }));
  return planSeed({ ...target, read, contentOf: contents.contentOf });
}

/**
 * Writes the plan; plans again from a fresh read when a bulk request is refused or its answer is
 * lost (see above). The counts are the service's: after a failure, what the previous plan meant to
 * write and the fresh read finds done counts as written (the bulk requests that landed, the failed
 * one's calls before the failing call, and a request whose answer was lost but which landed).
 */
export async function applySeed(client: Client, target: SeedTarget, first: SeedPlan): Promise<SeedResult> {
  const result: SeedResult = { added: 0, changed: 0, deleted: 0, replans: 0 };
  let plan = first;
  for (;;) {
    const before = { ...result };
    const { failures, sent } = await writePlan(client, target, plan, result);
    if (failures.length === 0) return result;
    const error = worst(failures, target.key);
    if (!isWriteFailure(error)) throw error;
    const writeFailures = failures as WriteFailure[];
    if (!settledByReplan(error, target.key)) throw refusedAtOnce(target, sent, writeFailures, result);
    if (result.replans >= MAX_REPLANS)
      throw outcomeUnknown(error) || error instanceof UploadFailed
        ? stopped(appNamed(target), error)
        : tooManyReplans(appNamed(target), error);
    const next = await replan(client, target, error);
    Object.assign(result, landed(before, plan, next), { replans: result.replans + 1 });
    plan = next;
    if (planIsEmpty(plan)) return result;
  }
}

/** The plan from a fresh read; a read that fails after a lost answer stops the seed with the write's error. */
async function replan(client: Client, target: SeedTarget, error: WriteFailure): Promise<SeedPlan> {
  try {
    return await planFromService(client, target);
  } catch (readError) {
    if (outcomeUnknown(error)) throw stopped(appNamed(target), error);
    throw readError;
  }
}

/**
 * The counts before an attempt plus what it wrote, as the fresh read shows it: an action of the
 * attempt's plan whose key the new plan has nothing left to do for. (An add whose key someone else
 * added meanwhile becomes a change, not an add done; a change someone else made equal to the file's
 * counts as done: the read cannot tell who wrote it.)
 */
function landed(before: SeedResult, tried: SeedPlan, next: SeedPlan): Omit<SeedResult, 'replans'> {
  const left = new Set([...next.adds, ...next.changes, ...next.deletes].map((a) => a.key));
  const done = (actions: readonly { key: string }[]) => actions.filter((a) => !left.has(a.key)).length;
  return {
    added: before.added + done(tried.adds),
    changed: before.changed + done(tried.changes),
    deleted: before.deleted + done(tried.deletes),
  };
}

/** The actions whose records each bulk writer was given, in that order (a record whose upload failed is not). */
type Sent = Record<'add' | 'update' | 'delete', readonly { key: string }[]>;

/**
 * Adds, changes and deletes go out together, each kind's bulk requests up to the client's
 * concurrency at once: they touch different records, and their order does not matter to a seed,
 * which plans by key again after any refusal. Every kind runs to its end (or its own first failure)
 * and every failure is returned, the counts including what landed before a failure. A record an
 * upload failed for is left out of its kind's writes, and the others go (seed-uploads.ts).
 */
async function writePlan(
  client: Client,
  { app, key }: Pick<SeedTarget, 'app' | 'key'>,
  plan: SeedPlan,
  result: SeedResult,
): Promise<{ failures: unknown[]; sent: Sent }> {
  const options = { parallel: client.concurrency };
  const sent: { -readonly [K in keyof Sent]: Sent[K] } = { add: [], update: [], delete: [] };
  // Refused uploads in the plan's order (adds, then changes), whichever kind's uploads end first.
  const refused: { add: UploadFailed[]; update: UploadFailed[] } = { add: [], update: [] };
  const what = (action: { key: string }) => ({ keyField: key, key: action.key });
  const writes: Promise<void>[] = [];
  if (plan.adds.length > 0)
    writes.push(
      (async () => {
        const { ready, failed } = await uploadAll(client, plan.adds, (a) => a.record, what);
        refused.add = failed;
        sent.add = ready.map((r) => r.item);
        if (ready.length > 0)
          await counted(
            result,
            'added',
            client.records.addAll(
              app,
              ready.map((r) => r.record),
              options,
            ),
          );
      })(),
    );
  if (plan.changes.length > 0)
    writes.push(
      (async () => {
        const changed = (c: (typeof plan.changes)[number]) =>
          Object.fromEntries(c.changes.map((change) => [change.code, { value: change.after }]));
        const { ready, failed } = await uploadAll(client, plan.changes, changed, what);
        refused.update = failed;
        sent.update = ready.map((r) => r.item);
        const updates = ready.map(({ item, record }) => ({ id: item.id, revision: item.revision, record }));
        if (updates.length > 0)
          await counted(result, 'changed', client.records.updateAll(app, updates, options));
      })(),
    );
  if (plan.deletes.length > 0)
    writes.push(
      (async () => {
        sent.delete = plan.deletes;
        const ids = plan.deletes.map((d) => d.id);
        // With the revisions they were read at, as changes are: a record someone changed since
        // (given a key the file has, say) is planned again, not deleted unseen.
        const revisions = plan.deletes.map((d) => d.revision);
        await counted(result, 'deleted', client.records.deleteAll(app, ids, { ...options, revisions }));
      })(),
    );
  const settled = await Promise.allSettled(writes);
  const failures: unknown[] = [...refused.add, ...refused.update];
  for (const write of settled) if (write.status === 'rejected') failures.push(write.reason as unknown);
  return { failures, sent };
}

/** Counts the records a bulk write wrote; after a failure, applySeed counts from a fresh read. */
async function counted(
  result: SeedResult,
  count: 'added' | 'changed' | 'deleted',
  write: Promise<{ records: unknown[] }>,
): Promise<void> {
  result[count] += (await write).records.length;
}

/** The failure that decides what the seed does next: one that is no write's, else one a re-plan cannot settle. */
function worst(failures: unknown[], key: string): unknown {
  return (
    failures.find((f) => !isWriteFailure(f)) ??
    failures.find((f) => !settledByReplan(f as WriteFailure, key)) ??
    failures[0]
  );
}

/** A failure a fresh read and plan by key settles: a refusal below, or an answer that never came. */
function settledByReplan(error: WriteFailure, key: string): boolean {
  return outcomeUnknown(error) || (error instanceof BulkWriteError && refusalReplanSettles(error, key));
}

/**
 * No answer (a lost connection, a timeout, a 5xx): whether the request landed is unknown, and the
 * read by key tells (the key is unique, so an add that landed is found, never repeated). An upload
 * whose answer never came is uploaded again by the next plan's write (seed-uploads.ts).
 */
function outcomeUnknown(error: WriteFailure): boolean {
  return error instanceof UploadFailed ? error.outcomeUnknown : error.unknown.length > 0;
}

/** A refusal (the answer came) that a re-plan settles. */
function refusalReplanSettles(error: BulkWriteError, key: string): boolean {
  const cause = error.cause;
  if (!(cause instanceof ServiceError)) return false;
  // GAIA_CO02: the revision given is not the record's (platform-facts "Records").
  if (cause.code === 'GAIA_CO02') return true;
  // GAIA_RE01: a record a change or a delete names by the id it was read with is gone (someone
  // else deleted it since the read: platform-facts.md "record not found | 404 | GAIA_RE01";
  // platform-facts-verified.md "Records": deleting ids that do not exist is GAIA_RE01). A fresh
  // read no longer finds its key: the file's record becomes an add, a delete of --clean nothing.
  if (cause.code === 'GAIA_RE01') return true;
  // CB_VA01 is every validation error; the one a re-plan settles is the key's value already held
  // ("This value already exists in another record.", platform-facts-verified.md "Errors"): an add
  // whose key is there becomes a change. Its errors are keyed `records[N].<code>.value`
  // (platform-facts-verified.md, "Record validation"): one naming another field (a number given
  // text, an option that does not exist) is refused again however often the seed plans. Without
  // errors to tell, a re-plan is tried (at most MAX_REPLANS).
  if (cause.code !== 'CB_VA01') return false;
  const keys = Object.keys(cause.errors ?? {});
  return keys.length === 0 || keys.every((at) => at.endsWith(`.${key}.value`));
}

/**
 * Refusals no re-plan settles (the answer came: the user or token may not add, a value or a file
 * the service refuses): seeding again as it is would be refused again, so the error names each
 * (every refused upload with its record, the bulk request's refused values) and what to fix.
 */
function refusedAtOnce(
  target: SeedTarget,
  sent: Sent,
  failures: readonly WriteFailure[],
  /** What the seed's other writes landed: adds, changes and deletes go out together. */
  landedBesides: SeedResult,
): AppdeployError {
  const app = appNamed(target);
  const uploads = failures.filter((f): f is UploadFailed => f instanceof UploadFailed && !f.outcomeUnknown);
  const bulk = failures.find(
    (f): f is BulkWriteError => f instanceof BulkWriteError && !settledByReplan(f, target.key),
  );
  if (!bulk) return uploadsRefused(app, uploads, landedBesides);
  // Called only when no re-plan settles it, so the answer came (outcomeUnknown is false).
  if (!(bulk.cause instanceof ServiceError)) return stopped(app, bulk);
  const cause = bulk.cause;
  const written = bulk.written.length;
  return new AppdeployError(
    'SEED.REFUSED',
    `seed of ${app}: the service refused a bulk request: ${cause.serviceMessage} (${cause.code}, HTTP ${cause.status}); ` +
      `of its ${plural(written + bulk.notWritten.length, 'record')} ${TO_WRITE[bulk.operation]}, ${thousands(written)} written before the refusal, the rest not` +
      besides(landedBesides) +
      refusedValues(cause, bulk.refusedFrom, sent[bulk.operation], target.key) +
      (uploads.length > 0 ? `\nIt also refused ${refusedUploads(uploads)}:${uploadLines(uploads)}` : ''),
    { hint: refusalHint(cause), cause: bulk },
  );
}

/**
 * The records the seed's other writes landed, which stay: its adds, changes and deletes go out
 * together (writePlan), so a refused change does not stop the deletes of --clean.
 */
function besides({ added, changed, deleted }: SeedResult): string {
  const done = [
    added > 0 ? `${thousands(added)} added` : '',
    changed > 0 ? `${thousands(changed)} changed` : '',
    deleted > 0 ? `${thousands(deleted)} deleted` : '',
  ].filter((part) => part !== '');
  return done.length === 0 ? '' : `; the seed's other writes landed: ${done.join(', ')}`;
}

/** The app as messages name it: its key and id (`customers (app 12)`), or its id alone. */
function appNamed(target: Pick<SeedTarget, 'app' | 'name'>): string {
  return target.name === undefined ? `app ${target.app}` : `${target.name} (app ${target.app})`;
}

/** The refused values shown at most; the rest are counted. */
const REFUSED_SHOWN = 5;

/**
 * What the service says of each value it refused, by the record's key: its errors are keyed
 * `records[N].<code>.value...`, N the record's place in the refused call (platform-facts-verified.md
 * "Record validation"), so the record is the action at `refusedFrom + N`. Without that key (or
 * without the call's place) the service's own key is shown as it is.
 */
function refusedValues(
  cause: ServiceError,
  refusedFrom: number | undefined,
  actions: readonly { key: string }[],
  keyField: string,
): string {
  const entries = Object.entries(cause.errors ?? {});
  if (entries.length === 0) return '';
  const lines = entries.slice(0, REFUSED_SHOWN).map(([at, { messages }]) => {
    // `records[3].amount.value`, or `records[3][amount].value` for a number that does not parse.
    const match = /^records\[(\d+)\](?:\.([^.[]+)|\[([^\]]+)\])(.*)$/.exec(at);
    const action = match && refusedFrom !== undefined ? actions[refusedFrom + Number(match[1])] : undefined;
    const where = action && match ? `${keyField} ${action.key}: ${match[2] ?? match[3]}${match[4]}` : at;
    return `\n  ${where}: ${messages.join(' ')}`;
  });
  const rest = entries.length - REFUSED_SHOWN;
  return `:${lines.join('')}${rest > 0 ? `\n  ... and ${plural(rest, 'more value')} refused` : ''}`;
}

const TO_WRITE = { add: 'to add', update: 'to change', delete: 'to delete' } as const;

/** What to fix: a right the user or token lacks (403), else a value the service refuses. */
function refusalHint(cause: ServiceError): string {
  const again = 'then seed again: it writes only what is left.';
  if (cause.status === 403)
    return `Give the user or API token seed runs as the right to add, edit and delete records in the app (the app's permissions, or the token's), ${again}`;
  // validate is offline: it checks values against the manifest, not people against a directory.
  return `Fix what the service names (\`npx appdeploy validate\` checks the record file's values against the manifest; a user, group or organization the environment lacks is mapped to one it has in the environment's users, groups or organizations), ${again}`;
}

/** The refused uploads a message lists at most; the rest are counted. */
const UPLOADS_SHOWN = 20;

/**
 * Uploads the service refused (the answer came: a right, a file it does not take, such as one
 * over its size cap): the records naming them were not written at all, the seed's other records
 * were, and seeding again as it is would be refused again; each refused file is named with its
 * record's key and the service's words.
 */
function uploadsRefused(
  app: string,
  uploads: readonly UploadFailed[],
  landedBesides: SeedResult,
): AppdeployError {
  const landed = besides(landedBesides).replace(/^; /, '');
  const rights = uploads.every((u) => u.cause instanceof ServiceError && u.cause.status === 403);
  return new AppdeployError(
    'SEED.REFUSED',
    `seed of ${app}: the service refused ${refusedUploads(uploads)}${landed === '' ? '' : ` (${landed})`}:${uploadLines(uploads)}`,
    {
      hint: rights
        ? refusalHint(uploads[0]!.cause as ServiceError)
        : 'Fix each file the service refused (a file over its upload cap made smaller, or another file named in the record file), then seed again: it writes only what is left.',
      cause: uploads[0],
    },
  );
}

/** Each refused upload on a line of its own (the first UPLOADS_SHOWN): the record's key, the file, the service's words. */
function uploadLines(uploads: readonly UploadFailed[]): string {
  const refusal = (cause: unknown) =>
    cause instanceof ServiceError
      ? `${cause.serviceMessage} (${cause.code}, HTTP ${cause.status})`
      : cause instanceof Error
        ? cause.message
        : String(cause);
  const rest = uploads.length - UPLOADS_SHOWN;
  return (
    uploads
      .slice(0, UPLOADS_SHOWN)
      .map((u) => `\n  ${u.record.keyField} ${u.record.key}: ${u.file.path}: ${refusal(u.cause)}`)
      .join('') + (rest > 0 ? `\n  ... and ${plural(rest, 'more refused upload')}` : '')
  );
}

/** `4 uploads, so the 3 records naming them were not written`. */
function refusedUploads(uploads: readonly UploadFailed[]): string {
  const records = new Set(uploads.map((u) => u.record.key)).size;
  return `${plural(uploads.length, 'upload')}, so ${records === 1 ? 'the record naming' : `the ${thousands(records)} records naming`} ${uploads.length === 1 ? 'it' : 'them'} ${records === 1 ? 'was' : 'were'} not written`;
}

/** A write failed otherwise (the service down, a fault): what landed stays; a re-run finishes. */
function stopped(app: string, error: WriteFailure): AppdeployError {
  return new AppdeployError('SEED.STOPPED', `seed of ${app} stopped: ${error.message}`, {
    hint: 'Run seed again once the service answers: it plans again by key, so it writes only what is left (no record twice).',
    cause: error,
  });
}

function tooManyReplans(app: string, error: BulkWriteError): AppdeployError {
  const cause = error.cause instanceof ServiceError ? error.cause : undefined;
  return new AppdeployError(
    'SEED.REFUSED',
    `seed of ${app}: the service refused a bulk request ${MAX_REPLANS + 1} times, read and planned again each time: ${cause?.serviceMessage ?? error.message}`,
    {
      hint: 'Run `npx appdeploy validate` (a value the record file gives may be one the service refuses), or seed again when no one else writes these records.',
    },
  );
}
