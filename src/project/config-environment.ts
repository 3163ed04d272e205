/**
 * The environment appdeploy.yaml chooses, read from the parts of the file that passed the schema,
 * and which unset variables matter for it. A step of validateProject (load.ts).
 */
import { chooseEnvironment, type ChosenEnvironment } from './environment.js';
import type { ProjectConfig } from './manifest.js';
import { formatPath, type Path, type Problem } from './problems.js';
import type { SchemaResult } from './schema-check.js';
import { didYouMean } from './suggest.js';
import type { WellFormedParts } from './well-formed.js';
import { isMap } from './well-formed.js';
import type { UnsetVariable, YamlSource } from './yaml-source.js';

/** The file as written (before the schema), where only its top-level keys are trusted. */
export type RawConfig = { environments?: unknown; apps?: unknown };

export interface ConfigEnvironment {
  /** The environment chosen (null when none can be), and the problems choosing it raised. */
  chosen: { environment: ChosenEnvironment | null; problems: Problem[] };
  /** The environment names as written; null when the file does not say them readably. */
  names: string[] | null;
}

export function configEnvironment(
  raw: RawConfig,
  parts: WellFormedParts,
  requested: string | undefined,
  configSource: YamlSource,
): ConfigEnvironment {
  const config = (parts.value ?? {}) as Partial<ProjectConfig>;
  // An environment that failed the schema may be the one meant: choosing another would mislead
  // (one whose failed setting was left out alone, well-formed.ts PROJECT_DETACHED, is still whole).
  // So may one under a misspelled `environments` (its unknown key is the one problem to report:
  // every environment name the file uses would otherwise be "not defined" too).
  const misspelled = environmentsMisspelled(raw);
  const failed =
    misspelled ||
    parts.dropped.some(
      (part) => part[0] === 'defaultEnvironment' || (part[0] === 'environments' && part.length < 3),
    );
  const chosen =
    parts.value === null || failed
      ? { environment: null, problems: [] }
      : chooseEnvironment(config, requested, configSource);
  return { chosen, names: misspelled ? null : environmentNames(raw) };
}

function environmentsMisspelled(raw: RawConfig): boolean {
  return (
    raw.environments === undefined &&
    Object.keys(raw).some((key) => key !== 'environments' && didYouMean(key, ['environments']) !== undefined)
  );
}

/** Names as written: an environment that failed the schema is still defined. */
function environmentNames(raw: RawConfig): string[] | null {
  if (raw.environments === undefined) return ['local'];
  return isMap(raw.environments) ? Object.keys(raw.environments) : null;
}

/**
 * The variables an environment's connection is written with that give it no value: unset ones,
 * and (unlike in a manifest, where '' may be meant) those set to '' as `.env.example` copied to
 * `.env` leaves them. Each is one problem, for its own environment only (unsetProblems).
 */
export function blankConnections(
  unset: readonly UnsetVariable[],
  empty: readonly UnsetVariable[],
): UnsetVariable[] {
  return [...unset, ...empty.filter(({ path }) => path[0] === 'environments')];
}

/**
 * The schema's verdict without what it says of an environment's values written as variables that
 * gave none (`login: ${STAGING_LOGIN}` fails minLength): in another environment such a value is no
 * error (the README says so), and in the chosen one the variable's own problem names what to set.
 * Elsewhere (`apps.deals: ${UNSET}`) the schema's verdict stands: what failed it is kept from the
 * checks that read it, which assume its shape.
 */
export function withoutBlankValues(schema: SchemaResult, blank: readonly UnsetVariable[]): SchemaResult {
  const inEnvironments = blank.filter(({ path }) => path[0] === 'environments');
  const shown = new Set(inEnvironments.map(({ path }) => formatPath(path)));
  return {
    problems: schema.problems.filter((p) => p.path === undefined || !shown.has(p.path)),
    failed: schema.failed.filter((path: Path) => !shown.has(formatPath(path))),
  };
}

/**
 * The problems of unset variables that matter: a variable of another environment's connection
 * does not matter for this one; and when `.env` could not be read, none is reported (an unset
 * variable may be one of that file: its problem says all there is).
 */
export function unsetProblems(
  unset: readonly UnsetVariable[],
  environment: string | undefined,
  reportUnset: boolean,
): Problem[] {
  if (!reportUnset) return [];
  return unset.flatMap(({ path: [area, name], problem }) =>
    area !== 'environments' || name === environment ? [problem] : [],
  );
}
