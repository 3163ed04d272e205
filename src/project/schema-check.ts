import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { YamlSource } from './yaml-source.js';
import { didYouMean, missingSpaceHint } from './suggest.js';
import { formatPath, problem, type Path, type PathSegment, type Problem } from './problems.js';
import { UNIQUE_HINT } from './checks/field-rules.js';
import type { SchemaName } from './schema-compile.js';
import { schemaValidator } from './schema-validators.js';

export type { SchemaName };

export interface SchemaResult {
  problems: Problem[];
  /**
   * Where the file breaks the schema: the value each error is about (for an unknown or missing
   * key of the top-level map, that key). Everything outside these paths passed the schema.
   */
  failed: Path[];
}

/**
 * Checks a parsed file against its schema: every error becomes a problem at its YAML node, and the
 * parts of the file that failed are listed, so the rest can still be checked.
 */
export function validateSchema(
  name: SchemaName,
  source: YamlSource,
  validate: ValidateFunction = schemaValidator(name),
): SchemaResult {
  if (validate(source.value)) return { problems: [], failed: [] };
  const problems: Problem[] = [];
  const failed = (validate.errors ?? []).map(failedPath);
  const custom = new Set<string>();
  for (const error of validate.errors ?? []) {
    if (error.keyword === 'if' || error.keyword === 'propertyNames') continue;
    const path = pathOf(error.instancePath);
    const override = (error.parentSchema as { errorMessage?: unknown } | undefined)?.errorMessage;
    if (typeof override === 'string') {
      // One message for the whole value, however many keywords it failed.
      const key = `${error.instancePath}\0${override}`;
      if (!custom.has(key)) problems.push(at(source, 'SCHEMA.INVALID', path, override, 'value'));
      custom.add(key);
      continue;
    }
    problems.push(describe(source, error, path));
  }
  return { problems, failed };
}

/**
 * The validator of manifests that may also hold `properties` (LoadOptions `manifestProperties`),
 * or undefined without them. The schema compiler is loaded here only: a command checks manifests
 * with the validator precompiled at build time (schema-validators.ts), which cannot be extended.
 */
export async function manifestValidator(
  properties: Readonly<Record<string, object>> | undefined,
): Promise<ValidateFunction | undefined> {
  if (properties === undefined) return undefined;
  const { compileSchema } = await import('./schema-compile.js');
  return compileSchema('app', { properties });
}

/**
 * The value an error is about. A key that is unknown or badly named is itself the failure (its
 * map is fine otherwise); so is a required key missing from the top-level map, which would
 * otherwise fail the whole file.
 */
