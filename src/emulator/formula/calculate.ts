import { FormulaError, parseFormula, type Formula } from './parse.js';
import { evaluateFormula, type Operand, type Resolver } from './evaluate.js';
import { operand } from './operands.js';
import {
  NO_VALUE,
  numberText,
  storedCalc,
  storedText,
  type Computed,
  type NumberPrecision,
} from './stored.js';
import {
  isComputedField,
  text,
  typeOf,
  type FieldValue,
  type StoredRecord,
  type SubtableRow,
} from '../records/model.js';
import type { Json, JsonObject } from '../model/app.js';

export type { NumberPrecision } from './stored.js';

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

/** Computes the formula fields of one record (see `calculator`). */
export type Calculator = (record: StoredRecord) => StoredRecord;

/**
 * Gives each record it is handed with every formula field computed from its `expression`: CALC
 * fields, and single-line text fields with an expression (whatever a write sent for those is
 * replaced), top level and in table rows (a row's formula sees that row's cells; SUM(column)
 * adds a column over the rows, CONTAINS(column, x) looks at every row). See `storedCalc` and
 * `storedText` for the stored values. A formula the emulator cannot evaluate (outside the
 * supported subset, division by zero, an empty date, a cycle) leaves the field empty.
 *
 * The caller stamps the system fields first, so a formula on the created or updated time sees
 * the time of this write.
 *
 * What depends only on the form (the table layout, which fields have formulas, the parsed
 * formulas) is worked out once per calculator, so a batch of 100 records parses each formula once.
 */
export function calculator(fields: Record<string, JsonObject>, precision: NumberPrecision): Calculator {
  const tables = Object.entries(fields)
    .filter(([, f]) => typeOf(f) === 'SUBTABLE')
    .map(([table, def]) => ({
      table,
      inner: Object.entries((def.fields ?? {}) as Record<string, JsonObject>),
    }));
  const innerOf = new Map<string, { table: string; field: JsonObject }>();
  for (const { table, inner } of tables)
    for (const [code, field] of inner) innerOf.set(code, { table, field });
  const topComputed = Object.entries(fields).filter(([, f]) => isComputedField(f));
  const tableComputed = tables
    .map(({ table, inner }) => ({ table, computed: inner.filter(([, f]) => isComputedField(f)) }))
    .filter((t) => t.computed.length > 0);
  if (topComputed.length === 0 && tableComputed.length === 0) return (record) => record;

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
  const asText = numberText(precision);
  const store = (field: JsonObject, result: Operand): Computed => {
    if (typeof result === 'object') throw new FormulaError('options can only be used inside CONTAINS()');
    return typeOf(field) === 'CALC'
      ? storedCalc(result, text(field.format), precision)
      : storedText(result, precision);
  };

  return (record) => {
    const rowsOf = (table: string): readonly SubtableRow[] =>
      Array.isArray(record[table]?.value) ? (record[table].value as unknown as SubtableRow[]) : [];
    const computed = new Map<string, Computed>();
    const running = new Set<string>();
    /** One formula field's result (`key` names it, `row` is its row's index for a table field). */
    const calculate = (
      key: string,
      field: JsonObject,
      row: { table: string; index: number } | null,
    ): Computed => {
      const done = computed.get(key);
      if (done !== undefined) return done;
      if (running.has(key)) return NO_VALUE;
      running.add(key);
      let result = NO_VALUE;
      try {
        result = store(field, evaluateFormula(formulaOf(field), resolver(row), { numberText: asText }));
      } catch (error) {
        if (!(error instanceof FormulaError)) throw error;
      }
      running.delete(key);
      computed.set(key, result);
      return result;
    };
    const cell = (table: string, index: number, code: string): Operand => {
      const field = innerOf.get(code)!.field;
      if (isComputedField(field))
        return operandOf(calculate(`${table}[${index}].${code}`, field, { table, index }));
      return operand(typeOf(field), rowsOf(table)[index]?.value[code]?.value);
    };
    const resolver =
      (row: { table: string; index: number } | null): Resolver =>
      (code) => {
        const inner = innerOf.get(code);
        if (row && inner?.table === row.table) return cell(row.table, row.index, code);
        const field = fields[code];
        if (field && isComputedField(field)) return operandOf(calculate(code, field, null));
        if (field && typeOf(field) !== 'SUBTABLE') return operand(typeOf(field), record[code]?.value);
        if (inner) return { column: rowsOf(inner.table).map((_, i) => cell(inner.table, i, code)) };
        throw new FormulaError(`"${code}" is not a field of the app`);
      };

    const next: Record<string, FieldValue> = { ...record };
    for (const [code, field] of topComputed)
      next[code] = { type: typeOf(field), value: calculate(code, field, null).stored };
    for (const { table, computed: inTable } of tableComputed) {
      if (!record[table]) continue;
      const rows = rowsOf(table).map((row, index) => {
        const cells: Record<string, FieldValue> = { ...row.value };
        for (const [code, field] of inTable)
          cells[code] = {
            type: typeOf(field),
            value: calculate(`${table}[${index}].${code}`, field, { table, index }).stored,
          };
        return { id: row.id, value: cells };
      });
      next[table] = { type: 'SUBTABLE', value: rows as unknown as Json };
    }
    return next;
  };
}

/** A formula field as an operand: one without a value leaves the formula naming it without one. */
function operandOf(result: Computed): Operand {
  if (result.operand === null) throw new FormulaError('a formula field it uses has no value');
  return result.operand;
}
