import { resolve } from 'node:path';
import type { CheckedApp } from './checks/context.js';
import { indexFields, uncheckedFieldCodes } from './checks/field-index.js';
import type { Variables } from './env-vars.js';
import { SYSTEM_FIELD_CODES, type Locale } from '../platform/index.js';
import type { AppManifest } from './manifest.js';
import { formatPath, type Problem } from './problems.js';
import { readSource } from './read-source.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { validateSchema } from './schema-check.js';
import { isMap, MANIFEST_NAMED_MAPS, wellFormedParts } from './well-formed.js';
import { wellFormedProcess } from './well-formed-process.js';
import type { YamlSource } from './yaml-source.js';

export interface LoadedApp {
  key: string;
  manifestPath: string;
  /** Null when the manifest could not be read, parsed or expanded reliably. */
  checked: CheckedApp | null;
}

/**
 * The apps of appdeploy.yaml whose manifest can be located: every entry of `apps` whose
 * `manifest` is text, even when the entry or the rest of the file fails the schema.
 */
export function locatableApps(config: unknown): { key: string; manifest: string }[] {
  const apps = isMap(config) ? config.apps : undefined;
  if (!isMap(apps)) return [];
  return Object.entries(apps).flatMap(([key, app]) => {
    const manifest = isMap(app) ? app.manifest : undefined;
    return typeof manifest === 'string' ? [{ key, manifest }] : [];
  });
}

/**
 * Reads one manifest and schema-checks it, adding its problems to `problems`. The parts that
 * passed the schema are kept for the checks beyond it.
 */
export async function loadApp(options: {
  key: string;
  manifest: string;
  root: string;
  configSource: YamlSource;
  show: (path: string) => string;
  variables: Variables;
  maxFileBytes: number;
  /** False when .env could not be read: unset variables are then not reported (it says why). */
  reportUnset: boolean;
  problems: Problem[];
  sources: Map<string, string>;
  /** The environment's language: the codes of system fields the manifest does not declare. */
  locale: Locale;
  /** The manifests' validator when they may hold more than the schema's file (manifestValidator). */
  appSchema?: ValidateFunction | undefined;
}): Promise<LoadedApp> {
  const { key, problems } = options;
  const manifestPath = resolve(options.root, options.manifest);
  const where = ['apps', key, 'manifest'];
  const read = await readSource({
    path: manifestPath,
    file: options.show(manifestPath),
    variables: options.variables,
    maxFileBytes: options.maxFileBytes,
    referencedAt: {
      ...options.configSource.locate(where),
      prefix: `${formatPath(where)}: `,
      written: options.manifest,
    },
  });
  problems.push(...read.problems);
  if (options.reportUnset) problems.push(...read.unset.map((u) => u.problem));
  const source = read.source;
  if (source) options.sources.set(source.file, source.text);
  // A file whose YAML or variables are wrong has an unreliable value: say only that.
  const unreliable = read.problems.length > 0 || read.unset.length > 0;
  if (!source || source.value === undefined || unreliable) return { key, manifestPath, checked: null };
  const schema = validateSchema('app', source, options.appSchema);
  problems.push(...schema.problems);
  const parts = wellFormedParts(source.value, schema.failed, MANIFEST_NAMED_MAPS);
  if (!parts.value) return { key, manifestPath, checked: null };
  // The process area, left out whole by wellFormedParts, is still checked where it can be.
  const process = parts.dropped.some((p) => p.length === 1 && p[0] === 'process')
    ? wellFormedProcess(source.value, schema.failed)
    : undefined;
  const manifest = (process === undefined
    ? parts.value
    : { ...parts.value, process }) as unknown as AppManifest;
  const index = indexFields(
    manifest,
    uncheckedFieldCodes(source.value, parts.dropped),
    SYSTEM_FIELD_CODES[options.locale],
  );
  return { key, manifestPath, checked: { key, manifest, source, index } };
}
