import type { Locale } from '../platform/index.js';
import type { EnvironmentConfig, ProjectConfig } from './manifest.js';
import type { Problem } from './problems.js';
import { problem } from './problems.js';
import { didYouMean } from './suggest.js';
import type { YamlSource } from './yaml-source.js';

/** The environment a command acts on. */
export interface ChosenEnvironment {
  name: string;
  config: EnvironmentConfig;
  /** No `baseUrl`: the embedded local service. */
  local: boolean;
  /** The language its apps are in: its own `locale`, else the project's, else `en`. */
  locale: Locale;
}

/**
 * `--env` wins; then `defaultEnvironment`; then the only environment; then `local`. A project
 * with no `environments` at all has an implicit `local` one, so a fresh project works at once.
 */
export function chooseEnvironment(
  config: Pick<ProjectConfig, 'environments' | 'defaultEnvironment' | 'locale'>,
  requested: string | undefined,
  source: YamlSource,
): { environment: ChosenEnvironment | null; problems: Problem[] } {
  const environments = config.environments ?? { local: {} };
  const names = Object.keys(environments);
  const known = names.length > 0 ? names.join(', ') : 'none';
  let name = requested ?? config.defaultEnvironment;
  if (name === undefined)
    name = names.length === 1 ? names[0] : names.includes('local') ? 'local' : undefined;
  if (name === undefined) {
    const where = source.locate(['environments'], 'key');
    const message = `no environment chosen: environments are ${known}`;
    const hint = 'Pass --env NAME, or set defaultEnvironment in appdeploy.yaml.';
    return { environment: null, problems: [problem('PROJECT.ENVIRONMENT', message, where, { hint })] };
  }
  const found = environments[name];
  if (found === undefined) {
    const fromFile = requested === undefined;
    const path = fromFile ? ['defaultEnvironment'] : ['environments'];
    const message = `${fromFile ? 'defaultEnvironment: ' : ''}environment "${name}" is not defined; defined: ${known}`;
    // `--env prod` for production: a short form is a beginning more often than a typo.
    const started = names.filter((n) => name.length >= 2 && n.toLowerCase().startsWith(name.toLowerCase()));
    const near =
      didYouMean(name, names) ?? (started.length === 1 ? `Did you mean "${started[0]}"?` : undefined);
    const hint = [
      near,
      fromFile
        ? 'Name one of the environments.'
        : 'Pass one of the defined names to --env, or add it under environments.',
    ]
      .filter(Boolean)
      .join(' ');
    return {
      environment: null,
      problems: [
        problem('PROJECT.ENVIRONMENT', message, source.locate(path, fromFile ? 'value' : 'key'), { hint }),
      ],
    };
  }
  const locale = environmentLocale(config, found);
  return { environment: { name, config: found, local: found.baseUrl === undefined, locale }, problems: [] };
}

/** An environment's language: its own `locale`, else the project's, else `en`. */
export function environmentLocale(
  config: Pick<ProjectConfig, 'locale'>,
  environment: Pick<EnvironmentConfig, 'locale'> | undefined,
): Locale {
  return environment?.locale ?? config.locale ?? 'en';
}

/**
 * The login an environment signs in with (the user the service acts for, and the creator of the
 * apps it creates); null with API tokens alone or no `auth`. Partial projects of tests may carry no
 * config at all.
 */
export function environmentLogin(config: EnvironmentConfig | undefined): string | null {
  const auth: object | undefined = config?.auth;
  return auth !== undefined && 'login' in auth && typeof auth.login === 'string' ? auth.login : null;
}

/** An environment of a service (not the embedded one) whose `auth` is API tokens, no login. */
export function usesTokenOnly(config: EnvironmentConfig): boolean {
  const auth: object | undefined = config.auth;
  return config.baseUrl !== undefined && auth !== undefined && 'apiToken' in auth && !('login' in auth);
}
