import type {
  FieldManifest,
  LookupSetting,
  MemberFieldManifest,
  ReferenceTableManifest,
} from '../manifest-fields.js';
import type { PathSegment } from '../problems.js';
import type { CheckContext } from './context.js';
import { LOOKUP_KEY_TYPES, VALUE_TYPES } from './field-rules.js';

/** Lookups and reference tables: the other app is in the project (or an id), and has the fields named. */
export function checkRelatedApps(ctx: CheckContext): void {
  for (const [code, field] of Object.entries(ctx.manifest.fields ?? {})) {
    visit(ctx, field, ['fields', code], false);
    if (field.type === 'SUBTABLE')
      for (const [member, def] of Object.entries(field.fields))
        visit(ctx, def, ['fields', code, 'fields', member], true);
  }
}

function visit(
  ctx: CheckContext,
  field: FieldManifest | MemberFieldManifest,
  path: PathSegment[],
  inSubtable: boolean,
) {
  if ((field.type === 'SINGLE_LINE_TEXT' || field.type === 'NUMBER') && field.lookup)
    checkLookup(ctx, field.lookup, [...path, 'lookup'], inSubtable);
  if (field.type === 'REFERENCE_TABLE')
    checkReferenceTable(ctx, field.referenceTable, [...path, 'referenceTable']);
}

function checkLookup(
  ctx: CheckContext,
  lookup: LookupSetting,
  path: PathSegment[],
  inSubtable: boolean,
): void {
  const other = ctx.relatedApp(lookup.relatedApp, [...path, 'relatedApp']);
  if (other === undefined) return;
  ctx.fieldOf(other, lookup.relatedKeyField, [...path, 'relatedKeyField'], {
    what: 'a lookup key',
    types: LOOKUP_KEY_TYPES,
  });
  (lookup.fieldMappings ?? []).forEach((mapping, i) => {
    const at = [...path, 'fieldMappings', i];
    ctx.field(mapping.field, [...at, 'field'], {
      what: 'a lookup copy target',
      types: VALUE_TYPES,
      allowSubtable: inSubtable,
    });
    ctx.fieldOf(other, mapping.relatedField, [...at, 'relatedField'], {
      what: 'a lookup copy source',
      types: VALUE_TYPES,
    });
  });
  (lookup.lookupPickerFields ?? []).forEach((code, i) =>
    ctx.fieldOf(other, code, [...path, 'lookupPickerFields', i], {
      what: 'a picker column',
      types: VALUE_TYPES,
    }),
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
  ctx.field(table.condition.field, [...condition, 'field'], {
    what: 'a reference table condition',
    types: VALUE_TYPES,
  });
  ctx.fieldOf(other, table.condition.relatedField, [...condition, 'relatedField'], {
    what: 'a reference table condition',
    types: VALUE_TYPES,
  });
  table.displayFields.forEach((code, i) =>
    ctx.fieldOf(other, code, [...path, 'displayFields', i], {
      what: 'a reference table column',
      types: VALUE_TYPES,
      allowSubtable: true,
    }),
  );
  ctx.filter(table.filterCond, [...path, 'filterCond'], other);
  ctx.sort(table.sort, [...path, 'sort'], other);
}
