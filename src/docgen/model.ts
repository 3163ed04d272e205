/**
 * What the handbook generator reads: the project's apps with their manifests, and the text of the
 * JavaScript files their customization names. The CLI reads the files; the generator does no IO.
 */
import type { AppReference } from '../project/index.js';
import { resolveAppRef, type UsageApp, type UsageProject, type UsageScript } from '../usage/index.js';

export { allFields, resolveAppRef } from '../usage/index.js';

export type DocScript = UsageScript;

export interface DocApp extends UsageApp {
  /** The manifest's path relative to the project root, for the page's header. */
  manifestFile: string;
}

export interface DocProject extends UsageProject {
  apps: DocApp[];
  /**
   * The environment whose users, groups and organizations maps the manifests were resolved through
   * (the pages name people as it knows them); null when it maps no one.
   */
  peopleOf?: string | null;
}

/** One generated file: its path relative to the output folder, and its Markdown. */
export interface DocPage {
  path: string;
  content: string;
}

/** How a page names an app reference: the project key, else the app code or id as written. */
export function describeAppRef(ref: AppReference, project: DocProject): string {
  const key = resolveAppRef(ref, project);
  if (key !== null) return key;
  return 'code' in ref ? `app code ${ref.code}` : `app ${String(ref.app)}`;
}

/** The file name of an app's page. */
export const pageFile = (key: string) => `${key}.md`;
