/**
 * Issue 33 item 4: a typo in a path is not a bug. A path the user gives that the file system
 * refuses (a missing folder, a folder where a file goes, a file where a folder goes, a folder
 * without permission) ends with exit 1 and one error naming the path, why, and what to do; never
 * exit 70 with a stack. `plan --out` makes a missing folder, as `types` and `docs` do.
 */
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';
import { appdeploy } from '../support/cli.js';

const dir = useTempDir('user-paths', async (at) => {
  expect((await appdeploy(['init', 'proj'], at)).code).toBe(0);
  await writeFile(join(at, 'proj', 'afile'), 'not a folder\n');
  // A folder its user may not write in. Root may write anywhere a permission bit says no, but
  // not in sysfs (Linux): there root's mkdir is EPERM and its file creation EACCES.
  const locked = join(at, 'locked');
  await mkdir(locked);
  await chmod(locked, 0o555);
});
const project = () => join(dir(), 'proj');
const runningAsRoot = process.getuid?.() === 0;
const sysfs = process.platform === 'linux' && existsSync('/sys/kernel');
/** A folder in which the user running the test cannot create anything. */
const denied = () => (runningAsRoot ? '/sys' : join(dir(), 'locked'));

/** The error as printed: exit 1, and the two lines docs/errors.md shows, no stack. */
async function refused(args: string[]): Promise<string> {
  const run = await appdeploy(args, project());
  expect(run.stderr).not.toMatch(/Bug:|report this|\n\s+at /);
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  return run.stderr;
}

describe('paths the user gives', () => {
  it('plan --out into a folder that does not exist makes the folder and saves the plan there', async () => {
    const run = await appdeploy(['plan', '--out', 'plans/p.json'], project());
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Saved the plan to plans/p.json');
    const saved = JSON.parse(await readFile(join(project(), 'plans', 'p.json'), 'utf8')) as {
      environment: string;
    };
    expect(saved.environment).toBe('local');
  }, 60_000);

  it.each([
    [
      'plan --out a folder',
      ['plan', '--out', 'apps'],
      'Error: --out apps: apps is a folder, not a file\n' +
        '  Give --out the path of a file to write, such as --out plan.json (a missing folder is created).\n',
    ],
    [
      'init on a file',
      ['init', 'afile'],
      'Error: init afile: afile is a file, not a folder\n' +
        '  Give init a folder to create, or an existing folder to start the project in: `npx appdeploy init my-apps`.\n',
    ],
    [
      'init through a file',
      ['init', 'afile/sub'],
      'Error: init afile/sub: afile is a file, not a folder\n' +
        '  Give init a folder to create, or an existing folder to start the project in: `npx appdeploy init my-apps`.\n',
    ],
    [
      'types --out a file',
      ['types', '--out', 'afile'],
      'Error: --out afile: afile is a file, not a folder\n' +
        '  Give --out a folder (created if missing), such as --out types.\n',
    ],
    [
      'docs --out a file',
      ['docs', '--out', 'afile'],
      'Error: --out afile: afile is a file, not a folder\n' +
        '  Give --out a folder (created if missing), such as --out appdeploy-docs.\n',
    ],
    [
      'export -C a file',
      ['export', '-C', 'afile', '--all'],
      'Error: -C afile: afile is a file, not a folder\n' +
        '  Give -C the project folder (created if missing), such as -C my-apps.\n',
    ],
    [
      'plan --out through a file',
      ['plan', '--out', 'afile/p.json'],
      'Error: --out afile/p.json: afile is a file, not a folder\n' +
        '  Give --out the path of a file to write, such as --out plan.json (a missing folder is created).\n',
    ],
  ])(
    '%s: exit 1, naming the path, why, and what to do',
    async (_name, args, expected) => {
      expect(await refused(args)).toBe(expected);
    },
    60_000,
  );

  // Runs everywhere but as root off Linux: root ignores permission bits, and only sysfs refuses it.
  it.skipIf(runningAsRoot && !sysfs).each([
    ['init', (d: string) => ['init', join(d, 'new-project')]],
    ['plan --out', (d: string) => ['plan', '--out', join(d, 'p.json')]],
    ['docs --out', (d: string) => ['docs', '--out', join(d, 'docs')]],
    ['types --out', (d: string) => ['types', '--out', join(d, 'types')]],
  ])(
    '%s in a folder without permission: exit 1, saying so',
    async (_name, args) => {
      const path = args(denied()).at(-1)!;
      expect(await refused(args(denied()))).toMatch(
        new RegExp(`^Error: .*${path}: no permission to write ${path}\n {2}Give .*\n$`),
      );
    },
    60_000,
  );

  // /proc answers ENOENT for a new folder whose parent exists: node's recursive mkdir then looped
  // for ever at full CPU (the command hung); it is now said like any path that cannot be made.
  const procfs = process.platform === 'linux' && existsSync('/proc/self');
  it.runIf(procfs).each([
    [
      'plan --out',
      ['plan', '--out', '/proc/appdeploy-x/p.json'],
      '/proc/appdeploy-x',
      'Give --out the path of a file',
    ],
    ['docs --out', ['docs', '--out', '/proc/appdeploy-x/docs'], '/proc/appdeploy-x', 'Give --out a folder'],
    ['init', ['init', '/proc/appdeploy-x'], '/proc/appdeploy-x', 'Give init a folder'],
  ])(
    '%s where the system takes no new folder (/proc): exit 1, saying so, without hanging',
    async (_name, args, folder, hint) => {
      const stderr = await refused(args);
      expect(stderr).toContain(`${folder} cannot be made: /proc takes no new files or folders\n  ${hint}`);
    },
    60_000,
  );

  it.runIf(procfs)(
    'APPDEPLOY_CODE_CACHE where no folder can be made: the command runs without a cache',
    async () => {
      const run = await appdeploy(['validate'], project(), { APPDEPLOY_CODE_CACHE: '/proc' });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('valid');
    },
    60_000,
  );
});
