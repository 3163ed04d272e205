import { assignedId, arr, byValue, field, int, map, obj, str, type Shape } from './shape.js';
import { appRef, entity, filterCond, named } from './common.js';

/** A field of the destination app, when that app exists (otherwise the app reference itself is wrong). */
function destField(fields: ReadonlyMap<string, string> | undefined): Shape {
  return (value, path, ctx) => {
    const code = str()(value, path, ctx);
    if (typeof code === 'string' && fields && !fields.has(code))
      ctx.problems.add(path, `The field "${code}" does not exist in the destination app.`);
    return code;
  };
}

const action: Shape = byValue((value, _path, ctx) => {
  const dest = (value as { destApp?: { app?: unknown; code?: unknown } } | null)?.destApp;
  const fields = dest ? ctx.otherApp(dest.app, dest.code) : undefined;
  const mapping = obj(
    { srcType: str({ oneOf: ['FIELD', 'RECORD_URL'] }), srcField: field(), destField: destField(fields) },
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

/** Copy-record actions (`PUT preview/app/actions.json`): the whole map, keyed by name. */
export const actionsBody: Record<string, Shape> = { actions: map(named(action)) };
