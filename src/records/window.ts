/**
 * A migration's window (docs/migrations.md, "The window"): a record edited in the old field after
 * the copy's last look at it and before the swap is in the backup (brought up to date just before
 * the swap's deploy: backup-catch-up.ts), but the new field holds what the copy wrote before the
 * edit. So, just before the swap's deploy, the records whose revision in the backup is not the one
 * the copy last saw them right at (copy-field.ts `seen`) are read again, old and new field, and
 * each whose new field does not hold its old value converted gets the copy's own update
 * (copy-rules.ts decideCopy), named for the new field's final code; after the swap that update is
 * written at the revision the backup read, so an edit made after the swap (by then in the new
 * field) is never overwritten: the record is named instead, with the backup's lines holding its
 * value from before.
 *
 * This does not depend on what a deploy does to record revisions: the platform's documents do not
 * say whether deleting or renaming a field moves them (platform-facts.md: "each update raises it
 * by 1", of record updates; a deploy raises the app's settings revision only). The local service
 * leaves them. Were a deploy to move them, every such record would be named, none overwritten.
 */
import { ServiceError, type AppRecord, type Client, type RecordForWrite } from '../client/index.js';
import { RECORDS_PER_WRITE } from '../platform/index.js';
import { decideCopy, type CopySpec, type FieldPlace } from './copy-rules.js';
import { idsQuery } from './ranges.js';
import { idOf, revisionOf, sameValue } from './values.js';

/** One record's update, to write into the new field once the swap is live. */
export interface WindowWrite {
  readonly id: string;
  /** The revision the record was read at (the backup's, as a rule): the write is refused if it moved since. */
  readonly revision: string;
  /** The update, naming the new field by its final code. */
  readonly record: RecordForWrite;
}

/**
 * Before the swap's deploy: the updates the records edited after the copy saw them need (`backed`:
 * id -> revision, every record the backup read), each at the revision read now.
 */
export async function windowWrites(
  client: Client,
  spec: CopySpec,
  finalCode: string,
  seen: ReadonlyMap<string, string>,
  backed: ReadonlyMap<string, string>,
  signal?: AbortSignal,
): Promise<WindowWrite[]> {
  const moved = [...backed].filter(([id, revision]) => seen.get(id) !== revision).map(([id]) => id);
  const writes: WindowWrite[] = [];
  for (const record of await readByIds(
    client,
    spec.app,
    moved,
    [holder(spec.from), holder(spec.to)],
    signal,
  )) {
    // At the revision read now: the backup's, or (edited since the catch-up) a later one, whose
    // edit this read holds and the backup does not.
    const update = decideCopy(spec, record).update;
    if (update !== undefined)
      writes.push({
        id: idOf(record),
        revision: revisionOf(record),
        record: renamed(update, spec.to, finalCode),
      });
  }
  return writes.sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * What became of one window write: `written`; `edited`, refused for its revision (someone edited
 * the record since it was read); `deleted`; or refused for its value (a 400: the new field, unique,
 * holds it in another record already, say), with the service's words.
 */
export type WindowOutcome =
  { readonly written: string } | 'edited' | 'deleted' | { readonly refused: string };

/**
 * After the swap: one update, at the revision it was read at. `written` (the record's revision
 * now) when it went in, or when
 * a refusal for its revision finds the record already holding it (an earlier run's write whose
 * answer was lost: a resumed window); `edited` otherwise. A value the service refuses is said, not
 * thrown: the other records are written all the same, and an apply run again would be refused alike.
 */
export async function writeWindow(
  client: Client,
  app: string,
  write: WindowWrite,
  signal?: AbortSignal,
): Promise<WindowOutcome> {
  try {
    const { revision } = await client.records.updateRecord(
      { app, id: write.id, record: write.record, revision: write.revision },
      { signal },
    );
    return { written: revision };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.code === 'GAIA_RE01') return 'deleted';
    if (error.status === 400) return { refused: `${error.code}: ${error.message}` };
    if (error.code !== 'GAIA_CO02') throw error;
  }
  const [now] = await readByIds(client, app, [write.id], Object.keys(write.record), signal);
  if (now === undefined) return 'deleted';
  return holds(now, write.record) ? { written: revisionOf(now) } : 'edited';
}

/** Whether the record holds what the update writes (its cells, row by row in a table). */
export function holds(record: AppRecord, update: RecordForWrite): boolean {
  return Object.entries(update).every(([code, field]) => {
    const value = (field as { value: unknown }).value;
    const held = record[code]?.value;
    if (record[code]?.type !== 'SUBTABLE') return sameValue(held, value);
    const rows = (held ?? []) as { id: string; value: Record<string, { value: unknown }> }[];
    const wanted = value as { id?: string; value: Record<string, { value: unknown }> }[];
    if (rows.length !== wanted.length) return false;
    const cellsHeld = (row: (typeof rows)[number], cells: Record<string, { value: unknown }>) =>
      Object.entries(cells).every(([c, cell]) => sameValue(row.value[c]?.value, cell.value));
    const named = new Set(wanted.flatMap((w) => (w.id === undefined ? [] : [w.id])));
    const fresh = rows.filter((r) => !named.has(r.id));
    return wanted.every((w) =>
      w.id === undefined
        ? fresh.some((r) => cellsHeld(r, w.value))
        : rows.some((r) => r.id === w.id && cellsHeld(r, w.value)),
    );
  });
}

/** The copy's update, its temporary field named by the final code (a table keeps its code). */
function renamed(update: RecordForWrite, to: FieldPlace, finalCode: string): RecordForWrite {
  if (to.table === null) return { [finalCode]: update[to.code] } as RecordForWrite;
  const rows = (update[to.table] as { value: { id?: string; value: Record<string, unknown> }[] }).value;
  return {
    [to.table]: {
      value: rows.map((row) => ({
        ...row,
        value: Object.fromEntries(
          Object.entries(row.value).map(([code, cell]) => [code === to.code ? finalCode : code, cell]),
        ),
      })),
    },
  } as RecordForWrite;
}

function holder(place: FieldPlace): string {
  return place.table ?? place.code;
}

/** The records of these ids still there, 100 a query. */
async function readByIds(
  client: Client,
  app: string,
  ids: readonly string[],
  fields: readonly string[],
  signal: AbortSignal | undefined,
): Promise<AppRecord[]> {
  const records: AppRecord[] = [];
  for (let i = 0; i < ids.length; i += RECORDS_PER_WRITE) {
    const { records: page } = await client.records.getRecords(
      { app, query: idsQuery(ids.slice(i, i + RECORDS_PER_WRITE)), fields: ['$id', '$revision', ...fields] },
      { signal },
    );
    records.push(...page);
  }
  return records;
}
