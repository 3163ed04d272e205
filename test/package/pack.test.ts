/**
 * The package as a user's project gets it: `npm pack`, the tarball installed into a fresh folder,
 * and each subpath export imported from there by plain Node (no path into the repository). The
 * client and the main entry must not load the local service: a resolve hook records every module
 * a program loads, and none may come from dist/emulator/.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../src/client/index.js';
import { useLocalService } from '../support/service.js';
import { blockModule, docBlocks, type DocBlockRun } from './doc-blocks.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function run(
  cmd: string,
  args: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'appdeploy-package-'));
  // dist/ is built once by test/support/global-setup.ts (not by pack's `prepare`, which would
  // rewrite dist/ under the other test files).
  const packed = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir, '--json'], ROOT);
  if (packed.code !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  const packs = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as {
    filename: string;
    integrity: string;
  }[];
  const tarball = packs[0];
  if (!tarball?.filename) throw new Error(`npm pack named no tarball: ${packed.stdout}`);
  const project = join(dir, 'project');
  await run('mkdir', [project], dir);
  await writeUserProject(project, `file:../${tarball.filename}`, tarball.integrity);
  // As the README says to install it (appdeploy is not on the registry): the packed tarball,
  // offline, its dependencies from npm's cache. `npm install <tarball> --offline` would need the
  // registry's metadata of ajv, undici, ... to resolve their ranges, and `npm ci` (all a clean
  // machine has run) caches only their tarballs: so the project's lockfile pins the versions
  // this repository's lockfile holds, which is what `npm install` would resolve to today, and
  // `npm ci --offline` installs them from the cache by their integrity.
  const installed = await run(
    'npm',
    ['ci', '--offline', '--no-audit', '--no-fund', '--no-update-notifier', '--ignore-scripts'],
    project,
  );
  if (installed.code !== 0) throw new Error(`npm install of the tarball failed: ${installed.stderr}`);
  await writeFile(join(project, 'record-loads.mjs'), RECORD_LOADS);
  await writeFile(join(project, 'hooks.mjs'), HOOKS);
}, 240_000);

/**
 * A user's project whose lockfile holds the tarball and the production dependencies of this
 * repository's own lockfile (the entries not marked dev), with their resolved URLs and integrity.
 */
async function writeUserProject(project: string, spec: string, integrity: string): Promise<void> {
  const own = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  const lock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
  };
  const dependencies = Object.fromEntries(
    Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.dev !== true && entry.devOptional !== true)
      .map(([path, entry]) => [path, { ...entry, dev: true }]),
  );
  const manifest = {
    name: 'user-project',
    private: true,
    type: 'module',
    devDependencies: { appdeploy: spec },
  };
  const packages = {
    '': { name: 'user-project', devDependencies: { appdeploy: spec } },
    'node_modules/appdeploy': {
      version: own.version,
      resolved: spec,
      integrity,
      dev: true,
      license: own.license,
      dependencies: own.dependencies,
      bin: own.bin,
      engines: own.engines,
    },
    ...dependencies,
  };
  await writeFile(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(
    join(project, 'package-lock.json'),
    `${JSON.stringify({ name: 'user-project', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`,
  );
}

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A resolve hook that appends every resolved module URL to $LOADS_FILE. */
const HOOKS = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.LOADS_FILE, result.url + '\\n');
  return result;
}
`;
const RECORD_LOADS = `import { register } from 'node:module';
register('./hooks.mjs', import.meta.url);
`;

/** Runs a module in the user's project; returns its stdout and the modules it loaded. */
async function runInProject(name: string, source: string): Promise<{ stdout: string; loads: string[] }> {
  const project = join(dir, 'project');
  await writeFile(join(project, name), source);
  const loadsFile = join(dir, `${name}.loads`);
  const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', './record-loads.mjs', name],
      { cwd: project, timeout: 60_000, env: { ...process.env, LOADS_FILE: loadsFile } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const loads = (await readFile(loadsFile, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  return { stdout: result.stdout, loads };
}

const fromPackage = (loads: string[]) => loads.filter((url) => url.includes('/node_modules/appdeploy/'));
const emulatorModules = (loads: string[]) => loads.filter((url) => /\/appdeploy\/dist\/emulator\//.test(url));

describe('the packed package, installed in a user project', () => {
  it('appdeploy/client: creates a client, and loads no module of the local service', async () => {
    const { stdout, loads } = await runInProject(
      'client.mjs',
      `import { createClient, ServiceError } from 'appdeploy/client';
