import type {
  FieldManifest,
  LookupSetting,
  MemberFieldManifest,
  ReferenceTableManifest,
} from '../manifest-fields.js';
import type { PathSegment } from '../problems.js';
import type { CheckContext } from './context.js';
import { placeRule } from './field-rules.js';
import { copiedTwiceRefusal, lookupCopyPairs, lookupCopyRefusal } from '../../platform/index.js';

/** A place of a field definition (platform/field-places.ts): of the form, or of a subtable's column. */
const rule = (at: string, inSubtable = false) =>
  placeRule('fields', `${inSubtable ? 'properties.*.fields.*' : 'properties.*'}.${at}`);

/** Lookups and reference tables: the other app is in the project (or an id), and has the fields named. */
export function checkRelatedApps(ctx: CheckContext): void {
  // The copy destinations of the app's lookups seen so far: one field takes one copy.
  const copied = new Set<string>();
  for (const [code, field] of Object.entries(ctx.manifest.fields ?? {})) {
    visit(ctx, field, ['fields', code], false, copied);
    if (field.type === 'SUBTABLE')
      for (const [member, def] of Object.entries(field.fields))
        visit(ctx, def, ['fields', code, 'fields', member], true, copied);
  }
}

/** One field is the destination of one lookup copy (lookup-copies.ts). */
function copiedTo(ctx: CheckContext, seen: Set<string>, code: string, path: PathSegment[]): void {
  if (seen.has(code))
    ctx.report('LOOKUP.COPIED_TWICE', copiedTwiceRefusal(code), path, {
      hint: 'Copy into another field, or drop one of the two copies.',
    });
  seen.add(code);
}

function visit(
  ctx: CheckContext,
  field: FieldManifest | MemberFieldManifest,
  path: PathSegment[],
  inSubtable: boolean,
  copied: Set<string>,
) {
  if ((field.type === 'SINGLE_LINE_TEXT' || field.type === 'NUMBER') && field.lookup)
    checkLookup(ctx, field.lookup, [...path, 'lookup'], inSubtable, copied);
  if (field.type === 'REFERENCE_TABLE')
    checkReferenceTable(ctx, field.referenceTable, [...path, 'referenceTable']);
}

function checkLookup(
  ctx: CheckContext,
  lookup: LookupSetting,
  path: PathSegment[],
  inSubtable: boolean,
  copied: Set<string>,
): void {
  const other = ctx.relatedApp(lookup.relatedApp, [...path, 'relatedApp']);
  if (other === undefined) return;
  ctx.fieldOf(other, lookup.relatedKeyField, [...path, 'relatedKeyField'], rule('lookup.relatedKeyField'));
  (lookup.fieldMappings ?? []).forEach((mapping, i) => {
    const at = [...path, 'fieldMappings', i];
    const target = ctx.field(
      mapping.field,
      [...at, 'field'],
      rule('lookup.fieldMappings[*].field', inSubtable),
    );
    const source = ctx.fieldOf(
      other,
      mapping.relatedField,
      [...at, 'relatedField'],
      rule('lookup.fieldMappings[*].relatedField'),
    );
    if (target && source && other && !lookupCopyPairs(target.type, source.type))
      ctx.report(
        'LOOKUP.COPY_TYPES',
        lookupCopyRefusal(target, { ...source, code: `${other.key}.${source.code}` }),
        [...at, 'field'],
        {
          hint: 'Copy into a field of a type that takes it (the same type always does), or copy another field.',
        },
      );
    copiedTo(ctx, copied, mapping.field, [...at, 'field']);
  });
  (lookup.lookupPickerFields ?? []).forEach((code, i) =>
    ctx.fieldOf(other, code, [...path, 'lookupPickerFields', i], rule('lookup.lookupPickerFields[*]')),
  );
  ctx.filter(lookup.filterCond, [...path, 'filterCond'], other);
  ctx.sort(lookup.sort, [...path, 'sort'], other);
}

function checkReferenceTable(
  ctx: CheckContext,
  table: ReferenceTableManifest['referenceTable'],
  path: PathSegment[],
): void {
  const other = ctx.relatedApp(table.relatedApp, [...path, 'relatedApp']);
  if (other === undefined) return;
  const condition = [...path, 'condition'];
  ctx.field(table.condition.field, [...condition, 'field'], rule('referenceTable.condition.field'));
  ctx.fieldOf(
    other,
    table.condition.relatedField,
    [...condition, 'relatedField'],
    rule('referenceTable.condition.relatedField'),
  );
  table.displayFields.forEach((code, i) =>
    ctx.fieldOf(other, code, [...path, 'displayFields', i], rule('referenceTable.displayFields[*]')),
  );
  ctx.filter(table.filterCond, [...path, 'filterCond'], other);
  ctx.sort(table.sort, [...path, 'sort'], other);
}
