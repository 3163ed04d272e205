import { dirname, join } from 'node:path';
import { AppdeployError } from '../errors.js';
import { runChecks } from './checks/index.js';
import { checkNewApps } from './checks/new-apps.js';
import type { CheckedApp } from './checks/context.js';
import type { Variables } from './env-vars.js';
import {
  blankConnections,
  configEnvironment,
  unsetProblems,
  withoutBlankValues,
  type RawConfig,
} from './config-environment.js';
import { environmentLocale, type ChosenEnvironment } from './environment.js';
import { displayPath, findConfig, type FindOptions } from './find.js';
import { loadApp, locatableApps, type LoadedApp } from './load-app.js';
import { appdeployCommand, projectFlags } from './next-command.js';
import type { AppManifest, ProjectConfig } from './manifest.js';
import { readLocalIds } from './local-ids.js';
import { checkEnvironmentNames, checkProjectConfig } from './project-checks.js';
import { checkReachFiles } from './reach-checks.js';
import { secretsHidden } from './secrets-shown.js';
import { checkBaseUrls } from './base-url-checks.js';
import { checkMergedPrincipals, checkPrincipalMaps, manifestPrincipals } from './checks/principal-maps.js';
import { checkEnvironmentTimeZones } from './checks/time-zones.js';
import { checkRecordFiles, recordsTimeZone } from './record-checks/index.js';
import { sortProblems, type Problem } from './problems.js';
import { readDotEnv } from './read-dot-env.js';
import { DEFAULT_MAX_FILE_BYTES } from './read-file.js';
import { readSource } from './read-source.js';
import { manifestValidator, validateSchema } from './schema-check.js';
import { isMap, PROJECT_DETACHED, PROJECT_NAMED_MAPS, wellFormedParts } from './well-formed.js';
import type { YamlSource } from './yaml-source.js';

export interface LoadOptions extends FindOptions {
  /** The environment to resolve (`--env`); defaults as chooseEnvironment says. */
  env?: string | undefined;
  /** Variables for `${VAR}`: the CLI passes process.env. They win over `.env`. */
  variables: Variables;
  /** Largest file read, in bytes; 1 MB unless given. */
  maxFileBytes?: number;
  /**
   * Top-level keys an app manifest may hold beyond schema/app.schema.json's, each with its JSON
   * Schema: the manifest part of an area defined outside src/ (a test's), checked as the file's
   * own are (an area of src/ adds its part to the file instead).
   */
  manifestProperties?: Readonly<Record<string, object>> | undefined;
  /** false: record files are not read (export --records, which writes them anew). Default true. */
  checkRecordFiles?: boolean;
}

/** One app of a valid project, ready for the planner. */
export interface ProjectApp {
  /** Its key in appdeploy.yaml (what `app:` references name). */
  key: string;
  /** Absolute path of the manifest; files named by `path:` are relative to its folder. */
  manifestPath: string;
  manifest: AppManifest;
  source: YamlSource;
  /** Its id in the chosen environment; null when apply is to create it. */
  id: string | null;
  /** Its id in every environment that has one. */
  ids: Record<string, string>;
}

export interface Project {
  /** The folder of appdeploy.yaml. */
  root: string;
  configPath: string;
  config: ProjectConfig;
  configSource: YamlSource;
  environment: ChosenEnvironment;
  /** In the order of appdeploy.yaml. */
  apps: ProjectApp[];
  /**
   * The flags that chose this project and environment (`-C DIR --env NAME`), as given, for hints
   * that name a next command (next-command.ts); '' or absent when none was given.
   */
  commandFlags?: string;
}

export interface ValidationResult {
  /**
   * The project when there are no problems, or none but those of `recordProblems` (which only
   * `seed` and `export --records` read: the CLI's other commands go on with a warning); else null.
   */
  project: Project | null;
  /** Every problem found, in file and line order. */
  problems: Problem[];
  /**
   * Those of `problems` that are of the record files (docs/records.md): each app's `records:`
   * setting and the file it names.
   */
  recordProblems: Problem[];
  configPath: string;
  /** The project file as problems name it. */
  configFile: string;
  /** The app keys of appdeploy.yaml, when it could be read. */
  appKeys: string[];
  /** The environment resolved, when it could be. */
  environment: ChosenEnvironment | null;
  /** Every file read, by the name problems use, for showing source lines. */
  sources: Map<string, string>;
}

