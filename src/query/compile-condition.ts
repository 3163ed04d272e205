// Compiles a condition to closures once, so matching a record runs no AST walk, no value
// resolution and no date parsing of the query's side. Values written in the query are resolved
// up front (functions against the context's clock and user); each record's value is read once
// per predicate into a key (see readers.ts).
import type { CompareOperator, Condition, Predicate } from './ast.js';
import type { Domain } from './field-types.js';
import {
  numberKey,
  entityCodes,
  fileNames,
  scalarReader,
  stringArray,
  textKey,
  type ScalarDomain,
} from './readers.js';
import type { Resolved } from './values.js';

/** A stored record: field code -> `{type, value}`; `$id` is `{type: '__ID__', value: '12'}`. */
export type QueryRecord = Readonly<Record<string, { readonly value: unknown } | undefined>>;
export type RecordTest = (record: QueryRecord) => boolean;
type ValueTest = (value: unknown) => boolean;

/** What the compiler needs of a predicate's field, after the check passed. */
export interface BoundPredicate {
  readonly predicate: Predicate;
  readonly domain: Domain;
  readonly subtable: string | undefined;
  readonly values: readonly Resolved[];
}

export function compileCondition(
  condition: Condition,
  bind: (predicate: Predicate) => BoundPredicate,
): RecordTest {
  switch (condition.kind) {
    case 'and': {
      const tests = compileAnd(condition.conditions, bind);
      const [a, b] = tests;
      if (tests.length === 2 && a && b) return (r) => a(r) && b(r);
      return (r) => tests.every((test) => test(r));
    }
    case 'or': {
      const tests = condition.conditions.map((c) => compileCondition(c, bind));
      const [a, b] = tests;
      if (tests.length === 2 && a && b) return (r) => a(r) || b(r);
      return (r) => tests.some((test) => test(r));
    }
    case 'compare':
    case 'in':
    case 'like':
    case 'empty':
      return access(predicateParts(bind(condition)));
    default: {
      const never: never = condition;
      return never;
    }
  }
}

/**
 * The tests of an `and`'s operands. Positive conditions on fields of one table must hold in the
 * same row, as on the platform, so they are tested together row by row; negative ones speak of
 * the whole table (no row matches) and stay apart.
 */
function compileAnd(
  conditions: readonly Condition[],
  bind: (predicate: Predicate) => BoundPredicate,
): RecordTest[] {
  const tests: RecordTest[] = [];
  const byTable = new Map<string, PredicateParts[]>();
  for (const c of conditions) {
    if (c.kind === 'and' || c.kind === 'or') {
      tests.push(compileCondition(c, bind));
      continue;
    }
    const parts = predicateParts(bind(c));
    if (parts.subtable === undefined || parts.negated) tests.push(access(parts));
    else byTable.set(parts.subtable, [...(byTable.get(parts.subtable) ?? []), parts]);
  }
  for (const [table, group] of byTable) tests.push(sameRow(table, group));
  return tests;
}

/** A predicate reduced to a test of one value, where the value is, and whether it is negated. */
interface PredicateParts {
  readonly code: string;
  readonly subtable: string | undefined;
  readonly test: ValueTest;
  readonly negated: boolean;
  /** `not in`: over a table it needs at least one row (a record with no rows does not match). */
  readonly needsRows: boolean;
}

/**
 * Negative operators (`!=`, `not in`, `not like`, `is empty`) are the negation of their positive
 * twin, so an empty value matches `!= "x"` and `not in (...)`, and a subtable matches a negative
 * operator when no row matches the positive one.
 */
function predicateParts(bound: BoundPredicate): PredicateParts {
  const { predicate, domain, values } = bound;
  let test: ValueTest;
  let negated: boolean;
  switch (predicate.kind) {
    case 'compare': {
      const op = predicate.operator;
      negated = op === '!=';
      test = compareTest(domain, op === '!=' ? '=' : op, values[0] ?? { kind: 'none' });
      break;
    }
    case 'in':
      negated = predicate.negated;
      test = inTest(domain, values);
      break;
    case 'like':
      negated = predicate.negated;
      test = likeTest(domain, predicate.value.kind === 'literal' ? predicate.value.text.toLowerCase() : '');
      break;
    case 'empty':
      negated = !predicate.negated;
      test = presentTest(domain);
      break;
    default: {
      const never: never = predicate;
      return never;
    }
  }
  const needsRows = predicate.kind === 'in' && predicate.negated;
  return { code: predicate.field.code, subtable: bound.subtable, test, negated, needsRows };
}

function access(parts: PredicateParts): RecordTest {
  const { code, subtable, test, negated, needsRows } = parts;
  if (subtable === undefined) return negated ? (r) => !test(r[code]?.value) : (r) => test(r[code]?.value);
  const anyRow: RecordTest = (r) => rowsOf(r, subtable).some((cells) => test(cells[code]?.value));
  if (!negated) return anyRow;
  // `not in` over a table: no row has the value, and there is a row (platform-facts-verified).
  return needsRows ? (r) => rowsOf(r, subtable).length > 0 && !anyRow(r) : (r) => !anyRow(r);
}

/** Positive conditions on one table's fields: some row meets them all. */
function sameRow(table: string, group: readonly PredicateParts[]): RecordTest {
  return (r) => rowsOf(r, table).some((cells) => group.every((p) => p.test(cells[p.code]?.value)));
}

