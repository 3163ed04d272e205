import { FormulaError, parseFormula, type Formula } from './parse.js';
import { evaluateFormula, toNumber, type Resolver, type Value } from './evaluate.js';
import { decimalText, roundTo, type RoundingMode } from './rounding.js';
import { text, typeOf, type FieldValue, type StoredRecord, type SubtableRow } from '../model.js';
import type { Json, JsonObject } from '../../model/app.js';

/** The app's "number precision" general setting: how many decimal places are kept, and how rounded. */
export interface NumberPrecision {
  readonly decimalPlaces: number;
  readonly roundingMode: RoundingMode;
}

/** The precision from the live general settings (the platform's default: 4 places, HALF_EVEN). */
export function precisionOf(general: JsonObject): NumberPrecision {
  const setting = (general.numberPrecision ?? {}) as { decimalPlaces?: unknown; roundingMode?: unknown };
  const places = Number(setting.decimalPlaces ?? 4);
  const mode = setting.roundingMode;
  return {
    decimalPlaces: Number.isInteger(places) && places >= 0 ? places : 4,
    roundingMode: mode === 'UP' || mode === 'DOWN' ? mode : 'HALF_EVEN',
  };
}

/** Computes the CALC fields of one record (see `calculator`). */
export type Calculator = (record: StoredRecord) => StoredRecord;

/**
 * Gives each record it is handed with every CALC field computed from its `expression`, top level and in table rows
 * (a row's formula sees that row's cells; SUM(column) adds a column over the rows). The value is
 * kept at the app's number precision; `format` and `displayScale` only change how the platform
 * displays it. A formula the emulator cannot evaluate (outside the supported subset, division by
 * zero, an empty date, a cycle) leaves the field empty.
 *
 * What depends only on the form (the table layout, which fields are CALC, the parsed formulas)
 * is worked out once per calculator, so a batch of 100 records parses each formula once.
 */
export function calculator(fields: Record<string, JsonObject>, precision: NumberPrecision): Calculator {
  const isCalc = (f: JsonObject): boolean => typeOf(f) === 'CALC';
  const tables = Object.entries(fields)
    .filter(([, f]) => typeOf(f) === 'SUBTABLE')
    .map(([table, def]) => ({
      table,
      inner: Object.entries((def.fields ?? {}) as Record<string, JsonObject>),
    }));
  const innerOf = new Map<string, { table: string; field: JsonObject }>();
  for (const { table, inner } of tables)
    for (const [code, field] of inner) innerOf.set(code, { table, field });
  const topCalcs = Object.entries(fields).filter(([, f]) => isCalc(f));
  const tableCalcs = tables
    .map(({ table, inner }) => ({ table, calcs: inner.filter(([, f]) => isCalc(f)) }))
    .filter((t) => t.calcs.length > 0);
  if (topCalcs.length === 0 && tableCalcs.length === 0) return (record) => record;

  const parsed = new Map<string, Formula | FormulaError>();
  const formulaOf = (field: JsonObject): Formula => {
    const expression = text(field.expression);
    if (!parsed.has(expression)) {
      try {
        parsed.set(expression, parseFormula(expression));
      } catch (error) {
        if (!(error instanceof FormulaError)) throw error;
        parsed.set(expression, error);
      }
    }
    const found = parsed.get(expression)!;
    if (found instanceof FormulaError) throw found;
    return found;
  };

  return (record) => {
    const rowsOf = (table: string): readonly SubtableRow[] =>
      Array.isArray(record[table]?.value) ? (record[table].value as unknown as SubtableRow[]) : [];
    const computed = new Map<string, string>();
    const running = new Set<string>();
    /** The stored text of one CALC field (`key` names it, `row` is its row's index for a table field). */
    const calculate = (
      key: string,
      field: JsonObject,
      row: { table: string; index: number } | null,
    ): string => {
      const done = computed.get(key);
      if (done !== undefined) return done;
      if (running.has(key)) return '';
      running.add(key);
      let result = '';
      try {
        const n = toNumber(evaluateFormula(formulaOf(field), resolver(row)));
        if (Number.isFinite(n))
          result = decimalText(
            roundTo(n, precision.decimalPlaces, precision.roundingMode),
            precision.decimalPlaces,
          );
      } catch (error) {
        if (!(error instanceof FormulaError)) throw error;
      }
      running.delete(key);
      computed.set(key, result);
      return result;
    };
    const cell = (table: string, index: number, code: string): Value => {
      const field = innerOf.get(code)!.field;
      if (isCalc(field)) return calculated(calculate(`${table}[${index}].${code}`, field, { table, index }));
      return operand(typeOf(field), rowsOf(table)[index]?.value[code]?.value);
    };
    const resolver =
      (row: { table: string; index: number } | null): Resolver =>
      (code) => {
        const inner = innerOf.get(code);
        if (row && inner?.table === row.table) return cell(row.table, row.index, code);
        const field = fields[code];
        if (field && isCalc(field)) return calculated(calculate(code, field, null));
        if (field && typeOf(field) !== 'SUBTABLE') return operand(typeOf(field), record[code]?.value);
        if (inner) return { column: rowsOf(inner.table).map((_, i) => cell(inner.table, i, code)) };
        throw new FormulaError(`"${code}" is not a field of the app`);
      };

    const next: Record<string, FieldValue> = { ...record };
    for (const [code, field] of topCalcs) next[code] = { type: 'CALC', value: calculate(code, field, null) };
    for (const { table, calcs } of tableCalcs) {
      if (!record[table]) continue;
      const rows = rowsOf(table).map((row, index) => {
        const cells: Record<string, FieldValue> = { ...row.value };
        for (const [code, field] of calcs)
          cells[code] = {
            type: 'CALC',
            value: calculate(`${table}[${index}].${code}`, field, { table, index }),
          };
        return { id: row.id, value: cells };
      });
      next[table] = { type: 'SUBTABLE', value: rows as unknown as Json };
    }
    return next;
  };
}

/** Another CALC field's stored text as an operand: empty (it could not be computed) spreads. */
function calculated(stored: string): Value {
  if (stored === '') throw new FormulaError('a calculated field it uses has no value');
  return Number(stored);
}

const SECOND = 1000;

/**
 * A stored field value as a formula operand: numbers as numbers (empty is 0), text as text,
 * dates and date-times as seconds since 1970-01-01 UTC and times as seconds since midnight (an
 * empty one leaves the formula without a value), as the platform computes with them.
 */
function operand(type: string, value: Json | undefined): Value {
  switch (type) {
    case 'NUMBER':
      return typeof value === 'string' && value !== '' ? toNumber(value) : 0;
    case 'SINGLE_LINE_TEXT':
    case 'LINK':
    case 'DROP_DOWN':
    case 'RADIO_BUTTON':
      return typeof value === 'string' ? value : '';
    case 'DATE':
    case 'DATETIME':
    case 'CREATED_TIME':
    case 'UPDATED_TIME': {
      const ms = typeof value === 'string' && value !== '' ? Date.parse(value) : NaN;
      if (Number.isNaN(ms)) throw new FormulaError(`a ${type} field it uses is empty`);
      return ms / SECOND;
    }
    case 'TIME': {
      const match = typeof value === 'string' ? /^(\d{2}):(\d{2})/u.exec(value) : null;
      if (!match) throw new FormulaError('a TIME field it uses is empty');
      return Number(match[1]) * 3600 + Number(match[2]) * 60;
    }
    default:
      throw new FormulaError(`fields of type ${type} cannot be used in a formula here`);
  }
}
