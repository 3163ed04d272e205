/**
 * Projects in the odd states real users leave them in, each made in a temp folder of its own from
 * the helpdesk example (one app, a record file): where the command runs, what the paths are made
 * of, how the files are written, and what became of `.appdeploy`. Each state says what the docs
 * promise: `works` (README: a command finds the project in the current folder or the nearest one
 * above it, `-C` names another; YAML 1.2 allows CRLF and a BOM; `.appdeploy/` is made when
 * needed), or `refused`, naming the file the user must fix (YAML forbids tabs for indentation; a
 * manifest path must name a file; the local ids file must be JSON).
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT } from '../../support/cli.js';

export interface StateRun {
  /** Where the commands run. */
  cwd: string;
  /** Arguments every command takes first (`-C DIR`). */
  prefix: string[];
  /** The project's folder: what a command may write into (with its .appdeploy). */
  project: string;
  /** Files outside it that are the project's all the same (what its links name). */
  linked?: string[];
  /** What must still hold after every command ran: each a finding when it does not. */
  after?: () => string[];
}

export interface ProjectState {
  name: string;
  /** Builds the project under `base` (a fresh folder) and says where to run. */
  make(base: string): StateRun;
  /** What the docs promise of every command in it; `refused` names what the error must name. */
  expect: { kind: 'works' } | { kind: 'refused'; names: string; all?: boolean };
  /** The defect this state once met: such a state runs with every seed. */
  found?: string;
}

/** A copy of the helpdesk example at `dir`. */
function helpdesk(dir: string): string {
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, 'examples/helpdesk'), dir, { recursive: true });
  return dir;
}

/** Every text file of the project, rewritten by `change`. */
function rewriteAll(dir: string, change: (text: string) => string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(ya?ml|csv|json)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    writeFileSync(path, change(readFileSync(path, 'utf8')));
  }
}

const plain = (base: string): StateRun => {
  const project = helpdesk(join(base, 'helpdesk'));
  return { cwd: project, prefix: [], project };
};

/** The project with `file` moved into a folder beside it and a symbolic link to it in its place. */
function linkedFrom(base: string, file: string): StateRun {
  const run = plain(base);
  const shared = join(base, 'shared');
  mkdirSync(shared);
  const link = join(run.project, file);
  renameSync(link, join(shared, 'linked.yaml'));
  symlinkSync(join(shared, 'linked.yaml'), link);
  return { ...run, linked: [shared], after: () => (isLink(link) ? [] : [`${file} is no longer a link`]) };
}

