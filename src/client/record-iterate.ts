/** Reads every record of a query through a cursor, and never leaves the cursor open behind it. */
import { RECORDS_PER_READ } from '../platform/index.js';
import type { CursorsClient } from './cursors.js';
import type { CallOptions } from './options.js';
import type { Id } from './types/common.js';
import type { AppRecord } from './types/records.js';

export interface IterateParams {
  /** Filter and sort; no `limit` or `offset` (a cursor reads everything). */
  query?: string | undefined;
  fields?: readonly string[] | undefined;
  /** Records per page, 1 to 500 (default 500). */
  pageSize?: number | undefined;
}

export async function* iterateRecords(
  cursors: CursorsClient,
  app: Id,
  params: IterateParams,
  options: CallOptions | undefined,
  reportCleanupFailure: (cursorPath: string, reason: string) => void,
): AsyncGenerator<AppRecord, void, undefined> {
  const { id } = await cursors.createCursor(
    {
      app,
      size: params.pageSize ?? RECORDS_PER_READ,
      ...(params.query === undefined ? {} : { query: params.query }),
      ...(params.fields === undefined ? {} : { fields: params.fields }),
    },
    options,
  );
  // The service deletes the cursor itself once it has handed out the last page.
  let open = true;
  try {
    while (open) {
      const page = await cursors.getRecords({ id }, options);
      open = page.next;
      yield* page.records;
    }
  } finally {
    if (open) {
      // Without the caller's signal: an aborted loop must still free the cursor. Failing to delete
      // it must not hide the error that ended the loop; the service expires it in 10 minutes anyway.
      await cursors
        .deleteCursor({ id }, options?.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs })
        .catch((error: unknown) => reportCleanupFailure(cursors.path, (error as Error).message));
    }
  }
}
