/**
 * validate's checks of record files (appdeploy.yaml: `apps.<key>.records: { file, key }`): the
 * key is a field with `unique: true`; every record of the file checks against the manifest
 * (check-record.ts); keys are given and do not repeat; a lookup's value is among the other app's
 * records where that app has a record file. Offline: nothing is asked of a service.
 */
import { dirname, resolve } from 'node:path';
import { UNIQUE_FIELD_TYPES } from '../../platform/index.js';
import { parseDecimal } from '../../platform/conversions/number.js';
import type { WriteValue } from '../../platform/record-values.js';
import type { CheckedApp } from '../checks/context.js';
import type { AppReference, FieldManifest, ProjectConfig } from '../manifest.js';
import { formatPath, problem, type Problem } from '../problems.js';
import { suggest } from '../suggest.js';
import type { YamlSource } from '../yaml-source.js';
import type { NamedPrincipal } from '../principal-maps.js';
import { RecordChecker, type CheckedValues } from './check-record.js';
import { recordPrincipals } from './principals.js';
import { readRecordFile, type RecordSource } from './source.js';

export { readRecordFile, type RecordSource } from './source.js';

/**
 * The zone a date written for a DATETIME field is put at midnight in, where the field's
 * `migrate.timeZone` says none: the environment's `timeZone`, else the machine's. A migration of
 * the field from DATE converts in the same zone (plan/migration-zone.ts), so validate, seed and
 * the migration agree.
 */
