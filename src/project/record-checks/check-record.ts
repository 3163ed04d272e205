/**
 * One record of a record file against its app's manifest: unknown field codes (did you mean),
 * values of the wrong type, options that do not exist, required fields left empty, fields the
 * service fills in. Values are read as their plain forms (platform/record-values.ts).
 */
import { resolve } from 'node:path';
import {
  fieldContext,
  PLAIN_VALUES,
  plainToWrite,
  type PlainContext,
  type WriteValue,
} from '../../platform/record-values.js';
import type { FieldManifest, MemberFieldManifest } from '../manifest.js';
import { formatPath, problem, type Path, type Problem } from '../problems.js';
import { suggest } from '../suggest.js';
import { digitsLost } from './number-literal.js';
import { numberLimit, textLimit } from './limits.js';
import { fileInAnyForm } from './file-name-forms.js';
import { isMap } from '../well-formed.js';
import type { CheckedApp } from '../checks/context.js';
import type { RecordSource } from './source.js';
import { afterMigrationHint, oldShapeWhy, writtenFor } from './old-shape.js';

/** A checked record's field values as writes, by code (top-level fields only), for keys and lookups. */
export type CheckedValues = Map<string, WriteValue>;

export class RecordChecker {
  readonly problems: Problem[] = [];
  /** Fields the app's lookups fill in (their fieldMappings' `field`): the service copies them. */
  private readonly copied: Map<string, string>;

  constructor(
    private readonly app: CheckedApp,
    private readonly source: RecordSource,
    /** The record file's folder, which attachments' paths are relative to (null: not checked). */
    private readonly folder: string | null = null,
    /** The environment's time zone, where a date written for a DATETIME field is its midnight. */
    private readonly context: PlainContext = {},
  ) {
    this.copied = lookupCopies(app.manifest.fields ?? {});
  }

  report(code: string, message: string, path: Path, hint?: string, at: 'key' | 'value' = 'value'): void {
    const where = this.source.locate(path, at);
    // A CSV column's problem is its header cell's, said once for every row (sortProblems drops repeats).
    const shown = formatPath(this.source.csv && at === 'key' ? path.slice(1) : path);
    this.problems.push(problem(code, `${shown}: ${message}`, where, { hint, path }));
  }

  /** A mistake of the CSV file's header (a column it lacks): once, however many rows it concerns. */
  reportHeader(code: string, message: string, hint: string): void {
    this.problems.push(problem(code, message, this.source.locate([], 'key'), { hint, path: [] }));
  }

  /** The record's values by code (those that convert), or null when it is not a map. */
  check(record: unknown, index: number): CheckedValues | null {
    if (!isMap(record)) {
      this.report(
        'RECORDS.NOT_A_RECORD',
        'a record is a map of field codes to values',
        [index],
        'Write `field: value` lines under the `-`.',
      );
      return null;
    }
    const values: CheckedValues = new Map();
    for (const [code, value] of Object.entries(record)) {
      const write = this.checkField(code, value, [index, code], null);
      if (write !== undefined) values.set(code, write);
    }
    this.checkRequired(record, [index], this.app.manifest.fields ?? {});
    return values;
  }

  private checkField(
    code: string,
    value: unknown,
    path: Path,
    table: { code: string; columns: Record<string, MemberFieldManifest> } | null,
  ): WriteValue | undefined {
    const field = table ? table.columns[code] : this.app.manifest.fields?.[code];
    if (field) return this.checkValue(code, field, value, path);
    if (table && this.app.manifest.fields?.[code]) return this.outOfTable(code, path, table.code);
    if (table) return this.unknown(code, path, table);
    const info = this.app.index?.lookup(code) ?? 'unchecked';
    // A field whose definition failed the schema: the manifest's own problem says so.
    if (info === 'unchecked') return undefined;
    if (info === 'missing') return this.unknown(code, path, null);
    if (info.subtable !== null) {
      const write = `Write it in the rows of ${info.subtable}: \`${info.subtable}: [{ ${code}: ... }]\`.`;
      this.report(
        'RECORDS.COLUMN_OUTSIDE',
        `"${code}" is a column of the table "${info.subtable}" (if it moved into the table in the manifest, the record file still holds it where it was)`,
        path,
        afterMigrationHint(write, this.app.key),
        'key',
      );
      return undefined;
    }
    // A system field the manifest does not declare (the index knows it by its default code).
    return this.checkValue(code, { type: info.type, label: code } as FieldManifest, value, path);
  }

  /** A table's cell whose code is a top-level field: the field moved out of the table. */
  private outOfTable(code: string, path: Path, table: string): undefined {
    this.report(
      'RECORDS.UNKNOWN_FIELD',
      `no field "${code}" in the table "${table}": "${code}" is a field outside the table (if it moved out of the table in the manifest, the record file still holds it in the rows)`,
      path,
      afterMigrationHint(`Write it beside "${table}" in the record: \`${code}: ...\`.`, this.app.key),
      'key',
    );
    return undefined;
  }