function failedPath(error: ErrorObject): Path {
  const path = pathOf(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const name =
    error.keyword === 'propertyNames'
      ? String(params.propertyName)
      : (error as { propertyName?: string }).propertyName;
  if (name !== undefined) return [...path, name];
  if (error.keyword === 'additionalProperties') return [...path, String(params.additionalProperty)];
  if (error.keyword === 'required' && path.length === 0) return [String(params.missingProperty)];
  return path;
}

function at(
  source: YamlSource,
  code: string,
  path: PathSegment[],
  text: string,
  where: 'key' | 'value',
  hint?: string,
) {
  const shown = formatPath(path);
  return problem(code, shown ? `${shown}: ${text}` : text, source.locate(path, where), { hint, path });
}

function describe(source: YamlSource, error: ErrorObject, path: PathSegment[]): Problem {
  const params = error.params as Record<string, unknown>;
  const name = (error as { propertyName?: string }).propertyName;
  if (name !== undefined) {
    return at(
      source,
      'SCHEMA.KEY',
      [...path, name],
      `key ${JSON.stringify(name)} ${message(error, params)}`,
      'key',
    );
  }
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const allowed = Object.keys((error.parentSchema as { properties?: object }).properties ?? {});
      const hint =
        key === 'unique' && path[0] === 'fields'
          ? UNIQUE_HINT
          : (missingSpaceHint(key, allowed) ??
            (allowed.length > 0
              ? // The key meant, when one is a couple of edits away, then what is allowed.
                [didYouMean(key, allowed), `Allowed here: ${allowed.join(', ')}.`].filter(Boolean).join(' ')
              : undefined));
      return at(
        source,
        'SCHEMA.UNKNOWN_KEY',
        [...path, key],
        `unknown key ${JSON.stringify(key)}`,
        'key',
        hint,
      );
    }
    case 'required':
      return at(
        source,
        'SCHEMA.MISSING_KEY',
        path,
        `missing required key ${JSON.stringify(params.missingProperty)}`,
        'key',
      );
    case 'type':
      if (path.length === 0 && error.data === null)
        return at(
          source,
          'SCHEMA.TYPE',
          path,
          'the file is empty',
          'value',
          'Write its settings as a YAML map.',
        );
      return at(
        source,
        'SCHEMA.TYPE',
        path,
        message(error, params),
        'value',
        optionsAsListHint(path, error.data),
      );
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => String(v));
      const hint = typeof error.data === 'string' ? didYouMean(error.data, allowed) : undefined;
      return at(source, 'SCHEMA.ENUM', path, message(error, params), 'value', hint);
    }
    case 'const':
      return at(source, 'SCHEMA.ENUM', path, message(error, params), 'value');
    default:
      return at(source, 'SCHEMA.INVALID', path, message(error, params), 'value');
  }
}

/**
 * A field's options written as a list of labels (`options: [New, Open]`), the shape a newcomer
 * reaches for first: the hint writes their own options as the map the manifest takes.
 */
function optionsAsListHint(path: readonly PathSegment[], data: unknown): string | undefined {
  if (path[path.length - 1] !== 'options' || !Array.isArray(data) || data.length === 0) return undefined;
  if (!data.every((item) => typeof item === 'string' || typeof item === 'number')) return undefined;
  const shown = data.slice(0, 3).map((item) => {
    const label =
      /^[\w\- ]+$/u.test(String(item)) && !/^ | $/u.test(String(item))
        ? String(item)
        : JSON.stringify(String(item));
    return `${label}: { label: ${label} }`;
  });
  return `Write each option as a key with its label (their order is the order written): options: { ${shown.join(', ')}${data.length > 3 ? ', ...' : ''} }.`;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a map',
  null: 'null',
};

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'boolean') return 'true or false';
  return Number.isInteger(value) ? 'a whole number' : 'a number';
}

function message(error: ErrorObject, params: Record<string, unknown>): string {
  switch (error.keyword) {
    case 'type': {
      const types = String(params.type).split(',');
      return `must be ${types.map((t) => TYPE_NAMES[t] ?? t).join(' or ')}, not ${kindOf(error.data)}`;
    }
    case 'enum': {
      const values = [...new Set((params.allowedValues as unknown[]).map((v) => String(v)))];
      return `must be one of: ${values.join(', ')}`;
    }
    case 'const':
      return `must be ${String(params.allowedValue)}`;
    case 'pattern': {
      const text = (error.parentSchema as { patternErrorMessage?: string }).patternErrorMessage;
      return text ?? `must match the pattern ${String(params.pattern)}`;
    }
    case 'minLength':
      return params.limit === 1
        ? 'must not be empty'
        : `must have at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `must have at most ${String(params.limit)} characters`;
    case 'minItems':
      return `must have at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `must have at most ${String(params.limit)} items`;
    case 'minProperties':
      return 'must not be empty';
    case 'minimum':
      return `must be at least ${String(params.limit)}`;
    case 'maximum':
      return `must be at most ${String(params.limit)}`;
    case 'dependentRequired':
      return `${String(params.property)} needs ${String(params.missingProperty)} too`;
    default:
      return error.message ?? `fails ${error.keyword}`;
  }
}

function pathOf(pointer: string): PathSegment[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9][0-9]*)$/.test(s) ? Number(s) : s));
}
