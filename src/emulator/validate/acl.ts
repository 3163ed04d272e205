import { arr, bool, join, obj, str, type Shape } from './shape.js';
import { placeField } from './place-field.js';
import { entity, filterCond } from './common.js';
import {
  APP_RIGHT_FLAGS,
  ENTITY_TYPES_BY_AREA,
  RECORD_RIGHT_FLAGS,
  rightsWithoutView,
} from '../../platform/index.js';

// Entity types per area as the official client's types list them (platform/entity-types.ts); any
// other is refused with 400 CB_VA01 at `...entity.type`. The hosted platform's own code and key
// for this refusal are not recorded anywhere we found; CB_VA01 at that key is our choice.
const appEntity = entity(ENTITY_TYPES_BY_AREA.appAcl);
const recordEntity = entity(ENTITY_TYPES_BY_AREA.recordAcl);
const fieldEntity = entity(ENTITY_TYPES_BY_AREA.fieldAcl);

const flag = bool();

/**
 * Every flag a rule leaves out is false, and answers carry it: kintone's "Update App Permissions",
 * "Update Record Permissions" and "Update Field Permissions" say each omitted boolean "is set to
 * false", and the official client's response types (app/right.d.ts) have every flag and
 * `includeSubs` as a plain boolean, never optional.
 */
const allFalse = (...keys: string[]): Record<string, boolean> =>
  Object.fromEntries(keys.map((key) => [key, false]));

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
      {
        required: ['entity'],
        defaults: allFalse('includeSubs', ...APP_RIGHT_FLAGS),
      },
    ),
  ),
};

const recordRights = obj(
  { entity: recordEntity, viewable: flag, editable: flag, deletable: flag, includeSubs: flag },
  { required: ['entity'], defaults: allFalse(...RECORD_RIGHT_FLAGS, 'includeSubs') },
);

/**
 * One entity's rights on the records a rule matches: edit or delete only with view, as the hosted
 * platform requires (platform/acl-rights.ts, rightsWithoutView). Its code and key for the refusal
 * are not recorded; 400 CB_VA01 at `viewable` is our choice.
 */
const recordEntityRights: Shape = (value, path, ctx) => {
  const out = recordRights(value, path, ctx) as Record<string, unknown> | undefined;
  const without = out ? rightsWithoutView(out) : [];
  if (without.length > 0)
    ctx.problems.add(join(path, 'viewable'), `Grant view to grant ${without.join(' and ')}.`);
  return out;
};

/** Record ACL rules: a filter and the rights of each entity on the records it matches. */
export const recordAclBody: Record<string, Shape> = {
  rights: arr(
    obj(
      {
        filterCond,
        entities: arr(recordEntityRights),
      },
      // A rule without a filter applies to every record: filterCond "", as the official client's
      // RecordRightForResponse (app/right.d.ts) answers it, never optional.
      { required: ['entities'], defaults: { filterCond: '' } },
    ),
  ),
};

const fieldRule = obj(
  {
    field: placeField('fieldAcl', 'rights[*].field'),
    code: placeField('fieldAcl', 'rights[*].code'),
    entities: arr(
      obj(
        { entity: fieldEntity, accessibility: str({ oneOf: ['READ', 'WRITE', 'NONE'] }), includeSubs: flag },
        { required: ['entity', 'accessibility'], defaults: allFalse('includeSubs') },
      ),
    ),
  },
  { required: ['entities'] },
);

/**
 * One field ACL rule. The spec names its field `field`; the hosted platform names it `code` (the
 * official client's types, app/right.d.ts FieldRightForParameter). Either is taken from any caller,
 * both must agree, and the rule is kept under `field` (reads answer in the caller's dialect). A
 * rule with neither is refused (400 CB_VA01) under the name the caller's dialect uses.
 */
const fieldAclRule: Shape = (value, path, ctx) => {
  const out = fieldRule(value, path, ctx) as Record<string, unknown> | undefined;
  if (!out) return out;
  const { code, field: named, ...rest } = out;
  const given = value as Record<string, unknown>;
  if (given.field === undefined && given.code === undefined)
    ctx.problems.add(join(path, ctx.dialect === 'kintone' ? 'code' : 'field'), 'Required field.');
  else if (named !== undefined && code !== undefined && named !== code)
    ctx.problems.add(join(path, 'code'), `Name the same field as "field" (${JSON.stringify(named)}).`);
  return { field: named ?? code, ...rest };
};

/** Field ACL rules: one per field, the accessibility of each entity. */
export const fieldAclBody: Record<string, Shape> = { rights: arr(fieldAclRule) };
