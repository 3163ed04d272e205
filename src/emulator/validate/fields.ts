import { arr, bool, fail, int, join, map, num, obj, str, type CheckContext, type Shape } from './shape.js';
import { formula } from './formula.js';
import { lookup, referenceTable } from './related.js';
import { refusesFixedChange, withoutDroppedUnique } from './field-keeps.js';
import type { JsonObject } from '../model/app.js';
import {
  FIELD_PROPERTIES,
  NOT_IN_SUBTABLE_TYPES,
  isSystemFieldType,
  optionLabelBreaches,
  type FieldType,
  type SystemFieldType,
  TEXT_LIMITS,
} from '../../platform/index.js';

const text = str();
const flag = bool();
const numeric = num({ emptyOk: true });
const count = num({ integer: true, min: 0, emptyOk: true });
const unitPosition = str({ oneOf: ['BEFORE', 'AFTER'] });
/** One of four pixel sizes, written as a number or a string and kept as a string (platform's NUMERIC_STRING_PROPERTIES). */
const thumbnailSize: Shape = (value, path, ctx) =>
  str({ oneOf: ['50', '150', '250', '500'] })(typeof value === 'number' ? String(value) : value, path, ctx);
/** An option's label is its key (platform/choice-options.ts, with the evidence). */
const optionLabel =
  (name: string): Shape =>
  (value, path, ctx) => {
    const label = text(value, path, ctx);
    if (typeof label !== 'string' || optionLabelBreaches({ [name]: { label } }).length === 0) return label;
    return fail(ctx, path, `Enter the same label as the option's key "${name}".`);
  };
const options = map((name) =>
  obj({ label: optionLabel(name), index: int(0) }, { required: ['label', 'index'] }),
);
const userEntity = obj({ type: str({ oneOf: ['USER', 'GROUP', 'ORGANIZATION', 'FUNCTION'] }), code: text });

const base = { type: text, code: text, label: str({ max: TEXT_LIMITS.fieldLabel }), noLabel: flag };
const input = { ...base, required: flag };
const options1 = { options, defaultValue: text };
const optionsN = { options, defaultValue: arr(text) };
const textLike = { defaultValue: text, unique: flag, minLength: count, maxLength: count };
const user = { entities: arr(userEntity), defaultValue: arr(userEntity) };

/** A system field: its label, and `enabled` where platform says the service reports it. */
function system(type: SystemFieldType): Record<string, Shape> {
  if (!FIELD_PROPERTIES[type].includes('enabled')) return base;
  // STATUS, STATUS_ASSIGNEE and CATEGORY: no noLabel (platform/field-properties.ts).
  const { noLabel: _none, ...rest } = base;
  return { ...rest, enabled: flag };
}

/**
 * The properties each field type takes (platform-facts' "Settings shapes"); anything else is
 * refused. Their names must be platform's FIELD_PROPERTIES (test/platform compares them).
 */
export const TYPE_PROPS: Record<FieldType, Record<string, Shape>> = {
  SINGLE_LINE_TEXT: { ...input, ...textLike, expression: formula, hideExpression: flag, lookup },
  NUMBER: {
    ...input,
    defaultValue: numeric,
    unique: flag,
    minValue: numeric,
    maxValue: numeric,
    digit: flag,
    displayScale: count,
    unit: text,
    unitPosition,
    lookup,
  },
  CALC: {
    ...input,
    expression: formula,
    format: str({
      oneOf: ['NUMBER', 'NUMBER_DIGIT', 'DATETIME', 'DATE', 'TIME', 'HOUR_MINUTE', 'DAY_HOUR_MINUTE'],
    }),
    displayScale: count,
    unit: text,
    unitPosition,
    hideExpression: flag,
  },
  MULTI_LINE_TEXT: { ...input, defaultValue: text },
  RICH_TEXT: { ...input, defaultValue: text },
  LINK: { ...input, ...textLike, protocol: str({ oneOf: ['WEB', 'CALL', 'MAIL'] }) },
  CHECK_BOX: { ...input, ...optionsN, align: str({ oneOf: ['HORIZONTAL', 'VERTICAL'] }) },
  MULTI_SELECT: { ...input, ...optionsN },
  RADIO_BUTTON: { ...input, ...options1, align: str({ oneOf: ['HORIZONTAL', 'VERTICAL'] }) },
  DROP_DOWN: { ...input, ...options1 },
  DATE: { ...input, defaultValue: text, unique: flag, defaultNowValue: flag },
  DATETIME: { ...input, defaultValue: text, unique: flag, defaultNowValue: flag },
  TIME: { ...input, defaultValue: text, defaultNowValue: flag },
  FILE: { ...input, thumbnailSize },
  USER_SELECT: { ...input, ...user },
  ORGANIZATION_SELECT: { ...input, ...user },
  GROUP_SELECT: { ...input, ...user },
  REFERENCE_TABLE: { ...base, referenceTable },
  GROUP: { ...base, openGroup: flag },
  SUBTABLE: base,
  RECORD_NUMBER: system('RECORD_NUMBER'),
  CREATOR: system('CREATOR'),
  CREATED_TIME: system('CREATED_TIME'),
  MODIFIER: system('MODIFIER'),
  UPDATED_TIME: system('UPDATED_TIME'),
  STATUS: system('STATUS'),
  STATUS_ASSIGNEE: system('STATUS_ASSIGNEE'),
  CATEGORY: system('CATEGORY'),
};

