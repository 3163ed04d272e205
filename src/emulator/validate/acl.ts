import { arr, bool, field, obj, str, type Shape } from './shape.js';
import { entity, filterCond } from './common.js';

const flag = bool();

/** App ACL rules, evaluated in order. */
export const appAclBody: Record<string, Shape> = {
  rights: arr(
    obj(
      {
        entity: entity(),
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
            { entity: entity(), viewable: flag, editable: flag, deletable: flag, includeSubs: flag },
            { required: ['entity'] },
          ),
        ),
      },
      { required: ['entities'] },
    ),
  ),
};

/** Field ACL rules: one per field, the accessibility of each entity. */
export const fieldAclBody: Record<string, Shape> = {
  rights: arr(
    obj(
      {
        field: field(),
        entities: arr(
          obj(
            { entity: entity(), accessibility: str({ oneOf: ['READ', 'WRITE', 'NONE'] }), includeSubs: flag },
            { required: ['entity', 'accessibility'] },
          ),
        ),
      },
      { required: ['field', 'entities'] },
    ),
  ),
};