  private unknown(
    code: string,
    path: Path,
    table: { code: string; columns: Record<string, unknown> } | null,
  ): undefined {
    const known = Object.keys(table ? table.columns : (this.app.manifest.fields ?? {}));
    const where = table ? `the table "${table.code}"` : `app "${this.app.key}"`;
    this.report('RECORDS.UNKNOWN_FIELD', `no field "${code}" in ${where}`, path, suggest(code, known), 'key');
    return undefined;
  }

  private checkValue(code: string, field: FieldManifest, value: unknown, path: Path): WriteValue | undefined {
    const form = PLAIN_VALUES[field.type];
    const copiedBy = this.copied.get(code);
    if (form.shape === 'none' || copiedBy !== undefined) {
      const why =
        copiedBy !== undefined
          ? `the lookup "${copiedBy}" copies it from the other app`
          : form.written.replace(/^not written: /, '');
      this.report(
        'RECORDS.NOT_WRITABLE',
        `"${code}" (${field.type}) is not written: ${why}`,
        path,
        'Leave it out of the record file.',
        'key',
      );
      return undefined;
    }
    if (form.shape === 'table') return this.checkTable(code, field, value, path);
    const context = fieldContext(field, this.context);
    const converted = plainToWrite(form.shape, value, this.source.csv, context);
    if (!converted.ok || this.numberAsOtherText(form.shape, value, path)) {
      const expected = converted.ok ? 'a string (quote it)' : converted.expected;
      // A number whose literal is not its text is to be quoted as meant: no other type's value.
      const old = converted.ok ? null : writtenFor(value, form.shape, this.source.csv);
      this.report(
        'RECORDS.TYPE',
        `${field.type} "${code}" takes ${expected}, not ${describe(value)}${old === null ? '' : oldShapeWhy(code, old)}`,
        path,
        old === null ? `Write ${form.written}.` : afterMigrationHint(`Write ${form.written}.`, this.app.key),
      );
      return undefined;
    }
    const lost = form.shape === 'number' && typeof value === 'number' && this.checkDigits(code, value, path);
    if (!lost && (form.shape === 'text' || form.shape === 'number'))
      this.checkLimits(code, field, converted.value as string, path);
    if (form.shape === 'option' || form.shape === 'options')
      this.checkOptions(code, field, converted.value as string | string[], path, Array.isArray(value));
    if (form.shape === 'files') this.checkAttachments(converted.value as { path: string }[], value, path);
    return converted.value;
  }

  /**
   * A number written for a text field is taken as its text only where that text is the literal
   * written (`3`, `12.5`): YAML reads `0123` as 123 and `1.50` as 1.5, and the text meant is then
   * lost, so those are to be quoted. (An alias, whose literal is elsewhere, is quoted too.)
   */
  private numberAsOtherText(shape: string, value: unknown, path: Path): boolean {
    if (shape !== 'text' || typeof value !== 'number') return false;
    return this.source.literal?.(path)?.trim() !== String(value);
  }

  /** A number literal read with fewer digits than written (number-literal.ts) would be seeded changed. */
  private checkDigits(code: string, value: number, path: Path): boolean {
    const literal = this.source.literal?.(path);
    if (literal === undefined || !digitsLost(literal, value)) return false;
    this.report(
      'RECORDS.TYPE',
      `NUMBER "${code}": ${literal.trim()} has more digits than a YAML or JSON number keeps (it reads as ${value})`,
      path,
      `Quote it to keep every digit: "${literal.trim()}".`,
    );
    return true;
  }

  /**
   * A text within its field's lengths, a number within its range and the app's digits
   * (limits.ts): the platform refuses the others, or rounds them. An empty text is checked too
   * where the field has a minLength (platform-facts-verified: minLength is checked on "" too),
   * unless it is required, which says so already.
   */
  private checkLimits(code: string, field: FieldManifest, value: string, path: Path): void {
    const props = field as unknown as Readonly<Record<string, unknown>>;
    if (value === '' && props.required === true) return;
    const found =
      field.type === 'NUMBER'
        ? value === ''
          ? null
          : numberLimit(props, value, this.app.manifest.numberPrecision)
        : textLimit(props, value);
    if (!found) return;
    const shown = JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
    this.report(
      'RECORDS.LIMIT',
      `${field.type} "${code}" cannot hold ${shown}: ${found.reason}`,
      path,
      found.hint,
    );
  }

