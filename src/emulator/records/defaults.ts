import { findUser } from '../directory/users.js';
import { findUnit, primaryOrganization, unitKindOf } from '../directory/units.js';
import type { EmulatorContext } from '../context.js';
import type { Json, JsonObject } from '../model/app.js';
import type { Principal } from '../auth.js';
import { typeOf } from './model.js';

/**
 * What a field holds on add when the write leaves it out, in write form (checked like any
 * given value afterwards): its `defaultValue`, the current date or time where `defaultNowValue`
 * says so (service clock, UTC), `LOGINUSER()` in an entity default resolved to the caller, `PRIMARY_ORGANIZATION()` to
 * the caller's primary organization.
 */
export function defaultInput(field: JsonObject, ctx: EmulatorContext, principal: Principal): Json {
  const type = typeOf(field);
  // Read only where a default is the clock's: every field a write leaves out comes here.
  const now = () => ctx.clock.date().toISOString();
  const fallback = field.defaultValue ?? null;
  switch (type) {
    case 'DATE':
      return field.defaultNowValue === true ? now().slice(0, 10) : fallback;
    case 'TIME':
      return field.defaultNowValue === true ? now().slice(11, 16) : fallback;
    case 'DATETIME':
      return field.defaultNowValue === true ? now() : fallback;
    case 'USER_SELECT':
    case 'ORGANIZATION_SELECT':
    case 'GROUP_SELECT':
      return entityDefaults(type, fallback, ctx, principal);
    case 'FILE':
      return [];
    default:
      return fallback;
  }
}

/** The kind of entity a default item names when it does not say (a field holds one kind). */
const FIELD_KIND: Record<string, string> = {
  USER_SELECT: 'USER',
  ORGANIZATION_SELECT: 'ORGANIZATION',
  GROUP_SELECT: 'GROUP',
};

function entityDefaults(fieldType: string, value: Json, ctx: EmulatorContext, principal: Principal): Json {
  if (!Array.isArray(value)) return [];
  const login = principal.kind === 'user' ? principal.login : null;
  const result: JsonObject[] = [];
  for (const item of value) {
    const { code, type } = (item ?? {}) as { code?: unknown; type?: unknown };
    if (typeof code !== 'string') continue;
    if (code === 'LOGINUSER()') {
      if (login !== null) result.push({ code: login });
      continue;
    }
    if (code === 'PRIMARY_ORGANIZATION()') {
      const primary = login === null ? null : primaryOrganization(ctx, login);
      if (primary !== null) result.push({ code: primary });
      continue;
    }
    // A default naming a user, group or organization that no longer exists is skipped, not an
    // error of the caller's write.
    const kind = typeof type === 'string' ? type : FIELD_KIND[fieldType];
    const unit = unitKindOf(kind);
    const exists = kind === 'USER' ? findUser(ctx, code) : unit ? findUnit(ctx, unit, code) : undefined;
    if (exists) result.push({ code });
  }
  return result;
}
