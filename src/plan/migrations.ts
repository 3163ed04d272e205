/**
 * The migrations of one app's plan (docs/migrations.md, "What the plan says"): each field the
 * service cannot change in place whose values apply keeps, with what its records say. The app's
 * records are read once for all of its migrations (a cursor: 500 a page, the fields migrated and
 * `$id` only), and each record's values judged as the copy will judge them
 * (areas/fields/migrate-values.ts). Nothing is read for an app apply creates or one never
 * deployed: it has no records (its records API answers GAIA_AP01 until its first deploy,
 * platform-facts.md "Apps and deploy").
 */
import type { Client } from '../client/index.js';
import type { FieldsCanonical } from '../areas/fields/canonical.js';
import { fieldMigrations, type PlannedMigration } from '../areas/fields/migrations.js';
import { temporaryCode, typeOf, type FieldItem } from '../areas/fields/items.js';
import { cellsOutcome, convertContext, heldValues, recordOutcome } from '../areas/fields/migrate-values.js';
import { entityDirectory } from './entity-directory.js';
import { numberPrecisionFor } from './number-precision.js';
import { migrationZone, type MigrationZone } from './migration-zone.js';
import {
  CALLS_PER_BULK_REQUEST,
  RECORDS_PER_READ,
  RECORDS_PER_WRITE,
  REQUESTS_PER_APP_PER_DAY,
} from '../platform/limits.js';
import type { FieldDefinition } from '../platform/conversions.js';
import { UNIQUE_FIELD_TYPES, type FieldType } from '../platform/index.js';
import type { LeftOutFields } from './left-out-fields.js';
import { leftOutNamingRisk, namedElsewhereRisk } from './named-elsewhere.js';
import type {
  AppPlan,
  AreaPlan,
  FieldMigration,
  Json,
  MigrationCounts,
  MigrationRequests,
  Risk,
} from './types.js';

/** Samples of values that do not convert the plan shows. */
const SAMPLES = 5;
/** Record numbers a `$id in (...)` query lists at most before the plan says none can list them. */
const QUERY_IDS = 100;
/**
 * Settings calls of a migration: the expand (add the temporary fields, deploy, its status) and the
 * swap (delete, rename, deploy, its status); a deploy's status may be asked more than once.
 */
const SETTINGS_CALLS = 7;

export interface AppMigrations {
  migrations: FieldMigration[];
  risks: Risk[];
}

/**
 * The migrations of one app, with its records read when `app` is given (an existing, deployed
 * app). `environmentZone`: the environment's `timeZone` in appdeploy.yaml, if it gives one.
 */
export async function planMigrations(
  client: Client,
  app: string | null,
  fields: AreaPlan | undefined,
  environmentZone?: string,
): Promise<AppMigrations> {
  if (!fields || fields.before === null || fields.action === 'no-op') return { migrations: [], risks: [] };
  const planned = fieldMigrations(fields.after as FieldsCanonical, fields.before as FieldsCanonical);
  if (planned.length === 0) return { migrations: [], risks: [] };
  const zones = planned.map((m) => migrationZone(m.migrate as FieldMigration['migrate'], environmentZone));
  const tallies = app === null ? null : await readTallies(client, app, planned, zones);
  const migrations = planned.map((m, i) =>
    migrationOf(m, zones[i]!, tallies?.[i] ?? null, tallies?.read ?? 0),
  );
  return { migrations, risks: migrations.flatMap(risksOf) };
}

function place(item: FieldItem): FieldMigration['from'] {
  return { code: item.code, table: item.table, type: typeOf(item.def) };
}

function migrationOf(
  m: PlannedMigration,
  zone: MigrationZone,
  tally: Tally | null,
  read: number,
): FieldMigration {
  const { item, before, temporary } = m.plan;
  return {
    from: place(before),
    to: place(item),
    temporary: temporaryCode(item.code),
    state: temporary === null ? 'planned' : 'copying',
    rule: m.conversion.rule,
    migrate: m.migrate as FieldMigration['migrate'],
    // Only where the zone decides the values: elsewhere it would be noise in every plan.
    ...(m.conversion.zoned ? { timeZone: zone } : {}),
    records: tally === null ? null : recordsOf(tally, read, temporary !== null),
  };
}

interface Tally {
  withValue: number;
  defaulted: number;
  notConverted: { id: string; value: unknown; reason: string }[];
  severalRows: string[];
  /** Into a unique field: each value converted (as JSON) and the records it comes from. */
  holders: Map<string, string[]> | null;
}

