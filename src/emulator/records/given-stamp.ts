import { errors } from '../errors.js';
import { findUser } from '../directory/users.js';
import { checkValue, INVALID, valuePath } from './values.js';
import { fieldValue, isEmptyValue, typeOf, type FieldValue } from './model.js';
import type { WriteEnv } from './compose.js';
import type { Json } from '../model/app.js';

/**
 * The system fields a new record may be given values for: its creator, modifier and their times.
 * kintone REST API, Add Record and Add Records (cybozu.dev, records/add-record, records/add-records,
 * "必要なアクセス権"): values for 作成者, 更新者, 作成日時 and 更新日時 may be registered, and doing
 * so needs the app management permission. (The record number, status, assignee and categories
 * are not among them: what an add sends for those stays ignored.)
 */
const SETTABLE_ON_ADD: ReadonlySet<string> = new Set(['CREATOR', 'MODIFIER', 'CREATED_TIME', 'UPDATED_TIME']);

/** How a time is checked: as a date-time field is written (values.ts), stored the same way. */
const DATETIME_FIELD = { type: 'DATETIME' };

/**
 * The creator, modifier and times a new record's input gives (empty ones left to the service's
 * stamp), checked: a user by login (`{code}`, as user fields are written: platform-facts, record
 * value shapes), a time as a date-time field takes it. Problems are reported at
 * `<path>.<code>.value`; a caller without the app management permission (`mayManage`) giving any
 * is refused with 403 CB_NO02, as the pages' required permission says. Null when the input gives none.
 */
export function givenStamp(
  input: unknown,
  path: string,
  env: WriteEnv,
  mayManage: boolean,
): Record<string, FieldValue> | null {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return null;
  let given: Record<string, FieldValue> | null = null;
  for (const [code, raw] of Object.entries(input as Record<string, unknown>)) {
    const field = Object.hasOwn(env.fields, code) ? env.fields[code] : undefined;
    const type = field ? typeOf(field) : '';
    if (!SETTABLE_ON_ADD.has(type)) continue;
    const value = (raw as { value?: unknown } | null)?.value;
    if (isEmptyValue(value as Json | undefined)) continue;
    if (!mayManage)
      throw errors.forbidden(`giving the ${type} field "${code}" a value (app management permission)`);
    const place = { prefix: path, code };
    const checked =
      type === 'CREATOR' || type === 'MODIFIER' ? userOf(value, place, env) : timeOf(value, place, env);
    if (checked === INVALID) continue;
    given ??= {};
    given[code] = fieldValue(type, checked);
  }
  return given;
}

function userOf(
  value: unknown,
  place: { prefix: string; code: string },
  env: WriteEnv,
): { code: string; name: string } | typeof INVALID {
  const login = (value as { code?: unknown } | null)?.code;
  const user = typeof login === 'string' ? findUser(env.ctx, login) : undefined;
  if (user) return { code: user.code, name: user.name };
  env.problems.add(
    valuePath(place),
    typeof login === 'string'
      ? `No user has the login name "${login}".`
      : 'Enter the user as {"code": <login name>}.',
  );
  return INVALID;
}

function timeOf(
  value: unknown,
  place: { prefix: string; code: string },
  env: WriteEnv,
): string | typeof INVALID {
  const checked = checkValue(DATETIME_FIELD, value, place, env);
  return typeof checked === 'string' ? checked : INVALID;
}

/** The record with the given values laid over its stamp (the record is the write's own copy). */
export function withGiven<T extends Record<string, FieldValue>>(
  record: T,
  given: Record<string, FieldValue> | null,
): T {
  return given ? Object.assign(record, given) : record;
}
