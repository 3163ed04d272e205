// What each field type accepts in a query, after the hosted platform's operator table: the
// operators, the functions, whether `order by` may use it, and how its stored value is read
// (the "domain" the evaluator compiles against).
import type { FunctionName, Operator } from './ast.js';

/** What the query needs to know about a field. `subtable` is the code of the table holding it. */
export interface FieldInfo {
  readonly type: string;
  readonly options?: readonly string[];
  readonly subtable?: string;
}

export type FieldMap = ReadonlyMap<string, FieldInfo> | Readonly<Record<string, FieldInfo>>;

/** The pseudo-type of `$id`, which every app has. */
export const ID_TYPE = '__ID__';

/**
 * How a stored value is read: `text` a string, `choice` a string out of options, `choices` an
 * array of strings, `number` a numeric string, `recordNumber` "12" or "APP-12", `date`
 * "YYYY-MM-DD", `datetime` an ISO instant, `time` "HH:MM", `entities` `{code}` or an array of them,
 * `files` an array of `{name}`.
 */
export type Domain =
  | 'text'
  | 'choice'
  | 'choices'
  | 'number'
  | 'recordNumber'
  | 'date'
  | 'datetime'
  | 'time'
  | 'entities'
  | 'files';

export interface TypeSpec {
  readonly domain: Domain;
  readonly operators: readonly Operator[];
  readonly functions: readonly FunctionName[];
  readonly sortable: boolean;
}

const EQUALITY: readonly Operator[] = ['=', '!=', 'in', 'not in'];
const TEXT: readonly Operator[] = ['=', '!=', 'in', 'not in', 'like', 'not like'];
const ORDERED: readonly Operator[] = ['=', '!=', '>', '<', '>=', '<=', 'in', 'not in'];
const CALENDAR: readonly Operator[] = ['=', '!=', '>', '<', '>=', '<='];
const LONG_TEXT: readonly Operator[] = ['like', 'not like', 'is empty', 'is not empty'];
const MEMBERSHIP: readonly Operator[] = ['in', 'not in'];

const DAY_FUNCTIONS: readonly FunctionName[] = [
  'TODAY',
  'YESTERDAY',
  'TOMORROW',
  'FROM_TODAY',
  'THIS_WEEK',
  'LAST_WEEK',
  'NEXT_WEEK',
  'THIS_MONTH',
  'LAST_MONTH',
  'NEXT_MONTH',
  'THIS_YEAR',
  'LAST_YEAR',
  'NEXT_YEAR',
];
const INSTANT_FUNCTIONS: readonly FunctionName[] = ['NOW', ...DAY_FUNCTIONS];

function spec(
  domain: Domain,
  operators: readonly Operator[],
  sortable: boolean,
  functions: readonly FunctionName[] = [],
): TypeSpec {
  return { domain, operators, functions, sortable };
}

const SPECS: Readonly<Record<string, TypeSpec>> = {
  [ID_TYPE]: spec('number', ORDERED, true),
  RECORD_NUMBER: spec('recordNumber', ORDERED, true),
  SINGLE_LINE_TEXT: spec('text', TEXT, true),
  LINK: spec('text', TEXT, true),
  MULTI_LINE_TEXT: spec('text', LONG_TEXT, false),
  RICH_TEXT: spec('text', LONG_TEXT, false),
  NUMBER: spec('number', ORDERED, true),
  CALC: spec('number', ORDERED, true),
  RADIO_BUTTON: spec('choice', MEMBERSHIP, true),
  DROP_DOWN: spec('choice', MEMBERSHIP, true),
  STATUS: spec('choice', EQUALITY, true),
  CHECK_BOX: spec('choices', MEMBERSHIP, false),
  MULTI_SELECT: spec('choices', MEMBERSHIP, false),
  CATEGORY: spec('choices', MEMBERSHIP, false),
  DATE: spec('date', CALENDAR, true, DAY_FUNCTIONS),
  DATETIME: spec('datetime', CALENDAR, true, INSTANT_FUNCTIONS),
  CREATED_TIME: spec('datetime', CALENDAR, true, INSTANT_FUNCTIONS),
  UPDATED_TIME: spec('datetime', CALENDAR, true, INSTANT_FUNCTIONS),
  TIME: spec('time', CALENDAR, true),
  CREATOR: spec('entities', MEMBERSHIP, true, ['LOGINUSER']),
  MODIFIER: spec('entities', MEMBERSHIP, true, ['LOGINUSER']),
  USER_SELECT: spec('entities', MEMBERSHIP, false, ['LOGINUSER']),
  STATUS_ASSIGNEE: spec('entities', MEMBERSHIP, false, ['LOGINUSER']),
  ORGANIZATION_SELECT: spec('entities', MEMBERSHIP, false, ['PRIMARY_ORGANIZATION']),
  GROUP_SELECT: spec('entities', MEMBERSHIP, false),
  FILE: spec('files', LONG_TEXT, false),
};

