/**
 * The text of a record file, by its extension: YAML (with the editor modeline naming
 * schema/records.schema.json), JSON, or CSV (a header row of field codes; a list is one cell with
 * an item per line; tables cannot be cells and are left out). Records in key order, fields in
 * the manifest's, so that exporting the same records again writes the same bytes.
 */
import { extname } from 'node:path';
import { stringify } from 'yaml';
import type { PlainRecord } from './plain-records.js';

export function sortByKey(records: PlainRecord[]): PlainRecord[] {
  const numeric = records.every((r) => typeof r.keyValue === 'number');
  return [...records].sort((a, b) =>
    numeric ? (a.keyValue as number) - (b.keyValue as number) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
  );
}

export interface RecordText {
  text: string;
  /** Tables a CSV file left out. */
  leftOut: string[];
}

export function recordFileText(
  file: string,
  records: readonly PlainRecord[],
  modeline: string | null,
): RecordText {
  const list = records.map((r) => r.fields);
  switch (extname(file).toLowerCase()) {
    case '.json':
      return { text: `${JSON.stringify(list, null, 2)}\n`, leftOut: [] };
    case '.csv':
      return csvText(list);
    default: {
      const body = list.length === 0 ? '[]\n' : stringify(list, { lineWidth: 0 });
      return { text: `${modeline === null ? '' : `${modeline}\n`}${body}`, leftOut: [] };
    }
  }
}

function csvText(list: readonly Record<string, unknown>[]): RecordText {
  const codes: string[] = [];
  const leftOut = new Set<string>();
  for (const record of list)
    for (const [code, value] of Object.entries(record)) {
      if (isTable(value)) leftOut.add(code);
      else if (!codes.includes(code)) codes.push(code);
    }
  const rows = [codes, ...list.map((record) => codes.map((code) => cellText(record[code])))];
  return { text: rows.map((row) => `${row.map(quote).join(',')}\r\n`).join(''), leftOut: [...leftOut] };
}

function isTable(value: unknown): boolean {
  return Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null && !('path' in v));
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  const items: unknown[] = Array.isArray(value) ? value : [value];
  return items
    .map((item) =>
      typeof item === 'object' && item !== null
        ? (item as { path: string }).path
        : String(item as string | number),
    )
    .join('\n');
}

/** RFC 4180: a cell with a comma, quote or line break (or spaces at its ends) is quoted, quotes doubled. */
function quote(cell: string): string {
  return /[",\r\n]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}
