/**
 * What export takes and returns. The result is plain JSON, facts only: `--format json` prints it
 * with the exit code (cli/exit-codes.ts) added after `outcome`.
 */
import type { Area } from '../areas/types.js';
import type { Client } from '../client/index.js';
import type { Project } from '../project/index.js';
import type { Selection } from './select.js';

export interface ExportOptions {
  project: Project;
  client: Client;
  selection: Selection;
  /** Export the draft settings instead of the live ones. */
  draft?: boolean | undefined;
  /**
   * Download customization files and the icon into the project, referred to by `path` (the
   * default); false leaves those items out of the manifests (and says so in the notes).
   */
  files?: boolean | undefined;
  /** Update a manifest although it differs from the service where export rewrites it (local edits). */
  force?: boolean | undefined;
  /** Called after each app, for progress lines. */
  onProgress?: ((event: ExportProgress) => void) | undefined;
  /** The area table: AREAS unless given (another, made with areaTable, may add or swap areas). */
  areas?: readonly Area[] | undefined;
}

export interface ExportProgress {
  /** 1-based position of the app, and how many there are. */
  index: number;
  total: number;
  app: ExportedApp;
}

/**
 * - `created`: a new manifest; `updated`: an existing one rewritten in place;
 * - `unchanged`: the manifest already says what the service holds;
 * - `refused`: the manifest differs from the service where export would rewrite it (`error`
 *   names the areas): nothing of it was written (`force` writes it);
 * - `failed`: not exported (`error` says why); nothing of it was written.
 */
export type ExportedAppStatus = 'created' | 'updated' | 'unchanged' | 'refused' | 'failed';

export interface ExportedApp {
  key: string;
  id: string;
  name: string;
  /** The manifest, relative to the project folder. */
  manifest: string;
  status: ExportedAppStatus;
  /** Files downloaded into the project, relative to the project folder. */
  files: string[];
  /** What the manifest does not say and why: files not downloaded, areas left out or not expressible. */
  notes: string[];
  /** Areas the manifest leaves out (not managed), although the service has settings there: left as they are. */
  unmanaged: string[];
  error?: string;
}

export interface ExportResult {
  /** `exported`: every app; `failed`: at least one app could not be exported (or was refused). */
  outcome: 'exported' | 'failed';
  environment: string;
  copy: 'live' | 'draft';
  /** appdeploy.yaml, relative to the project folder, and whether this export changed it. */
  projectFile: { path: string; status: 'created' | 'updated' | 'unchanged' };
  apps: ExportedApp[];
}