/** Every record of the app, once: each migration's tally, and how many records were read. */
async function readTallies(
  client: Client,
  app: string,
  planned: readonly PlannedMigration[],
  zones: readonly MigrationZone[],
): Promise<Tally[] & { read: number }> {
  const tallies: Tally[] & { read: number } = Object.assign(
    planned.map((m) => ({
      withValue: 0,
      defaulted: 0,
      notConverted: [],
      severalRows: [],
      holders: keepsUnique(m.plan.item.def as FieldDefinition) ? new Map<string, string[]>() : null,
    })),
    { read: 0 },
  );
  const fields = [...new Set(['$id', ...planned.map((m) => m.plan.before.table ?? m.plan.before.code)])];
  const entityExists = await entityDirectory(
    client,
    planned.map((m) => m.conversion.to),
  );
  const precision = await numberPrecisionFor(
    client,
    app,
    planned.map((m) => m.conversion.to),
  );
  const contexts = planned.map((m, i) =>
    convertContext(
      m.plan.before.def as FieldDefinition,
      m.plan.item.def as FieldDefinition,
      m.migrate,
      zones[i]!.name,
      entityExists,
      precision,
    ),
  );
  for await (const record of client.records.iterate(app, { fields })) {
    tallies.read++;
    const id = typeof record.$id?.value === 'string' ? record.$id.value : '';
    planned.forEach((m, i) => {
      const { before, item } = m.plan;
      // A column that stays in its table converts row by row; a move out of one joins or blocks.
      const outcomeOf = before.table !== null && before.table === item.table ? cellsOutcome : recordOutcome;
      const outcome = outcomeOf(heldValues(record, before), m.conversion, contexts[i]!);
      tally(tallies[i]!, id, outcome);
    });
  }
  return tallies;
}

