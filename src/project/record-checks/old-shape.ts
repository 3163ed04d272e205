/**
 * What a value a field refuses was written for, where it fits another type's plain form: the
 * record file was written (or exported) before the field's type changed in the manifest, or
 * before the field moved into or out of a table (docs/migrations.md). Said beside the problem
 * with what to do: write the value in the new shape, or let `export --records` write the file
 * anew from the records the migration converted. Plain text fits too many types to say so.
 */
import { plainToWrite, type PlainShape } from '../../platform/record-values.js';
import { appdeployCommand } from '../next-command.js';

/** The shapes a value is recognised by, most particular first, as a person names their types. */
const RECOGNISED: readonly [PlainShape, string][] = [
  ['datetime', 'a date and time (a DATETIME value)'],
  ['date', 'a date (a DATE value)'],
  ['time', 'a time of day (a TIME value)'],
  ['files', 'attachments (a FILE value)'],
  ['options', 'a list (a CHECK_BOX or MULTI_SELECT value)'],
];

/** `a date (a DATE value)` when the value fits a shape other than `shape`, else null. */
export function writtenFor(value: unknown, shape: PlainShape, csv: boolean): string | null {
  if (typeof value === 'number' && shape !== 'number') return 'a number (a NUMBER value)';
  if (Array.isArray(value) && value.length > 0 && value.every((row) => isRow(row)) && shape !== 'table')
    return 'rows (a SUBTABLE value)';
  for (const [other, words] of RECOGNISED) {
    if (other === shape) continue;
    // A list of one is an option alone: only a real list says it was written for several choices
    // (and any CSV cell reads as a list, or as a file's path: only its dates and times tell).
    if ((other === 'options' || other === 'files') && (csv || !Array.isArray(value))) continue;
    const converted = plainToWrite(other, value, csv);
    if (converted.ok && !converted.empty) return words;
  }
  return null;
}

function isRow(row: unknown): boolean {
  return typeof row === 'object' && row !== null && !Array.isArray(row) && !('path' in row);
}

/** Why a value of another type is there, for the end of a problem's message. */
export function oldShapeWhy(code: string, writtenAsWords: string): string {
  return ` (written as ${writtenAsWords}: if "${code}" changed type in the manifest, the record file still holds a value of its old type)`;
}

/** What to do about a record file written before a migration of its app's fields. */
export function afterMigrationHint(write: string, app: string): string {
  return (
    `${write} Or, once \`${appdeployCommand(undefined, 'apply')}\` has migrated the field, write the record file anew ` +
    `from the converted records: \`${appdeployCommand(undefined, 'export', `--records --app ${app}`)}\` (add --env NAME).`
  );
}