  /**
   * Each attachment's file is there, relative to the record file: seed uploads it from there, and
   * a path that names nothing would stop the seed after its plan was shown, with no line to fix.
   */
  private checkAttachments(files: readonly { path: string }[], value: unknown, path: Path): void {
    if (this.folder === null) return;
    for (const [i, file] of files.entries()) {
      if (fileInAnyForm(resolve(this.folder, file.path)) !== null) continue;
      // At the path's own value in YAML and JSON (an item of a list, or the one map); a CSV cell.
      const at = this.source.csv ? path : Array.isArray(value) ? [...path, i, 'path'] : [...path, 'path'];
      this.report(
        'RECORDS.ATTACHMENT',
        `no file ${file.path} (relative to the record file's folder)`,
        at,
        'Put the file there, or correct its path: it is relative to the folder of the record file.',
      );
    }
  }

  private checkOptions(
    code: string,
    field: FieldManifest,
    chosen: string | string[],
    path: Path,
    /** Written as a list: each name is located as its item. */
    listed: boolean,
  ): void {
    const options = Object.keys((field as { options?: Record<string, unknown> }).options ?? {});
    const list = Array.isArray(chosen) ? chosen : chosen === '' ? [] : [chosen];
    for (const [i, name] of list.entries()) {
      if (options.includes(name)) continue;
      const at = listed ? [...path, i] : path;
      this.report('RECORDS.OPTION', `"${name}" is not an option of "${code}"`, at, suggest(name, options));
    }
  }

  private checkTable(code: string, field: FieldManifest, value: unknown, path: Path): WriteValue | undefined {
    if (this.source.csv) {
      this.report(
        'RECORDS.TABLE_IN_CSV',
        `the table "${code}" cannot be written in a CSV cell`,
        path,
        'Keep records with tables in a YAML or JSON file.',
        'key',
      );
      return undefined;
    }
    if (value === null || value === undefined) return [];
    if (!Array.isArray(value)) {
      this.report(
        'RECORDS.TYPE',
        `SUBTABLE "${code}" takes a list of rows, not ${describe(value)}`,
        path,
        `Write ${PLAIN_VALUES.SUBTABLE.written}.`,
      );
      return undefined;
    }
    const columns = (field as { fields?: Record<string, MemberFieldManifest> }).fields ?? {};
    for (const [i, row] of value.entries()) {
      if (!isMap(row)) {
        this.report(
          'RECORDS.TYPE',
          `a row of "${code}" is a map of column codes to values, not ${describe(row)}`,
          [...path, i],
        );
        continue;
      }
      for (const [column, cell] of Object.entries(row))
        this.checkField(column, cell, [...path, i, column], { code, columns });
      this.checkRequired(row, [...path, i], columns);
    }
    return [];
  }

  private checkRequired(
    record: Record<string, unknown>,
    path: Path,
    fields: Record<string, FieldManifest>,
  ): void {
    for (const [code, field] of Object.entries(fields)) {
      if (!(field as { required?: boolean }).required || this.copied.has(code)) continue;
      const shape = PLAIN_VALUES[field.type].shape;
      if (shape === 'none') continue;
      const value = record[code];
      const context = fieldContext(field, this.context);
      const converted = value === undefined ? null : plainToWrite(shape, value, this.source.csv, context);
      if (converted !== null && !(converted.ok && converted.empty)) continue;
      // A column the CSV header lacks is missing from every row: said once, at the header.
      if (this.source.csv && value === undefined) {
        this.reportHeader(
          'RECORDS.REQUIRED',
          `the header has no column "${code}", a required field: every record lacks it`,
          `Add a column "${code}" to the header (check its spelling), with a value in every row.`,
        );
        continue;
      }
      this.report(
        'RECORDS.REQUIRED',
        `the required field "${code}" is ${value === undefined ? 'missing' : 'empty'}`,
        value === undefined ? path : [...path, code],
        `Give "${code}" a value: ${PLAIN_VALUES[field.type].written}.`,
      );
    }
  }
}

/**
 * Field code -> the lookup field that fills it (fieldMappings' `field`), top level and in tables.
 * A value written to such a field is ignored: the lookup's copy overwrites it (SonicGarden/
 * kintone-emulator's lookup tests, checked against kintone: "コピー先フィールドへの直接送信は
 * 無視される（ルックアップ結果で上書き）"), so a record file that gives one says what never lands.
 */
export function lookupCopies(fields: Record<string, FieldManifest>): Map<string, string> {
  const copied = new Map<string, string>();
  const visit = (all: Record<string, FieldManifest>) => {
    for (const [code, field] of Object.entries(all)) {
      const lookup = (field as { lookup?: { fieldMappings?: { field: string }[] } }).lookup;
      for (const mapping of lookup?.fieldMappings ?? []) copied.set(mapping.field, code);
      if (field.type === 'SUBTABLE') visit(field.fields);
    }
  };
  visit(fields);
  return copied;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string')
    return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)}`;
  return `${typeof value} ${JSON.stringify(value) ?? String(typeof value)}`;
}
