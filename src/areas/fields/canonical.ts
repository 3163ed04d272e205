/**
 * The canonical form of form fields: field code -> definition holding every property its type
 * keeps, with the service's defaults filled in where the manifest leaves one out (so that a
 * manifest without `required` means `required: false`, and a `required: true` set in the browser
 * shows up as a change), numbers as strings, options ordered by index, other apps by id.
 * `code` is the key; `renamedFrom` is a hint the manifest gives, never state the service holds.
 */
import {
  FIELD_PROPERTIES,
  LOOKUP_FIELD_KEYS,
  NUMERIC_STRING_PROPERTIES,
  SELECTION_FIELD_TYPES,
  isSystemFieldType,
  newFieldDefaults,
  type FieldType,
} from '../../platform/index.js';
import {
  appRef,
  asList,
  asRecord,
  defined,
  entity,
  flag,
  numeric,
  orderByIndex,
  sortKeys,
  text,
} from '../canonical.js';
import type { Json, JsonObject, ResolveContext } from '../types.js';

export type FieldsCanonical = Record<string, JsonObject>;

/**
 * Properties that only drive how the service shows a system field; the rest it owns. `noLabel`
 * only where the type has one: STATUS, STATUS_ASSIGNEE and CATEGORY have none (FIELD_PROPERTIES
 * says why), and `enabled` follows process management and categories, never a manifest.
 */
const systemProperties = (type: FieldType): readonly string[] =>
  FIELD_PROPERTIES[type].filter((key) => key !== 'enabled');

/**
 * One field definition, from a manifest (with `ctx`) or from the service (`ctx` null: other
 * apps are already ids). Unknown properties are dropped: the schema refuses them in manifests,
 * and the service adds some (`code`, `enabled`) that the manifest does not manage.
 */
export function canonicalField(def: Record<string, unknown>, ctx: ResolveContext | null): JsonObject {
  const type = text(def.type) as FieldType;
  const out: Record<string, Json | undefined> = { type };
  if (isSystemFieldType(type)) {
    for (const key of systemProperties(type)) out[key] = key === 'noLabel' ? flag(def[key]) : text(def[key]);
    return sortKeys(defined(out));
  }
  const defaults = newFieldDefaults(type);
  for (const key of FIELD_PROPERTIES[type] ?? []) {
    const given = def[key];
    const value = given === undefined || given === null ? defaults[key] : given;
    if (value === undefined || value === null) continue;
    out[key] = property(type, key, value, ctx);
  }
  if (typeof def.renamedFrom === 'string' && ctx) out.renamedFrom = def.renamedFrom;
  // How a migration keeps the values (items.ts): a hint, like renamedFrom, never compared.
  if (def.migrate !== undefined && ctx) out.migrate = def.migrate as Json;
  return sortKeys(defined(out.lookup === undefined ? out : lookupKept(out)));
}

/**
 * A lookup field as the service keeps it: only its label, noLabel, required and lookup (platform
 * LOOKUP_FIELD_KEYS; `code` is the key here), so other properties never show as a change.
 */
function lookupKept(field: Record<string, Json | undefined>): Record<string, Json | undefined> {
  return Object.fromEntries(
    Object.entries(field).filter(
      ([key]) => LOOKUP_FIELD_KEYS.includes(key) || key === 'renamedFrom' || key === 'migrate',
    ),
  );
}

/** Every field of a manifest's `fields` or of the service's `properties`. */
export function canonicalFields(
  defs: Readonly<Record<string, unknown>>,
  ctx: ResolveContext | null,
): FieldsCanonical {
  const out: FieldsCanonical = {};
  for (const code of Object.keys(defs).sort()) out[code] = canonicalField(asRecord(defs[code]), ctx);
  return out;
}

function property(type: FieldType, key: string, value: unknown, ctx: ResolveContext | null): Json {
  switch (key) {
    case 'options':
      return canonicalOptions(value);
    case 'lookup':
      return canonicalLookup(value, ctx);
    case 'referenceTable':
      return canonicalReferenceTable(value, ctx);
    case 'fields':
      return canonicalFields(asRecord(value), ctx);
    case 'entities':
      return asList(value).map(entity);
    case 'defaultValue':
      return defaultValue(type, value);
    default:
      if (NUMERIC_STRING_PROPERTIES.has(key)) return numeric(value);
      return value as Json;
  }
}

/** A default value: a list for multi-choice and selection fields, a string otherwise. */
function defaultValue(type: FieldType, value: unknown): Json {
  if (SELECTION_FIELD_TYPES.has(type))
    return asList(value).map((v) => {
      const e = asRecord(v);
      return { type: text(e.type), code: text(e.code) };
    });
  if (Array.isArray(value)) return value.map((v) => numeric(v));
  return numeric(value);
}

function canonicalOptions(value: unknown): JsonObject {
  const items: Record<string, JsonObject> = {};
  for (const [name, given] of Object.entries(asRecord(value))) {
    const option = asRecord(given);
    items[name] = defined({
      label: text(option.label, name),
      index: option.index === undefined ? undefined : numeric(option.index),
    });
  }
  return orderByIndex(items);
}

function canonicalLookup(value: unknown, ctx: ResolveContext | null): JsonObject {
  const l = asRecord(value);
  return {
    relatedApp: appRef(l.relatedApp, ctx),
    relatedKeyField: text(l.relatedKeyField),
    fieldMappings: asList(l.fieldMappings).map(pair),
    lookupPickerFields: asList(l.lookupPickerFields).map((f) => text(f)),
    filterCond: text(l.filterCond),
    sort: text(l.sort),
  };
}

function canonicalReferenceTable(value: unknown, ctx: ResolveContext | null): JsonObject {
  const r = asRecord(value);
  return {
    relatedApp: appRef(r.relatedApp, ctx),
    condition: pair(r.condition),
    filterCond: text(r.filterCond),
    displayFields: asList(r.displayFields).map((f) => text(f)),
    sort: text(r.sort),
    size: numeric(r.size, '5'),
  };
}

function pair(value: unknown): JsonObject {
  const p = asRecord(value);
  return { field: text(p.field), relatedField: text(p.relatedField) };
}

/** The field without the manifest's hints: what the service will hold once it is written. */
export function withoutHints(field: JsonObject): JsonObject {
  if (
    !('renamedFrom' in field) &&
    !('migrate' in field) &&
    !(field.fields && typeof field.fields === 'object')
  )
    return field;
  const { renamedFrom: _hint, migrate: _migrate, ...rest } = field;
  if (
    rest.type === 'SUBTABLE' &&
    rest.fields &&
    typeof rest.fields === 'object' &&
    !Array.isArray(rest.fields)
  )
    rest.fields = Object.fromEntries(
      Object.entries(rest.fields).map(([code, inner]) => [code, withoutHints(asRecord(inner))]),
    );
  return rest;
}
