// Turns a value written in a query into what the evaluator compares against, for one field's
// domain, or says why it does not fit. The type check and the compiler share this, so what the
// check accepts is exactly what the compiler can run.
import type { Value } from './ast.js';
import {
  dayStart,
  formatDay,
  formatInstant,
  formatTime,
  functionDays,
  localDay,
  MINUTE_MS,
  parseDate,
  parseDateTime,
  parseTime,
} from './dates.js';
import type { Domain, FieldInfo, TypeSpec } from './field-types.js';
import type { QueryProblemCode } from './problems.js';

/** What a query runs relative to: the current instant, the calling user, the time zone. */
export interface QueryContext {
  readonly now: Date;
  /** Login name of the calling user, for LOGINUSER(). */
  readonly user: string;
  /** Code of the calling user's primary organization, for PRIMARY_ORGANIZATION(); none matches nothing. */
  readonly primaryOrganization?: string | null;
  /** Minutes east of UTC of the time zone that days are counted in (540 for Tokyo); default 0. */
  readonly timezoneOffsetMinutes?: number;
}

/**
 * A value ready to compare: `empty` is the `""` literal (matches an empty field); `text` and
 * `number` are exact values; `range` is a half-open range of sortable string keys (a day, a
 * month, a minute) for date, date-time and time fields; `none` matches nothing (a function with no
 * answer for this caller).
 */
export type Resolved =
  | { readonly kind: 'empty' }
  | { readonly kind: 'text'; readonly value: string }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'range'; readonly from: string; readonly to: string }
  | { readonly kind: 'none' };

export interface ValueProblem {
  readonly code: QueryProblemCode;
  readonly message: string;
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/u;

export function resolveValue(
  value: Value,
  code: string,
  field: FieldInfo,
  spec: TypeSpec,
  context: QueryContext,
): Resolved | ValueProblem {
  const offset = context.timezoneOffsetMinutes ?? 0;
  if (value.kind === 'function') {
    const { fn } = value;
    if (!spec.functions.includes(fn.name)) {
      const accepted =
        spec.functions.length > 0 ? `; it accepts ${spec.functions.map((f) => `${f}()`).join(', ')}` : '';
      return problem(
        'GAIA_IQ09',
        `The function ${fn.name}() cannot be used with "${code}" (${field.type})${accepted}.`,
      );
    }
    if (fn.name === 'LOGINUSER') return { kind: 'text', value: context.user };
    if (fn.name === 'PRIMARY_ORGANIZATION') {
      return context.primaryOrganization
        ? { kind: 'text', value: context.primaryOrganization }
        : { kind: 'none' };
    }
    if (fn.name === 'NOW') {
      const minute = Math.floor(context.now.getTime() / MINUTE_MS) * MINUTE_MS;
      return { kind: 'range', from: formatInstant(minute), to: formatInstant(minute + MINUTE_MS) };
    }
    const days = functionDays(fn, localDay(context.now.getTime(), offset));
    if (!days) return problem('GAIA_IQ09', `The function ${fn.name}() has no date value.`);
    return spec.domain === 'date'
      ? { kind: 'range', from: formatDay(days.from), to: formatDay(days.to) }
      : {
          kind: 'range',
          from: formatInstant(dayStart(days.from, offset)),
          to: formatInstant(dayStart(days.to, offset)),
        };
  }
  const text = value.text;
  if (text === '') return { kind: 'empty' };
  return resolveLiteral(text, code, field, spec.domain, offset);
}

function resolveLiteral(
  text: string,
  code: string,
  field: FieldInfo,
  domain: Domain,
  offset: number,
): Resolved | ValueProblem {
  const where = `"${code}" (${field.type})`;
  switch (domain) {
    case 'text':
    case 'entities':
    case 'files':
      return { kind: 'text', value: text };
    case 'choice':
    case 'choices':
      if (field.options && !field.options.includes(text)) {
        return problem(
          'GAIA_IQ10',
          `"${text}" is not an option of ${where}; its options are ${field.options.map((o) => `"${o}"`).join(', ')}.`,
        );
      }
      return { kind: 'text', value: text };
    case 'number':
    case 'recordNumber': {
      const trimmed = text.trim();
      if (!NUMERIC.test(trimmed))
        return problem('GAIA_IQ08', `${where} compares numbers, and "${text}" is not a number.`);
      return { kind: 'number', value: Number(trimmed) };
    }
    case 'date': {
      const day = parseDate(text);
      if (day === null)
        return problem('GAIA_IQ08', `${where} takes a date written YYYY-MM-DD, not "${text}".`);
      return { kind: 'range', from: formatDay(day), to: formatDay(day + 1) };
    }
    case 'datetime': {
      const day = parseDate(text);
      if (day !== null)
        return {
          kind: 'range',
          from: formatInstant(dayStart(day, offset)),
          to: formatInstant(dayStart(day + 1, offset)),
        };
      const instant = parseDateTime(text, offset);
      if (instant === null) {
        return problem(
          'GAIA_IQ08',
          `${where} takes a date (YYYY-MM-DD) or a date-time (YYYY-MM-DDTHH:MM:SSZ), not "${text}".`,
        );
      }
      const minute = Math.floor(instant / MINUTE_MS) * MINUTE_MS;
      return { kind: 'range', from: formatInstant(minute), to: formatInstant(minute + MINUTE_MS) };
    }
    case 'time': {
      const minutes = parseTime(text);
      if (minutes === null)
        return problem('GAIA_IQ08', `${where} takes a time written HH:MM, not "${text}".`);
      return { kind: 'range', from: formatTime(minutes), to: formatTime(minutes + 1) };
    }
    default: {
      const never: never = domain;
      return never;
    }
  }
}

function problem(code: QueryProblemCode, message: string): ValueProblem {
  return { code, message };
}

export function isProblem(resolved: Resolved | ValueProblem): resolved is ValueProblem {
  return 'code' in resolved;
}
