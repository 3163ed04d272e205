import type { AppManifest } from '../manifest.js';
import {
  SYSTEM_FIELD_CODES,
  SYSTEM_FIELD_TYPES,
  isSystemFieldType,
  type FieldType,
  type SystemFieldType,
} from '../../platform/index.js';
import type { Path, PathSegment } from '../problems.js';
import { isMap } from '../well-formed.js';

/** A field of an app as the checks see it: its type and, for subtable columns, its subtable. */
export interface FieldInfo {
  code: string;
  type: FieldType;
  subtable: string | null;
  /** Where it is defined; empty for a system field the manifest does not declare. */
  path: PathSegment[];
}

/** The codes a new app gives its system fields (in English, as the local service does), assumed when not declared. */
export const DEFAULT_SYSTEM_CODES: Readonly<Record<SystemFieldType, string>> = SYSTEM_FIELD_CODES.en;

export interface FieldIndex {
  fields: Map<string, FieldInfo>;
  /** Subtable columns whose code is already used elsewhere in the app. */
  duplicates: FieldInfo[];
  /**
   * What a reference to `code` finds: the field; 'missing' when the app has none by that code; or
   * 'unchecked' when its definition failed the schema (or it is a column of such a subtable): it
   * exists, so naming it is no mistake, but nothing more is known about it.
   */
  lookup(code: string): FieldInfo | 'missing' | 'unchecked';
}

/**
 * Every field of the app, subtable columns included (codes are unique across the whole app),
 * plus the system fields under the codes of the environment's language (`systemCodes`) unless
 * the manifest declares them. Null when
 * the manifest leaves `fields` out: then nothing can be said about field references.
 */
export function indexFields(
  manifest: AppManifest,
  unchecked: ReadonlySet<string> = new Set(),
  systemCodes: Readonly<Record<SystemFieldType, string>> = DEFAULT_SYSTEM_CODES,
): FieldIndex | null {
  if (manifest.fields === undefined) return null;
  const fields = new Map<string, FieldInfo>();
  const duplicates: FieldInfo[] = [];
  const add = (info: FieldInfo) => {
    if (fields.has(info.code)) duplicates.push(info);
    else fields.set(info.code, info);
  };
  const declaredSystem = new Set<string>();
  for (const [code, field] of Object.entries(manifest.fields)) {
    add({ code, type: field.type, subtable: null, path: ['fields', code] });
    if (isSystemFieldType(field.type)) declaredSystem.add(field.type);
  }
  for (const [code, field] of Object.entries(manifest.fields)) {
    if (field.type !== 'SUBTABLE') continue;
    for (const [member, def] of Object.entries(field.fields))
      add({ code: member, type: def.type, subtable: code, path: ['fields', code, 'fields', member] });
  }
  for (const type of SYSTEM_FIELD_TYPES) {
    const code = systemCodes[type];
    if (!declaredSystem.has(type) && !fields.has(code))
      fields.set(code, { code, type, subtable: null, path: [] });
  }
  const lookup = (code: string) => (unchecked.has(code) ? 'unchecked' : (fields.get(code) ?? 'missing'));
  return { fields, duplicates, lookup };
}

/**
 * The codes of the fields left out of a manifest for failing the schema (`dropped` as
 * wellFormedParts gives it), with the columns of such a subtable as far as they can be read.
 */
export function uncheckedFieldCodes(raw: unknown, dropped: readonly Path[]): Set<string> {
  const codes = new Set<string>();
  const fields = (raw as { fields?: unknown } | null)?.fields;
  for (const [area, code] of dropped) {
    if (area !== 'fields' || code === undefined || !isMap(fields)) continue;
    codes.add(String(code));
    const columns = (fields[code] as { fields?: unknown } | null)?.fields;
    if (isMap(columns)) for (const column of Object.keys(columns)) codes.add(column);
  }
  return codes;
}
