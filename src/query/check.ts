// The type check: does a parsed query fit an app's fields? Unknown fields, operators and
// functions a field type does not accept, values that do not fit the type or the options, sorts
// on fields that cannot be sorted. Returns every problem found, in query order.
import { operatorOf, type Condition, type Predicate, type Query } from './ast.js';
import { lookupField, typeSpec, type FieldInfo, type FieldMap, type TypeSpec } from './field-types.js';
import type { QueryProblem } from './problems.js';
import { isProblem, resolveValue, type QueryContext } from './values.js';

/** Values are checked against a fixed context: only their shape matters here. */
const CHECK_CONTEXT: QueryContext = { now: new Date(0), user: '', primaryOrganization: null };

const ORDERING = new Set(['>', '<', '>=', '<=']);

export function checkQuery(query: Query, fields: FieldMap): QueryProblem[] {
  const problems: QueryProblem[] = [];
  if (query.condition) checkCondition(query.condition, fields, problems);
  for (const key of query.orderBy) {
    const { code, position } = key.field;
    const found = resolveField(code, position, fields, problems);
    if (found && !found.spec.sortable) {
      const why =
        found.field.subtable === undefined ? '' : ` (it is inside the table "${found.field.subtable}")`;
      problems.push({
        code: 'GAIA_IQ12',
        message: `Records cannot be sorted by "${code}" (${found.field.type})${why}; sort by another field.`,
        position,
        field: code,
      });
    }
  }
  return problems;
}

function checkCondition(condition: Condition, fields: FieldMap, problems: QueryProblem[]): void {
  if (condition.kind === 'and' || condition.kind === 'or') {
    for (const inner of condition.conditions) checkCondition(inner, fields, problems);
    return;
  }
  checkPredicate(condition, fields, problems);
}

function checkPredicate(predicate: Predicate, fields: FieldMap, problems: QueryProblem[]): void {
  const { code, position } = predicate.field;
  const found = resolveField(code, position, fields, problems);
  if (!found) return;
  const { field, spec } = found;
  const operator = operatorOf(predicate);
  if (field.subtable !== undefined && (operator === '=' || operator === '!=')) {
    problems.push({
      code: 'GAIA_IQ07',
      message: `The operator "${operator}" cannot be used on "${code}", a field inside the table "${field.subtable}"; use "${operator === '=' ? 'in' : 'not in'}".`,
      position: predicate.position,
      field: code,
    });
    return;
  }
  if (!spec.operators.includes(operator)) {
    const inTable = field.subtable === undefined ? '' : ` inside the table "${field.subtable}"`;
    problems.push({
      code: 'GAIA_IQ03',
      message: `The operator "${operator}" cannot be used on "${code}" (${field.type}${inTable}); use ${spec.operators.map((o) => `"${o}"`).join(', ')}.`,
      position: predicate.position,
      field: code,
    });
    return;
  }
  const values =
    predicate.kind === 'compare' ? [predicate.value] : predicate.kind === 'in' ? predicate.values : [];
  for (const value of values) {
    if (value.kind === 'literal' && value.text === '' && ORDERING.has(operator)) {
      problems.push({
        code: 'GAIA_IQ08',
        message: `"${code}" cannot be compared with "${operator}" to an empty value; use "=" or "!=" with "" to test for empty.`,
        position: value.position,
        field: code,
      });
      continue;
    }
    const resolved = resolveValue(value, code, field, spec, CHECK_CONTEXT);
    if (isProblem(resolved)) problems.push({ ...resolved, position: value.position, field: code });
  }
}

/** The field and its query rules, or a GAIA_IQ11 / GAIA_IQ03 problem when the query cannot use it. */
function resolveField(
  code: string,
  position: number,
  fields: FieldMap,
  problems: QueryProblem[],
): { field: FieldInfo; spec: TypeSpec } | null {
  const field = lookupField(fields, code);
  if (!field) {
    problems.push({
      code: 'GAIA_IQ11',
      message: `The field "${code}" is not in the app; check the field code (codes are case-sensitive).`,
      position,
      field: code,
    });
    return null;
  }
  const spec = typeSpec(field);
  if (!spec) {
    const hint = field.type === 'SUBTABLE' ? '; name one of the fields inside the table instead' : '';
    problems.push({
      code: 'GAIA_IQ03',
      message: `The field "${code}" (${field.type}) cannot be used in a query${hint}.`,
      position,
      field: code,
    });
    return null;
  }
  return { field, spec };
}
