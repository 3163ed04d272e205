import { allUsers, findUser } from './users.js';
import type { EmulatorContext } from '../context.js';
import type { UserRef } from '../model/app.js';

/**
 * The emulator's groups and organizations. Two groups always exist, as on the platform:
 * `everyone` (every user, guests included) and `Administrators` (the service administrators).
 * Any other group, and every organization, exists only once the control API defines it
 * (`PUT /_emulator/directory`), with its member users; organizations have no hierarchy, and a
 * user's primary organization is the first defined organization that lists them.
 */
export type UnitKind = 'GROUP' | 'ORGANIZATION';

/** A defined group or organization (table `directory`, keyed `<kind>:<code>`, in definition order). */
export interface UnitDoc {
  readonly kind: UnitKind;
  readonly code: string;
  readonly name: string;
  readonly users: readonly string[];
}

export const DIRECTORY_TABLE = 'directory';
export const EVERYONE = 'everyone';
export const ADMINISTRATORS = 'Administrators';
export const BUILT_IN_GROUPS: readonly string[] = [EVERYONE, ADMINISTRATORS];

const keyOf = (kind: UnitKind, code: string): string => `${kind}:${code}`;

function defined(ctx: EmulatorContext, kind: UnitKind, code: string): UnitDoc | undefined {
  return ctx.store.table<UnitDoc>(DIRECTORY_TABLE).get(keyOf(kind, code));
}

/** Every defined unit of a kind, in the order the control API gave them. */
export function definedUnits(ctx: EmulatorContext, kind: UnitKind): UnitDoc[] {
  return [...ctx.store.table<UnitDoc>(DIRECTORY_TABLE).values()].filter((u) => u.kind === kind);
}

/** Replaces the defined units of one kind. Call inside a transaction. */
export function replaceUnits(ctx: EmulatorContext, kind: UnitKind, units: readonly UnitDoc[]): void {
  const table = ctx.store.table<UnitDoc>(DIRECTORY_TABLE);
  for (const old of definedUnits(ctx, kind)) table.delete(keyOf(kind, old.code));
  for (const unit of units) table.put(keyOf(kind, unit.code), unit);
}

/** The group or organization with this code, as a record value shows it; undefined when there is none. */
export function findUnit(ctx: EmulatorContext, kind: UnitKind, code: string): UserRef | undefined {
  if (kind === 'GROUP' && code === EVERYONE) return { code, name: 'Everyone' };
  if (kind === 'GROUP' && code === ADMINISTRATORS) return { code, name: ADMINISTRATORS };
  const unit = defined(ctx, kind, code);
  return unit && { code: unit.code, name: unit.name };
}

/** Why a code names no group or organization, with the codes that do exist and how to add one. */
export function unknownUnit(ctx: EmulatorContext, kind: UnitKind, code: string): string {
  const noun = kind === 'GROUP' ? 'group' : 'organization';
  const codes = [...(kind === 'GROUP' ? BUILT_IN_GROUPS : []), ...definedUnits(ctx, kind).map((u) => u.code)];
  const known = codes.length > 0 ? `the ${noun}s are ${codes.join(', ')}` : `no ${noun}s are defined`;
  return `No ${noun} has the code "${code}"; ${known} (define ${noun}s with PUT /_emulator/directory).`;
}

/** The users of a group or organization (none when it does not exist). */
export function unitMembers(ctx: EmulatorContext, kind: UnitKind, code: string): UserRef[] {
  if (kind === 'GROUP' && code === EVERYONE) return allUsers(ctx);
  if (kind === 'GROUP' && code === ADMINISTRATORS)
    return ctx.settings.users.filter((u) => u.admin).map((u) => ({ code: u.login, name: u.name ?? u.login }));
  const unit = defined(ctx, kind, code);
  return (unit?.users ?? []).flatMap((login) => {
    const user = findUser(ctx, login);
    return user ? [user] : [];
  });
}

/** Whether the user `login` belongs to the group or organization. */
export function isMember(ctx: EmulatorContext, kind: UnitKind, code: string, login: string): boolean {
  if (kind === 'GROUP' && code === EVERYONE) return true;
  if (kind === 'GROUP' && code === ADMINISTRATORS)
    return ctx.settings.users.some((u) => u.login === login && u.admin);
  return defined(ctx, kind, code)?.users.includes(login) ?? false;
}

/** Every group and organization the user belongs to, as `GROUP:<code>` / `ORGANIZATION:<code>` keys. */
export function unitsOf(ctx: EmulatorContext, login: string): ReadonlySet<string> {
  const units = new Set([keyOf('GROUP', EVERYONE)]);
  if (isMember(ctx, 'GROUP', ADMINISTRATORS, login)) units.add(keyOf('GROUP', ADMINISTRATORS));
  for (const unit of ctx.store.table<UnitDoc>(DIRECTORY_TABLE).values())
    if (unit.users.includes(login)) units.add(keyOf(unit.kind, unit.code));
  return units;
}

/** Whether a set from `unitsOf` holds the group or organization. */
export function inUnits(units: ReadonlySet<string>, kind: UnitKind, code: string): boolean {
  return units.has(keyOf(kind, code));
}

/** The first defined organization listing the user (for PRIMARY_ORGANIZATION()), or null. */
export function primaryOrganization(ctx: EmulatorContext, login: string): string | null {
  return definedUnits(ctx, 'ORGANIZATION').find((o) => o.users.includes(login))?.code ?? null;
}

/** Which unit kind an ACL or mention entity type names, if any. */
export function unitKindOf(type: unknown): UnitKind | null {
  return type === 'GROUP' || type === 'ORGANIZATION' ? type : null;
}
