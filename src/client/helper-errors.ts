/** Errors of the helpers that span many calls: writing many records, waiting for a deploy. */
import { ClientError } from './errors.js';
import type { DeployStatusItem } from './types/apps.js';

export type WriteOperation = 'add' | 'update' | 'delete';

/** A record the service has written: its index in the caller's list, and its id and revision. */
export interface WrittenRecord {
  index: number;
  id: string | undefined;
  revision: string | undefined;
}

/**
 * addAll, updateAll or deleteAll stopped part way. `written` were written, `notWritten` were not
 * (send them again after fixing the cause), and `unknown` may or may not have been (the answer
 * to their request was lost): read them back before sending them again.
 */
export class BulkWriteError extends ClientError {
  readonly kind = 'bulk-write';
  override readonly name = 'BulkWriteError';
  readonly operation: WriteOperation;
  readonly app: string;
  readonly written: WrittenRecord[];
  readonly notWritten: number[];
  readonly unknown: number[];
  /**
   * The input index of the first record of the call the service refused, when its answer says
   * which call (`bulkIndex`): the cause's errors keyed `records[N]...` name the input's record
   * `refusedFrom + N` (platform-facts-verified.md "Record validation": a bulk write keys a value's
   * error `records[<i>].<code>.value`, `i` within its call).
   */
  readonly refusedFrom: number | undefined;

  constructor(
    init: {
      operation: WriteOperation;
      app: string;
      written: WrittenRecord[];
      notWritten: number[];
      unknown: number[];
      refusedFrom?: number | undefined;
      method: string;
      path: string;
    },
    cause: Error,
  ) {
    const total = init.written.length + init.notWritten.length + init.unknown.length;
    const parts = [
      `${init.written.length} written${listed(init.written.map((r) => r.index))}`,
      `${init.notWritten.length} not written${listed(init.notWritten)}`,
    ];
    if (init.unknown.length > 0) {
      parts.push(`${init.unknown.length} unknown${listed(init.unknown)}: read them back before retrying`);
    }
    super(
      `${init.operation}All on app ${init.app} stopped after a failed bulk request: of ${total} records, ` +
        `${parts.join('; ')}. Cause: ${cause.message}`,
      init,
      cause,
    );
    this.operation = init.operation;
    this.app = init.app;
    this.written = init.written;
    this.notWritten = init.notWritten;
    this.unknown = init.unknown;
    this.refusedFrom = init.refusedFrom;
  }
}

/** waitForDeploy ran out of time; `statuses` is the last answer for each app. */
export class DeployTimeoutError extends ClientError {
  readonly kind = 'deploy-timeout';
  override readonly name = 'DeployTimeoutError';
  readonly statuses: DeployStatusItem[];
  readonly timeoutMs: number;

  constructor(init: { statuses: DeployStatusItem[]; timeoutMs: number; method: string; path: string }) {
    const pending = init.statuses.filter((s) => s.status === 'PROCESSING').map((s) => s.app);
    super(
      `Deployment still running after ${init.timeoutMs} ms for app${pending.length === 1 ? '' : 's'} ` +
        `${pending.join(', ')}. Check again later with the deploy status call, or raise timeoutMs.`,
      init,
    );
    this.statuses = init.statuses;
    this.timeoutMs = init.timeoutMs;
  }
}

/** ` (indexes 0-99, 200-299)`: runs of consecutive indexes, or nothing for an empty list. */
function listed(indexes: number[]): string {
  if (indexes.length === 0) return '';
  const runs: string[] = [];
  let start = indexes[0] ?? 0;
  let previous = start;
  for (const index of [...indexes.slice(1), Number.NaN]) {
    if (index === previous + 1) {
      previous = index;
      continue;
    }
    runs.push(start === previous ? `${start}` : `${start}-${previous}`);
    start = index;
    previous = index;
  }
  return ` (indexes ${runs.join(', ')})`;
}