/** Why a field definition's type is refused: unknown, a system type added by hand, or not allowed in a table. */
function typeRefusal(
  mode: 'add' | 'change',
  type: unknown,
  known: boolean,
  inTable: boolean,
): string | undefined {
  if (!known || (mode === 'add' && isSystemFieldType(type as string))) {
    const writable = Object.keys(TYPE_PROPS).filter((t) => !isSystemFieldType(t));
    return `Enter a field type: one of ${writable.join(', ')}.`;
  }
  if (inTable && NOT_IN_SUBTABLE_TYPES.has(type as FieldType))
    return `A ${String(type)} field cannot be inside a table.`;
  return undefined;
}

/**
 * One field definition of a fields POST (`add`: type and label required, `code` the key) or PUT
 * (`change`: the type may be repeated but not changed; a different `code` renames the field,
 * its validity and clashes checked by the caller against the whole form).
 */
export function fieldDefinition(
  mode: 'add' | 'change',
  existing: JsonObject | undefined,
  code: string,
  inTable = false,
): Shape {
  return (value, path, ctx) => {
    const existingType = typeof existing?.type === 'string' ? existing.type : undefined;
    const given = (value as { type?: unknown } | null)?.type;
    const type = mode === 'change' ? existingType : given;
    if (mode === 'change' && given !== undefined && given !== existingType) {
      ctx.problems.add(
        join(path, 'type'),
        `The type of a field cannot change (it is ${existingType ?? '?'}).`,
      );
      return undefined;
    }
    if (mode === 'change' && refusesFixedChange(existing, value, path, ctx)) return undefined;
    value = withoutDroppedUnique(type, value);
    const props =
      typeof type === 'string' ? (TYPE_PROPS as Record<string, Record<string, Shape>>)[type] : undefined;
    const refused = typeRefusal(mode, type, props !== undefined, inTable);
    if (refused !== undefined) {
      ctx.problems.add(join(path, 'type'), refused);
      return undefined;
    }
    const codeCheck: Shape = (v, p, c) => {
      if (mode === 'change' && typeof v === 'string') return v;
      if (v !== code) c.problems.add(p, `Enter the same code as the key "${code}".`);
      return code;
    };
    const extra: Record<string, Shape> = { code: codeCheck };
    if (type === 'SUBTABLE') extra.fields = tableFields(existing);
    const out = obj({ ...props, ...extra }, { required: mode === 'add' ? ['type', 'label'] : [] })(
      value,
      path,
      ctx,
    );
    if (out === undefined) return undefined;
    checkDefaults(out as JsonObject, existing, path, ctx);
    const renamed = (out as JsonObject).code;
    return { ...(out as object), type, code: typeof renamed === 'string' ? renamed : code };
  };
}

/** A choice field's default values must be among its options (the given ones, or those it has). */
function checkDefaults(
  def: JsonObject,
  existing: JsonObject | undefined,
  path: string,
  ctx: CheckContext,
): void {
  const options = (def.options ?? existing?.options) as Record<string, unknown> | undefined;
  const defaults = def.defaultValue ?? (def.options ? existing?.defaultValue : undefined);
  if (!options || defaults === undefined || defaults === null) return;
  const list = Array.isArray(defaults) ? defaults : [defaults];
  list.forEach((value, i) => {
    if (typeof value === 'string' && value !== '' && !(value in options))
      ctx.problems.add(
        Array.isArray(defaults) ? `${join(path, 'defaultValue')}[${i}]` : join(path, 'defaultValue'),
        `"${value}" is not one of the options (${Object.keys(options).join(', ')}).`,
      );
  });
}

/** The fields of a table: each one new (added) or already in that table (changed). */
function tableFields(table: JsonObject | undefined): Shape {
  const inner = (table?.fields ?? {}) as Record<string, JsonObject>;
  return map((code) => fieldDefinition(inner[code] ? 'change' : 'add', inner[code], code, true));
}
