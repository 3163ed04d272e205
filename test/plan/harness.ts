/**
 * Deployer tests: a real local service on port 0, projects written to temp folders whose
 * `test` environment points at it, and a client to look at what the service holds.
 */
import { cp, mkdtemp, mkdir, readFile, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { parseDocument } from 'yaml';
import { createClient, type Client } from '../../src/client/index.js';
import { EXAMPLE_DIRECTORY } from '../example-directory.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { validateProject, type Project } from '../../src/project/index.js';

export const ADMIN = { login: 'admin', password: 'admin' };

export interface ServiceHandle {
  url: string;
  client: Client;
  control(path: string, body?: unknown): Promise<unknown>;
}

/** One local service per test file, reset before each test. */
/** A local service for the file's tests; `locale` is its default language (`--locale`). */
export function useService(options: { locale?: 'en' | 'ja' } = {}): ServiceHandle {
  let emulator: RunningEmulator | undefined;
  let client: Client | undefined;
  const handle: ServiceHandle = {
    get url() {
      return emulator!.url;
    },
    get client() {
      return client!;
    },
    async control(path, body) {
      const res = await fetch(`${emulator!.url}/_emulator/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'X-Service-Authorization': Buffer.from('admin:admin').toString('base64'),
        },
        body: JSON.stringify(body ?? {}),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`control ${path}: ${res.status} ${text}`);
      return text === '' ? {} : (JSON.parse(text) as unknown);
    },
  };
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, deployMs: 10, ...EXAMPLE_DIRECTORY, ...options });
    client = createClient({ baseUrl: emulator.url, auth: ADMIN, retry: { retries: 0 } });
  });
  afterAll(async () => {
    await client?.close();
    await emulator?.close();
  });
  beforeEach(async () => {
    await handle.control('reset');
  });
  return handle;
}

/** A project in a temp folder: `files` maps relative paths to their text. */
export async function writeProject(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'appdeploy-plan-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

export async function removeProject(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
}

/** appdeploy.yaml with one environment `test` at the service, and the apps given (key -> id or null). */
export function projectFile(url: string, apps: Record<string, string | null>): string {
  const lines = [
    'environments:',
    '  test:',
    `    baseUrl: ${url}`,
    '    auth: { login: admin, password: admin }',
    'defaultEnvironment: test',
    'apps:',
  ];
  for (const [key, id] of Object.entries(apps)) {
    lines.push(`  ${key}:`, `    manifest: apps/${key}.yaml`);
    if (id !== null) lines.push(`    ids: { test: ${id} }`);
  }
  return `${lines.join('\n')}\n`;
}

export async function loadValid(root: string): Promise<Project> {
  const result = await validateProject({ cwd: root, dir: root, variables: {} });
  if (!result.project)
    throw new Error(result.problems.map((p) => `${p.file}:${p.line}: ${p.message}`).join('\n'));
  return result.project;
}

/** An example of examples/ copied to a temp folder, with a `test` environment at the service as its default. */
export async function copyExample(service: Pick<ServiceHandle, 'url'>, name: string): Promise<string> {
  const root = await writeProject({});
  await cp(new URL(`../../examples/${name}/`, import.meta.url), root, { recursive: true });
  const path = join(root, 'appdeploy.yaml');
  const doc = parseDocument(await readFile(path, 'utf8'));
  doc.setIn(['environments', 'test'], { baseUrl: service.url, auth: ADMIN });
  doc.set('defaultEnvironment', 'test');
  await writeFile(path, doc.toString());
  return root;
}
