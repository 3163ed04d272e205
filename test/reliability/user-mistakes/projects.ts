/**
 * The projects the mistakes are made in: every example with an appdeploy.yaml and one made by
 * `appdeploy init`, each applied once to its embedded local service (so its ids file exists and
 * export has apps to write back), with a .env made from its .env.example. Each mistake is made in
 * a fresh copy of one.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { runMain } from '../../support/main-in-process.js';
import { ROOT } from '../../support/cli.js';
import type { FileKind } from './mistakes.js';

export interface BaseProject {
  name: string;
  dir: string;
  /** The project's files a user edits, by path relative to dir. */
  files: { path: string; kind: FileKind }[];
  /** An app key of the project, for export --app. */
  app: string;
  /** Environments beside local that have a baseUrl (pointed at the harness's local service). */
  remote: string[];
}

/** A .env from .env.example, its commented variables set: a user's copy, filled in. */
function writeDotEnv(dir: string): void {
  const example = join(dir, '.env.example');
  const lines = existsSync(example) ? readFileSync(example, 'utf8').split('\n') : [];
  const set = lines
    .map((l) => l.replace(/^# ?([A-Z][A-Z0-9_]*=)/, '$1'))
    .filter((l) => /^[A-Z][A-Z0-9_]*=/.test(l))
    .map((l) => (l.endsWith('=') ? `${l}secret` : l));
  writeFileSync(join(dir, '.env'), `# filled in by hand\n${set.join('\n')}\nEXTRA_NOTE="a quoted value"\n`);
}

/** The files beside the YAML a manifest or record file names: scripts, styles, icons, packages. */
function assets(dir: string, under: string): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const path = under === '' ? entry.name : `${under}/${entry.name}`;
    if (entry.name.startsWith('.') || entry.name === 'node_modules') return [];
    if (entry.isDirectory()) return assets(dir, path);
    return /\.(ya?ml|json|md)$|^\.env/.test(entry.name) ? [] : [path];
  });
}

function filesOf(dir: string): BaseProject['files'] {
  const config = parse(readFileSync(join(dir, 'appdeploy.yaml'), 'utf8')) as {
    apps: Record<string, { manifest: string; records?: { file: string } }>;
  };
  const files: BaseProject['files'] = [
    { path: 'appdeploy.yaml', kind: 'config' },
    { path: '.env', kind: 'env' },
  ];
  for (const app of Object.values(config.apps)) {
    files.push({ path: app.manifest, kind: 'manifest' });
    if (app.records) files.push({ path: app.records.file, kind: 'records' });
  }
  for (const path of assets(dir, '')) files.push({ path, kind: 'asset' });
  if (existsSync(join(dir, '.appdeploy/local/ids.json')))
    files.push({ path: '.appdeploy/local/ids.json', kind: 'ids' });
  return files;
}

async function applied(name: string, dir: string): Promise<BaseProject> {
  writeDotEnv(dir);
  const run = await runMain(['apply', '--yes', '-C', dir]);
  if (run.code !== 0) throw new Error(`${name}: apply failed (${run.code}): ${run.err}`);
  const config = parse(readFileSync(join(dir, 'appdeploy.yaml'), 'utf8')) as {
    apps: Record<string, unknown>;
    environments: Record<string, { baseUrl?: string; guestSpaceId?: unknown }>;
  };
  return {
    name,
    dir,
    files: filesOf(dir),
    app: Object.keys(config.apps)[0]!,
    remote: Object.entries(config.environments)
      // A guest space names one the harness's service does not have: left out.
      .filter(([, e]) => e && e.baseUrl && e.guestSpaceId === undefined)
      .map(([k]) => k),
  };
}

/** Every example project and an init project, applied locally, in a temp folder of their own. */
export async function baseProjects(root: string, only?: string[]): Promise<BaseProject[]> {
  const names = readdirSync(join(ROOT, 'examples')).filter(
    (n) => existsSync(join(ROOT, 'examples', n, 'appdeploy.yaml')) && (!only || only.includes(n)),
  );
  const out: BaseProject[] = [];
  for (const name of names) {
    const dir = join(root, `base-${name}`);
    cpSync(join(ROOT, 'examples', name), dir, { recursive: true });
    out.push(await applied(name, dir));
  }
  if (!only || only.includes('init')) {
    const made = await runMain(['init', join(root, 'base-init')]);
    if (made.code !== 0) throw new Error(`init failed: ${made.err}`);
    out.push(await applied('init', join(root, 'base-init')));
  }
  return out;
}

export function freshCopy(base: BaseProject, root: string): string {
  const dir = mkdtempSync(join(root, `${base.name}-`));
  cpSync(base.dir, dir, { recursive: true });
  return dir;
}
