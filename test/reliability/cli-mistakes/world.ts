/**
 * What the command-line mistakes are made against: a project `appdeploy init` wrote, applied and
 * seeded on its local environment, with two more environments (staging, and a protected
 * production) on a local service in this process whose password is a secret no output may show;
 * files of every wrong kind to give where a file is wanted; and a fingerprint of the project's
 * files and of the service, to tell that a refused command wrote nothing.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { runMain } from '../../support/main-in-process.js';

/** Secrets no output may hold: the service's password, a proxy's password, the mask key. */
export const SECRETS = {
  password: 'Pw-cli-mistakes-4f9e1c',
  proxyPassword: 'Proxy-cli-mistakes-7a2d',
  maskKey: 'Mask-cli-mistakes-0123456789abcdef',
};

/** The variables appdeploy.yaml reads its remote environments from. */
export const VARIABLES = { url: 'CLI_MISTAKES_URL', password: 'CLI_MISTAKES_PASSWORD' };

export const ENVIRONMENTS = ['local', 'staging', 'production'];
export const APPS = ['tasks'];
/** The fields of the tasks app `init` writes, and its unique key. */
export const FIELDS = ['task_id', 'title', 'owner', 'due_date', 'priority', 'notes'];

/** The files the sweep gives where a file or folder is wanted, under `fixtures/` in the project. */
export const FIXTURES = {
  planLocal: 'fixtures/plan-local.json',
  planStaging: 'fixtures/plan-staging.json',
  truncatedPlan: 'fixtures/truncated-plan.json',
  emptyFile: 'fixtures/empty.json',
  binary: 'fixtures/binary.bin',
  backupLike: 'fixtures/backup-truncated.jsonl',
  folder: 'fixtures/folder',
  noProject: 'fixtures/no-project',
  manifest: 'apps/tasks.yaml',
  projectFile: 'appdeploy.yaml',
  records: 'records/tasks.yaml',
  missing: 'fixtures/missing.json',
};

export interface World {
  root: string;
  base: string;
  service: RunningEmulator;
}

const STAGING = (name: string, extra = '') => `  ${name}:
    baseUrl: \${${VARIABLES.url}}
    auth: { login: admin, password: \${${VARIABLES.password}} }${extra}
`;

export async function makeWorld(root: string): Promise<World> {
  const service = await startEmulator({
    port: 0,
    deployMs: 1,
    users: [{ login: 'admin', password: SECRETS.password, admin: true }],
  });
  process.env[VARIABLES.url] = service.url;
  process.env[VARIABLES.password] = SECRETS.password;
  const base = join(root, 'base');
  await must(['init', base]);
  const config = join(base, 'appdeploy.yaml');
  const text = readFileSync(config, 'utf8');
  writeFileSync(
    config,
    text.replace(
      '  local: {}\n',
      `  local: {}\n${STAGING('staging')}${STAGING('production', '\n    protected: true')}`,
    ),
  );
  await must(['apply', '-C', base, '--yes']);
  await must(['apply', '-C', base, '--env', 'staging', '--yes']);
  await must(['seed', '-C', base, '--yes']);
  await must(['seed', '-C', base, '--env', 'staging', '--yes']);
  mkdirSync(join(base, FIXTURES.folder), { recursive: true });
  mkdirSync(join(base, FIXTURES.noProject), { recursive: true });
  await must(['plan', '-C', base, '--out', join(base, FIXTURES.planLocal)]);
  await must(['plan', '-C', base, '--env', 'staging', '--out', join(base, FIXTURES.planStaging)]);
  const plan = readFileSync(join(base, FIXTURES.planLocal), 'utf8');
  writeFileSync(join(base, FIXTURES.truncatedPlan), plan.slice(0, Math.floor(plan.length / 2)));
  writeFileSync(join(base, FIXTURES.emptyFile), '');
  writeFileSync(join(base, FIXTURES.binary), Buffer.from([0, 159, 146, 150, 255, 0, 10, 13]));
  writeFileSync(join(base, FIXTURES.backupLike), '{"format":"appdeploy-backup","version":1,"app":"ta');
  return { root, base, service };
}

async function must(args: string[]): Promise<void> {
  const run = await runMain(args);
  if (run.code !== 0) throw new Error(`appdeploy ${args.join(' ')}: exit ${run.code}\n${run.err}`);
}

/** A fresh copy of the project for one case. */
export function copyOfBase(world: World, name: string): string {
  const dir = join(world.root, name);
  cpSync(world.base, dir, { recursive: true });
  return dir;
}

/** Every file under `dir` (locks aside: a command takes and drops them) and a hash of each. */
export function filesOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      const stat = statSync(path);
      if (stat.isDirectory()) {
        files.set(`${relative(dir, path)}/`, '');
        walk(path);
      } else if (!name.endsWith('.lock'))
        files.set(relative(dir, path), createHash('sha1').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(dir);
  return files;
}

/** What changed between two listings: the paths added, removed or rewritten. */
export function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((p) => before.get(p) !== after.get(p)).sort();
}

/** The staging service as a refused command must leave it: its apps, their revisions and records. */
export async function serviceFingerprint(world: World): Promise<string> {
  const headers = {
    'X-Cybozu-Authorization': Buffer.from(`admin:${SECRETS.password}`).toString('base64'),
  };
  const get = async (path: string) =>
    (await (await fetch(`${world.service.url}${path}`, { headers })).json()) as Record<string, unknown>;
  const { apps } = (await get('/k/v1/apps.json')) as { apps: { appId: string }[] };
  const parts: string[] = [];
  for (const { appId } of apps) {
    const live = await get(`/k/v1/app/settings.json?app=${appId}`);
    const draft = await get(`/k/v1/preview/app/settings.json?app=${appId}`);
    const records = await get(`/k/v1/records.json?app=${appId}&totalCount=true`);
    parts.push(`${appId}:${String(live.revision)}/${String(draft.revision)}:${JSON.stringify(records)}`);
  }
  return createHash('sha1').update(parts.join('\n')).digest('hex');
}
