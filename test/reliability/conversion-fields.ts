/**
 * The fields the conversion fuzzers migrate: the pairs of docs/migrations.md's conversion table
 * (read from the page itself), the old fields' settings, and the new fields' settings and
 * `migrate:` each pair is tried with (limits, zones and join separators that make values convert
 * or not). Shared by conversions-oracle.test.ts and migration-combos.test.ts.
 */
import { readFile } from 'node:fs/promises';
import {
  isEmptyOracleValue as isEmpty,
  isNotConverted,
  oracle,
  textAsNumber,
  UNSETTLED,
  type OracleContext,
} from './conversion-oracle.js';
import { DIRECTORY, sourceValue, SOURCE_OPTIONS, TARGET_OPTIONS, type Rng } from './conversion-values.js';

/** The pairs of docs/migrations.md's conversion table, read from the page itself. */
export const DOC_PAIRS = (await readFile(new URL('../../docs/migrations.md', import.meta.url), 'utf8'))
  .split('\n')
  .flatMap((line) => {
    const m = /^\| `([A-Z_]+)` \| `([A-Z_]+)` \| /.exec(line);
    return m ? [{ from: m[1]!, to: m[2]! }] : [];
  });

export const option = (names: string[]) =>
  Object.fromEntries(names.map((name, index) => [name, { label: name, index: String(index) }]));

export const SOURCE_SETTINGS: Record<string, Record<string, unknown>> = {
  LINK: { protocol: 'WEB' },
  DROP_DOWN: { options: option(SOURCE_OPTIONS) },
  RADIO_BUTTON: { options: option(SOURCE_OPTIONS), defaultValue: 'A' },
  CHECK_BOX: { options: option(SOURCE_OPTIONS) },
  MULTI_SELECT: { options: option(SOURCE_OPTIONS) },
};

const ZONES = ['Asia/Tokyo', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata'];
const CHOICE_OPTIONS = { options: option(TARGET_OPTIONS) };

/** The new fields each pair is tried with: limits, zones and join separators that make values convert or not. */
export function variants(
  from: string,
  to: string,
): { to: Record<string, unknown>; migrate: Record<string, unknown> }[] {
  const zoned = to === 'DATETIME' || (from === 'DATETIME' && to === 'DATE');
  if (zoned) return ZONES.map((timeZone) => ({ to: {}, migrate: { timeZone } }));
  const joined = ['CHECK_BOX', 'MULTI_SELECT'].includes(to) || ['CHECK_BOX', 'MULTI_SELECT'].includes(from);
  const choice = ['DROP_DOWN', 'RADIO_BUTTON', 'CHECK_BOX', 'MULTI_SELECT'].includes(to);
  const settings: Record<string, unknown>[] =
    to === 'NUMBER'
      ? [{ minValue: '-1000', maxValue: '1000' }, {}]
      : to === 'SINGLE_LINE_TEXT'
        ? // Unique (64 characters at most) where the source has more values than records.
          [{ maxLength: '20' }, ...(['DROP_DOWN', 'RADIO_BUTTON'].includes(from) ? [] : [{ unique: true }])]
        : to === 'LINK'
          ? [{ protocol: 'WEB', maxLength: '20' }]
          : to === 'RADIO_BUTTON'
            ? [{ ...CHOICE_OPTIONS, defaultValue: 'A' }]
            : choice
              ? [CHOICE_OPTIONS]
              : [{}];
  // From text, once more with a `migrate.default` where the new field takes one.
  const fallback = ['SINGLE_LINE_TEXT', 'RICH_TEXT'].includes(from) ? DEFAULTS[to] : undefined;
  return [
    ...settings.flatMap((s) =>
      (joined && !['DROP_DOWN', 'RADIO_BUTTON'].includes(to) ? [{}, { join: ' | ' }] : [{}]).map(
        (migrate) => ({ to: s, migrate }),
      ),
    ),
    ...(fallback === undefined ? [] : [{ to: settings[0]!, migrate: { default: fallback } }]),
  ];
}

/** A `migrate.default` each target takes, written as the record API writes it. */
export const DEFAULTS: Record<string, unknown> = {
  NUMBER: '0',
  DROP_DOWN: 'B',
  RADIO_BUTTON: 'B',
  CHECK_BOX: ['A', 'x, y'],
  DATE: '2000-01-01',
  TIME: '12:00',
  SINGLE_LINE_TEXT: '(lost)',
};

/** A migrated field: its code, its old and new type, the new field's settings and `migrate:`, and the oracle's context. */
export interface Field {
  code: string;
  from: string;
  to: string;
  settings: Record<string, unknown>;
  migrate: Record<string, unknown>;
  ctx: OracleContext;
}

/** The migrated field `code` from `from` to `to`, tried with the settings and `migrate:` of `v` (one of `variants`). */
export function fieldOf(
  code: string,
  from: string,
  to: string,
  v: ReturnType<typeof variants>[number],
): Field {
  return {
    code,
    from,
    to,
    settings: v.to,
    migrate: v.migrate,
    ctx: {
      to: v.to,
      ...(v.migrate.join !== undefined ? { join: v.migrate.join as string } : {}),
      timeZone: (v.migrate.timeZone as string | undefined) ?? 'UTC',
      directory: DIRECTORY,
    },
  };
}

/**
 * A value for `field` whose outcome the documentation settles (drawn again otherwise). Into a
 * unique field, no two records convert to the same value: the platform refuses the second
 * (platform-facts-verified "Required, unique, lengths"): the plan blocks such a migration
 * (test/apply/migrate-unique.test.ts), so this one keeps the values apart.
 */
export function valueFor(r: Rng, field: Field, seen: Set<string>): unknown {
  for (let tries = 0; ; tries++) {
    if (tries > 10_000) throw new Error(`no settled value for ${field.code}`);
    const value = sourceValue(r, field.from, field.ctx.join ?? ', ');
    // A number is stored normalised ("+5" as "5"): the oracle reads it as stored.
    const stored = field.from === 'NUMBER' ? textAsNumber(value as string, { ...field.ctx, to: {} }) : value;
    const outcome = oracle(field.from, field.to, stored, field.ctx);
    if (outcome === UNSETTLED) continue;
    if (field.settings.unique === true && !isNotConverted(outcome) && !isEmpty(outcome)) {
      const key = JSON.stringify(outcome);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    return value;
  }
}
