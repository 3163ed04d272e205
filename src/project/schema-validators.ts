/**
 * The validator of each schema of `schema/`. Here, in the source tree (what tests run), each is
 * compiled on first use. The build replaces this file's output in dist/ with one that imports
 * the validators precompiled to standalone code (scripts/build-validators.mjs), so a command
 * neither loads the schema compiler nor compiles; test/project/schema-validators.test.ts checks
 * that the two give the same errors.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { compileSchema, type SchemaName } from './schema-compile.js';

const compiled = new Map<SchemaName, ValidateFunction>();

export function schemaValidator(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) compiled.set(name, (validate = compileSchema(name)));
  return validate;
}

/**
 * The validator of a schema the built CLI loads only when first asked for (LAZY_SCHEMAS); here
 * the same as `schemaValidator`.
 */
export async function loadSchemaValidator(name: SchemaName): Promise<ValidateFunction> {
  return Promise.resolve(schemaValidator(name));
}