export function recordsTimeZone(
  environment: { config: { timeZone?: string | undefined } } | null | undefined,
): string {
  return environment?.config.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export interface RecordFilesInput {
  /** The apps of appdeploy.yaml that passed the schema. */
  apps: NonNullable<ProjectConfig['apps']>;
  /** Every app by key; null when its manifest could not be read. */
  checked: ReadonlyMap<string, CheckedApp | null>;
  configSource: YamlSource;
  root: string;
  show: (path: string) => string;
  /** Every file read, for showing source lines under problems. */
  sources: Map<string, string>;
  /** Filled with the users, groups and organizations the record files name (principals.ts). */
  principals?: NamedPrincipal[];
  /**
   * The time zone a date written for a DATETIME field is put at midnight in, where the field's
   * `migrate.timeZone` says none: the environment's `timeZone`, else the machine's (as seed and a
   * migration take it).
   */
  timeZone?: string | undefined;
}

/** A record file read and checked: its records' values by code, with where each record is. */
interface ReadApp {
  app: CheckedApp;
  source: RecordSource;
  values: (CheckedValues | null)[];
}

export async function checkRecordFiles(input: RecordFilesInput): Promise<Problem[]> {
  const problems: Problem[] = [];
  const read = new Map<string, ReadApp>();
  for (const [key, entry] of Object.entries(input.apps)) {
    const app = input.checked.get(key);
    if (!entry.records || !app) continue;
    const keyProblem = checkKeyField(app, entry.records.key, input.configSource, key);
    if (keyProblem) problems.push(keyProblem);
    const path = resolve(input.root, entry.records.file);
    const source = await readRecordFile(
      path,
      input.show(path),
      input.configSource.locate(['apps', key, 'records', 'file']),
    );
    if (source.text !== '') input.sources.set(source.file, source.text);
    problems.push(...source.problems);
    if (!source.records) continue;
    input.principals?.push(...recordPrincipals(app, source));
    const checker = new RecordChecker(app, source, dirname(path), { timeZone: input.timeZone });
    const values = source.records.map((record, i) => checker.check(record, i));
    problems.push(...checker.problems);
    if (!keyProblem) problems.push(...checkKeys(source, values, entry.records.key));
    problems.push(...checkUniques(app, source, values, entry.records.key));
    read.set(key, { app, source, values });
  }
  for (const one of read.values()) problems.push(...checkLookups(one, read));
  return problems;
}

/** `records.key` names a field of the app with `unique: true` (one of the types that keep it). */
function checkKeyField(app: CheckedApp, key: string, config: YamlSource, appKey: string): Problem | null {
  const fields = app.manifest.fields;
  if (!fields) return null;
  const field = fields[key] as (FieldManifest & { unique?: boolean }) | undefined;
  const path = ['apps', appKey, 'records', 'key'];
  const say = (message: string, hint: string) =>
    problem('RECORDS.KEY_FIELD', `${formatPath(path)}: ${message}`, config.locate(path), { hint, path });
  const uniques = uniqueFieldCodes(fields);
  if (!field)
    return say(
      `no field "${key}" in app "${appKey}"`,
      suggest(key, uniques.length > 0 ? uniques : Object.keys(fields)),
    );
  if (field.unique !== true)
    return say(
      `"${key}" is not a field with \`unique: true\`: records are matched by their key, which must not repeat`,
      uniques.length > 0
        ? `Use one of ${uniques.join(', ')}, or give "${key}" unique: true.`
        : `Give "${key}" unique: true in its manifest.`,
    );
  return null;
}

/**
 * The app's fields with `unique: true`, in the manifest's order: the fields records may be keyed
 * by. Only SINGLE_LINE_TEXT, NUMBER, LINK, DATE and DATETIME keep `unique` (platform-facts
 * "Settings shapes").
 */
export function uniqueFieldCodes(fields: Record<string, FieldManifest>): string[] {
  return Object.entries(fields)
    .filter(([, f]) => UNIQUE_FIELD_TYPES.has(f.type) && (f as { unique?: boolean }).unique === true)
    .map(([code]) => code);
}

/** Every record has a key, and no key repeats. */
function checkKeys(source: RecordSource, values: readonly (CheckedValues | null)[], key: string): Problem[] {
  const problems: Problem[] = [];
  const first = new Map<string, number>();
  for (const [i, record] of values.entries()) {
    if (!record) continue;
    const value = keyText(record.get(key));
    // A key written with a value of the wrong type already has its problem.
    if (value === null && isWritten(source.records?.[i], key)) continue;
    if (value === null && source.csv && !isWritten(source.records?.[i], key) && !hasColumn(source, key)) {
      // The key's column is not in the header: every row lacks it, said once at the header.
      problems.push(
        problem(
          'RECORDS.KEY_MISSING',
          `the header has no column "${key}", the key: no record has one`,
          source.locate([]),
          {
            hint: `Add a column "${key}" to the header (check its spelling): records are matched by it.`,
            path: [],
          },
        ),
      );
      continue;
    }
    if (value === null) {
      const at = source.locate([i]);
      problems.push(
        problem('RECORDS.KEY_MISSING', `${formatPath([i])}: the record has no key "${key}"`, at, {
          hint: `Give every record its "${key}": records are matched by it.`,
          path: [i],
        }),
      );
      continue;
    }
    const line = firstLine(first, value, i, source);
    if (line === null) continue;
    problems.push(
      problem(
        'RECORDS.KEY_REPEATED',
        `${formatPath([i, key])}: the key ${JSON.stringify(value)} is also the key of the record on line ${line}`,
        source.locate([i, key]),
        {
          hint: 'Each record has its own key: change one, or remove the copy.',
          path: [i, key],
        },
      ),
    );
  }
  return problems;
}

/**
 * No two records share a value of a field with `unique: true` (the key's own repeats are
 * RECORDS.KEY_REPEATED): the service refuses the second (platform-facts-verified "Locale": `This
 * value already exists in another record.`), after the seed's other writes landed. An empty value
 * never counts (platform-facts-verified "Required, unique, lengths"); numbers compare by value, as
 * the local service compares them ("1" and "1.0" are one number). Values already in the app are
 * the service's to know: validate is offline.
 */
function checkUniques(
  app: CheckedApp,
  source: RecordSource,
  values: readonly (CheckedValues | null)[],
  key: string,
): Problem[] {
  const problems: Problem[] = [];
  for (const code of uniqueFieldCodes(app.manifest.fields ?? {})) {
    if (code === key) continue;
    const number = app.manifest.fields?.[code]?.type === 'NUMBER';
    const first = new Map<string, number>();
    for (const [i, record] of values.entries()) {
      const text = keyText(record?.get(code));
      if (text === null) continue;
      const line = firstLine(first, number ? numberText(text) : text, i, source);
      if (line === null) continue;
      problems.push(
        problem(
          'RECORDS.UNIQUE',
          `${formatPath([i, code])}: ${JSON.stringify(text)} is also the ${code} of the record on line ${line}, and "${code}" is unique`,
          source.locate([i, code]),
          {
            hint: `Give each record its own ${code}, or leave it empty: the service refuses a second record with the same value.`,
            path: [i, code],
          },
        ),
      );
    }
  }
  return problems;
}

/**
 * The line of the record that held `value` first, when an earlier record did; else null, and
 * record `i` is now its first holder.
 */
function firstLine(
  first: Map<string, number>,
  value: string,
  i: number,
  source: RecordSource,
): number | null {
  const seen = first.get(value);
  if (seen !== undefined) return source.locate([seen]).line;
  first.set(value, i);
  return null;
}

/** A number's value as text, whatever its spelling ("1.0", "01" and "1" alike). */
function numberText(text: string): string {
  const d = parseDecimal(text.trim());
  return d ? `${d.negative ? '-' : ''}${d.int}.${d.frac}` : text;
}

function isWritten(record: unknown, code: string): boolean {
  const value = (record as Record<string, unknown>)[code];
  return value !== undefined && value !== null && value !== '';
}

function keyText(value: WriteValue | undefined): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * A lookup's value is among the values of its key field in the other app's records, when that
 * app has a record file: the hosted platform refuses a record whose lookup key matches no record
 * of the related app with 400 GAIA_LO04 (SonicGarden/kintone-emulator, whose tests were checked
 * against kintone: "キー不一致で 400 GAIA_LO04"). Values are compared as their writes' text.
 */
function checkLookups(one: ReadApp, read: ReadonlyMap<string, ReadApp>): Problem[] {
  const problems: Problem[] = [];
  for (const [code, field] of Object.entries(one.app.manifest.fields ?? {})) {
    const lookup = (field as { lookup?: { relatedApp: AppReference; relatedKeyField: string } }).lookup;
    const other = lookup && 'app' in lookup.relatedApp ? read.get(String(lookup.relatedApp.app)) : undefined;
    if (!lookup || !other) continue;
    const known = new Set(other.values.flatMap((r) => keyText(r?.get(lookup.relatedKeyField)) ?? []));
    for (const [i, record] of one.values.entries()) {
      const value = keyText(record?.get(code));
      if (value === null || known.has(value)) continue;
      problems.push(
        problem(
          'RECORDS.LOOKUP',
          `${formatPath([i, code])}: no record of app "${other.app.key}" has ${lookup.relatedKeyField} ${JSON.stringify(value)}`,
          one.source.locate([i, code]),
          {
            hint: `The lookup copies from a record of ${other.source.file}: add one with that ${lookup.relatedKeyField}, or correct the value.`,
            path: [i, code],
          },
        ),
      );
    }
  }
  return problems;
}

/** Whether a CSV file's header names the column (every row then has it, empty or not). */
function hasColumn(source: RecordSource, code: string): boolean {
  const first = source.records?.[0];
  return typeof first === 'object' && first !== null && code in first;
}
