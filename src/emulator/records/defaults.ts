import { findUser } from './entities.js';
import type { EmulatorContext } from '../context.js';
import type { Json, JsonObject } from '../model/app.js';
import type { Principal } from '../auth.js';
import { typeOf } from './model.js';

/**
 * What a field holds on add when the write leaves it out, in write form (checked like any
 * given value afterwards): its `defaultValue`, the current date or time where `defaultNowValue`
 * says so (service clock, UTC), `LOGINUSER()` in an entity default resolved to the caller.
 */
export function defaultInput(field: JsonObject, ctx: EmulatorContext, principal: Principal): Json {
  const type = typeOf(field);
  const now = ctx.clock.date().toISOString();
  const fallback = field.defaultValue ?? null;
  switch (type) {
    case 'DATE':
      return field.defaultNowValue === true ? now.slice(0, 10) : fallback;
    case 'TIME':
      return field.defaultNowValue === true ? now.slice(11, 16) : fallback;
    case 'DATETIME':
      return field.defaultNowValue === true ? now : fallback;
    case 'USER_SELECT':
    case 'ORGANIZATION_SELECT':
    case 'GROUP_SELECT':
      return entityDefaults(fallback, ctx, principal);
    case 'FILE':
      return [];
    default:
      return fallback;
  }
}

function entityDefaults(value: Json, ctx: EmulatorContext, principal: Principal): Json {
  if (!Array.isArray(value)) return [];
  const result: JsonObject[] = [];
  for (const item of value) {
    const code = (item as { code?: unknown } | null)?.code;
    if (typeof code !== 'string') continue;
    if (code === 'LOGINUSER()') {
      if (principal.kind === 'user') result.push({ code: principal.login });
      continue;
    }
    // A default naming a user who no longer exists is skipped, not an error of the caller's write.
    const isUser = (item as { type?: unknown }).type === 'USER';
    if (!isUser || findUser(ctx, code)) result.push({ code });
  }
  return result;
}
