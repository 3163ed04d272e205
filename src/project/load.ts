import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { AppdeployError } from '../errors.js';
import { runChecks } from './checks/index.js';
import { indexFields } from './checks/field-index.js';
import type { CheckedApp } from './checks/context.js';
import { parseDotEnv, type Variables } from './env-vars.js';
import { chooseEnvironment, type ChosenEnvironment } from './environment.js';
import { displayPath, findConfig, type FindOptions } from './find.js';
import type { AppManifest, ProjectConfig } from './manifest.js';
import { checkProjectConfig } from './project-checks.js';
import { formatPath, problem, sortProblems, type Problem } from './problems.js';
import { DEFAULT_MAX_FILE_BYTES } from './read-file.js';
import { readSource } from './read-source.js';
import { checkSchema } from './schema-check.js';
import type { YamlSource } from './yaml-source.js';

export interface LoadOptions extends FindOptions {
  /** The environment to resolve (`--env`); defaults as chooseEnvironment says. */
  env?: string | undefined;
  /** Variables for `${VAR}`: the CLI passes process.env. They win over `.env`. */
  variables: Variables;
  /** Largest file read, in bytes; 1 MB unless given. */
  maxFileBytes?: number;
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
}

export interface ValidationResult {
  /** The project when there are no problems, else null. */
  project: Project | null;
  /** Every problem found, in file and line order. */
  problems: Problem[];
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
  let appKeys: string[] = [];
  const done = (environment: ChosenEnvironment | null, project: Project | null = null): ValidationResult => ({
    project: problems.length === 0 ? project : null,
    problems: sortProblems(problems),
    configPath,
    configFile: show(configPath),
    appKeys,
    environment,
    sources,
  });

  const variables = {
    ...readDotEnv(join(root, '.env'), show, problems, sources),
    ...definedOnly(options.variables),
  };
  const configRead = await readSource({ path: configPath, file: show(configPath), variables, maxFileBytes });
  problems.push(...configRead.problems);
  const configSource = configRead.source;
  if (configSource) sources.set(configSource.file, configSource.text);
  if (!configSource || configSource.value === undefined || configRead.problems.length > 0) return done(null);
  const schemaProblems = checkSchema('project', configSource);
  problems.push(...schemaProblems);
  if (schemaProblems.length > 0) return done(null);
  const config = configSource.value as ProjectConfig;

  const chosen = chooseEnvironment(config, options.env, configSource);
  problems.push(...chosen.problems);
  // A variable of another environment's connection does not matter for this one.
  for (const unset of configRead.unset) {
    const [area, name] = unset.path;
    if (area !== 'environments' || name === chosen.environment?.name) problems.push(unset.problem);
  }
  problems.push(...checkProjectConfig(config, configSource, root));

  const entries = Object.entries(config.apps);
  appKeys = entries.map(([key]) => key);
  const loaded = await Promise.all(
    entries.map(async ([key, app]) => {
      const manifestPath = resolve(root, app.manifest);
      const referencedAt = {
        ...configSource.locate(['apps', key, 'manifest']),
        prefix: `${formatPath(['apps', key, 'manifest'])}: `,
        written: app.manifest,
      };
      const read = await readSource({
        path: manifestPath,
        file: show(manifestPath),
        variables,
        maxFileBytes,
        referencedAt,
      });
      problems.push(...read.problems, ...read.unset.map((u) => u.problem));
      const source = read.source;
      if (source) sources.set(source.file, source.text);
      // A file whose YAML or variables are wrong has an unreliable value: say only that.
      const unreliable = read.problems.length > 0 || read.unset.length > 0;
      if (!source || source.value === undefined || unreliable) return { key, manifestPath, checked: null };
      const schema = checkSchema('app', source);
      problems.push(...schema);
      if (schema.length > 0) return { key, manifestPath, checked: null };
      const manifest = source.value as AppManifest;
      const checked: CheckedApp = { key, manifest, source, index: indexFields(manifest) };
      return { key, manifestPath, checked };
    }),
  );
  const byKey = new Map(loaded.map((l) => [l.key, l.checked]));
  const checkedApps = loaded.flatMap((l) => (l.checked ? [l.checked] : []));
  problems.push(...(await runChecks(checkedApps, byKey)));

  const environment = chosen.environment;
  if (!environment) return done(null);
  const apps = loaded.flatMap(({ key, manifestPath, checked }) => {
    if (!checked) return [];
    const ids = Object.fromEntries(
      Object.entries(config.apps[key]?.ids ?? {}).map(([env, id]) => [env, String(id)]),
    );
    return [
      {
        key,
        manifestPath,
        manifest: checked.manifest,
        source: checked.source,
        id: ids[environment.name] ?? null,
        ids,
      },
    ];
  });
  return done(environment, { root, configPath, config, configSource, environment, apps });
}

/** Like validateProject, for commands that need a valid project: any problem is a user error. */
export async function loadProject(options: LoadOptions): Promise<Project> {
  const result = await validateProject(options);
  const first = result.problems[0];
  if (result.project && !first) return result.project;
  const count = result.problems.length;
  throw new AppdeployError(
    'MANIFEST.INVALID',
    first ? `${first.file}:${first.line}:${first.col}: ${first.message}` : 'the project is not valid',
    {
      hint: `${count === 1 ? 'That is the only problem' : `${count} problems in all`}; run \`appdeploy validate\` to list them.`,
    },
  );
}

function definedOnly(variables: Variables): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).filter((e): e is [string, string] => e[1] !== undefined),
  );
}

function readDotEnv(
  path: string,
  show: (p: string) => string,
  problems: Problem[],
  sources: Map<string, string>,
) {
  if (!existsSync(path)) return {};
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    problems.push(
      problem('FILE.UNREADABLE', `${show(path)} cannot be read: ${(error as Error).message}`, {
        file: show(path),
        line: 1,
        col: 1,
      }),
    );
    return {};
  }
  sources.set(show(path), text);
  const parsed = parseDotEnv(text);
  for (const error of parsed.errors)
    problems.push(
      problem(
        'DOTENV.SYNTAX',
        error.message,
        { file: show(path), line: error.line, col: error.col },
        { hint: 'Write one NAME=value per line.' },
      ),
    );
  return parsed.values;
}
