/**
 * End-to-end harness for apply: a real emulator on port 0 (reset before each test), a client,
 * projects written to temp dirs, and helpers that plan, apply, and snapshot every app's draft
 * and live settings area by area (to prove a failure left everything exactly as before).
 */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, expect } from 'vitest';
import { stringify } from 'yaml';
import { apply } from '../../src/apply/index.js';
import type { ApplyOptions } from '../../src/apply/index.js';
import { AREAS } from '../../src/areas/index.js';
import { applyReport, type ApplyReport } from '../../src/cli/apply-report.js';
import { plan, type Plan } from '../../src/plan/index.js';
import { downloadHasher } from '../../src/readers/index.js';
import { appdeployCommand, validateProject, type Project } from '../../src/project/index.js';
import type { EmulatorOptions } from '../../src/emulator/index.js';
import { useLocalService } from '../support/service.js';
import { EXAMPLE_DIRECTORY } from '../support/example-directory.js';

export { ADMIN } from '../support/users.js';

/** Every result a test gets is checked against the schema `--format json` promises. */
const resultSchema = new Ajv2020({ allErrors: true }).compile(
  JSON.parse(await readFile(new URL('../../schema/apply-result.schema.json', import.meta.url), 'utf8')),
);

export function expectValidResult(result: unknown): void {
  const valid = resultSchema(JSON.parse(JSON.stringify(result)));
  expect(resultSchema.errors ?? [], 'apply-result.schema.json').toEqual([]);
  expect(valid).toBe(true);
}

export interface ProjectSpec {
  /** Manifests by app key; each is written to apps/<key>.yaml. */
  apps: Record<string, Record<string, unknown>>;
  /** Ids already known in the `local` environment. */
  ids?: Record<string, string>;
  /** Other files, by path relative to the project's folder (plug-in packages). */
  files?: Record<string, Buffer | string>;
}

export function useApplyHarness(
  options: {
    clientTimeoutMs?: number;
    clientConcurrency?: number;
    /** The service's users, organizations and groups (default: the ones examples/ name). */
    directory?: EmulatorOptions;
  } = {},
) {
  const service = useLocalService({
    emulator: options.directory ?? EXAMPLE_DIRECTORY,
    client: {
      retry: { initialDelayMs: 20, maxDelayMs: 100 },
      ...(options.clientTimeoutMs !== undefined ? { timeoutMs: options.clientTimeoutMs } : {}),
      ...(options.clientConcurrency !== undefined ? { concurrency: options.clientConcurrency } : {}),
    },
  });
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  const control = service.control;

  /** Calls to the service's interface so far (control calls left out), by `METHOD path`. */
  async function serviceCalls(): Promise<Record<string, number>> {
    const { requests } = (await control('GET', '/_emulator/stats')) as { requests: Record<string, number> };
    return Object.fromEntries(Object.entries(requests).filter(([key]) => !key.includes(' /_emulator/')));
  }

  /**
   * The writes made since `before` (a `serviceCalls()` answer): every call but reads, cursor
   * reads among them, whose count moved.
   */
  async function writesSince(before: Record<string, number>): Promise<string[]> {
    const after = await serviceCalls();
    return Object.keys(after).filter(
      (k) => !k.startsWith('GET') && !k.includes('/records/cursor') && after[k] !== before[k],
    );
  }

  /** Writes the project to a new temp dir (or over `dir`) and loads it for the `local` environment. */
  async function writeProject(spec: ProjectSpec, dir?: string): Promise<Project> {
    const root = dir ?? (await mkdtemp(join(tmpdir(), 'appdeploy-apply-')));
    if (!dir) dirs.push(root);
    for (const [path, content] of Object.entries(spec.files ?? {})) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), content);
    }
    const apps: Record<string, unknown> = {};
    for (const [key, manifest] of Object.entries(spec.apps)) {
      const path = join(root, 'apps', `${key}.yaml`);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, stringify(manifest));
      const id = spec.ids?.[key];
      apps[key] = {
        manifest: `apps/${key}.yaml`,
        ...(id !== undefined ? { ids: { local: Number(id) } } : {}),
      };
    }
    if (!dir)
      await writeFile(
        join(root, 'appdeploy.yaml'),
        `# the test project: comments must survive apply\n${stringify({ environments: { local: {} }, apps })}`,
      );
    return load(root);
  }

  /** Rewrites the manifests of a project (appdeploy.yaml, with the ids apply wrote, kept). */
  async function rewriteManifests(project: Project, apps: ProjectSpec['apps']): Promise<Project> {
    for (const [key, manifest] of Object.entries(apps))
      await writeFile(join(project.root, 'apps', `${key}.yaml`), stringify(manifest));
    return load(project.root);
  }

  async function load(root: string): Promise<Project> {
    const result = await validateProject({ cwd: root, dir: root, env: 'local', variables: {} });
    if (!result.project) throw new Error(JSON.stringify(result.problems, null, 2));
    return result.project;
  }

  const planOf = (project: Project): Promise<Plan> => plan({ project, client: service.client });

  /** Applies, and returns the result as `apply --format json` prints it: with its exit code and message. */
  async function applyPlan(
    project: Project,
    thePlan: Plan,
    extra: Partial<ApplyOptions> = {},
  ): Promise<ApplyReport> {
    const result = await apply({
      plan: thePlan,
      project,
      client: service.client,
      pollIntervalMs: { initial: 10, max: 50 },
      ...extra,
    });
    const report = applyReport(result, { command: (name) => appdeployCommand(project, name) });
    expectValidResult(report);
    return report;
  }

  /** Every area's draft and live copy of each app, canonical, with the revisions left out. */
  async function snapshot(ids: readonly string[]): Promise<Record<string, unknown>> {
    const client = service.client;
    const downloadHash = downloadHasher(client);
    const out: Record<string, unknown> = {};
    for (const app of ids)
      for (const area of AREAS)
        for (const copy of ['draft', 'live'] as const) {
          try {
            out[`${app} ${area.key} ${copy}`] = (await area.read({ client, app, copy, downloadHash })).value;
          } catch (error) {
            out[`${app} ${area.key} ${copy}`] =
              `error: ${(error as Error).message.replace(/\(id: .*\)|\([\w-]+\)$/, '')}`;
          }
        }
    return out;
  }

  /** Plans again: after a successful apply nothing may be left to change. */
  async function expectConverged(project: Project): Promise<void> {
    const again = await planOf(await load(project.root));
    expect(
      again.apps.filter((a) => a.action !== 'no-op').map((a) => ({ key: a.key, areas: a.areas })),
    ).toEqual([]);
  }

  return {
    get client() {
      return service.client;
    },
    get url() {
      return service.url;
    },
    control,
    serviceCalls,
    writesSince,
    writeProject,
    rewriteManifests,
    load,
    plan: planOf,
    apply: applyPlan,
    snapshot,
    expectConverged,
    readConfig: (project: Project) => readFile(project.configPath, 'utf8'),
  };
}

/** A small manifest: fields and a layout that shows them, one row each. */
export function manifest(
  name: string,
  fields: Record<string, Record<string, unknown>>,
): Record<string, unknown> {
  return {
    name,
    fields,
    layout: Object.keys(fields).map((code) => ({ type: 'ROW', fields: [{ code }] })),
  };
}
