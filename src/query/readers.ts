// Reading stored values, once per record and field, into keys the compiled tests compare:
// strings ('' when empty) for text, dates and times; numbers (NaN when empty) for numbers.
// Date-times become `YYYY-MM-DDTHH:MM:SSZ`, which sorts as text; the stored form already is that,
// so the common case costs a length check and no parsing.
import { formatInstant } from './dates.js';
import type { Domain } from './field-types.js';

export type ScalarDomain = Extract<
  Domain,
  'text' | 'choice' | 'number' | 'recordNumber' | 'date' | 'datetime' | 'time'
>;

export function textKey(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : '';
}

export function numberKey(value: unknown): number {
  if (typeof value === 'string') return value === '' ? NaN : Number(value);
  return typeof value === 'number' ? value : NaN;
}

/** A record number reads "12" or, with an app code, "APP-12": the trailing digits count. */
export function recordNumberKey(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return NaN;
  const match = /(\d+)$/u.exec(value);
  return match ? Number(match[1]) : NaN;
}

export function instantKey(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  if (value.length === 20 && value.charCodeAt(19) === 90 /* Z */) return value;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? '' : formatInstant(ms);
}

export function timeKey(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 5) : '';
}

export function dateKey(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The reader of a scalar domain's values, and whether its keys are numbers. */
export interface ScalarReader {
  read: (value: unknown) => string | number;
  numeric: boolean;
}

/** Each scalar domain's reader: a table, so that every domain has one. */
const SCALAR_READERS: Readonly<Record<ScalarDomain, ScalarReader>> = {
  text: { read: textKey, numeric: false },
  choice: { read: textKey, numeric: false },
  number: { read: numberKey, numeric: true },
  recordNumber: { read: recordNumberKey, numeric: true },
  date: { read: dateKey, numeric: false },
  datetime: { read: instantKey, numeric: false },
  time: { read: timeKey, numeric: false },
};

export function scalarReader(domain: ScalarDomain): ScalarReader {
  return SCALAR_READERS[domain];
}

/** Codes of a user, organization or group value: `{code}` or an array of them. */
export function entityCodes(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((item) => codeOf(item)).filter((code) => code !== '');
  const code = codeOf(value);
  return code === '' ? [] : [code];
}

function codeOf(item: unknown): string {
  if (typeof item !== 'object' || item === null) return '';
  const code = (item as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
}

export function stringArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** File names of a FILE value. */
export function fileNames(value: unknown): string[] {
  return stringArray(value).map((file) => {
    const name = typeof file === 'object' && file !== null ? (file as { name?: unknown }).name : undefined;
    return typeof name === 'string' ? name : '';
  });
}
