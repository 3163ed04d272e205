import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { AppdeployError } from '../errors.js';

export const CONFIG_NAMES = ['appdeploy.yaml', 'appdeploy.yml'] as const;

/** Where to look for appdeploy.yaml: `--config FILE` wins over `-C DIR`, which wins over the cwd. */
export interface FindOptions {
  cwd: string;
  dir?: string | undefined;
  config?: string | undefined;
}

/** The absolute path of the project file, or a user error saying where it looked. */
export function findConfig(options: FindOptions): string {
  if (options.config !== undefined) {
    const path = resolve(options.cwd, options.dir ?? '.', options.config);
    if (!existsSync(path))
      throw new AppdeployError('PROJECT.NOT_FOUND', `${displayPath(options.cwd, path)} does not exist`, {
        hint: 'Check the path given to --config.',
      });
    return path;
  }
  const dir = resolve(options.cwd, options.dir ?? '.');
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new AppdeployError('PROJECT.NOT_FOUND', `${displayPath(options.cwd, dir)} is not a directory`, {
      hint: 'Check the path given to -C.',
    });
  // -C names the project's folder: only there. Without it, the folder the command runs in or the
  // nearest one above it that has a project file, as npm looks for package.json and git for .git.
  const found = options.dir === undefined ? findConfigUpward(dir) : configIn(dir);
  if (found !== undefined) return found;
  const where = displayPath(options.cwd, dir);
  throw new AppdeployError(
    'PROJECT.NOT_FOUND',
    options.dir === undefined
      ? `no appdeploy.yaml in ${where} or any folder above it`
      : `no appdeploy.yaml in ${where}`,
    { hint: START_HINT },
  );
}

/** appdeploy.yaml (or .yml) in `dir`, when there is one. */
function configIn(dir: string): string | undefined {
  for (const name of CONFIG_NAMES) {
    const path = resolve(dir, name);
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** The project file of `dir` or of the nearest folder above it that has one. */
export function findConfigUpward(dir: string): string | undefined {
  for (let current = resolve(dir); ; current = dirname(current)) {
    const found = configIn(current);
    if (found !== undefined || dirname(current) === current) return found;
  }
}

/**
 * How a project found in a folder above the current one is named to the user: its path from
 * here (`../appdeploy.yaml`); undefined when the project file is in the current folder.
 */
export function foundAboveNote(cwd: string, configPath: string): string | undefined {
  if (dirname(configPath) === resolve(cwd)) return undefined;
  const rel = relative(cwd, configPath).split(sep).join('/');
  return `using ${rel}, the project file of a folder above this one (none here)`;
}

/**
 * Where no project is found: how to point at one, and the two ways to start one (init, or
 * export from a service, which needs the environment written first unless it is the local one).
 */
const START_HINT = [
  'Run in the project directory, or point at it with -C DIR or --config FILE. To start a project',
  '  here: `npx appdeploy init .` (a new one), or `npx appdeploy export --all` (from the apps of the',
  '  local service; for your own service, first write appdeploy.yaml with',
  '  environments: { staging: { baseUrl: https://example.cybozu.com, auth: { login: ${STAGING_LOGIN}, password: ${STAGING_PASSWORD} } } }',
  '  and add --env staging).',
].join('\n');

/** A path as problems show it: relative to where the command ran when inside it, with `/`. */
export function displayPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  const shown = rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? path : rel;
  return shown.split(sep).join('/');
}
