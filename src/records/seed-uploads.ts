/**
 * The attachments of a seed's writes: each file a record names is uploaded just before the write
 * that attaches it (an upload's key expires unless attached within 3 days, client/files.ts), once
 * per value written (a key is attached once). An upload that fails is an UploadFailed naming the
 * file and the record, so that seed can say which, and settle it as it settles a bulk request:
 * one whose answer never came (a 5xx, a lost connection) by a fresh plan, which uploads again (an
 * upload that did land is never attached and expires unused); one the service refused by naming
 * it, with every other refused one. The record of a failed upload is not written at all; the
 * others are (uploadAll).
 */
import { inParallel } from '../client/in-parallel.js';
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

/** The records of a write with their files uploaded, and the uploads that failed. */
export interface Uploaded<T> {
  /** Each item whose every file uploaded (or that names none), in the items' order. */
  ready: { item: T; record: RecordForWrite }[];
  /**
   * Every upload that failed, in the items' order: the records naming them are left out of
   * `ready` whole (a record written without its attachment, or a change without one of its
   * fields, is not what the record file says).
   */
  failed: UploadFailed[];
}

/**
 * Each item's record with every file value uploaded, as the write sends it (`{ fileKey }`): at
 * most the client's concurrency of records uploading at once (inParallel: the client's timeout
 * starts before its wait for a slot), every file of every record tried, so that each refusal is
 * known, not only the first.
 */
export async function uploadAll<T>(
  client: Client,
  items: readonly T[],
  recordOf: (item: T) => SeedRecord,
  what: (item: T) => UploadFor,
): Promise<Uploaded<T>> {
  const outcomes = new Array<{ record: RecordForWrite } | { failed: UploadFailed[] }>(items.length);
  const withFiles: number[] = [];
  items.forEach((item, i) => {
    const record = recordOf(item);
    // Most records name no file: they are already as the write sends them (10,000 of them copied
    // field by field, an await each, cost the client more than its JSON did).
    if (namesFiles(record)) withFiles.push(i);
    else outcomes[i] = { record: record as RecordForWrite };
  });
  await inParallel(withFiles.length, client.concurrency, async (n) => {
    const i = withFiles[n]!;
    const failed: UploadFailed[] = [];
    const record = await withUploads(client, recordOf(items[i]!), what(items[i]!), failed);
    outcomes[i] = failed.length > 0 ? { failed } : { record };
  });
  const out: Uploaded<T> = { ready: [], failed: [] };
  outcomes.forEach((outcome, i) => {
    if ('record' in outcome) out.ready.push({ item: items[i]!, record: outcome.record });
    else out.failed.push(...outcome.failed);
  });
  return out;
}

/** The record with its files uploaded; an upload that fails goes into `failed`, its value left empty. */
async function withUploads(
  client: Client,
  record: SeedRecord,
  what: UploadFor,
  failed: UploadFailed[],
): Promise<RecordForWrite> {
  const out: RecordForWrite = {};
  for (const [code, { value }] of Object.entries(record))
    out[code] = { value: await uploaded(client, value, what, failed) } as RecordForWrite[string];
  return out;
}

async function uploaded(
  client: Client,
  value: SeedValue,
  what: UploadFor,
  failed: UploadFailed[],
): Promise<unknown> {
  if (isTable(value))
    return Promise.all(
      value.map(async (row) => ({
        ...(row.id !== undefined ? { id: row.id } : {}),
        value: await withUploads(client, row.value as SeedRecord, what, failed),
      })),
    );
  if (!isFiles(value)) return value;
  const settled = await Promise.allSettled(
    value.map((file) => client.files.upload(file.path, { name: file.name })),
  );
  return settled.flatMap((upload, i) => {
    if (upload.status === 'fulfilled') return [upload.value];
    failed.push(new UploadFailed(value[i]!, what, upload.reason));
    return [];
  });
}

function namesFiles(record: SeedRecord): boolean {
  for (const code in record) {
    const value = record[code]!.value;
    if (isTable(value) ? value.some((row) => namesFiles(row.value)) : isFiles(value)) return true;
  }
  return false;
}