/** Reads, expands, schema-checks and cross-checks a project; lists every problem, never throws for bad input. */
export async function validateProject(options: LoadOptions): Promise<ValidationResult> {
  const configPath = findConfig(options);
  const root = dirname(configPath);
  const show = (path: string) => displayPath(options.cwd, path);
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const sources = new Map<string, string>();
  const problems: Problem[] = [];
  const ofRecords = new Set<Problem>();
  const onlyOfRecords = () => problems.every((p) => ofRecords.has(p));
  let appKeys: string[] = [];
  const done = (environment: ChosenEnvironment | null, project: Project | null = null): ValidationResult => ({
    project: onlyOfRecords() ? project : null,
    problems: sortProblems(problems),
    recordProblems: sortProblems([...ofRecords]),
    configPath,
    configFile: show(configPath),
    appKeys,
    environment,
    sources,
  });

  const { variables, reportUnset } = await readVariables(options, {
    root,
    show,
    maxFileBytes,
    problems,
    sources,
  });
  const configRead = await readSource({ path: configPath, file: show(configPath), variables, maxFileBytes });
  problems.push(...configRead.problems);
  const configSource = configRead.source;
  // Shown under its problems with any secret written as itself hidden (secrets-shown.ts).
  if (configSource) sources.set(configSource.file, secretsHidden(configSource));
  if (!configSource || configSource.value === undefined || configRead.problems.length > 0) return done(null);
  const blank = blankConnections(configRead.unset, configRead.empty);
  const schema = withoutBlankValues(validateSchema('project', configSource), blank);
  problems.push(...schema.problems);
  for (const p of schema.problems.filter(inRecordsSetting)) ofRecords.add(p);
  // What passed the schema is still checked, and every manifest that can be found is still read.
  const parts = wellFormedParts(configSource.value, schema.failed, PROJECT_NAMED_MAPS, PROJECT_DETACHED);
  const config = (parts.value ?? {}) as Partial<ProjectConfig>;
  const raw: RawConfig = isMap(configSource.value) ? configSource.value : {};
  const { chosen, names } = configEnvironment(raw, parts, options.env, configSource);
  problems.push(...chosen.problems);
  problems.push(...unsetProblems(blank, chosen.environment?.name, reportUnset));
  problems.push(...checkReachFiles(chosen.environment, configSource, root));
  problems.push(...checkProjectConfig(names, isMap(config.apps) ? config.apps : {}, configSource, root));
  problems.push(...checkEnvironmentNames(names, configSource));
  const environments = isMap(config.environments) ? config.environments : {};
  problems.push(...checkPrincipalMaps(environments, configSource));
  problems.push(...checkBaseUrls(environments, configSource));
  problems.push(...checkEnvironmentTimeZones(environments, configSource));

  appKeys = isMap(raw.apps) ? Object.keys(raw.apps) : [];
  const appSchema = await manifestValidator(options.manifestProperties);
  const loaded = await Promise.all(
    locatableApps(configSource.value).map(({ key, manifest }) =>
      loadApp({
        key,
        manifest,
        root,
        configSource,
        show,
        variables,
        maxFileBytes,
        reportUnset,
        problems,
        sources,
        appSchema,
        // The codes the service gives system fields, for references to undeclared ones (the
        // project's language when no environment could be chosen).
        locale: environmentLocale(config, chosen.environment?.config),
      }),
    ),
  );
  // Every app of the file exists for references between apps, even one that cannot be read.
  const byKey = new Map<string, CheckedApp | null>(appKeys.map((key) => [key, null]));
  for (const app of loaded) byKey.set(app.key, app.checked);
  const checkedApps = loaded.flatMap((l) => (l.checked ? [l.checked] : []));
  problems.push(...(await runChecks(checkedApps, byKey)));
  const named = checkedApps.flatMap(manifestPrincipals);
  const recordFiles = {
    apps: isMap(config.apps) ? config.apps : {},
    checked: byKey,
    configSource,
    root,
    show,
    sources,
    principals: named,
    timeZone: recordsTimeZone(chosen.environment),
  };
  if (options.checkRecordFiles !== false)
    for (const p of await checkRecordFiles(recordFiles)) {
      problems.push(p);
      ofRecords.add(p);
    }
  problems.push(...checkMergedPrincipals(environments, configSource, named));
  problems.push(...checkNewApps(checkedApps, { environment: chosen.environment ?? null, config, root }));

  const environment = chosen.environment;
  if (!environment || !onlyOfRecords()) return done(environment);
  // No problems but of record files: the whole file passed the schema, but for a `records:`
  // setting left out of `parts` (well-formed.ts PROJECT_DETACHED).
  const valid = parts.value as ProjectConfig;
  return done(environment, {
    root,
    configPath,
    config: valid,
    configSource,
    environment,
    apps: projectApps(loaded, valid, environment, root),
    commandFlags: projectFlags({ dir: options.dir, config: options.config, env: options.env }),
  });
}

