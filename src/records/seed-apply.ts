/**
 * Carries out a seed plan on one app through the client's bulk writers (client/record-writes.ts:
 * 100 records a call, 20 calls a bulk request, each bulk request all or nothing): adds first, then
 * changes (each with the revision it was read at), then deletes (with --clean). Files are
 * uploaded just before the writes of the records that name them (an upload's key expires unless
 * attached within 3 days, client/files.ts), one upload per value written: a key is attached once.
 *
 * Resumable by construction: nothing is kept between runs; a run plans again by key. When a bulk
 * request is refused because a record changed since it was read (GAIA_CO02) or because an add's key
 * is already there (the unique check, CB_VA01: another seed, or a run killed after its bulk
 * request landed), the app is read again and planned again, at most MAX_REPLANS times. The calls
 * before the failing one keep their effect and the failing call has none (rest-interface.md,
 * "Errors" 3), so a new plan by key neither repeats nor loses a record.
 */
import { BulkWriteError, ServiceError, type Client } from '../client/index.js';
import type { RecordForWrite } from '../client/index.js';
import { AppdeployError } from '../errors.js';
import { idOf, revisionOf } from './values.js';
import {
  isTable,
  planIsEmpty,
  planSeed,
  type ReadRecord,
  type SeedPlan,
  type SeedRecord,
  type SeedScalar,
  type SeedValue,
} from './seed-plan.js';

const MAX_REPLANS = 3;

export interface SeedTarget {
  app: string;
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

/** The app's records: ids, revisions, the key and every field the file names. */
export async function readForSeed(client: Client, target: Omit<SeedTarget, 'clean'>): Promise<ReadRecord[]> {
  const codes = new Set<string>([target.key]);
  for (const record of target.records) for (const code of Object.keys(record)) codes.add(code);
  const out: ReadRecord[] = [];
  for await (const record of client.records.iterate(target.app, { fields: ['$id', '$revision', ...codes] }))
    out.push({ id: idOf(record), revision: revisionOf(record), record });
  return out;
}

export async function planFromService(client: Client, target: SeedTarget): Promise<SeedPlan> {
  return planSeed({ ...target, read: await readForSeed(client, target) });
}

/** Writes the plan; plans again from a fresh read when a bulk request is refused (see above). */
export async function applySeed(client: Client, target: SeedTarget, first: SeedPlan): Promise<SeedResult> {
  const result: SeedResult = { added: 0, changed: 0, deleted: 0, replans: 0 };
  let plan = first;
  for (;;) {
    try {
      await writePlan(client, target.app, plan, result);
      return result;
    } catch (error) {
      if (!(error instanceof BulkWriteError)) throw error;
      if (!replannable(error)) throw stopped(target.app, error);
      if (result.replans >= MAX_REPLANS) throw tooManyReplans(target.app, error);
      result.replans++;
      plan = await planFromService(client, target);
      if (planIsEmpty(plan)) return result;
    }
  }
}

async function writePlan(client: Client, app: string, plan: SeedPlan, result: SeedResult): Promise<void> {
  if (plan.adds.length > 0) {
    const records = await Promise.all(plan.adds.map((a) => withUploads(client, a.record)));
    await counted(result, 'added', client.records.addAll(app, records));
  }
  if (plan.changes.length > 0) {
    const updates = await Promise.all(
      plan.changes.map(async (c) => ({
        id: c.id,
        revision: c.revision,
        record: await withUploads(
          client,
          Object.fromEntries(c.changes.map((change) => [change.code, { value: change.after }])),
        ),
      })),
    );
    await counted(result, 'changed', client.records.updateAll(app, updates));
  }
  if (plan.deletes.length > 0)
    await counted(
      result,
      'deleted',
      client.records.deleteAll(
        app,
        plan.deletes.map((d) => d.id),
      ),
    );
}

/**
 * Counts the records a bulk write wrote, also when it stops part way: the bulk requests before the
 * failed one, and the failed one's calls before the failing call, were carried out; the re-plan
 * that follows finds those records done and does not count them again.
 */
async function counted(
  result: SeedResult,
  count: 'added' | 'changed' | 'deleted',
  write: Promise<{ records: unknown[] }>,
): Promise<void> {
  try {
    result[count] += (await write).records.length;
  } catch (error) {
    if (error instanceof BulkWriteError) result[count] += error.written.length;
    throw error;
  }
}

function replannable(error: BulkWriteError): boolean {
  if (error.unknown.length > 0) return false;
  const cause = error.cause;
  // GAIA_CO02: the revision given is not the record's (platform-facts "Records"); CB_VA01: a
  // validation error, of which a unique field's value already held ("This value already exists in
  // another record.", platform-facts-verified.md "Errors") is the one a re-plan settles (an add
  // whose key is there becomes a change). Any other stays refused after MAX_REPLANS.
  return cause instanceof ServiceError && (cause.code === 'GAIA_CO02' || cause.code === 'CB_VA01');
}

/** A bulk request failed otherwise (the service down, a fault): what landed stays; a re-run finishes. */
function stopped(app: string, error: BulkWriteError): AppdeployError {
  return new AppdeployError('SEED.STOPPED', `seed of app ${app} stopped: ${error.message}`, {
    hint: 'Run seed again once the service answers: it plans again by key, so it writes only what is left (no record twice).',
    cause: error,
  });
}

function tooManyReplans(app: string, error: BulkWriteError): AppdeployError {
  const cause = error.cause instanceof ServiceError ? error.cause : undefined;
  return new AppdeployError(
    'SEED.REFUSED',
    `seed of app ${app}: the service refused a bulk request ${MAX_REPLANS + 1} times, read and planned again each time: ${cause?.serviceMessage ?? error.message}`,
    {
      hint: 'Run `npx appdeploy validate` (a value the record file gives may be one the service refuses), or seed again when no one else writes these records.',
    },
  );
}

/** The record with every file value uploaded, as the write sends it (`{ fileKey }`). */
async function withUploads(client: Client, record: SeedRecord): Promise<RecordForWrite> {
  const out: RecordForWrite = {};
  for (const [code, { value }] of Object.entries(record))
    out[code] = { value: await uploaded(client, value) } as RecordForWrite[string];
  return out;
}

async function uploaded(client: Client, value: SeedValue): Promise<unknown> {
  if (isTable(value))
    return Promise.all(
      value.map(async (row) => ({ value: await withUploads(client, row.value as SeedRecord) })),
    );
  if (!isFiles(value)) return value;
  return Promise.all(value.map((file) => client.files.upload(file.path, { name: file.name })));
}

function isFiles(value: SeedScalar): value is Extract<SeedScalar, { path: string }[]> {
  return Array.isArray(value) && value.some((v) => typeof v === 'object' && 'path' in v);
}
