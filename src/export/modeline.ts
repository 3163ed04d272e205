/**
 * The first line of every file export creates, naming its schema for editors
 * (yaml-language-server): the schema of the appdeploy installed in the project when there is
 * one (node_modules/appdeploy/schema/...), as a path relative to the file, else the schema's
 * published address (its `$id`), which works wherever the file is.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

export type SchemaName = 'app' | 'project';

export function modeline(root: string, file: string, schema: SchemaName): string {
  const installed = join(root, 'node_modules', 'appdeploy', 'schema', `${schema}.schema.json`);
  const target = existsSync(installed)
    ? relative(dirname(file), installed).split(sep).join('/')
    : `https://appdeploy.dev/schema/${schema}.schema.json`;
  return ` yaml-language-server: $schema=${target}`;
}
