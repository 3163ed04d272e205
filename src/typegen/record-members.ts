/**
 * The members of the record types: one field as read (`{ type, value }`) or as written
 * (`{ value }`), subtables as rows of their columns, the same writer for both.
 */
import type { FieldType } from '../platform/index.js';
import type { FieldManifest, OptionsSetting } from '../project/index.js';
import { literal, objectLines, propertyName } from './text.js';
import { readValue, writeValue, type Narrowing } from './value-shapes.js';

export type Mode = 'read' | 'write';

/** A field of the record; `manifest` is null for a system field the manifest does not declare. */
export interface MemberField {
  code: string;
  type: FieldType;
  manifest: FieldManifest | null;
  /** Left out of some records: `?` on the read record (every member of the written one has it). */
  optional: boolean;
}

/** What the module knows beyond the field: whether `Status` names the process's statuses. */
export interface MemberContext {
  processManaged: boolean;
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
  const optional = mode === 'write' || field.optional;
  const head = `${indent}${propertyName(field.code)}${optional ? '?' : ''}: `;
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
      `${indent}    ${mode === 'read' ? 'id: string;' : 'id?: string;'}`,
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
  const value = field.manifest && calculates(field.manifest) ? null : writeValue(field.type, narrowing);
  return value === null ? [] : objectLines(head, [`value: ${value}`], ';', indent);
}

function narrowingOf(field: MemberField, context: MemberContext): Narrowing {
  if (field.manifest && optionsOf(field.manifest) !== null)
    return { choices: `Options[${literal(field.code)}]` };
  if (field.type === 'STATUS' && context.processManaged) return { choices: 'Status' };
  return {};
}

/**
 * A single-line text with an `expression` calculates itself: what a write sends for it is ignored
 * (platform-facts-verified "Calculated values"; the local service does the same, records/compose.ts).
 */
function calculates(field: FieldManifest): boolean {
  return field.type === 'SINGLE_LINE_TEXT' && 'expression' in field && (field.expression ?? '') !== '';
}
