// Stored field values as formula operands, as the platform computes with them.
import { FormulaError } from './parse.js';
import { toNumber, type Operand } from './evaluate.js';
import type { Json } from '../model/app.js';

const SECOND = 1000;

/**
 * A stored field value as a formula operand: numbers as numbers, text as text, dates and
 * date-times as seconds since 1970-01-01 UTC and times as seconds since midnight, check boxes
 * and multi-selects as their chosen options (for CONTAINS). An empty number is "": it counts as 0
 * in arithmetic and joins as nothing with `&`, as the platform's help says. An empty date or time
 * leaves the formula without a value.
 */
export function operand(type: string, value: Json | undefined): Operand {
  const read = Object.hasOwn(OPERANDS, type) ? OPERANDS[type] : undefined;
  if (!read) throw new FormulaError(`fields of type ${type} cannot be used in a formula here`);
  return read(value, type);
}

type OperandOf = (value: Json | undefined, type: string) => Operand;

const text: OperandOf = (value) => (typeof value === 'string' ? value : '');

const choices: OperandOf = (value) => ({
  choices: Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [],
});

const seconds: OperandOf = (value, type) => {
  const ms = typeof value === 'string' && value !== '' ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) throw new FormulaError(`a ${type} field it uses is empty`);
  return ms / SECOND;
};

const timeOfDay: OperandOf = (value) => {
  const match = typeof value === 'string' ? /^(\d{2}):(\d{2})/u.exec(value) : null;
  if (!match) throw new FormulaError('a TIME field it uses is empty');
  return Number(match[1]) * 3600 + Number(match[2]) * 60;
};

/** The field types a formula may read, and how each reads as an operand. */
const OPERANDS: Readonly<Record<string, OperandOf>> = {
  NUMBER: (value) => (typeof value === 'string' && value !== '' ? toNumber(value) : ''),
  SINGLE_LINE_TEXT: text,
  LINK: text,
  DROP_DOWN: text,
  RADIO_BUTTON: text,
  CHECK_BOX: choices,
  MULTI_SELECT: choices,
  DATE: seconds,
  DATETIME: seconds,
  CREATED_TIME: seconds,
  UPDATED_TIME: seconds,
  TIME: timeOfDay,
};