function tally(t: Tally, id: string, outcome: ReturnType<typeof recordOutcome>): void {
  switch (outcome.kind) {
    case 'empty':
      return;
    case 'converted': {
      t.withValue++;
      if (outcome.defaulted) t.defaulted++;
      // "" never counts as a duplicate (platform-facts-verified "Required, unique, lengths").
      if (t.holders === null || outcome.value === '') return;
      const key = JSON.stringify(outcome.value);
      const holders = t.holders.get(key);
      // Pushed, not copied: a default many records get would make a copy per record quadratic.
      if (holders === undefined) t.holders.set(key, [id]);
      else holders.push(id);
      return;
    }
    case 'not-converted':
      t.withValue++;
      t.notConverted.push({ id, value: outcome.value, reason: outcome.reason });
      return;
    case 'several-rows':
      t.withValue++;
      t.severalRows.push(id);
      return;
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}

function recordsOf(t: Tally, read: number, resumed: boolean): MigrationCounts {
  // In record-number order, whatever order the cursor read them in.
  const byNumber = (a: string, b: string) => Number(a) - Number(b);
  t.notConverted.sort((a, b) => byNumber(a.id, b.id));
  t.severalRows.sort(byNumber);
  // Every record whose converted value another record's also is, in record-number order.
  const duplicates = [...(t.holders?.values() ?? [])]
    .filter((ids) => ids.length > 1)
    .flat()
    .sort(byNumber);
  const ids = t.notConverted.map((n) => n.id);
  const listed = idQuery(ids);
  return {
    read,
    withValue: t.withValue,
    notConverted: {
      records: ids.length,
      samples: t.notConverted.slice(0, SAMPLES).map((n) => ({ ...n, value: n.value as Json })),
      query: listed,
      ...(listed === null && ids.length > 0 ? { note: unlisted(ids.length) } : {}),
    },
    defaulted: t.defaulted,
    ...(t.severalRows.length > 0
      ? { severalRows: { records: t.severalRows.length, query: idQuery(t.severalRows) } }
      : {}),
    ...(duplicates.length > 0
      ? { duplicates: { records: duplicates.length, query: idQuery(duplicates) } }
      : {}),
    requests: requestsFor(read, t.withValue - ids.length - t.severalRows.length, resumed),
  };
}

/**
 * The records by number: the query language has no operator that finds a value a conversion
 * refuses (a line break, a number that does not parse), nor a table's row count, so the records
 * are listed by `$id`.
 */
function idQuery(ids: readonly string[]): string | null {
  if (ids.length === 0 || ids.length > QUERY_IDS) return null;
  return `$id in (${ids.join(', ')})`;
}

function unlisted(count: number): string {
  return `${count} records: more than a query lists by record number (${QUERY_IDS}); no operator of the query language finds a value that does not convert`;
}

/**
 * What the copy spends, as apply reads and writes (apply/migrate.ts, records/copy-field.ts):
 * three reads of every record, each a count first then 500 a page (platform/limits.ts
 * RECORDS_PER_READ): the copy's, the backup's, and the contract plan's (a cursor: its creation,
 * then its pages); the backup brought up to date before the swap (records/backup-catch-up.ts):
 * the service's time before the backup, then the records updated since, counted and looked at
 * by id and revision 500 a page (every record at most: the copy's last writes may share the
 * latest update time), those moved read again (none, with nobody editing); the writes (100 records a call, 20 calls a bulk request); the sweep: the
 * service's time, asked before the copy and again before the sweep, then the records updated
 * since the copy began, counted and read 500 a page: every record the copy wrote among them (a
 * write moves a record's update time), at least one page; and the settings calls. Per migration:
 * an app migrating several fields backs up and plans once, so its sum errs high. The total counts
 * a bulk request as the calls inside it: whether the platform counts it once or per call the
 * evidence does not say (limits.ts), so the more cautious count. The window (records/window.ts):
 * the records edited after the copy saw them, read again 100 a query just before the swap and
 * written after it one a call: none with nobody editing, but a copy an earlier apply began
 * (`resumed`) has not seen the records that apply left alone, and reads them again, every record
 * at most.
 */
export function requestsFor(read: number, written: number, resumed = false): MigrationRequests {
  const pages = Math.max(1, Math.ceil(read / RECORDS_PER_READ));
  const window = resumed ? Math.ceil(read / RECORDS_PER_WRITE) : 0;
  const reads = 3 * (pages + 1) + (1 + 1 + pages) + window;
  const writeCalls = Math.ceil(Math.max(0, written) / RECORDS_PER_WRITE);
  const bulkRequests = Math.ceil(writeCalls / CALLS_PER_BULK_REQUEST);
  const sweep = 2 + 1 + Math.max(1, Math.ceil(Math.max(0, written) / RECORDS_PER_READ));
  return {
    reads,
    writeCalls,
    bulkRequests,
    sweep,
    settings: SETTINGS_CALLS,
    total: reads + writeCalls + sweep + SETTINGS_CALLS,
    dailyQuota: REQUESTS_PER_APP_PER_DAY,
  };
}

/** A migration's risks: values that do not convert (data loss), tables with several rows (blocked). */
function risksOf(m: FieldMigration): Risk[] {
  const risks: Risk[] = [];
  const records = m.records;
  if (records === null) return risks;
  const lost = records.notConverted;
  if (lost.records > 0)
    risks.push({
      kind: 'data-loss',
      area: 'fields',
      field: m.from.code,
      records: lost.records,
      query: lost.query ?? '',
      notConverted: true,
    });
  if (records.severalRows)
    risks.push({
      kind: 'blocked',
      area: 'fields',
      path: m.to.table === null ? [m.to.code] : [m.to.table, m.to.code],
      reason: `field "${m.from.code}" moves out of table "${m.from.table}", and ${records.severalRows.records} record${records.severalRows.records === 1 ? ' has' : 's have'} more than one row holding a value (${records.severalRows.query ?? `more than ${QUERY_IDS} records; no query can list them`}): a field holds one value`,
      instead: ['SINGLE_LINE_TEXT', 'MULTI_LINE_TEXT', 'RICH_TEXT', 'LINK'].includes(m.to.type)
        ? `write migrate: { join: ", " } on it to join the rows' texts, or leave those records one row each first`
        : `leave those records one row each first`,
    });
  if (records.duplicates)
    risks.push({
      kind: 'blocked',
      area: 'fields',
      path: m.to.table === null ? [m.to.code] : [m.to.table, m.to.code],
      reason: `field "${m.to.code}" is unique, and ${records.duplicates.records} records' values convert to a value another of them also converts to (${records.duplicates.query ?? `more than ${QUERY_IDS} records; no query can list them`}): the platform refuses a second record holding a value, so the copy would fail`,
      instead:
        'make those values distinct first, or leave `unique` off the new field in this apply and add it in a later one',
    });
  return risks;
}

/**
 * Whether the new field keeps `unique`: only single-line text, number, link, date and date-time
 * do (platform-facts-verified "Required, unique, lengths"; the others drop it silently), and the
 * platform refuses a record whose value another record holds there. Two records whose values
 * convert to the same one cannot both be copied.
 */
function keepsUnique(def: FieldDefinition): boolean {
  return def.unique === true && UNIQUE_FIELD_TYPES.has(def.type as FieldType);
}

/**
 * Migrations of fields that another app of the plan names in a lookup or a related-records table:
 * blocked (named-elsewhere.ts: the platform refuses to delete a field another app's lookup or
 * related-records table reads, and a swap deletes the old field; rewriting those references in
 * the same deploys is not done here, so the plan says why instead).
 */
export function referencedMigrations(
  apps: readonly AppPlanLike[],
  leftOut: readonly LeftOutFields[] = [],
): Map<string, Risk[]> {
  const blocks = new Map<string, Risk[]>();
  for (const app of apps) {
    if (app.id === null || !app.migrations) continue;
    for (const m of app.migrations) {
      const taken = {
        code: m.from.code,
        path: m.to.table === null ? [m.to.code] : [m.to.table, m.to.code],
        ...SWAP,
      };
      const risk = namedElsewhereRisk(apps, app, taken) ?? leftOutNamingRisk(leftOut, app, taken);
      if (risk) blocks.set(app.key, [...(blocks.get(app.key) ?? []), risk]);
    }
  }
  return blocks;
}

/** What a migration's block says: the swap's deletion is refused; migrate once the reference is gone. */
const SWAP = {
  refuses: 'and the service refuses to delete a field a lookup names: the swap cannot happen',
  then: 'migrate',
  again: 'migrate, then name it again',
};

type AppPlanLike = Pick<AppPlan, 'key' | 'id' | 'areas' | 'migrations'>;
