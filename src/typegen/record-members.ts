/**
 * The members of the record types: one field as read (`{ type, value }`) or as written
 * (`{ value }`), subtables as rows of their columns, the same writer for both.
 */
import type { FieldType } from '../platform/index.js';
import type { FieldManifest, OptionsSetting } from '../project/index.js';
import { literal, objectLines, propertyName } from './text.js';
import { addOnlyValue, readValue, writeValue, type Narrowing } from './value-shapes.js';

/**
 * `read`: a record as returned; `write`: what an add and an update both set; `add`: only the
 * fields an add sets and an update does not (laid over `write`'s by the module).
 */
export type Mode = 'read' | 'write' | 'add';

/** A field of the record; `manifest` is null for a system field the manifest does not declare. */
export interface MemberField {
  code: string;
  type: FieldType;
  manifest: FieldManifest | null;
  /** Left out of some records: `?` on the read record (every member of the written one has it). */
  optional: boolean;
}

/** What the module knows beyond the field. */
export interface MemberContext {
  /** Whether `Status` names the process's statuses. */
  processManaged: boolean;
  /** The codes a lookup fills (its `fieldMappings`' `field`s): a write cannot set them. */
  copied: ReadonlySet<string>;
}

export function optionsOf(field: FieldManifest): OptionsSetting | null {
  return 'options' in field ? field.options : null;
}

/** The lines of one member, at `indent`; none for a field the mode has no value for. */
export function memberLines(
  mode: Mode,
  indent: string,
  field: MemberField,
  context: MemberContext,
): string[] {
  const optional = mode !== 'read' || field.optional;
  const head = `${indent}${propertyName(field.code)}${optional ? '?' : ''}: `;
  if (mode === 'add') {
    const value = addOnlyValue(field.type);
    return value === null ? [] : objectLines(head, [`value: ${value}`], ';', indent);
  }
  if (field.manifest?.type === 'SUBTABLE') {
    const columns = Object.entries(field.manifest.fields).flatMap(([code, column]) =>
      memberLines(
        mode,
        `${indent}      `,
        { code, type: column.type, manifest: column, optional: false },
        context,
      ),
    );
    return [
      `${head}{`,
      ...(mode === 'read' ? [`${indent}  type: 'SUBTABLE';`] : []),
      `${indent}  value: {`,
      // To write, a row without `id` is a new one; with it, the row it names is kept (spec "Record").
      `${indent}    ${mode === 'read' ? 'id: string;' : 'id?: string | number;'}`,
      `${indent}    value: {`,
      ...columns,
      `${indent}    };`,
      `${indent}  }[];`,
      `${indent}};`,
    ];
  }
  const narrowing = narrowingOf(field, context);
  if (mode === 'read') {
    const value = readValue(field.type, narrowing);
    return value === null
      ? []
      : objectLines(head, [`type: ${literal(field.type)}`, `value: ${value}`], ';', indent);
  }
  const value = writeIgnores(field, context) ? null : writeValue(field.type, narrowing);
  return value === null ? [] : objectLines(head, [`value: ${value}`], ';', indent);
}

function narrowingOf(field: MemberField, context: MemberContext): Narrowing {
  if (field.manifest && optionsOf(field.manifest) !== null)
    return { choices: `Options[${literal(field.code)}]` };
  if (field.type === 'STATUS' && context.processManaged) return { choices: 'Status' };
  return {};
}

/**
 * What a write sends for these is ignored: a single-line text with an `expression` calculates
 * itself (platform-facts-verified "Calculated values"; the local service does the same,
 * records/compose.ts), and a lookup fills the fields it copies into, on add and on update
 * (platform-facts-verified "Lookups": "values sent for them are ignored").
 */
function writeIgnores(field: MemberField, context: MemberContext): boolean {
  if (context.copied.has(field.code)) return true;
  const manifest = field.manifest;
  return (
    manifest?.type === 'SINGLE_LINE_TEXT' && 'expression' in manifest && (manifest.expression ?? '') !== ''
  );
}
