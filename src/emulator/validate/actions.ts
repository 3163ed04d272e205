import { TEXT_LIMITS } from '../../platform/index.js';
import { assignedId, arr, int, map, obj, str, type Shape } from './shape.js';
import { placeField } from './place-field.js';
import { appRef, entity, fieldOf, filterCond, namedUpTo, withOtherApp } from './common.js';

const action: Shape = withOtherApp('destApp', (fields) => {
  const mapping = obj(
    {
      srcType: str({ oneOf: ['FIELD', 'RECORD_URL'] }),
      srcField: placeField('actions', 'actions.*.mappings[*].srcField'),
      destField: fieldOf(fields, 'destination'),
    },
    { required: ['srcType', 'destField'] },
  );
  return obj(
    {
      name: str(),
      id: assignedId,
      index: int(0),
      destApp: appRef,
      mappings: arr(mapping),
      entities: arr(entity(['USER', 'GROUP', 'ORGANIZATION'])),
      filterCond,
    },
    // Left out: no one may use it (entities) and no filter: the official client's
    // ActionPropertyForResponse (app/action.d.ts) answers mappings, entities and filterCond,
    // never optional; "" is the query that filters nothing.
    { required: ['index', 'destApp'], defaults: { mappings: [], entities: [], filterCond: '' } },
  );
});

/**
 * Copy-record actions (`PUT preview/app/actions.json`): the whole map, keyed by name. A name is 1
 * to 32 characters (kintone.dev, "Update Action Settings": "1 to 32 characters can be specified");
 * validate's schema says so too (app.schema.json, actions' propertyNames).
 */
export const actionsBody: Record<string, Shape> = { actions: map(namedUpTo(action, TEXT_LIMITS.actionName)) };
