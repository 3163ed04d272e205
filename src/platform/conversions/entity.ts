/**
 * Users, organizations and groups among their selection fields (issue 36, "Conversions"): a code
 * carries over where an entity of the target's kind has it on the target environment.
 *
 * Evidence: platform-facts "Records": USER_SELECT, ORGANIZATION_SELECT and GROUP_SELECT values are
 * arrays of `{code, name}`, written as `{code}`. A code that names no user (organization, group)
 * is refused by the record API (the local service: `No user has the login name "x".`). Users,
 * organizations and groups are separate directories: a user's login name and an organization's
 * code are different things even when spelled alike, so each code is looked up as the target's
 * kind. Where the documentation is silent: whether the target field's `entities` (the picker's
 * choices) restricts what the record API accepts; the local service does not, and neither does
 * this.
 */
import { converted, quote, refused, type ConvertContext, type Converted } from './types.js';

export const ENTITY_TYPES = ['USER_SELECT', 'ORGANIZATION_SELECT', 'GROUP_SELECT'] as const;

const KIND = {
  USER_SELECT: 'USER',
  ORGANIZATION_SELECT: 'ORGANIZATION',
  GROUP_SELECT: 'GROUP',
} as const;

const NOUN = { USER: 'user', ORGANIZATION: 'organization', GROUP: 'group' } as const;

function codeOf(item: unknown): string | undefined {
  if (typeof item === 'string') return item;
  const code = (item as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code !== '' ? code : undefined;
}

/** A list of `{code}` (or codes) as the target selection's value: each code an entity of its kind. */
export function entitiesInto(to: string, value: unknown, ctx: ConvertContext): Converted {
  const kind = KIND[to as keyof typeof KIND];
  if (!kind) return refused(`${to} is not a selection of users, organizations or groups`);
  if (!Array.isArray(value)) return refused('not a list of codes');
  if (!ctx.entityExists) return refused(`cannot check that each ${NOUN[kind]} exists`);
  const codes: string[] = [];
  for (const item of value) {
    const code = codeOf(item);
    if (code === undefined) return refused('an item without a code');
    if (!ctx.entityExists(kind, code)) return refused(`no ${NOUN[kind]} ${quote(code)}`);
    if (!codes.includes(code)) codes.push(code);
  }
  return converted(codes.map((code) => ({ code })));
}
