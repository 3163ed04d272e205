/**
 * The attachments of a seed's writes: each file a record names is uploaded just before the write
 * that attaches it (an upload's key expires unless attached within 3 days, client/files.ts), once
 * per value written (a key is attached once). An upload that fails is an UploadFailed naming the
 * file and the record, so that seed can say which, and settle it as it settles a bulk request:
 * one whose answer never came (a 5xx, a lost connection) by a fresh plan, which uploads again (an
 * upload that did land is never attached and expires unused); one the service refused by stopping.
 */
import { failedUnrefused } from '../client/index.js';
import type { Client, RecordForWrite } from '../client/index.js';
import { isFiles, isTable, type SeedFile, type SeedRecord, type SeedValue } from './seed-plan.js';

/** The record a write is for: its key field's code and its key (for messages). */
export interface UploadFor {
  keyField: string;
  key: string;
}

export class UploadFailed extends Error {
  override readonly name = 'UploadFailed';
  constructor(
    readonly file: SeedFile,
    readonly record: UploadFor,
    override readonly cause: unknown,
  ) {
    super(
      `the upload of ${file.path} (for ${record.keyField} ${record.key}) failed: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }

  /**
   * Whether the upload may have landed: no answer came (the connection, a timeout) or a 5xx did
   * (the service's own failure; the client repeats an upload only after a 429, client/files.ts).
   * A 4xx is the service's refusal, which a new upload would meet again.
   */
  get outcomeUnknown(): boolean {
    return failedUnrefused(this.cause);
  }
}

/** The record with every file value uploaded, as the write sends it (`{ fileKey }`). */
export async function withUploads(
  client: Client,
  record: SeedRecord,
  what: UploadFor,
): Promise<RecordForWrite> {
  // Most records name no file: they are already as the write sends them (10,000 of them copied
  // field by field, an await each, cost the client more than its JSON did).
  if (!namesFiles(record)) return record as RecordForWrite;
  const out: RecordForWrite = {};
  for (const [code, { value }] of Object.entries(record))
    out[code] = { value: await uploaded(client, value, what) } as RecordForWrite[string];
  return out;
}

async function uploaded(client: Client, value: SeedValue, what: UploadFor): Promise<unknown> {
  if (isTable(value))
    return Promise.all(
      value.map(async (row) => ({
        ...(row.id !== undefined ? { id: row.id } : {}),
        value: await withUploads(client, row.value as SeedRecord, what),
      })),
    );
  if (!isFiles(value)) return value;
  return Promise.all(
    value.map((file) =>
      client.files.upload(file.path, { name: file.name }).catch((error: unknown) => {
        throw new UploadFailed(file, what, error);
      }),
    ),
  );
}

function namesFiles(record: SeedRecord): boolean {
  for (const code in record) {
    const value = record[code]!.value;
    if (isTable(value) ? value.some((row) => namesFiles(row.value)) : isFiles(value)) return true;
  }
  return false;
}