/** A problem of an app's `records:` setting (`apps.<key>.records...`). */
function inRecordsSetting(p: Problem): boolean {
  return p.path !== undefined && /^apps(?:\.[A-Za-z_][\w-]*|\[".*"\])\.records(?:$|[.[])/.test(p.path);
}

/**
 * The variables `${VAR}` expands to: `.env` beside appdeploy.yaml, overridden by those given
 * (the environment's). An unset variable is reported only when `.env` could be read.
 */
async function readVariables(
  options: LoadOptions,
  at: {
    root: string;
    show: (path: string) => string;
    maxFileBytes: number;
    problems: Problem[];
    sources: Map<string, string>;
  },
): Promise<{ variables: Record<string, string>; reportUnset: boolean }> {
  const dotEnvPath = join(at.root, '.env');
  const dotEnv = await readDotEnv({
    path: dotEnvPath,
    file: at.show(dotEnvPath),
    maxFileBytes: at.maxFileBytes,
    problems: at.problems,
    sources: at.sources,
  });
  return { variables: { ...dotEnv, ...definedOnly(options.variables) }, reportUnset: dotEnv !== null };
}

/** The apps of a valid project, with their ids in the chosen environment. */
function projectApps(
  loaded: readonly LoadedApp[],
  valid: ProjectConfig,
  environment: ChosenEnvironment,
  root: string,
): ProjectApp[] {
  // The embedded local service's ids live with its data (local-ids.ts); appdeploy.yaml's are a
  // fallback there, which the commands check against the service (src/local/ids.ts).
  const localIds = environment.local ? (readLocalIds(root)[environment.name] ?? {}) : {};
  return loaded.flatMap(({ key, manifestPath, checked }) => {
    if (!checked) return [];
    const ids = Object.fromEntries(
      Object.entries(valid.apps?.[key]?.ids ?? {}).map(([env, id]) => [env, String(id)]),
    );
    return [
      {
        key,
        manifestPath,
        manifest: checked.manifest,
        source: checked.source,
        id: localIds[key] ?? ids[environment.name] ?? null,
        ids,
      },
    ];
  });
}

/** Like validateProject, for commands that need a valid project: any problem is a user error. */
export async function loadProject(options: LoadOptions): Promise<Project> {
  const result = await validateProject(options);
  if (result.project && result.problems.length === 0) return result.project;
  throw invalidProjectError(result, options);
}

/** The error a command that needs a valid project stops with: the first problem, and how many. */
export function invalidProjectError(
  result: Pick<ValidationResult, 'problems'>,
  options: Pick<LoadOptions, 'dir' | 'config' | 'env'>,
): AppdeployError {
  const first = result.problems[0];
  const count = result.problems.length;
  return new AppdeployError(
    'MANIFEST.INVALID',
    first ? `${first.file}:${first.line}:${first.col}: ${first.message}` : 'the project is not valid',
    {
      hint: `${count === 1 ? 'That is the only problem' : `${count} problems in all`}; run \`${appdeployCommand({ commandFlags: projectFlags(options) }, 'validate')}\` to list them.`,
    },
  );
}

function definedOnly(variables: Variables): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).filter((e): e is [string, string] => e[1] !== undefined),
  );
}
