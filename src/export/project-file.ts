/**
 * appdeploy.yaml: created when the folder has none (the local environment, no apps yet), and
 * given an entry for each app the export brings in (`manifest` and its id in the environment),
 * in place: the rest of the file keeps its bytes, comments and `${VAR}`s included.
 */
import { writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseDocument } from 'yaml';
import { modeline } from './modeline.js';
import { maskManifest } from './variables.js';
import { patchYaml, type YamlEdit } from './yaml-patch.js';

/** A new project file: the embedded local service, no apps. */
export async function createProjectFile(configPath: string): Promise<void> {
  const line = modeline(dirname(configPath), configPath, 'project');
  await writeFile(configPath, `${line === null ? '' : `${line}\n`}environments:\n  local: {}\napps: {}\n`);
}

export interface NewAppEntry {
  key: string;
  /** Relative to the project folder, with `/`. */
  manifest: string;
  id: string;
}

/**
 * The project file's text with an entry for each new app. `environment` is null for the local
 * service, whose ids live with its data (src/project/local-ids.ts), never in the project file.
 */
export function addAppEntries(
  text: string,
  environment: string | null,
  apps: readonly NewAppEntry[],
): string {
  if (apps.length === 0) return text;
  // Masked as the loader reads it: YAML alone cannot parse `{ login: ${LOGIN} }`.
  const masked = maskManifest(text);
  const doc = parseDocument(masked.masked);
  const entry = (app: NewAppEntry) =>
    environment === null
      ? { manifest: app.manifest }
      : { manifest: app.manifest, ids: { [environment]: idValue(app.id) } };
  const edits: YamlEdit[] = doc.has('apps')
    ? apps.map((app) => ({ kind: 'add', path: ['apps'], key: app.key, value: entry(app) }))
    : [{ kind: 'add', path: [], key: 'apps', value: Object.fromEntries(apps.map((a) => [a.key, entry(a)])) }];
  return masked.unmask(patchYaml(masked.masked, edits));
}

/** Ids are numbers in the service's interface and in hand-written files; others stay text. */
function idValue(id: string): number | string {
  return /^[1-9]\d{0,14}$/.test(id) ? Number(id) : id;
}
