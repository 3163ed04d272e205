/**
 * Counts the records in a status the plan removes (the process area's `records-in-removed-status`
 * probe). Kept apart from probes.ts: it asks the form for the app's STATUS field, whose code
 * depends on the app's language (`Status`, `ステータス`) and may have been renamed.
 */
import type { Client } from '../client/index.js';
import type { Risk } from './types.js';

export async function recordsInStatus(client: Client, app: string, status: string): Promise<Risk> {
  const { properties } = await client.form.getFields({ app, copy: 'live' });
  const code = Object.values(properties).find((f) => f.type === 'STATUS')?.code ?? 'Status';
  // `in` takes the status's name as a string; the field code needs no quoting in a query.
  const query = `${code} in (${quote(status)})`;
  const { totalCount } = await client.records.getRecords({
    app,
    query: `${query} limit 1`,
    fields: ['$id'],
    totalCount: true,
  });
  return { kind: 'records-in-removed-status', status, records: Number(totalCount ?? 0), query };
}

function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
