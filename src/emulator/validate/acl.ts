import { arr, bool, field, join, obj, str, type Shape } from './shape.js';
import { entity, filterCond } from './common.js';
import { ENTITY_TYPES_BY_AREA } from '../../platform/index.js';

// Entity types per area as the official client's types list them (platform/entity-types.ts); any
// other is refused with 400 CB_VA01 at `...entity.type`. The hosted platform's own code and key
// for this refusal are not recorded anywhere we found; CB_VA01 at that key is our choice.
const appEntity = entity(ENTITY_TYPES_BY_AREA.appAcl);
const recordEntity = entity(ENTITY_TYPES_BY_AREA.recordAcl);
const fieldEntity = entity(ENTITY_TYPES_BY_AREA.fieldAcl);

const flag = bool();

/** App ACL rules, evaluated in order. */
export const appAclBody: Record<string, Shape> = {
  rights: arr(
    obj(
      {
        entity: appEntity,
        includeSubs: flag,
        appEditable: flag,
        recordViewable: flag,
        recordAddable: flag,
        recordEditable: flag,
        recordDeletable: flag,
        recordImportable: flag,
        recordExportable: flag,
      },
      { required: ['entity'] },
    ),
  ),
};

/** Record ACL rules: a filter and the rights of each entity on the records it matches. */
export const recordAclBody: Record<string, Shape> = {
  rights: arr(
    obj(
      {
        filterCond,
        entities: arr(
          obj(
            { entity: recordEntity, viewable: flag, editable: flag, deletable: flag, includeSubs: flag },
            { required: ['entity'] },
          ),
        ),
      },
      { required: ['entities'] },
    ),
  ),
};

const fieldRule = obj(
  {
    field: field(),
    code: field(),
    entities: arr(
      obj(
        { entity: fieldEntity, accessibility: str({ oneOf: ['READ', 'WRITE', 'NONE'] }), includeSubs: flag },
        { required: ['entity', 'accessibility'] },
      ),
    ),
  },
  { required: ['entities'] },
);

/**
 * One field ACL rule. The spec names its field `field`; the hosted platform (and every client
 * written for it) names it `code`. Either is taken, both must agree, and the rule is kept under
 * `field` (reads answer both names).
 */
const fieldAclRule: Shape = (value, path, ctx) => {
  const out = fieldRule(value, path, ctx) as Record<string, unknown> | undefined;
  if (!out) return out;
  const { code, field: named, ...rest } = out;
  const given = value as Record<string, unknown>;
  if (given.field === undefined && given.code === undefined)
    ctx.problems.add(join(path, 'field'), 'Required field.');
  else if (named !== undefined && code !== undefined && named !== code)
    ctx.problems.add(join(path, 'code'), `Name the same field as "field" (${JSON.stringify(named)}).`);
  return { field: named ?? code, ...rest };
};

/** Field ACL rules: one per field, the accessibility of each entity. */
export const fieldAclBody: Record<string, Shape> = { rights: arr(fieldAclRule) };
