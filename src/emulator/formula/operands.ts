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
  switch (type) {
    case 'NUMBER':
      return typeof value === 'string' && value !== '' ? toNumber(value) : '';
    case 'SINGLE_LINE_TEXT':
    case 'LINK':
    case 'DROP_DOWN':
    case 'RADIO_BUTTON':
      return typeof value === 'string' ? value : '';
    case 'CHECK_BOX':
    case 'MULTI_SELECT':
      return { choices: Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [] };
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