/** Every field type a query can name at the top level of an app (`$id`'s pseudo-type included). */
export const QUERYABLE_TYPES: readonly string[] = Object.keys(SPECS);

/**
 * The query rules of a field, or null when a query cannot name it at all (SUBTABLE,
 * REFERENCE_TABLE, GROUP, ...). Inside a subtable `=` and `!=` give way to `in` and `not in`,
 * and no inner field can be sorted on.
 */
export function typeSpec(field: FieldInfo): TypeSpec | null {
  const base = SPECS[field.type];
  if (!base || field.subtable === undefined) return base ?? null;
  const operators = base.operators.filter((op) => op !== '=' && op !== '!=');
  if (base.operators.includes('=') && !operators.includes('in')) operators.push('in', 'not in');
  return { ...base, operators, sortable: false };
}

/** Looks a field up in either map shape; `$id` is always known. */
export function lookupField(fields: FieldMap, code: string): FieldInfo | undefined {
  const found = isMap(fields) ? fields.get(code) : Object.hasOwn(fields, code) ? fields[code] : undefined;
  if (found) return found;
  return code === '$id' ? { type: ID_TYPE } : undefined;
}

function isMap(fields: FieldMap): fields is ReadonlyMap<string, FieldInfo> {
  return fields instanceof Map;
}

/**
 * The FieldInfo map of a form, from the fields API's `properties` (code -> definition, options as
 * `{name: {label, index}}`, subtables with their inner `fields`). Inner fields come out flat,
 * each naming its subtable, since query field codes are unique across the app.
 */
export function fieldsFromProperties(properties: Readonly<Record<string, unknown>>): Map<string, FieldInfo> {
  const result = new Map<string, FieldInfo>();
  const add = (code: string, definition: unknown, subtable: string | undefined): void => {
    if (typeof definition !== 'object' || definition === null) return;
    const { type, options, fields } = definition as { type?: unknown; options?: unknown; fields?: unknown };
    if (typeof type !== 'string') return;
    const info: { type: string; options?: string[]; subtable?: string } = { type };
    if (typeof options === 'object' && options !== null) info.options = Object.keys(options);
    if (subtable !== undefined) info.subtable = subtable;
    result.set(code, info);
    if (type === 'SUBTABLE' && typeof fields === 'object' && fields !== null) {
      for (const [inner, innerDefinition] of Object.entries(fields)) add(inner, innerDefinition, code);
    }
  };
  for (const [code, definition] of Object.entries(properties)) add(code, definition, undefined);
  return result;
}

/**
 * The map with the process's statuses as the options of its STATUS field: a query names a status
 * as it names a choice field's option, and one the process lacks is refused as an option the field
 * lacks (GAIA_IQ10). Undefined statuses (no process in force) leave STATUS open. Read by the local
 * service's record queries and its settings filters alike (a view's, a notification's, a graph's,
 * a record permission's, an action's `filterCond`).
 */
export function withStatusOptions(
  fields: Map<string, FieldInfo>,
  statuses: readonly string[] | undefined,
): Map<string, FieldInfo> {
  if (statuses === undefined) return fields;
  for (const [code, info] of fields)
    if (info.type === 'STATUS') fields.set(code, { ...info, options: [...statuses] });
  return fields;
}
