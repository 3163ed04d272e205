/**
 * A client whose bulk updates set aside the records the service refuses for their values, and
 * write the rest: a bulk request is all or nothing per call of 100 records (rest-interface.md,
 * "Errors" 3: the calls before the failing one keep their effect, the failing call and the later
 * ones have none), so one record a field added again does not take (fewer options, a shorter
 * maximum length) held back up to 1,999 others, and stopped the whole restore. The service names
 * each refused value by its record's place in its call (`records[<i>].<code>.value`,
 * platform-facts-verified "Record validation: the keys of errors"; BulkWriteError.refusedFrom is
 * the call's first record): those records are reported and left out, and the request's records
 * not written are sent again, until none is refused. Any other failure (a revision conflict, a
 * right the user lacks, a refusal that names no record, a 5xx) is thrown as the sweep expects it,
 * its indexes those of the records the caller gave.
 */
import { BulkWriteError, ServiceError, type Client, type WrittenRecord } from '../client/index.js';
import type { RecordUpdate } from '../client/index.js';

/** One record the service refused: its update, and what it said of each value (key: messages). */
export interface RefusedUpdate {
  readonly update: RecordUpdate;
  /** The error keys within the record (`tags.value`, `items.value[0].value.qty.value`) and their messages. */
  readonly reasons: readonly { readonly key: string; readonly messages: readonly string[] }[];
}

export function isolatingRefusals(client: Client, onRefused: (refused: RefusedUpdate[]) => void): Client {
  const records = client.records;
  const updateAll: typeof records.updateAll = async (app, updates, options) => {
    let pending = updates.map((_, i) => i);
    const written: WrittenRecord[] = [];
    for (;;) {
      const sent = pending.map((i) => updates[i]!);
      try {
        const done = await records.updateAll(app, sent, options);
        written.push(...done.records.map((r) => ({ ...r, index: pending[r.index]! })));
        return { records: written.sort((a, b) => a.index - b.index) };
      } catch (error) {
        const refused = refusedIn(error, sent.length);
        if (!(error instanceof BulkWriteError) || refused === null) throw remapped(error, pending, written);
        onRefused([...refused].map(([i, reasons]) => ({ update: sent[i]!, reasons })));
        written.push(...error.written.map((r) => ({ ...r, index: pending[r.index]! })));
        pending = error.notWritten.filter((i) => !refused.has(i)).map((i) => pending[i]!);
        if (pending.length === 0) return { records: written.sort((a, b) => a.index - b.index) };
      }
    }
  };
  const isolated = new Proxy(records, {
    get: (target, name) => (name === 'updateAll' ? updateAll : bound(target, name)),
  });
  return new Proxy(client, {
    get: (target, name) => (name === 'records' ? isolated : bound(target, name)),
  });
}

/** A property of the target as the target has it (a method called on the target itself: its private fields). */
function bound(target: object, name: string | symbol): unknown {
  const value: unknown = Reflect.get(target, name, target);
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
}

/**
 * The records of a bulk request the service refused for their values (by their place in the
 * request, with their reasons), or null when the failure is not that: not a 400 naming records,
 * or with records whose fate is unknown.
 */
function refusedIn(error: unknown, count: number): Map<number, RefusedUpdate['reasons'][number][]> | null {
  if (!(error instanceof BulkWriteError) || error.unknown.length > 0 || error.refusedFrom === undefined)
    return null;
  const cause = error.cause;
  if (!(cause instanceof ServiceError) || cause.status !== 400 || cause.errors === undefined) return null;
  const refused = new Map<number, RefusedUpdate['reasons'][number][]>();
  for (const [key, { messages }] of Object.entries(cause.errors)) {
    const at = /^records\[(\d+)\]\.(.*)$/.exec(key);
    const index = at ? error.refusedFrom + Number(at[1]) : NaN;
    // A key naming no record of the request: the refusal is not one record's.
    if (!at || !(index < count)) return null;
    refused.set(index, [...(refused.get(index) ?? []), { key: at[2]!, messages }]);
  }
  return refused.size > 0 ? refused : null;
}

/** A failure of a request sent again, its indexes those of the caller's records. */
function remapped(error: unknown, pending: readonly number[], written: readonly WrittenRecord[]): unknown {
  const asGiven = written.length === 0 && pending.every((original, i) => original === i);
  if (!(error instanceof BulkWriteError) || asGiven) return error;
  const cause = error.cause instanceof Error ? error.cause : new Error(String(error.cause));
  return new BulkWriteError(
    {
      operation: error.operation,
      app: error.app,
      written: [...written, ...error.written.map((r) => ({ ...r, index: pending[r.index]! }))],
      notWritten: error.notWritten.map((i) => pending[i]!),
      unknown: error.unknown.map((i) => pending[i]!),
      refusedFrom: error.refusedFrom === undefined ? undefined : pending[error.refusedFrom],
      method: 'POST',
      path: '/k/v1/bulkRequest.json',
    },
    cause,
  );
}
