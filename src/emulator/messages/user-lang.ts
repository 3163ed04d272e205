import type { EmulatorContext } from '../context.js';
import type { Lang } from './lang.js';

/** Language settings the control API gave users (table `userLangs`, keyed by login). */
export const USER_LANGS_TABLE = 'userLangs';

export interface UserLangDoc {
  readonly login: string;
  /** null: "as the browser", whatever `--user` said. */
  readonly lang: Lang | null;
}

/**
 * The user's language as the control API last set it (it wins over `--user`): a language, null
 * for "as the browser" (Accept-Language decides), or undefined when it never set one.
 */
function langSetting(ctx: EmulatorContext, login: string): Lang | null | undefined {
  return ctx.store.table<UserLangDoc>(USER_LANGS_TABLE).get(login)?.lang;
}

/** The user's language: the control API's setting, else `fallback` (from `--user` or the guest's own). */
export function userLang(ctx: EmulatorContext, login: string, fallback: Lang | undefined): Lang | undefined {
  const set = langSetting(ctx, login);
  return set === undefined ? fallback : (set ?? undefined);
}