function rowsOf(record: QueryRecord, table: string): QueryRecord[] {
  return stringArray(record[table]?.value).map((row) => {
    const cells = typeof row === 'object' && row !== null ? (row as { value?: unknown }).value : undefined;
    return typeof cells === 'object' && cells !== null ? (cells as QueryRecord) : {};
  });
}

function isScalar(domain: Domain): domain is ScalarDomain {
  return domain !== 'choices' && domain !== 'entities' && domain !== 'files';
}

function unsupported(what: string, domain: Domain): never {
  throw new Error(`query compiler: ${what} on a ${domain} field passed the type check (a bug)`);
}

type Ordering = Exclude<CompareOperator, '!='>;

function compareTest(domain: Domain, op: Ordering, value: Resolved): ValueTest {
  if (!isScalar(domain)) return unsupported(`"${op}"`, domain);
  const { read, numeric } = scalarReader(domain);
  switch (value.kind) {
    case 'none':
      return () => false;
    case 'empty':
      return numeric ? (v) => Number.isNaN(read(v)) : (v) => read(v) === '';
    case 'number':
    case 'text':
      return exactTest(read, op, value.value);
    case 'range':
      return rangeTest(read, op, value);
    default: {
      const never: never = value;
      return never;
    }
  }
}

type Read = (value: unknown) => string | number;

/**
 * Before `bound` (or up to it, `orAt`). A missing value reads as '', which sorts before any text
 * but orders before nothing; for numbers it is NaN, which no comparison holds for anyway.
 */
function below(read: Read, bound: string | number, orAt: boolean): ValueTest {
  return (v) => {
    const k = read(v);
    return k !== '' && (orAt ? k <= bound : k < bound);
  };
}

/** One exact value: numbers compare as numbers, text as text; NaN and '' never order. */
function exactTest(read: Read, op: Ordering, x: string | number): ValueTest {
  switch (op) {
    case '=':
      return (v) => read(v) === x;
    case '>':
      return (v) => read(v) > x;
    case '>=':
      return (v) => read(v) >= x;
    case '<':
      return below(read, x, false);
    case '<=':
      return below(read, x, true);
    default: {
      const never: never = op;
      return never;
    }
  }
}

/**
 * A period [from, to) compares by one of its ends: ">" after its end, ">=" from its start on, "<"
 * before its start, "<=" before its end (the end is not in it); "=" inside it takes both.
 */
const PERIOD_ENDS: Readonly<Record<Exclude<Ordering, '='>, readonly ['>=' | '<', 'from' | 'to']>> = {
  '>': ['>=', 'to'],
  '>=': ['>=', 'from'],
  '<': ['<', 'from'],
  '<=': ['<', 'to'],
};

function rangeTest(read: Read, op: Ordering, period: { from: string; to: string }): ValueTest {
  if (op === '=')
    return (v) => {
      const k = read(v);
      return k >= period.from && k < period.to;
    };
  const [exact, end] = PERIOD_ENDS[op];
  return exactTest(read, exact, period[end]);
}

function inTest(domain: Domain, values: readonly Resolved[]): ValueTest {
  const hasEmpty = values.some((v) => v.kind === 'empty');
  const texts = new Set(values.flatMap((v) => (v.kind === 'text' ? [v.value] : [])));
  const anyOf = (items: readonly unknown[]): boolean =>
    items.length === 0 ? hasEmpty : items.some((item) => typeof item === 'string' && texts.has(item));
  switch (domain) {
    case 'choices':
      return (v) => anyOf(stringArray(v));
    case 'entities':
      return (v) => anyOf(entityCodes(v));
    case 'text':
    case 'choice':
      if (hasEmpty) texts.add('');
      return (v) => texts.has(textKey(v));
    case 'number':
    case 'recordNumber': {
      const numbers = new Set(values.flatMap((v) => (v.kind === 'number' ? [v.value] : [])));
      const { read } = scalarReader(domain);
      return (v) => {
        const x = read(v) as number;
        return numbers.has(x) || (hasEmpty && Number.isNaN(x));
      };
    }
    case 'date':
    case 'datetime':
    case 'time': {
      const ranges = values.flatMap((v) => (v.kind === 'range' ? [v] : []));
      const { read } = scalarReader(domain);
      return (v) => {
        const k = read(v);
        if (k === '') return hasEmpty;
        return ranges.some((range) => k >= range.from && k < range.to);
      };
    }
    case 'files':
      return unsupported('"in"', domain);
    default: {
      const never: never = domain;
      return never;
    }
  }
}

/** `like`: a case-insensitive substring of the text, or of any attached file's name. */
function likeTest(domain: Domain, needle: string): ValueTest {
  if (domain === 'files') return (v) => fileNames(v).some((name) => name.toLowerCase().includes(needle));
  if (domain === 'text' || domain === 'choice') return (v) => textKey(v).toLowerCase().includes(needle);
  return unsupported('"like"', domain);
}

/** Text that holds something other than spaces, tabs and line breaks (the platform's "is not empty"). */
const VISIBLE = /\S/u;

function presentTest(domain: Domain): ValueTest {
  if (domain === 'files' || domain === 'choices' || domain === 'entities')
    return (v) => stringArray(v).length > 0 || entityCodes(v).length > 0;
  if (domain === 'number' || domain === 'recordNumber') return (v) => !Number.isNaN(numberKey(v));
  return (v) => VISIBLE.test(textKey(v));
}
