import {
  ENTITY_FIELD_TYPES as PLATFORM_ENTITY_FIELD_TYPES,
  ENTITY_TYPES,
  textLength,
} from '../../platform/index.js';
import { byValue, field, int, join, obj, str, type CheckContext, type Shape } from './shape.js';

/** Fields that hold users, organizations or groups: what a FIELD_ENTITY may name. */
export const ENTITY_FIELD_TYPES: readonly string[] = [...PLATFORM_ENTITY_FIELD_TYPES];

/** An entity `{type, code}`: CREATOR takes no code, FIELD_ENTITY names a user-type field of the app. */
export function entity(types: readonly string[] = ENTITY_TYPES): Shape {
  return byValue((value) => {
    const type = (value as { type?: unknown } | null)?.type;
    const code =
      type === 'CREATOR'
        ? (v: unknown, p: string, c: CheckContext) => (v === null ? null : str()(v, p, c))
        : type === 'FIELD_ENTITY'
          ? field(ENTITY_FIELD_TYPES)
          : str();
    // The creator has no code: kintone's "Get App Permissions" answers `code: null` for CREATOR
    // (and the official client's response types say `{type: "CREATOR"; code: null}`).
    return obj(
      { type: str({ oneOf: types }), code },
      type === 'CREATOR' ? { required: ['type'], defaults: { code: null } } : { required: ['type', 'code'] },
    );
  });
}

export { filterCond, sortClause } from './query.js';

/** The name of a map entry must equal its `name` property, as the platform keys views and graphs by name. */
export function named(shape: Shape): (name: string) => Shape {
  return (name) => (value, path, ctx) => {
    const out = shape(value, path, ctx) as Record<string, unknown> | undefined;
    if (out && out.name !== undefined && out.name !== name)
      ctx.problems.add(join(path, 'name'), `Enter the same name as the key "${name}".`);
    return out && out.name === undefined ? { ...out, name } : out;
  };
}

/**
 * `named`, with the name (given as `name`, or the key alone) at most `max` characters: 400 CB_VA01
 * at `name` beyond it (the platform's code for it is not recorded; our choice).
 */
export function namedUpTo(shape: Shape, max: number): (name: string) => Shape {
  return (name) => {
    const checked = named(shape)(name);
    return (value, path, ctx) => {
      const given = (value as { name?: unknown } | null)?.name;
      if (textLength(typeof given === 'string' ? given : name) > max)
        ctx.problems.add(join(path, 'name'), `Enter ${max} characters or fewer.`);
      return checked(value, path, ctx);
    };
  };
}

/** Another app, by id or by code: `{app}` or `{code}`. */
export const appRef: Shape = obj({ app: int(1), code: str() });

/** A field of another app (a copy action's destination, a lookup's source), checked when that app exists. */
export function fieldOf(fields: ReadonlyMap<string, string> | undefined, which: string): Shape {
  return (value, path, ctx) => {
    const code = str()(value, path, ctx);
    if (typeof code === 'string' && fields && !fields.has(code))
      ctx.problems.add(path, `The field "${code}" does not exist in the ${which} app.`);
    return code;
  };
}

/** A shape built once the other app a value names (`relatedApp`, `destApp`) is known. */
export function withOtherApp(
  key: string,
  build: (fields: ReadonlyMap<string, string> | undefined) => Shape,
): Shape {
  return byValue((value, _path, ctx) => {
    const ref = (value as Record<string, { app?: unknown; code?: unknown } | undefined> | null)?.[key];
    return build(ref ? ctx.otherApp(ref.app, ref.code) : undefined);
  });
}