const client = createClient({ baseUrl: 'http://127.0.0.1:1', auth: { login: 'a', password: 'b' } });
console.log(typeof client.apps.getApps, typeof ServiceError);
await client.close();
`,
    );
    expect(stdout.trim()).toBe('function function');
    expect(fromPackage(loads).some((url) => url.endsWith('/dist/client/index.js'))).toBe(true);
    expect(emulatorModules(loads)).toEqual([]);
  });

  it('appdeploy: plan, apply, the renderers and the project loader, without the local service', async () => {
    const { stdout, loads } = await runInProject(
      'main.mjs',
      `import * as lib from 'appdeploy';
console.log(['plan', 'apply', 'renderText', 'renderMarkdown', 'renderJson', 'validateProject', 'createClient']
  .map((name) => name + ':' + typeof lib[name]).join(' '));
console.log(lib.MARKDOWN_MARKER, 'startEmulator' in lib);
`,
    );
    expect(stdout).toContain(
      'plan:function apply:function renderText:function renderMarkdown:function renderJson:function validateProject:function createClient:function',
    );
    expect(stdout).toContain('<!-- appdeploy-plan --> false');
    expect(emulatorModules(loads)).toEqual([]);
  });

  it('appdeploy/emulator with appdeploy/client: starts the local service and talks to it over HTTP', async () => {
    const { stdout } = await runInProject(
      'emulator.mjs',
      `import { startEmulator } from 'appdeploy/emulator';
import { createClient } from 'appdeploy/client';
const emulator = await startEmulator({ port: 0 });
const client = createClient({ baseUrl: emulator.url, auth: { login: 'admin', password: 'admin' } });
const { app } = await client.apps.addApp({ name: 'From the package' });
const { name } = await client.apps.getApp({ id: app }).catch(() => ({ name: 'draft only' }));
console.log('app', app, name);
await client.close();
await emulator.close();
`,
    );
    expect(stdout.trim()).toMatch(/^app \d+ (From the package|draft only)$/);
  });

  it('appdeploy/query: parses and checks a query', async () => {
    const { stdout } = await runInProject(
      'query.mjs',
      `import { parseQuery } from 'appdeploy/query';
