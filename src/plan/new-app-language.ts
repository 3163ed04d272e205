/**
 * The language a new app is created in, which decides its system fields' codes and labels
 * (platform-facts-verified, "Locale"), and the plan's sign-in before it says anything about the
 * target: one cheap read, through the client apply uses, that fails as apply would (a base URL
 * that does not answer, a wrong password).
 *
 * On the hosted platform the language of a request is the user's own language setting; when
 * that setting is "as the browser", the request's `Accept-Language` decides (platform-facts-
 * verified, "Locale"), and apply creates apps with the environment's `locale` as that header
 * (apply/write-all.ts, createApp). The user's setting is the `locale` of the User type that
 * `GET /v1/users.json` answers (cybozu.dev, User API data structure: `locale`, the user's
 * locale), which every user but a guest may read (cybozu.dev get-users). What `locale` holds for
 * "as the browser" is not shown there: anything but a language the platform speaks (`ja`, `en`,
 * `zh`) is taken as "as the browser" (the local service answers null). For `zh` the codes of a
 * new app are not recorded anywhere; the local service gives it the English ones
 * (emulator/model/defaults.ts), and so does this.
 */
import type { Client } from '../client/index.js';
import { ServiceError } from '../client/index.js';
import type { Locale } from '../platform/index.js';
import { environmentLogin, type Project } from '../project/index.js';
import { UNREADABLE_STATUSES } from './directory-preflight.js';

/** The language of the apps this plan creates, and where it comes from. */
export interface NewAppLanguage {
  locale: Locale;
  /**
   * `user`: the deploying user's own language setting; `environment`: the environment's `locale`
   * (the user's setting leaves it to the request, or could not be read).
   */
  from: 'user' | 'environment';
  /** The deploying user's login, when the plan signed in with one. */
  user?: string;
  /** Why the user's language could not be read, when it could not. */
  unread?: string;
}

/**
 * Reads the deploying user's language (and so signs in). The embedded local service is started
 * by the command itself in the environment's `locale` and its user has no language of its own: no
 * read. With API tokens alone nothing is read: a token cannot create an app (token-limits.ts).
 */
export async function newAppLanguage(client: Client, project: Project): Promise<NewAppLanguage> {
  const environment = project.environment;
  const fallback = { locale: environment.locale, from: 'environment' } as const;
  const login = environmentLogin(environment.config);
  if (environment.local || login === null) return fallback;
  try {
    const { users } = await client.directory.getUsers({ codes: [login] });
    const user = users.find((u) => u.code === login);
    if (user === undefined)
      return { ...fallback, user: login, unread: `the User API answered no user "${login}"` };
    const own = userLocale(user.locale);
    return own === null ? { ...fallback, user: login } : { locale: own, from: 'user', user: login };
  } catch (error) {
    if (!(error instanceof ServiceError) || !UNREADABLE_STATUSES.has(error.status)) throw error;
    // Not a sign-in yet where the User API is missing: one read every service has.
    if (error.status !== 403) await client.apps.getApps({ limit: 1 });
    return {
      ...fallback,
      user: login,
      unread: `the service refused reading user "${login}" (${error.status} ${error.code})`,
    };
  }
}

/** The codes' language of a user's `locale` setting; null for "as the browser". */
function userLocale(value: unknown): Locale | null {
  switch (value) {
    case 'ja':
      return 'ja';
    case 'en':
    case 'zh':
      return 'en';
    default:
      return null;
  }
}

/** Who creates the app in which language, for the reasons of the risks (new-app-fields.ts). */
export function creationWords(app: string, language: NewAppLanguage, environment: string): string {
  if (language.from === 'user')
    return `apply creates app "${app}" as user "${language.user ?? ''}", whose language is ${language.locale}`;
  return `apply creates app "${app}" in the locale of environment ${environment} (${language.locale})`;
}
