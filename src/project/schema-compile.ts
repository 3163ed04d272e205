/**
 * The JSON Schema compiler of `schema/`, with the options validation depends on. It runs at build
 * time, not when a command runs: scripts/build-validators.mjs writes each schema's validator as
 * ajv standalone code into dist/ (loading ajv itself and compiling the 79 KB app schema cost
 * ~85 ms and ~200 ms a command). Tests and the source tree (vitest) compile here on first use.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
// A CommonJS module: Node hands its exports object over as the default import.
import standalone from 'ajv/dist/standalone/index.js';

/** `plan`: a saved plan (`plan --out`), which `apply PLANFILE` reads through its schema. */
export type SchemaName = 'app' | 'project' | 'plan';

export const SCHEMA_NAMES: readonly SchemaName[] = ['app', 'project', 'plan'];

/** Schemas the built CLI loads only when asked (`loadSchemaValidator`): one command reads them. */
export const LAZY_SCHEMAS: readonly SchemaName[] = ['plan'];

function newAjv(options: { checkSchema?: boolean; source?: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: true,
    strictTypes: false,
    allowUnionTypes: true,
    logger: false,
    inlineRefs: false,
    validateSchema: options.checkSchema ?? false,
    code: { optimize: false, source: options.source ?? false, esm: true },
  });
  // Annotations editors understand (yaml-language-server); validation words its messages with them.
  ajv.addKeyword({ keyword: 'patternErrorMessage', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: 'string' });
  return ajv;
}

function readSchema(name: SchemaName): object {
  const url = new URL(`../../schema/${name}.schema.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as object;
}

/**
 * Compiles a schema of `schema/` (the files editors use are the ones validation uses). The
 * meta-schema check is skipped unless asked for because it costs more than the rest of a
 * validation; the schema test runs it.
 */
export function compileSchema(
  name: SchemaName,
  options: { checkSchema?: boolean; properties?: Readonly<Record<string, object>> } = {},
): ValidateFunction {
  const schema = readSchema(name);
  return newAjv(options).compile(
    options.properties === undefined ? schema : withProperties(name, schema, options.properties),
  );
}

/**
 * The schema with top-level properties added, as adding them to its file would: the manifest part
 * of an area defined outside src/ (LoadOptions `manifestProperties`). One the file has is refused.
 */
function withProperties(name: SchemaName, schema: object, added: Readonly<Record<string, object>>): object {
  const properties = (schema as { properties?: Record<string, object> }).properties ?? {};
  for (const key of Object.keys(added))
    if (Object.hasOwn(properties, key))
      throw new TypeError(
        `schema/${name}.schema.json already has the property ${key}: add it under another name`,
      );
  return { ...schema, properties: { ...properties, ...added } };
}

/**
 * The validator of a schema as an ES module of standalone code (its default export), compiled
 * with the same options as `compileSchema`, so that its errors are the same, word for word.
 */
export function standaloneModule(name: SchemaName): string {
  const ajv = newAjv({ source: true });
  const code = standalone.default(ajv, ajv.compile(readSchema(name)));
  // ajv's ES module output still requires its run-time helpers (ucs2length for minLength and
  // maxLength) with `require`, which an ES module lacks: give it one.
  return [
    "import { createRequire } from 'node:module';",
    'const require = createRequire(import.meta.url);',
    code.replace(/^"use strict";/, ''),
  ].join('\n');
}
