/**
 * Where the chosen environment's address and credentials come from, for the errors that need it:
 * a wrong password (401) or an address nothing answers at names the environment, the line of
 * appdeploy.yaml, and where each variable there got its value. The machine's environment wins over
 * .env (project/load.ts), so a variable exported in the shell long ago hides the .env a team keeps
 * up to date: the message says which one was used.
 */
import type { Project } from '../project/index.js';

export interface EnvironmentFacts {
  name: string;
  /** `appdeploy.yaml:11:11` and the variables written there, per setting; absent when not written. */
  baseUrl?: SettingFacts;
  auth?: SettingFacts;
  proxy?: SettingFacts;
  clientCertificate?: SettingFacts;
  ca?: SettingFacts;
}

export interface SettingFacts {
  at: string;
  /** Each `${NAME}` of the setting's lines, and whether the machine's environment or .env gave it. */
  variables: { name: string; from: 'environment' | '.env' }[];
}

/** Set once a command has opened its project (project-flags.ts), read when an error is reported. */
export const opened: { environment?: EnvironmentFacts } = {};

export function environmentFacts(project: Project, env: NodeJS.ProcessEnv): EnvironmentFacts {
  const name = project.environment.name;
  const source = project.configSource;
  const base = ['environments', name];
  const setting = (keys: readonly string[][]): SettingFacts | undefined => {
    const lines = new Set<number>();
    let first: string | undefined;
    for (const key of keys) {
      const found = source.locate([...base, ...key]);
      if (found.line === 0) continue;
      first ??= `${found.file}:${found.line}:${found.col}`;
      lines.add(found.line);
    }
    if (first === undefined) return undefined;
    const names = new Set(
      [...lines].flatMap((line) => [...source.lineText(line).matchAll(/\$\{(\w+)/g)].map((m) => m[1]!)),
    );
    return {
      at: first,
      variables: [...names].map((variable) => ({
        name: variable,
        from: env[variable] !== undefined ? 'environment' : '.env',
      })),
    };
  };
  const config = project.environment.config;
  const auth = config.auth === undefined ? [] : Object.keys(config.auth).map((key) => ['auth', key]);
  const baseUrl = config.baseUrl === undefined ? undefined : setting([['baseUrl']]);
  const credentials = setting(auth);
  const certificate =
    config.clientCertificate === undefined
      ? []
      : Object.keys(config.clientCertificate).map((key) => ['clientCertificate', key]);
  const reach = {
    proxy: config.proxy === undefined ? undefined : setting([['proxy']]),
    clientCertificate: setting(certificate),
    ca: config.ca === undefined ? undefined : setting([['ca']]),
  };
  return {
    name,
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(credentials === undefined ? {} : { auth: credentials }),
    ...Object.fromEntries(Object.entries(reach).filter(([, facts]) => facts !== undefined)),
  };
}

/** ` STAGING_PASSWORD is set in the machine's environment, which wins over .env; STAGING_LOGIN comes from .env.` */
export function variableSources(setting: SettingFacts): string {
  const from = (where: 'environment' | '.env') =>
    setting.variables.filter((v) => v.from === where).map((v) => v.name);
  const are = (names: readonly string[]) => `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'}`;
  const shell = from('environment');
  const file = from('.env');
  const parts = [
    ...(shell.length > 0 ? [`${are(shell)} set in the machine's environment, which wins over .env`] : []),
    ...(file.length > 0 ? [`${are(file)} from .env`] : []),
  ];
  return parts.length === 0 ? '' : ` ${parts.join('; ')}.`;
}
