import { textLength } from '../../platform/index.js';
import { invalid } from '../errors.js';

/**
 * Typed access to a request's parameters (query string for GET, JSON body otherwise). Ids and
 * revisions arrive as numbers or numeric strings; every getter names the parameter in its error.
 * `fromQuery` names the parameters that came from the query string, where an array of one value
 * cannot be told from a single value (`ids=1`); a JSON body says which it means.
 */
export class Params {
  constructor(
    readonly raw: Record<string, unknown>,
    private readonly fromQuery: ReadonlySet<string> = new Set(),
  ) {}

  has(name: string): boolean {
    return this.raw[name] !== undefined && this.raw[name] !== null;
  }

  /** A required positive integer id, returned as its canonical string. */
  id(name: string): string {
    const value = this.raw[name];
    if (value === undefined || value === null || value === '') throw invalid({ [name]: 'Required field.' });
    return toId(value, name);
  }

  optId(name: string): string | undefined {
    return this.has(name) && this.raw[name] !== '' ? this.id(name) : undefined;
  }

  /** An integer within bounds, or the default when absent. */
  int(name: string, options: { default?: number; min?: number; max?: number } = {}): number {
    const value = this.raw[name];
    if (value === undefined || value === null || value === '') {
      if (options.default === undefined) throw invalid({ [name]: 'Required field.' });
      return options.default;
    }
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^-?\d+$/.test(value)
          ? Number(value)
          : NaN;
    if (!Number.isInteger(n)) throw invalid({ [name]: 'Enter an integer.' });
    if (options.min !== undefined && n < options.min)
      throw invalid({ [name]: `Enter a value of ${options.min} or more.` });
    if (options.max !== undefined && n > options.max)
      throw invalid({ [name]: `Enter a value of ${options.max} or less.` });
    return n;
  }

  /** The optional `revision`: undefined when absent; -1 means "skip the check" where the caller allows it. */
  revision(name = 'revision'): number | undefined {
    return this.has(name) ? this.int(name, { min: -1 }) : undefined;
  }

  str(name: string, options: { max?: number; min?: number } = {}): string {
    const value = this.raw[name];
    if (value === undefined || value === null) throw invalid({ [name]: 'Required field.' });
    if (typeof value !== 'string' && typeof value !== 'number') throw invalid({ [name]: 'Enter a string.' });
    const s = String(value);
    // Characters as every side counts them (platform/text-length.ts).
    if (options.min !== undefined && textLength(s) < options.min)
      throw invalid({ [name]: `Enter at least ${options.min} characters.` });
    if (options.max !== undefined && textLength(s) > options.max)
      throw invalid({ [name]: `Enter ${options.max} characters or fewer.` });
    return s;
  }

  optStr(name: string, options: { max?: number } = {}): string | undefined {
    return this.has(name) ? this.str(name, options) : undefined;
  }

  bool(name: string, fallback: boolean): boolean {
    const value = this.raw[name];
    if (value === undefined || value === null) return fallback;
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    throw invalid({ [name]: 'Enter true or false.' });
  }

  /**
   * An array parameter (absent = empty), capped at `max` items (`tooMany` says so in the words of
   * the API at hand); a single value only from the query string.
   */
  array(name: string, options: { max?: number; required?: boolean; tooMany?: string } = {}): unknown[] {
    const value = this.raw[name];
    if (value === undefined || value === null || value === '') {
      if (options.required) throw invalid({ [name]: 'Required field.' });
      return [];
    }
    if (!Array.isArray(value) && !this.fromQuery.has(name))
      throw invalid({ [name]: `Enter an array (${name}: [...]), even for one value.` });
    const list = Array.isArray(value) ? (value as unknown[]) : [value];
    if (options.max !== undefined && list.length > options.max)
      throw invalid({ [name]: options.tooMany ?? `Enter ${options.max} items or fewer.` });
    return list;
  }

  ids(name: string, options: { max?: number; required?: boolean } = {}): string[] {
    return this.array(name, options).map((v, i) => toId(v, `${name}[${i}]`));
  }

  object(name: string): Record<string, unknown> {
    const value = this.raw[name];
    if (value === undefined || value === null) throw invalid({ [name]: 'Required field.' });
    if (typeof value !== 'object' || Array.isArray(value)) throw invalid({ [name]: 'Enter an object.' });
    return value as Record<string, unknown>;
  }
}

export function toId(value: unknown, name: string): string {
  const id = canonicalId(value);
  if (id === undefined) throw invalid({ [name]: 'Enter a positive integer id.' });
  return id;
}

/** A positive integer sent as a JSON number or a numeric string, as its canonical string; else undefined. */
export function canonicalId(value: unknown): string | undefined {
  const s = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d+$/.test(s) && Number(s) >= 1 ? String(Number(s)) : undefined;
}
