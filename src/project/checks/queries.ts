import {
  checkQuery,
  fieldsFromProperties,
  parseFilter,
  parseSort,
  QuerySyntaxError,
  type FieldInfo as QueryField,
  type Query,
  type QueryProblemCode,
} from '../../query/index.js';
import { formatPath, problem, type Problem } from '../problems.js';
import { suggest } from '../suggest.js';
import { isMap } from '../well-formed.js';
import { noField, type CheckedApp, type QueryJob } from './context.js';

const CODES: Record<QueryProblemCode, string> = {
  GAIA_IQ11: 'QUERY.UNKNOWN_FIELD',
  GAIA_IQ03: 'QUERY.OPERATOR',
  GAIA_IQ07: 'QUERY.OPERATOR',
  GAIA_IQ10: 'QUERY.OPTION',
  GAIA_IQ08: 'QUERY.VALUE',
  GAIA_IQ09: 'QUERY.FUNCTION',
  GAIA_IQ12: 'QUERY.SORT',
};

/**
 * Every filterCond and sort of the project parses with the query language, and fits the fields of
 * the app it runs over when that app's fields are known. Run last, over what the other checks queued.
 */
export function checkQueries(jobs: readonly QueryJob[]): Problem[] {
  const problems: Problem[] = [];
  const maps = new Map<CheckedApp, Map<string, QueryField> | null>();
  const fieldsOf = (app: CheckedApp | null) => {
    if (!app) return null;
    if (!maps.has(app)) maps.set(app, queryFields(app));
    return maps.get(app) ?? null;
  };
  for (const job of jobs) {
    const shown = formatPath(job.path);
    const report = (code: string, message: string, position: number, hint?: string) =>
      problems.push(
        problem(code, `${shown}: ${message}`, job.source.locateInText(job.path, position), {
          hint,
          path: job.path,
        }),
      );
    let query: Query;
    try {
      query =
        job.kind === 'filter'
          ? parseFilter(job.text)
          : { condition: null, orderBy: parseSort(job.text), limit: null, offset: null };
    } catch (error) {
      if (!(error instanceof QuerySyntaxError)) throw error;
      const example = job.kind === 'filter' ? 'status in ("Open") and amount > 100' : 'amount desc, $id asc';
      report(
        'QUERY.SYNTAX',
        `${error.reason} (at character ${error.position + 1})`,
        error.position,
        `Write it like: ${example}.`,
      );
      continue;
    }
    const over = job.over;
    const fields = fieldsOf(over);
    if (!over?.index || !fields) continue;
    for (const found of checkQuery(query, fields)) {
      // A field whose definition failed the schema is not in the map; naming it is no mistake.
      if (found.field !== undefined && over.index.lookup(found.field) === 'unchecked') continue;
      if (found.code === 'GAIA_IQ11' && found.field !== undefined) {
        // Worded as every other check words it, naming the app when it is another one.
        const message = noField(found.field, over, over.source === job.source);
        report(CODES[found.code], message, found.position, suggest(found.field, [...fields.keys()]));
      } else report(CODES[found.code], found.message, found.position);
    }
  }
  return problems;
}

/**
 * The fields a query may name in an app: its manifest's fields (options included), the system
 * fields under their codes, and STATUS with the process's statuses as its options. Null when the
 * manifest leaves `fields` out. Fields whose definition failed the schema are not in it: what the
 * query language says about them is dropped, the rest of the query is still checked.
 */
function queryFields(app: CheckedApp): Map<string, QueryField> | null {
  if (!app.index || !app.manifest.fields) return null;
  const fields = fieldsFromProperties(app.manifest.fields);
  const states = statusNames(app);
  for (const [code, info] of app.index.fields) {
    // A STATUS the manifest declares (to keep its label) has the statuses as its values all the
    // same: its definition names no options, so they are added here, as for one left out.
    const declared = fields.get(code);
    if (declared && declared.type !== 'STATUS') continue;
    fields.set(
      code,
      info.type === 'STATUS' && states ? { type: info.type, options: states } : { type: info.type },
    );
  }
  return fields;
}

/**
 * The statuses the manifest names, as written: a status whose settings failed the schema is left
 * out of the checked process (well-formed-process.ts) but is still one of its statuses, so a query
 * naming it is no mistake. Undefined without a map of states.
 */
function statusNames(app: CheckedApp): string[] | undefined {
  const raw = app.source.value;
  const process = isMap(raw) ? raw.process : undefined;
  const states = isMap(process) ? process.states : undefined;
  return isMap(states) ? Object.keys(states) : undefined;
}
