import type { CheckContext } from './context.js';
import { placeRule } from './field-rules.js';
import { ENTITY_TYPES_BY_AREA } from '../../platform/index.js';

/**
 * The three permission lists: entities of the kinds the official client's types list for each
 * (app/right.d.ts: CREATOR only in the app ACL, FIELD_ENTITY only in record and field ACLs),
 * filters, one rule per field.
 */
export function checkAcl(ctx: CheckContext): void {
  const { appAcl, recordAcl, fieldAcl } = ctx.manifest;
  (appAcl ?? []).forEach((right, i) =>
    ctx.entity(right.entity, ['appAcl', i, 'entity'], ENTITY_TYPES_BY_AREA.appAcl),
  );
  (recordAcl ?? []).forEach((right, i) => {
    ctx.filter(right.filterCond, ['recordAcl', i, 'filterCond']);
    right.entities.forEach((e, j) =>
      ctx.entity(e.entity, ['recordAcl', i, 'entities', j, 'entity'], ENTITY_TYPES_BY_AREA.recordAcl),
    );
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
