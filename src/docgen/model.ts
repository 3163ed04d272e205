/**
 * What the handbook generator reads: the project's apps with their manifests, and the text of the
 * JavaScript files their customization names. The CLI reads the files; the generator does no IO.
 */
import type { AppManifest, AppReference, FieldManifest } from '../project/index.js';

export interface DocScript {
  /** As the manifest names it (`path:`, relative to the manifest's folder). */
  path: string;
  /** Its text; null when it could not be read (the page says so). */
  text: string | null;
}

export interface DocApp {
  /** The app's key in appdeploy.yaml. */
  key: string;
  /** The manifest's path relative to the project root, for the page's header. */
  manifestFile: string;
  manifest: AppManifest;
  /** Its id per environment, where one is known. */
  ids: Record<string, string>;
  /** Every `type: FILE` JavaScript file of customize (desktop then mobile), in manifest order. */
  scripts: DocScript[];
}

export interface DocProject {
  apps: DocApp[];
}

/** One generated file: its path relative to the output folder, and its Markdown. */
export interface DocPage {
  path: string;
  content: string;
}

/** The project key an app reference names, or null when it points outside the project. */
export function resolveAppRef(ref: AppReference, project: DocProject): string | null {
  if ('code' in ref) return null;
  const named = String(ref.app);
  const byKey = project.apps.find((a) => a.key === named);
  if (byKey) return byKey.key;
  return project.apps.find((a) => Object.values(a.ids).includes(named))?.key ?? null;
}

/** How a page names an app reference: the project key, else the app code or id as written. */
export function describeAppRef(ref: AppReference, project: DocProject): string {
  const key = resolveAppRef(ref, project);
  if (key !== null) return key;
  return 'code' in ref ? `app code ${ref.code}` : `app ${String(ref.app)}`;
}

/** The file name of an app's page. */
export const pageFile = (key: string) => `${key}.md`;

/** Every field of an app with its code, each subtable's members right after the subtable. */
export function allFields(manifest: AppManifest): [string, FieldManifest][] {
  return Object.entries(manifest.fields ?? {}).flatMap(([c, f]): [string, FieldManifest][] => [
    [c, f],
    ...(f.type === 'SUBTABLE' && 'fields' in f ? Object.entries(f.fields) : []),
  ]);
}
