/**
 * The first line of every file `init` and `export` create, naming its JSON Schema for editors
 * (yaml-language-server), as a path relative to the file, to a schema that is there in the
 * project's setting:
 *
 * - the schema of the appdeploy the project depends on: node_modules/appdeploy/schema/, in the
 *   project's folder or a folder above it (where Node itself would find the package);
 * - inside a checkout of appdeploy (as examples/ are), the repository's schema/;
 * - else none: a global or npx copy is no stable path, and the schema's `$id` is an identifier,
 *   not a published address, so any line written would name a file that does not exist.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export type SchemaName = 'app' | 'project' | 'records';

/** This package's schema/ folder (src/export/ and dist/export/ are two levels below the root). */
const SCHEMA_DIR = fileURLToPath(new URL('../../schema/', import.meta.url));

/** The schema's path relative to `file`'s folder, or null when the project holds none. */
export function schemaRef(root: string, file: string, schema: SchemaName): string | null {
  const name = `${schema}.schema.json`;
  const from = dirname(file);
  for (let dir = root; ; dir = dirname(dir)) {
    const installed = join(dir, 'node_modules', 'appdeploy', 'schema', name);
    if (existsSync(installed)) return slashes(relative(from, installed));
    if (dirname(dir) === dir) break;
  }
  const real = (path: string) => (existsSync(path) ? realpathSync(path) : path);
  const schemaDir = real(SCHEMA_DIR);
  const packageRoot = dirname(schemaDir);
  const realRoot = real(root);
  if (realRoot !== packageRoot && !realRoot.startsWith(packageRoot + sep)) return null;
  // The file may not exist yet: its folder is the root's real path joined with the rest.
  return slashes(relative(join(realRoot, relative(root, from)), join(schemaDir, name)));
}

/** The modeline, or null when there is no schema to name. */
export function modeline(root: string, file: string, schema: SchemaName): string | null {
  const ref = schemaRef(root, file, schema);
  return ref === null ? null : `# yaml-language-server: $schema=${ref}`;
}

function slashes(path: string): string {
  return path.split(sep).join('/');
}
