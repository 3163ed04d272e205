import { readFile, readdir, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { atomicWrite, makeFolders } from '../../atomic-write.js';
import { appdeployCommand, shellWord } from '../../project/index.js';
import { GENERATED_HEADER, generateTypes, type GeneratedFile } from '../../typegen/index.js';
import type { CommandResult } from '../exit-codes.js';
import { projectOptions, validatedProject, type ProjectFlags } from '../project-flags.js';
import { atUserPath } from '../user-path.js';
import type { RegisterCommand } from './index.js';

interface TypesFlags extends ProjectFlags {
  out?: string;
  check?: boolean;
}

/** The folder the modules go to unless --out names another: `types/` beside appdeploy.yaml. */
export const DEFAULT_TYPES_DIR = 'types';

/**
 * `appdeploy types`: offline, the manifests as TypeScript modules (one per app); with --check,
 * exit 1 naming the files that differ from what the manifests give (for CI).
 */
export const registerTypes: RegisterCommand = (program, io) => ({
  command: projectOptions(program.command('types'))
    .option('--out <dir>', `the folder of the modules (default: ${DEFAULT_TYPES_DIR}/ beside appdeploy.yaml)`)
    .option('--check', 'write nothing; exit 1 and name the files that differ from what the manifests give'),
  run: async (flags: TypesFlags): Promise<CommandResult> => {
    const cwd = process.cwd();
    const project = await validatedProject(flags, io);
    if (project === null) return { kind: 'invalid-project' };
    const dir = flags.out === undefined ? join(project.root, DEFAULT_TYPES_DIR) : resolve(cwd, flags.out);
    const files = generateTypes(project);
    const shown = (name: string) => relative(cwd, join(dir, name)) || name;
    const at = {
      given: `--out ${flags.out ?? DEFAULT_TYPES_DIR}`,
      hint: `Give --out a folder (created if missing), such as --out ${DEFAULT_TYPES_DIR}.`,
    };
    const stale = await atUserPath(at, () => staleFiles(dir, files));
    if (flags.check === true) {
      if (stale.length === 0)
        io.out(`${files.length} type ${files.length === 1 ? 'module is' : 'modules are'} up to date.\n`);
      else
        io.err(
          `${stale.map((s) => `${shown(s.name)}: ${s.reason}`).join('\n')}\n` +
            `Run \`${appdeployCommand(project, 'types', outFlag(flags))}\` and commit the result.\n`,
        );
      return { kind: 'types-checked', stale: stale.length };
    }
    await atUserPath(at, () => writeAll(dir, files, stale));
    io.out(
      stale.length === 0
        ? `${files.length} type ${files.length === 1 ? 'module is' : 'modules are'} up to date.\n`
        : stale
            .map((s) => `${s.reason === 'no longer generated' ? 'Removed' : 'Wrote'} ${shown(s.name)}\n`)
            .join(''),
    );
    return { kind: 'done' };
  },
});

interface Stale {
  name: string;
  reason: 'missing' | 'differs' | 'no longer generated';
}

/**
 * The files to write or remove: missing or different modules, and modules of apps the project no
 * longer has (only files that carry the generated header: the folder may hold the user's own).
 */
async function staleFiles(dir: string, files: GeneratedFile[]): Promise<Stale[]> {
  const stale: Stale[] = [];
  for (const file of files) {
    const text = await readText(join(dir, file.name));
    if (text === null) stale.push({ name: file.name, reason: 'missing' });
    else if (text !== file.text) stale.push({ name: file.name, reason: 'differs' });
  }
  const names = new Set(files.map((f) => f.name));
  const present = await readdir(dir).catch(() => [] as string[]);
  for (const name of present.filter((n) => n.endsWith('.ts') && !names.has(n)).sort()) {
    const text = await readText(join(dir, name));
    if (text?.startsWith(GENERATED_HEADER)) stale.push({ name, reason: 'no longer generated' });
  }
  return stale;
}

async function writeAll(dir: string, files: GeneratedFile[], stale: Stale[]): Promise<void> {
  await makeFolders(dir);
  const byName = new Map(files.map((f) => [f.name, f]));
  for (const s of stale) {
    const file = byName.get(s.name);
    // Beside and renamed over: the user's build never compiles half a module.
    if (file) await atomicWrite(join(dir, s.name), file.text);
    else await rm(join(dir, s.name), { force: true });
  }
}

async function readText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** --out as given, for the hint (the project's own flags come from the project). */
function outFlag(flags: TypesFlags): string {
  return flags.out === undefined ? '' : `--out ${shellWord(flags.out)}`;
}
