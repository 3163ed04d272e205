import { writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { generateDocs, type DocProject } from '../../docgen/index.js';
import {
  hasPrincipalMaps,
  loadProject,
  readScripts,
  resolvePrincipals,
  type LoadOptions,
  type Project,
} from '../../project/index.js';
import type { CommandResult } from '../exit-codes.js';
import { projectOptions, validatedProject } from '../project-flags.js';
import { atUserPath } from '../user-path.js';
import type { RegisterCommand } from './index.js';
import { makeFolders } from '../../atomic-write.js';

interface DocsFlags {
  directory?: string;
  config?: string;
  env?: string;
  out?: string;
}

/** Where the handbook goes unless --out says: beside appdeploy.yaml, apart from the project's own docs/. */
export const DEFAULT_DOCS_DIR = 'appdeploy-docs';

/** The project as the generator reads it: loaded as `validate` does, with the scripts' text. */
export async function loadDocProject(options: LoadOptions): Promise<{ root: string; docs: DocProject }> {
  const project = await loadProject(options);
  return { root: project.root, docs: await docProject(project) };
}

/**
 * A validated project as the generator reads it: its manifests as the chosen environment has them
 * (its users, groups and organizations maps applied, and what they map to nothing left out, as
 * plan and apply resolve them: project/principal-maps.ts) and the scripts' text.
 */
async function docProject(project: Project): Promise<DocProject> {
  const maps = project.environment.config;
  const apps = await Promise.all(
    project.apps.map(async (app) => ({
      key: app.key,
      manifestFile: relative(project.root, app.manifestPath).split('\\').join('/'),
      manifest: resolvePrincipals(app.manifest, maps).manifest,
      ids: app.ids,
      scripts: await readScripts(app),
    })),
  );
  return { apps, peopleOf: hasPrincipalMaps(maps) ? project.environment.name : null };
}

/** `appdeploy docs`: one Markdown page per app and an overview, from the manifests, offline. */
export const registerDocs: RegisterCommand = (program, io) => ({
  command: projectOptions(program.command('docs'), undefined, 'resolved').option(
    '--out <dir>',
    `the folder to write (default: ${DEFAULT_DOCS_DIR}/ beside the project file)`,
  ),
  run: async (flags: DocsFlags): Promise<CommandResult> => {
    // Validated as types and plan are: a project with problems lists them all, as validate does.
    const project = await validatedProject(flags, io);
    if (project === null) return { kind: 'invalid-project' };
    const root = project.root;
    const docs = await docProject(project);
    const out =
      flags.out === undefined
        ? join(root, DEFAULT_DOCS_DIR)
        : isAbsolute(flags.out)
          ? flags.out
          : resolve(process.cwd(), flags.out);
    const pages = generateDocs(docs);
    const at = {
      given: `--out ${flags.out ?? DEFAULT_DOCS_DIR}`,
      hint: `Give --out a folder (created if missing), such as --out ${DEFAULT_DOCS_DIR}.`,
    };
    await atUserPath(at, async () => {
      await makeFolders(out);
      for (const page of pages) {
        const path = join(out, page.path);
        // A full disk's error names no file (the write call has none): this one names its page.
        await writeFile(path, page.content).catch((error: NodeJS.ErrnoException) => {
          error.path ??= path;
          throw error;
        });
      }
    });
    const shown = relative(process.cwd(), out) || '.';
    io.out(`Wrote ${pages.length} pages to ${shown}/ (index.md and one per app).\n`);
    return { kind: 'done' };
  },
});
