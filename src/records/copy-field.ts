/**
 * Interim, replaced by branch engine at merge: one field's values copied into another field of
 * the same app, converted, for a migration (apply/migrate.ts).
 *
 * Records are read by `$id` pages (500 a page, `$id > last order by $id asc`: no offset, so past
 * 10,000 records too; platform/limits.ts RECORDS_PER_READ, platform-facts.md "offset at most
 * 10,000"), and written 100 a call, 20 calls a bulk request (the client's updateAll), each record
 * with the revision it was read at: a record edited meanwhile is refused (409 GAIA_CO02, the
 * optimistic lock of Update Records) and the page is read and copied again. Idempotent: a record
 * whose new field already holds the converted value is not written, so a re-run (after a kill,
 * from the progress kept) converges. Last, the sweep: the records updated since the copy began
 * (`Updated_datetime`, kept to the minute by the platform, so from the minute before) are read
 * and copied again.
 */
import type { AppRecord, Client } from '../client/index.js';
import { ServiceError } from '../client/index.js';
import { RECORDS_PER_READ } from '../platform/limits.js';
import { heldValues, text, type Rows } from './values.js';
import type { CopyOptions, CopyProgress, CopyResult, CopySpec } from './types.js';

/** Times a page is read and written again after a record of it was edited meanwhile. */
const CONFLICT_RETRIES = 5;

type Update = { id: string; revision: string; record: Record<string, { value: unknown }> };
type Outcome =
  | { kind: 'empty' | 'unchanged' }
  | { kind: 'write'; update: Update }
  | { kind: 'not-converted'; id: string; value: unknown; reason: string };

export async function copyFieldValues(
  client: Client,
  spec: CopySpec,
  options: CopyOptions = {},
): Promise<CopyResult> {
  const progress: CopyProgress = options.progress
    ? { ...options.progress }
    : { startedAt: new Date().toISOString(), lastId: null, written: 0 };
  const result: CopyResult = { copied: 0, unchanged: 0, empty: 0, notConverted: [] };
  const fields = [
    ...new Set(['$id', '$revision', spec.from.table ?? spec.from.code, spec.to.table ?? spec.to.code]),
  ];
  // The copy, from where the progress says it stopped.
  await pages(client, spec, fields, '', progress.lastId, options.signal, async (outcomes, last) => {
    tally(result, outcomes);
    progress.lastId = last;
    progress.written = result.copied;
    await options.onProgress?.({ ...progress });
  });
  // The sweep: records updated since the copy began, copied again (only those that differ).
  const updated = await updatedTimeCode(client, spec.app);
  const since = sweepSince(progress.startedAt);
  const swept: CopyResult = { copied: 0, unchanged: 0, empty: 0, notConverted: [] };
  await pages(client, spec, fields, `${updated} >= "${since}" and `, null, options.signal, (outcomes) => {
    tally(swept, outcomes);
    return Promise.resolve();
  });
  result.copied += swept.copied;
  // A record swept again is judged as it is now: its earlier verdict gives way.
  const sweptIds = new Set(swept.notConverted.map((n) => n.id));
  result.notConverted = [...result.notConverted.filter((n) => !sweptIds.has(n.id)), ...swept.notConverted];
  return result;
}

