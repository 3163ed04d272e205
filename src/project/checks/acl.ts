import type { CheckContext } from './context.js';
import { placeRule } from './field-rules.js';
import { ENTITY_TYPES_BY_AREA, rightsWithoutView } from '../../platform/index.js';
import type { RecordRightSetting } from '../manifest.js';

/**
 * The three permission lists: entities of the kinds the official client's types list for each
 * (app/right.d.ts: CREATOR only in the app ACL, FIELD_ENTITY only in record and field ACLs),
 * filters, edit and delete only with view on records, one rule per field.
 */
export function checkAcl(ctx: CheckContext): void {
  const { appAcl, recordAcl, fieldAcl } = ctx.manifest;
  (appAcl ?? []).forEach((right, i) =>
    ctx.entity(right.entity, ['appAcl', i, 'entity'], ENTITY_TYPES_BY_AREA.appAcl),
  );
  (recordAcl ?? []).forEach((right, i) => {
    ctx.filter(right.filterCond, ['recordAcl', i, 'filterCond']);
    right.entities.forEach((e, j) => {
      ctx.entity(e.entity, ['recordAcl', i, 'entities', j, 'entity'], ENTITY_TYPES_BY_AREA.recordAcl);
      checkRecordView(ctx, e, ['recordAcl', i, 'entities', j]);
    });
  });
  const ruled = new Map<string, number>();
  (fieldAcl ?? []).forEach((right, i) => {
    const first = ruled.get(right.field);
    if (first !== undefined)
      ctx.report(
        'ACL.DUPLICATE_FIELD',
        `field "${right.field}" already has a rule (fieldAcl[${first}])`,
        ['fieldAcl', i, 'field'],
        {
          hint: 'Merge the entities into one rule per field.',
        },
      );
    else ruled.set(right.field, i);
    ctx.field(right.field, ['fieldAcl', i, 'field'], placeRule('fieldAcl', 'rights[*].field'));
    right.entities.forEach((e, j) =>
      ctx.entity(e.entity, ['fieldAcl', i, 'entities', j, 'entity'], ENTITY_TYPES_BY_AREA.fieldAcl),
    );
  });
}

/**
 * Edit or delete granted without view: the hosted platform refuses the write (platform/acl-rights.ts,
 * rightsWithoutView). Located at `viewable`, or at the right granted when `viewable` is left out.
 */
function checkRecordView(
  ctx: CheckContext,
  rights: RecordRightSetting['entities'][number],
  path: (string | number)[],
): void {
  const without = rightsWithoutView(rights);
  const [first] = without;
  if (first === undefined) return;
  ctx.report(
    'ACL.RECORD_VIEW',
    `${without.join(' and ')} ${without.length > 1 ? 'are' : 'is'} granted without viewable, and the service grants edit or delete only with view`,
    [...path, rights.viewable === undefined ? first : 'viewable'],
    { hint: 'Add viewable: true to this entity, or drop editable and deletable.' },
  );
}
