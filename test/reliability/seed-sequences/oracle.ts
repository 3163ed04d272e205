/**
 * What a seed must do, computed from docs/records.md and the platform's documented behaviour, not
 * from src/records: from the records an environment holds (read over REST) and the record file,
 * the plan (`+` a key the app lacks, `~` a key whose named fields differ, `-` with --clean a key
 * the file lacks, the rest unchanged) and the records the app holds afterwards.
 *
 * - Values compare as the platform holds them (round-trip-compare.ts's canonical form: empty alike,
 *   choices and people as sets, people by the file's codes through the environment's map), files
 *   by name, size and content ("Files compare by name, size and content": a file rewritten at the
 *   same size is written again, and the app holds the new bytes).
 * - A change writes only the fields the file names (a CSV file names its header's fields in every
 *   row: an empty cell empties); the others stay. An add leaves an unnamed RADIO_BUTTON at its
 *   default (round-trip-compare.ts).
 * - A table compares row by row in the columns each row names; a changed table is written row by
 *   row with the id of the app's row at the same place (a column the row does not name keeps the
 *   value of that row), rows past the file's are deleted.
 * - A lookup copies its mapped field from the related record when its key is written, and only
 *   then (platform-facts-verified.md "Lookups": "an update that leaves the key out keeps them ...
 *   Later changes in the related app are not copied"); partners is written before things (docs:
 *   "an app whose lookup reads another seeded app goes after it").
 */
import { join } from 'node:path';
import type { Client } from '../../../src/client/index.js';
import { fromFile, fromService, type Canonical } from '../round-trip-compare.js';
import { KEY_FIELD, type AppKey, type Env, type RecordFile, type World } from './world.js';

export type State = Map<string, Canonical>;

export interface Expected {
  add: string[];
  change: string[];
  delete: string[];
  unchanged: number;
  after: State;
}

/** Every record an app holds in an environment, by key, canonical. */
export async function readState(world: World, env: Env, app: AppKey): Promise<State> {
  const { client } = world.services[env];
  const id = world.ids[env][app];
  if (app === 'things') return fromService(client, id, env, true);
  return readPartners(client, id);
}

async function readPartners(client: Client, app: string): Promise<State> {
  const { records } = await client.records.getRecords({ app, query: 'order by $id asc limit 500' });
  const out: State = new Map();
  for (const r of records) {
    const code = r.partner_code!.value as string;
    const name = r.name!.value as string;
    out.set(code, { partner_code: code, name: name === '' ? null : name });
  }
  return out;
}

/** The codes a record of the file names: its own keys, or a CSV file's header in every row. */
export function namedCodes(file: RecordFile): (record: Record<string, unknown>) => Set<string> {
  if (file.format !== 'csv') return (record) => new Set(Object.keys(record));
  const header = new Set(file.records.flatMap((r) => Object.keys(r)));
  return () => header;
}

/** A record of the file as the platform holds its values (the lookup's copy left to recordOutcome). */
async function fileSide(
  world: World,
  app: AppKey,
  record: Record<string, unknown>,
  named: Set<string>,
): Promise<Canonical> {
  const file = world.files[app];
  if (app === 'partners') {
    const name = named.has('name') ? record.name : undefined;
    return {
      partner_code: String(record.partner_code),
      name: typeof name === 'string' && name !== '' ? name : null,
    };
  }
  const csv = file.format === 'csv';
  const out = await fromFile(record, csv, join(world.root, 'records'), !csv, named);
  if (csv) out.lines = [];
  return out;
}

/** The lookup's copy of partners' name for the key `partner` (empty key: empty copy). */
function copied(partner: unknown, partners: State): unknown {
  if (typeof partner !== 'string') return null;
  const found = partners.get(partner);
  if (!found) throw new LookupMiss(partner);
  return found.name;
}

/** The file names a partner the related app will not have: the platform refuses it (GAIA_LO04). */
export class LookupMiss extends Error {
  constructor(readonly key: string) {
    super(`lookup of a partner the app lacks: ${JSON.stringify(key)}`);
  }
}

/** Files compare as round-trip-compare.ts keys them, `name|size|hash`: by name, size and content. */
function sameField(file: unknown, service: unknown): boolean {
  return JSON.stringify(file) === JSON.stringify(service ?? null);
}

type Row = Record<string, unknown>;

/** The rows the file gives a table, with the columns each names. */
function fileRows(raw: unknown): Row[] {
  return Array.isArray(raw) ? (raw as Row[]) : [];
}

function sameTable(raw: unknown, file: Canonical[], service: Canonical[]): boolean {
  const rows = fileRows(raw);
  if (rows.length !== service.length) return false;
  return rows.every((row, i) =>
    Object.keys(row).every((column) => sameField(file[i]![column], service[i]![column])),
  );
}

function mergedTable(raw: unknown, file: Canonical[], service: Canonical[]): Canonical[] {
  return fileRows(raw).map((row, i) =>
    Object.fromEntries(
      Object.keys(file[i]!).map((column) => [
        column,
        column in row ? file[i]![column] : (service[i]?.[column] ?? null),
      ]),
    ),
  );
}

/** What one record of the file does to the app's record `before` (undefined: an add). */
async function recordOutcome(
  world: World,
  app: AppKey,
  record: Record<string, unknown>,
  named: Set<string>,
  before: Canonical | undefined,
  partners: State,
): Promise<{ kind: 'add' | 'change' | 'unchanged'; after: Canonical }> {
  const want = await fileSide(world, app, record, named);
  // A lookup that is not written copies nothing: only an add or a written key reads partners.
  if (app === 'things' && (!before || (named.has('partner') && !sameField(want.partner, before.partner))))
    want.partner_name = copied(want.partner, partners);
  if (!before) return { kind: 'add', after: want };
  const after: Canonical = { ...before };
  let changed = false;
  for (const code of named) {
    if (code === KEY_FIELD[app]) continue;
    if (code === 'lines') {
      const wantRows = want.lines as Canonical[];
      const had = (before.lines ?? []) as Canonical[];
      if (sameTable(record.lines, wantRows, had)) continue;
      after.lines = mergedTable(record.lines, wantRows, had);
      changed = true;
      continue;
    }
    if (sameField(want[code], before[code])) continue;
    after[code] = want[code];
    if (code === 'partner') after.partner_name = want.partner_name;
    changed = true;
  }
  return { kind: changed ? 'change' : 'unchanged', after };
}

/**
 * The plan and the outcome of seeding `app` from its file over `before`, with --clean or not;
 * `partners` is what partners holds when things is written (after this seed's partners, if any).
 */
export async function expectSeed(
  world: World,
  app: AppKey,
  before: State,
  clean: boolean,
  partners: State,
): Promise<Expected> {
  const file = world.files[app];
  const named = namedCodes(file);
  const out: Expected = { add: [], change: [], delete: [], unchanged: 0, after: new Map(before) };
  const inFile = new Set<string>();
  for (const record of file.records) {
    const key = String(record[KEY_FIELD[app]]);
    inFile.add(key);
    const outcome = await recordOutcome(world, app, record, named(record), before.get(key), partners);
    if (outcome.kind === 'unchanged') out.unchanged++;
    else out[outcome.kind].push(key);
    out.after.set(key, outcome.after);
  }
  if (clean)
    for (const key of before.keys())
      if (!inFile.has(key)) {
        out.delete.push(key);
        out.after.delete(key);
      }
  return out;
}