const query = parseQuery('status in ("Open") order by $id desc limit 10');
console.log(typeof query, query === null);
`,
    );
    expect(stdout.trim()).toBe('object false');
  });

  it('ships the schemas and the CLI', async () => {
    const project = join(dir, 'project');
    const schema = JSON.parse(
      await readFile(join(project, 'node_modules/appdeploy/schema/app.schema.json'), 'utf8'),
    ) as { title?: string };
    expect(schema.title).toBeTruthy();
    // `npx appdeploy`, as the README spells every command, finds the installed one (offline).
    const help = await run('npx', ['--offline', 'appdeploy', '--help'], project);
    expect(help.code).toBe(0);
    for (const command of ['init', 'validate', 'plan', 'apply', 'status', 'revert', 'emulator'])
      expect(help.stdout).toContain(command);
  });
});

/** Module settings a user's TypeScript project may have: each must resolve every entry's types. */
const RESOLUTIONS = [
  { name: 'nodenext', module: 'NodeNext', moduleResolution: 'NodeNext' },
  { name: 'node16', module: 'Node16', moduleResolution: 'Node16' },
  { name: 'bundler', module: 'ESNext', moduleResolution: 'Bundler' },
] as const;

/** tsc of this repository on a project of `folder`, its blocks as `files`; with `outDir`, emitting there. */
async function compile(
  folder: string,
  files: string[],
  resolution: (typeof RESOLUTIONS)[number],
  outDir?: string,
): Promise<string> {
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2023'],
    module: resolution.module,
    moduleResolution: resolution.moduleResolution,
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    // The package's own .d.ts are checked too (no skipLibCheck), with Node's types.
    typeRoots: [join(ROOT, 'node_modules/@types')],
    types: ['node'],
    ...(outDir ? { outDir } : { noEmit: true }),
  };
  const config = join(folder, `tsconfig.${resolution.name}.json`);
  await writeFile(config, JSON.stringify({ compilerOptions, files }));
  const tsc = await run(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', config],
    folder,
  );
  return tsc.stdout + tsc.stderr;
}

describe('the TypeScript blocks of README.md and docs/, in the user project', () => {
  const service = useLocalService({ client: {} });
  const blocks = docBlocks().filter((b) => b.run.notRun === undefined);
  const folder = () => join(dir, 'project', 'docs');
  const names = blocks.map((_, i) => `block-${i + 1}.ts`);
  /** Each error as the block it comes from: `block-2.ts(12,3)` is docs/client.md's. */
  const named = (output: string) =>
    output.replace(/block-(\d+)\.ts/g, (name, i: string) => blocks[Number(i) - 1]?.id ?? name);
  let emitted = '';

  beforeAll(async () => {
    await run('mkdir', ['-p', folder()], dir);
    for (const [i, { block, run: how }] of blocks.entries())
      await writeFile(join(folder(), names[i]!), blockModule(block, how, service.url));
    emitted = await compile(folder(), names, RESOLUTIONS[0], 'out');
  }, 120_000);

  it.each(RESOLUTIONS)(
    'type-check against the packed .d.ts with moduleResolution $moduleResolution',
    async (resolution) => {
      const output = resolution === RESOLUTIONS[0] ? emitted : await compile(folder(), names, resolution);
      expect(named(output)).toBe('');
    },
    120_000,
  );

  it.each(blocks.map((b, i) => [b.id, b.run, i] as const))(
    '%s runs against the local service and its program ends by itself',
    async (_, how, i) => {
      const cwd = await prepare(service.client, how, folder());
      // Ends by itself: nothing the library started (a timer, a socket, a listener) keeps it alive.
      const ran = await new Promise<{ code: number | string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [join(folder(), 'out', names[i]!.replace(/\.ts$/, '.js'))],
          { cwd, timeout: 30_000, killSignal: 'SIGKILL', env: { ...process.env, ...how.env?.(service.url) } },
          (error, _stdout, stderr) =>
            resolve({ code: error ? (error.signal ?? Number(error.code ?? 1)) : 0, stderr }),
        );
      });
      expect(ran.stderr).toBe('');
      expect(ran.code).toBe(0);
    },
    60_000,
  );
});

/**
 * What the service must hold for a block: docs/client.md's works on app 12, with `amount` > 10 in
 * a record; the README's CI script on a project whose `staging` is the service. Returns the
 * folder the block runs in.
 */
async function prepare(client: Client, how: DocBlockRun, folder: string): Promise<string> {
  if (how.needs === 'a project with a staging environment') {
    const project = join(folder, 'staging-project');
    await run('mkdir', ['-p', join(project, 'apps')], folder);
    await writeFile(
      join(project, 'appdeploy.yaml'),
      'environments:\n  staging:\n    baseUrl: ${STAGING_URL}\n    auth: { login: admin, password: ${STAGING_PASSWORD} }\n' +
        'apps:\n  tasks:\n    manifest: apps/tasks.yaml\n',
    );
    await writeFile(
      join(project, 'apps/tasks.yaml'),
      'name: Tasks\nfields:\n  title: { type: SINGLE_LINE_TEXT, label: Title }\n',
    );
    return project;
  }
  if (how.needs !== 'app 12 with records') return folder;
  for (let made = 0; made < 12;) made = Number((await client.apps.addApp({ name: `App ${made + 1}` })).app);
  await client.form.addFields({
    app: 12,
    properties: { amount: { type: 'NUMBER', code: 'amount', label: 'Amount' } },
  });
  await client.apps.deploy({ apps: [{ app: 12 }] });
  await client.apps.waitForDeploy([12]);
  await client.records.addRecords({
    app: 12,
    records: [{ amount: { value: '5' } }, { amount: { value: '50' } }],
  });
  return folder;
}
