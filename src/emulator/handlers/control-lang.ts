import { invalid } from '../errors.js';
import { closedKeys } from '../validate/request.js';
import { findUser } from '../directory/users.js';
import { LANGS, type Lang } from '../messages/lang.js';
import { USER_LANGS_TABLE, type UserLangDoc } from '../messages/user-lang.js';
import type { ApiRequest, Route } from '../context.js';

/**
 * `PUT /_emulator/user-lang` `{login, lang}`: a user's language setting, as a user changes it in
 * the platform's personal settings. `lang` is `en`, `ja`, `zh`, or null for "as the browser"
 * (Accept-Language decides). It wins over what `--user` said, until the next reset.
 */
function putUserLang(req: ApiRequest): unknown {
  closedKeys(req.params, ['login', 'lang']);
  const login = req.params.str('login');
  if (!findUser(req.ctx, login)) throw invalid({ login: `No user has the login name "${login}".` });
  const lang = req.params.raw.lang;
  if (lang !== null && !(LANGS as readonly unknown[]).includes(lang))
    throw invalid({ lang: `Enter ${LANGS.join(', ')}, or null for the browser's language.` });
  req.ctx.store.transaction(() =>
    req.ctx.store.table<UserLangDoc>(USER_LANGS_TABLE).put(login, { login, lang: lang as Lang | null }),
  );
  return {};
}

export const langRoutes: Route[] = [
  { method: 'PUT', path: '/_emulator/user-lang', auth: 'admin', handler: putUserLang },
];