export const STATES: readonly ProjectState[] = [
  {
    name: 'run from a subfolder of the project',
    make: (base) => ({ ...plain(base), cwd: join(base, 'helpdesk/apps') }),
    expect: { kind: 'works' },
  },
  {
    name: 'a path with spaces and non-ASCII',
    make: (base) => {
      const project = helpdesk(join(base, 'my projects', 'プロジェクト é'));
      return { cwd: project, prefix: [], project };
    },
    expect: { kind: 'works' },
  },
  {
    name: 'CRLF line endings',
    make: (base) => {
      const run = plain(base);
      rewriteAll(run.project, (t) => t.replace(/\r?\n/g, '\r\n'));
      return run;
    },
    expect: { kind: 'works' },
  },
  {
    name: 'a UTF-8 BOM',
    make: (base) => {
      const run = plain(base);
      rewriteAll(run.project, (t) => `\uFEFF${t}`);
      return run;
    },
    expect: { kind: 'works' },
  },
  {
    name: 'tabs for indentation in appdeploy.yaml',
    make: (base) => {
      const run = plain(base);
      const file = join(run.project, 'appdeploy.yaml');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(/^( {2})+/gm, (m) => '\t'.repeat(m.length / 2)),
      );
      return run;
    },
    expect: { kind: 'refused', names: 'appdeploy.yaml:', all: true },
  },
  {
    name: 'an empty appdeploy.yaml',
    make: (base) => {
      const run = plain(base);
      writeFileSync(join(run.project, 'appdeploy.yaml'), '');
      return run;
    },
    expect: { kind: 'refused', names: 'appdeploy.yaml', all: true },
  },
  {
    name: 'a manifest path that is a folder',
    make: (base) => {
      const run = plain(base);
      const file = join(run.project, 'appdeploy.yaml');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace('manifest: apps/tickets.yaml', 'manifest: apps'),
      );
      return run;
    },
    expect: { kind: 'refused', names: 'appdeploy.yaml:', all: true },
  },
  {
    name: 'a symlinked manifest',
    make: (base) => linkedFrom(base, 'apps/tickets.yaml'),
    expect: { kind: 'works' },
    found: 'export replaced the link with a file, the shared manifest left stale (atomic-write.ts)',
  },
  {
    name: 'a symlinked appdeploy.yaml',
    make: (base) => linkedFrom(base, 'appdeploy.yaml'),
    expect: { kind: 'works' },
  },
  {
    name: '.appdeploy is a file',
    make: (base) => {
      const run = plain(base);
      writeFileSync(join(run.project, '.appdeploy'), 'not a folder\n');
      return run;
    },
    expect: { kind: 'refused', names: '.appdeploy is a file', all: true },
    found: 'every command said ids.json "cannot be read (ENOTDIR)" and advised deleting it',
  },
  {
    name: 'a read-only .appdeploy folder',
    make: (base) => {
      const run = plain(base);
      mkdirSync(join(run.project, '.appdeploy'));
      chmodSync(join(run.project, '.appdeploy'), 0o555);
      return run;
    },
    // Root (CI containers) writes into it all the same: either works or names it.
    expect: { kind: 'refused', names: '.appdeploy' },
  },
  {
    name: '.appdeploy deleted after an apply',
    make: (base) => {
      const run = plain(base);
      execFileSync(process.execPath, [BIN, 'apply', '--yes'], { cwd: run.project, stdio: 'ignore' });
      rmSync(join(run.project, '.appdeploy'), { recursive: true, force: true });
      return run;
    },
    // README: deleting .appdeploy/ starts over (the ids go with the local service's data).
    expect: { kind: 'works' },
  },
  {
    name: 'a damaged local ids file',
    make: (base) => {
      const run = plain(base);
      mkdirSync(join(run.project, '.appdeploy/local'), { recursive: true });
      writeFileSync(join(run.project, '.appdeploy/local/ids.json'), '{"local": {"tickets": "1"');
      return run;
    },
    expect: { kind: 'refused', names: 'ids.json' },
  },
  {
    name: '-C pointing at the project from elsewhere',
    make: (base) => {
      const run = plain(base);
      const elsewhere = join(base, 'elsewhere');
      mkdirSync(elsewhere);
      return { cwd: elsewhere, prefix: ['-C', run.project], project: run.project };
    },
    expect: { kind: 'works' },
  },
  {
    name: '-C pointing at another project than the current one',
    make: (base) => {
      const run = plain(base);
      const other = helpdesk(join(base, 'other'));
      return { cwd: other, prefix: ['-C', run.project], project: run.project };
    },
    expect: { kind: 'works' },
  },
  {
    name: 'a project inside a git worktree',
    make: (base) => {
      const repo = join(base, 'repo');
      helpdesk(join(repo, 'helpdesk'));
      const git = (cwd: string, ...args: string[]) =>
        execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
          cwd,
          stdio: 'ignore',
        });
      git(repo, 'init', '-q');
      git(repo, 'add', '.');
      git(repo, 'commit', '-qm', 'helpdesk');
      git(repo, 'worktree', 'add', '-q', join(base, 'wt'));
      const project = join(base, 'wt', 'helpdesk');
      return { cwd: project, prefix: [], project };
    },
    expect: { kind: 'works' },
  },
];

const isLink = (path: string) => lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() === true;

/** The files under `dir` (paths, sizes and times), skipping the folders given: what a command must not touch. */
export function snapshot(dir: string, skip: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (skip.some((s) => path === s || path.startsWith(`${s}/`))) continue;
      if (entry.isDirectory() && !entry.isSymbolicLink()) walk(path);
      else {
        const st = statSync(path, { throwIfNoEntry: false });
        out.set(path, st ? `${st.size} ${st.mtimeMs}` : 'dangling');
      }
    }
  };
  walk(dir);
  return out;
}
