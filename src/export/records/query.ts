/**
 * `export --records --query`: the records are read through a cursor, whose query is a filter and
 * an order (no `limit` or `offset`: cybozu.dev, "(レコードの一括取得)カーソルを作成する", query:
 * "ただし、limit と offset は指定できません"; the local service refuses them, 400 CB_VA01).
 * Whether a query fits the app is the service's to say (system fields' codes follow the app's
 * language, which the manifest does not hold): its refusal is said with what it names, the flag it
 * came from and what to write instead, not as a bare "[400] [CB_VA01] Missing or invalid input.".
 */
import { ServiceError } from '../../client/index.js';
import { AppdeployError } from '../../errors.js';

/** The service's refusal of the query (400), said with what it names; any other error as it is. */
export function queryRefused(error: unknown, query: string | undefined): unknown {
  if (query === undefined || !(error instanceof ServiceError) || error.status !== 400) return error;
  // Each place the service names, with its words, but where its message already says them.
  const named = Object.entries(error.errors ?? {})
    .map(([at, { messages }]) => [at, messages.join(' ')] as const)
    .filter(([, words]) => !error.serviceMessage.includes(words))
    .map(([at, words]) => ` ${at}: ${words}`);
  return new AppdeployError(
    'EXPORT.QUERY',
    `the service refused --query \`${query}\`: ${error.serviceMessage} (${error.code})${named.length > 0 ? `;${named.join(';')}` : ''}`,
    {
      hint: 'Write a filter and an order, such as: since >= "2024-01-01" order by customer_code asc (field codes are case-sensitive, text is quoted); give the most records with --limit N, not in the query.',
      cause: error,
    },
  );
}
