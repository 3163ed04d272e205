/**
 * Answers the areas' questions about records. Where the query language can say it, one query
 * with `totalCount` and `limit 1` counts the records; otherwise (table columns, unique values,
 * types without an emptiness operator) the records are read through a cursor, that one field
 * only, and counted here. Every risk carries a query a user can run to list the records.
 */
import type { Client } from '../client/index.js';
import { ServiceError } from '../client/index.js';
import type { RiskProbe } from '../areas/types.js';
import { emptinessQuery } from '../query/index.js';
import { outsideLengthBounds } from '../platform/index.js';
import type { Risk } from './types.js';
import { recordsInStatus } from './status-probes.js';

export async function answerProbe(client: Client, app: string, probe: RiskProbe): Promise<Risk> {
  switch (probe.kind) {
    case 'data-loss': {
      const query =
        probe.option !== undefined
          ? `${probe.field} in (${quote(probe.option)})`
          : emptinessQuery(probe, false);
      const records =
        probe.option !== undefined
          ? await countOr(client, app, {}, query, () =>
              scan(client, app, probe, (v) =>
                Array.isArray(v) ? v.includes(probe.option) : v === probe.option,
              ),
            )
          : await countOr(client, app, probe, query, () => scan(client, app, probe, (v) => !isEmpty(v)));
      return {
        kind: 'data-loss',
        area: 'fields',
        field: probe.field,
        ...(probe.option !== undefined ? { option: probe.option } : {}),
        records,
        query,
      };
    }
    case 'records-need-values': {
      const query = emptinessQuery(probe, true);
      const records = await countOr(client, app, probe, query, () => scan(client, app, probe, isEmpty));
      return { kind: 'records-need-values', field: probe.field, records, query };
    }
    case 'deploy-fails':
      if (probe.reason === 'length') return outsideLength(client, app, probe);
      return {
        kind: 'deploy-fails',
        field: probe.field,
        reason: 'unique',
        records: await sharing(client, app, probe.field),
      };
    case 'records-in-removed-status':
      return recordsInStatus(client, app, probe.status);
    default: {
      const unreachable: never = probe;
      return unreachable;
    }
  }
}

/**
 * One counting query when the service takes it for this type, else the fallback. A table
 * column's emptiness is always counted by reading: `not in ("")` over a table matches only
 * records none of whose rows is empty (platform-facts-verified), so a record with one empty row
 * and one filled row would go uncounted; the query still lists the common case for the reader.
 */
async function countOr(
  client: Client,
  app: string,
  probe: { table?: string },
  query: string,
  fallback: () => Promise<number>,
): Promise<number> {
  if (probe.table !== undefined) return fallback();
  try {
    const { totalCount } = await client.records.getRecords({
      app,
      query: `${query} limit 1`,
      fields: ['$id'],
      totalCount: true,
    });
    return Number(totalCount ?? 0);
  } catch (error) {
    // The query language refuses this operator for this type (or inside a table): count by reading.
    if (error instanceof ServiceError && error.status === 400) return fallback();
    throw error;
  }
}

async function scan(
  client: Client,
  app: string,
  probe: { field: string; table?: string },
  counts: (value: unknown) => boolean,
): Promise<number> {
  let n = 0;
  for await (const record of client.records.iterate(app, { fields: [probe.table ?? probe.field] }))
    if (fieldValues(record, probe).some(counts)) n++;
  return n;
}

/** The probed field's values in a record: its one value, or a table column's in every row. */
function fieldValues(
  record: Readonly<Record<string, { value?: unknown } | undefined>>,
  probe: { field: string; table?: string },
): unknown[] {
  return probe.table === undefined
    ? [record[probe.field]?.value]
    : columnValues(record[probe.table]?.value, probe.field);
}

/** Records whose value another record also holds: the ones a new `unique` rejects. */
async function sharing(client: Client, app: string, field: string): Promise<number> {
  const byValue = new Map<string, number>();
  for await (const record of client.records.iterate(app, { fields: [field] })) {
    const value = record[field]?.value;
    if (isEmpty(value)) continue;
    const key = JSON.stringify(value);
    byValue.set(key, (byValue.get(key) ?? 0) + 1);
  }
  return [...byValue.values()].filter((n) => n > 1).reduce((a, b) => a + b, 0);
}

/** How many record numbers a length risk names: a reader looks at a few to see what is wrong. */
const RECORD_IDS_SHOWN = 5;

/**
 * Records a value of which (a table column's: any row's) falls outside new length bounds, and the
 * lowest few record numbers among them, judged as the local service's deploy judges them
 * (platform/length-bounds.ts: an empty value is below any minimum).
 */
async function outsideLength(
  client: Client,
  app: string,
  probe: Extract<RiskProbe, { reason: 'length' }>,
): Promise<Risk> {
  const { minLength, maxLength } = probe;
  const outside = (value: unknown): boolean => outsideLengthBounds(probe, value);
  let records = 0;
  const ids: number[] = [];
  for await (const record of client.records.iterate(app, { fields: ['$id', probe.table ?? probe.field] })) {
    if (!fieldValues(record, probe).some(outside)) continue;
    records++;
    ids.push(Number(record.$id?.value));
    // The lowest ones, whatever order the cursor reads in.
    ids.sort((a, b) => a - b).splice(RECORD_IDS_SHOWN);
  }
  return {
    kind: 'deploy-fails',
    field: probe.field,
    reason: 'length',
    records,
    ...(minLength !== undefined ? { minLength } : {}),
    ...(maxLength !== undefined ? { maxLength } : {}),
    recordIds: ids.map(String),
  };
}

function columnValues(rows: unknown, column: string): unknown[] {
  if (!Array.isArray(rows)) return [];
  return rows.map((row) => (row as { value?: Record<string, { value?: unknown }> }).value?.[column]?.value);
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
