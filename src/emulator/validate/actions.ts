import { assignedId, arr, int, join, map, obj, str, type Shape } from './shape.js';
import { placeField } from './place-field.js';
import { appRef, entity, fieldOf, filterCond, named, withOtherApp } from './common.js';

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
    { required: ['index', 'destApp'] },
  );
});

/**
 * An action's name is 1 to 32 characters (kintone.dev, "Update Action Settings": "1 to 32
 * characters can be specified"), whether given as `name` or as the key alone; validate's schema
 * says so too (app.schema.json, actions' propertyNames). 400 CB_VA01 at `name` is our choice.
 */
const MAX_ACTION_NAME = 32;

function namedAction(name: string): Shape {
  const shape = named(action)(name);
  return (value, path, ctx) => {
    const given = (value as { name?: unknown } | null)?.name;
    const text = typeof given === 'string' ? given : name;
    if (text.length > MAX_ACTION_NAME)
      ctx.problems.add(join(path, 'name'), `Enter ${MAX_ACTION_NAME} characters or fewer.`);
    return shape(value, path, ctx);
  };
}

/** Copy-record actions (`PUT preview/app/actions.json`): the whole map, keyed by name. */
export const actionsBody: Record<string, Shape> = { actions: map(namedAction) };
