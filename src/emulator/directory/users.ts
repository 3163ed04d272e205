import type { Principal } from '../auth.js';
import type { EmulatorContext } from '../context.js';
import type { UserRef } from '../model/app.js';

/** A guest user as the guests endpoints store it (table `guests`, keyed by login). */
export interface GuestDoc {
  readonly code: string;
  readonly password: string;
  readonly name: string;
  /** The guest's profile as given; `locale` is their language (`auto`: as the browser). */
  readonly profile?: { readonly locale?: string };
}

export const GUESTS_TABLE = 'guests';

/** The emulator's directory: its configured users and the guests created through the API. */
export function findUser(ctx: EmulatorContext, login: string): UserRef | undefined {
  const user = ctx.settings.users.find((u) => u.login === login);
  if (user) return { code: user.login, name: user.name ?? user.login };
  const guest = ctx.store.table<GuestDoc>(GUESTS_TABLE).get(login);
  return guest ? { code: guest.code, name: guest.name } : undefined;
}

/** Every user the service knows (for `everyone`), configured users first. */
export function allUsers(ctx: EmulatorContext): UserRef[] {
  const users = ctx.settings.users.map((u) => ({ code: u.login, name: u.name ?? u.login }));
  for (const guest of ctx.store.table<GuestDoc>(GUESTS_TABLE).values())
    users.push({ code: guest.code, name: guest.name });
  return users;
}

/** The login the query functions and record rules see for the caller; null for an API token. */
export function callerLogin(principal: Principal): string | null {
  return principal.kind === 'user' ? principal.login : null;
}

/** Whether the caller bypasses record and field rules: administrators and API tokens (as on the platform). */
export function bypassesRules(principal: Principal): boolean {
  return principal.kind === 'token' || principal.admin;
}
