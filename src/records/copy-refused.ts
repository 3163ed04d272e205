/**
 * A bulk request of a migration's copy that the service refused for the values it wrote (a
 * `unique` new field two records convert to one value of, a value a plug-in or a change since
 * the plan made invalid): running the apply again as it is would be refused again, so the error
 * names the field, the records refused (a few ids, and how many in all) with the service's words,
 * and what to do. The service keys a refused value `records[<i>].<code>.value`, `i` the record's
 * place in its call, which begins at the request's record `refusedFrom`
 * (platform-facts-verified.md, "Record validation: the keys of errors"; BulkWriteError.refusedFrom).
 * Before, the copy's failure said only the client's 'Missing or invalid input' with indexes into
 * its request (found by test/apply/migrate-copy-refusal.test.ts). Any other failure (a 5xx, a
 * refusal naming no record) is returned as it is.
 */
import { ServiceError, type BulkWriteError } from '../client/index.js';
import { AppdeployError } from '../errors.js';
import { plural, thousands } from '../wording.js';
import type { CopySpec } from './copy-rules.js';

/** How many refused records a message names by id (then how many more). */
const SHOWN = 5;

export function copyRefused(error: BulkWriteError, ids: readonly string[], spec: CopySpec): unknown {
  const cause = error.cause;
  if (!(cause instanceof ServiceError) || cause.status !== 400 || cause.errors === undefined) return error;
  if (error.refusedFrom === undefined) return error;
  const refused = new Map<string, string[]>();
  for (const [key, { messages }] of Object.entries(cause.errors)) {
    const at = /^records\[(\d+)\]/.exec(key);
    const id = at ? ids[error.refusedFrom + Number(at[1])] : undefined;
    if (id === undefined) return error;
    refused.set(id, [...(refused.get(id) ?? []), ...messages]);
  }
  if (refused.size === 0) return error;
  const into = spec.to.table === null ? spec.to.code : `${spec.to.table}.${spec.to.code}`;
  const from = spec.from.table === null ? spec.from.code : `${spec.from.table}.${spec.from.code}`;
  // The records refused for the same words, named together (a unique field refuses many alike).
  const byWords = new Map<string, string[]>();
  for (const [id, words] of refused)
    byWords.set(words.join(' '), [...(byWords.get(words.join(' ')) ?? []), id]);
  const named = [...byWords].map(([words, group]) => `${recordsNamed(group)}: ${words.replace(/\.$/, '')}`);
  return new AppdeployError(
    'APPLY.COPY_REFUSED',
    `the service refused the converted values of ${plural(refused.size, 'record')} written into ${into} of app ${spec.app} (${cause.code}, HTTP ${cause.status}): ${named.join('; ')}. ` +
      `Change the value of ${from} in ${refused.size === 1 ? 'that record' : 'those records'} to one the new field takes (a unique field: one no other record holds), or give the field a migrate.default it takes; then apply again.`,
    {
      hint: `Change the value of ${from} in the records named to one the new field takes, or give the field a migrate.default; then apply again.`,
      cause: error,
    },
  );
}

/** `records 5, 9, 12 and 40 more` (the first SHOWN ids, then how many more); the restore's words too. */
export function recordsNamed(ids: readonly string[]): string {
  const more = ids.length - SHOWN;
  return `record${ids.length === 1 ? '' : 's'} ${ids.slice(0, SHOWN).join(', ')}${more > 0 ? ` and ${thousands(more)} more` : ''}`;
}
