/**
 * What the tests of an area defined in test code share (scratch-area.test.ts, an area over an
 * endpoint the platform has; new-endpoint-area.test.ts, one over an endpoint of its own): the
 * local service with a log of the client's requests, a project of one app, `desk`, whose
 * manifest holds the area's part `memo`, read with the area's manifest schema beside the app
 * schema's, and plan, apply and export with the table of areas that holds the area.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, expect } from 'vitest';
import { apply } from '../../src/apply/index.js';
import type { ApplyEvent } from '../../src/apply/types.js';
import { diffSingle } from '../../src/areas/diff.js';
import type { Area, ReadContext, WriteContext } from '../../src/areas/index.js';
import type { ClientEvent } from '../../src/client/index.js';
import type { EmulatorOptions } from '../../src/emulator/index.js';
import { exportApps } from '../../src/export/index.js';
import { plan } from '../../src/plan/index.js';
import {
  validateProject,
  type AppManifest,
  type Project,
  type ValidationResult,
} from '../../src/project/index.js';
import { projectFile, removeProject, writeProject } from '../support/projects.js';
import { useLocalService, type LocalService } from '../support/service.js';

/** The manifest with the area's part: `memo`, a note for the app's administrators. */
export type MemoManifest = AppManifest & { memo?: string };

/**
 * The area: what src/areas/memo.ts would hold. One text under the manifest key `memo`, read and
 * written through the client calls given (what differs between the two tests).
 */
export function memoArea(calls: {
  read: (ctx: ReadContext) => Promise<{ value: string; revision: string }>;
  /** Writes `memo` to the draft, with the revision it must find; the revision it answers. */
  writeDraft: (ctx: WriteContext, memo: string, revision: string) => Promise<string>;
}): Area<string, 'memo'> {
  return {
    key: 'memo',
    // It names nothing another area writes: it goes out with the other areas written last.
    phases: [{ name: 'memo', together: true }],
    itemNoun: 'memo',
    fromManifest: (manifest: MemoManifest) => manifest.memo,
    toManifest: (memo): Partial<MemoManifest> => ({ memo }),
    read: calls.read,
    diff: (desired, current) => diffSingle(desired, current),
    unchangedCount: (_desired, _current, changes) => (changes.length === 0 ? 1 : 0),
    writes: (desired, current) =>
      desired === current
        ? []
        : [
            {
              phase: 'memo',
              describe: 'memo: change',
              // The draft, as every area writes: the deploy publishes it with the rest.
              run: (ctx, revision) => calls.writeDraft(ctx, desired, revision),
            },
          ],
  };
}

export interface MemoProjects {
  readonly service: LocalService;
  /** `METHOD /path` of each request the client made, in order (the tests empty it). */
  readonly requests: string[];
  /** A new project whose one manifest says `memo` (its root). */
  project: (memo: unknown) => Promise<string>;
  /** The project as validate reads it, with the area's manifest schema beside the file's. */
  validate: (root: string) => Promise<ValidationResult>;
  load: (root: string) => Promise<Project>;
  /** Plans and applies the project; the write steps apply took. */
  applyAll: (project: Project) => Promise<{ steps: string[] }>;
  /** The areas a fresh plan would change. */
  changedAreas: (project: Project) => Promise<string[]>;
  /**
   * Exports app `id` into the project at `root`, which differs from the service in `memo`: export
   * refuses at first, as for any area, then with `force` writes `memo` back; the manifest then
   * plans nothing.
   */
  expectExportedBack: (root: string, id: string, memo: string) => Promise<void>;
}

export function useMemoProjects(options: {
  table: readonly Area[];
  manifestProperties: Record<string, object>;
  emulator?: EmulatorOptions;
}): MemoProjects {
  const { table } = options;
  const requests: string[] = [];
  const service = useLocalService({
    ...(options.emulator ? { emulator: options.emulator } : {}),
    client: {
      logger: (event: ClientEvent) =>
        void (event.type === 'request' && requests.push(`${event.method} ${event.path}`)),
    },
    resetEachTest: false,
  });
  const roots: string[] = [];
  afterAll(async () => Promise.all(roots.map(removeProject)));

  const validate = (root: string) =>
    validateProject({ cwd: root, dir: root, variables: {}, manifestProperties: options.manifestProperties });
  const load = async (root: string): Promise<Project> => {
    const result = await validate(root);
    if (!result.project) throw new Error(result.problems.map((p) => `${p.line}: ${p.message}`).join('\n'));
    return result.project;
  };
  const changedAreas = async (project: Project): Promise<string[]> => {
    const fresh = await plan({ project, client: service.client, areas: table });
    return fresh.apps.flatMap((app) => app.areas.filter((a) => a.action !== 'no-op').map((a) => a.key));
  };
  return {
    service,
    requests,
    validate,
    load,
    changedAreas,
    project: async (memo) => {
      const root = await writeProject({
        'appdeploy.yaml': projectFile(service.url, { desk: null }),
        'apps/desk.yaml': `name: Help desk\nmemo: ${JSON.stringify(memo)}\n`,
      });
      roots.push(root);
      return root;
    },
    applyAll: async (project) => {
      const thePlan = await plan({ project, client: service.client, areas: table });
      const events: ApplyEvent[] = [];
      const result = await apply({
        plan: thePlan,
        project,
        client: service.client,
        areas: table,
        pollIntervalMs: { initial: 10, max: 50 },
        onProgress: (event) => events.push(event),
      });
      expect(['applied', 'no-changes'], JSON.stringify(result, null, 1)).toContain(result.outcome);
      return { steps: events.flatMap((e) => (e.type === 'write' ? [e.step] : [])) };
    },
    expectExportedBack: async (root, id, memo) => {
      const project = await load(root);
      const selection = { apps: [id] };
      const exported = await exportApps({ project, client: service.client, selection, areas: table });
      // Export never overwrites what the manifest says silently: the area takes part in that check.
      expect(exported.apps[0]!.error).toMatch(/differs from the service in memo/);
      const forced = await exportApps({
        project,
        client: service.client,
        selection,
        areas: table,
        force: true,
      });
      expect(forced.apps[0]!.status).toBe('updated');
      const written: unknown = parse(await readFile(join(root, 'apps/desk.yaml'), 'utf8'));
      expect(written).toEqual({ name: 'Help desk', memo });
      expect(await changedAreas(await load(root))).toEqual([]);
    },
  };
}
