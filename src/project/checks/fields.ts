import { isTimeZone, optionLabelBreaches, readableFormulaFields } from '../../platform/index.js';
import type { FieldManifest, MemberFieldManifest, Numeric } from '../manifest-fields.js';
import type { PathSegment } from '../problems.js';
import type { CheckContext } from './context.js';

/** Field definitions: codes unique across subtables, defaults among the options, sane ranges. */
export function checkFields(ctx: CheckContext): void {
  for (const duplicate of ctx.app.index?.duplicates ?? [])
    ctx.report(
      'FIELD.DUPLICATE_CODE',
      `code "${duplicate.code}" is already used by another field`,
      duplicate.path,
      {
        at: 'key',
        hint: 'Field codes are unique in the whole app, subtable columns included; rename one.',
      },
    );
  checkRenames(ctx);
  for (const [code, field] of Object.entries(ctx.manifest.fields ?? {})) {
    checkField(ctx, field, ['fields', code]);
    checkMigrate(ctx, field, ['fields', code], false);
    if (field.type === 'SUBTABLE')
      for (const [member, def] of Object.entries(field.fields)) {
        checkField(ctx, def, ['fields', code, 'fields', member]);
        checkMigrate(ctx, def, ['fields', code, 'fields', member], true);
      }
  }
}

/**
 * `migrate:` (docs/migrations.md): its shape is the schema's; here what the schema cannot say. A
 * time zone the runtime does not know would fail every date conversion, and `row` names a row of
 * the table a field moves into, so it means nothing on a field outside a table. `migrate` on a
 * field that does not change is no problem: a hint, like renamedFrom, it may stay.
 */
function checkMigrate(
  ctx: CheckContext,
  field: FieldManifest | MemberFieldManifest,
  path: PathSegment[],
  inTable: boolean,
): void {
  const migrate = 'migrate' in field ? field.migrate : undefined;
  if (migrate === undefined || migrate === false) return;
  if (migrate.timeZone !== undefined && !isTimeZone(migrate.timeZone))
    ctx.report(
      'FIELD.MIGRATE_TIME_ZONE',
      `"${migrate.timeZone}" is not a time zone`,
      [...path, 'migrate', 'timeZone'],
      {
        hint: 'Give an IANA time zone name, such as Asia/Tokyo or UTC.',
      },
    );
  if (migrate.row !== undefined && !inTable)
    ctx.report(
      'FIELD.MIGRATE_ROW_OUTSIDE_TABLE',
      'row says which row of a table receives the value, and this field is not in a table',
      [...path, 'migrate', 'row'],
      {
        hint: "Write row on a field inside a table's fields (the table it moves into), or drop it.",
      },
    );
}

/**
 * `renamedFrom` names a code the app had before: a field of the manifest that still has that
 * code would make the rename ambiguous (keep the old field, or move its data?).
 */
function checkRenames(ctx: CheckContext): void {
  const fields = ctx.manifest.fields ?? {};
  const codes = new Set<string>();
  const renames: { from: string; path: PathSegment[] }[] = [];
  for (const [code, field] of Object.entries(fields)) {
    codes.add(code);
    if (field.renamedFrom !== undefined)
      renames.push({ from: field.renamedFrom, path: ['fields', code, 'renamedFrom'] });
    if (field.type === 'SUBTABLE')
      for (const [member, def] of Object.entries(field.fields)) {
        codes.add(member);
        if (def.renamedFrom !== undefined)
          renames.push({ from: def.renamedFrom, path: ['fields', code, 'fields', member, 'renamedFrom'] });
      }
  }
  for (const { from, path } of renames)
    if (codes.has(from))
      ctx.report(
        'FIELD.RENAMED_FROM_IN_USE',
        `renamedFrom "${from}" is the code of another field of this manifest`,
        path,
        {
          hint: `A rename moves the field's data to its new code; remove "${from}" from the manifest, or drop renamedFrom.`,
        },
      );
}

function checkField(
  ctx: CheckContext,
  field: FieldManifest | MemberFieldManifest,
  path: PathSegment[],
): void {
  if ('options' in field && field.options) checkOptionLabels(ctx, field.options, [...path, 'options']);
  if ('expression' in field && typeof field.expression === 'string' && field.expression !== '')
    checkFormulaFields(ctx, field.expression, [...path, 'expression']);
  if (field.type === 'DROP_DOWN' || field.type === 'RADIO_BUTTON') {
    if (field.defaultValue !== undefined && field.defaultValue !== '')
      checkOption(ctx, field.defaultValue, Object.keys(field.options), [...path, 'defaultValue']);
  } else if (field.type === 'CHECK_BOX' || field.type === 'MULTI_SELECT') {
    (field.defaultValue ?? []).forEach((value, i) =>
      checkOption(ctx, value, Object.keys(field.options), [...path, 'defaultValue', i]),
    );
  } else if (field.type === 'SINGLE_LINE_TEXT' || field.type === 'LINK') {
    checkRange(ctx, field.minLength, field.maxLength, path, ['minLength', 'maxLength']);
  } else if (field.type === 'NUMBER') {
    checkRange(ctx, field.minValue, field.maxValue, path, ['minValue', 'maxValue']);
  }
}

/**
 * Every field code a formula names is a field of the app (platform/formula-tokens.ts, with the
 * evidence). Table columns count (inside SUM).
 */
function checkFormulaFields(ctx: CheckContext, expression: string, path: PathSegment[]): void {
  for (const { code } of readableFormulaFields(expression))
    ctx.field(code, path, { what: 'a formula', allowSubtable: true });
}

/** An option's label is its name (platform/choice-options.ts, with the evidence). */
function checkOptionLabels(
  ctx: CheckContext,
  options: Record<string, { label: string }>,
  path: PathSegment[],
): void {
  for (const { name, label } of optionLabelBreaches(options))
    ctx.report(
      'FIELD.OPTION_LABEL',
      `option "${name}" has the label "${label}": the platform names an option by its label`,
      [...path, name, 'label'],
      {
        hint: `Write the option as ${JSON.stringify(label)}: { label: ${JSON.stringify(label)} }, or keep the label "${name}".`,
      },
    );
}

function checkOption(ctx: CheckContext, value: string, options: string[], path: PathSegment[]): void {
  if (options.includes(value)) return;
  ctx.report('FIELD.DEFAULT_NOT_AN_OPTION', `default value "${value}" is not one of the options`, path, {
    hint: `Options: ${options.join(', ')}.`,
  });
}

function checkRange(
  ctx: CheckContext,
  min: Numeric | undefined,
  max: Numeric | undefined,
  path: PathSegment[],
  [minKey, maxKey]: [string, string],
): void {
  if (min === undefined || max === undefined || min === '' || max === '') return;
  if (Number(min) > Number(max))
    ctx.report(
      'FIELD.RANGE',
      `${minKey} ${String(min)} is greater than ${maxKey} ${String(max)}`,
      [...path, minKey],
      {
        hint: `Make ${minKey} at most ${maxKey}.`,
      },
    );
}