/** The minute before the copy began, as the query language writes a date-time (UTC). */
function sweepSince(startedAt: string): string {
  const minute = Math.floor(Date.parse(startedAt) / 60_000) * 60_000 - 60_000;
  return new Date(minute).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The code of the app's UPDATED_TIME field (`Updated_datetime` in an English app). */
async function updatedTimeCode(client: Client, app: string): Promise<string> {
  const { properties } = await client.form.getFields({ app, copy: 'live' });
  const found = Object.entries(properties).find(
    ([, def]) => (def as { type?: string }).type === 'UPDATED_TIME',
  );
  if (!found) throw new Error(`app ${app} has no UPDATED_TIME field`);
  return found[0];
}

async function pages(
  client: Client,
  spec: CopySpec,
  fields: string[],
  where: string,
  start: string | null,
  signal: AbortSignal | undefined,
  done: (outcomes: Outcome[], last: string) => Promise<void>,
): Promise<void> {
  let last = start ?? '0';
  for (;;) {
    if (signal?.aborted) throw new Error('the copy was interrupted');
    const page = await copyPage(client, spec, fields, `${where}$id > ${last}`);
    if (page.records === 0) return;
    last = page.last;
    await done(page.outcomes, last);
    if (page.records < RECORDS_PER_READ) return;
  }
}

async function copyPage(
  client: Client,
  spec: CopySpec,
  fields: string[],
  where: string,
): Promise<{ records: number; last: string; outcomes: Outcome[] }> {
  for (let attempt = 0; ; attempt++) {
    const { records } = await client.records.getRecords({
      app: spec.app,
      query: `${where} order by $id asc limit ${RECORDS_PER_READ}`,
      fields,
    });
    const outcomes = records.map((record) => outcomeOf(record, spec));
    const updates = outcomes.flatMap((o) => (o.kind === 'write' ? [o.update] : []));
    try {
      if (updates.length > 0) await client.records.updateAll(spec.app, updates as never);
      return { records: records.length, last: text(records.at(-1)?.$id?.value) || '0', outcomes };
    } catch (error) {
      // A record edited since it was read: the whole bulk request was refused; read it again.
      if (!isConflict(error) || attempt >= CONFLICT_RETRIES) throw error;
    }
  }
}

/** 409 GAIA_CO02, the optimistic lock, as the service answered it or inside a failed bulk write. */
function isConflict(error: unknown): boolean {
  const service = error instanceof ServiceError ? error : (error as { cause?: unknown } | null)?.cause;
  return service instanceof ServiceError && service.code === 'GAIA_CO02';
}

function tally(result: CopyResult, outcomes: readonly Outcome[]): void {
  for (const o of outcomes)
    if (o.kind === 'write') result.copied++;
    else if (o.kind === 'not-converted')
      result.notConverted.push({ id: o.id, value: o.value, reason: o.reason });
    else result[o.kind]++;
}

function outcomeOf(record: AppRecord, spec: CopySpec): Outcome {
  const id = text(record.$id?.value);
  const values = heldValues(record, spec.from);
  if (values.length === 0) return { kind: 'empty' };
  const value = converted(values, spec);
  if (!value.ok)
    return {
      kind: 'not-converted',
      id,
      value: values.length === 1 ? values[0] : values,
      reason: value.reason,
    };
  const revision = text(record.$revision?.value);
  if (spec.to.table === null) {
    if (same(record[spec.to.code]?.value, value.value)) return { kind: 'unchanged' };
    return { kind: 'write', update: { id, revision, record: { [spec.to.code]: { value: value.value } } } };
  }
  const rows = placed(
    (record[spec.to.table]?.value ?? []) as Rows,
    spec.to.code,
    value.value,
    spec.row ?? 'new',
  );
  if (rows === null) return { kind: 'unchanged' };
  return { kind: 'write', update: { id, revision, record: { [spec.to.table]: { value: rows } } } };
}

function converted(
  values: unknown[],
  spec: CopySpec,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (values.length > 1 && spec.join === undefined)
    return { ok: false, reason: 'more than one row holds a value' };
  const each = values.map((v) => spec.convert(v));
  const bad = each.find((c) => !c.ok);
  if (bad && !bad.ok) return bad;
  const oks = each as { ok: true; value: unknown }[];
  return oks.length === 1 ? oks[0]! : { ok: true, value: oks.map((c) => String(c.value)).join(spec.join) };
}

/**
 * The table's rows with the value placed (rows named by id keep what they leave out: Update
 * Records), or null when they already hold it: `new` a row of its own, `first` the first row,
 * `every` each row; a record without rows gets one.
 */
function placed(rows: Rows, code: string, value: unknown, row: 'first' | 'every' | 'new'): Rows | null {
  const has = (r: Rows[number]) => same(r.value[code]?.value, value);
  const kept = (r: Rows[number]) => ({ id: r.id!, value: {} });
  const set = (r: Rows[number]) => ({ id: r.id!, value: { [code]: { value } } });
  const fresh = { value: { [code]: { value } } };
  if (rows.length === 0) return [fresh];
  switch (row) {
    case 'new':
      return rows.some(has) ? null : [...rows.map(kept), fresh];
    case 'first':
      return has(rows[0]!) ? null : [set(rows[0]!), ...rows.slice(1).map(kept)];
    case 'every':
      return rows.every(has) ? null : rows.map(set);
  }
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? '') === JSON.stringify(b ?? '');
}
