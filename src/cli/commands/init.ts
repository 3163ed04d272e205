import { existsSync, realpathSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppdeployError } from '../../errors.js';
import type { RegisterCommand } from './index.js';

/** This package's schema/ folder (dist/cli/commands/ is three levels below the package root). */
const SCHEMA_DIR = fileURLToPath(new URL('../../../schema/', import.meta.url));

/**
 * `appdeploy init [DIR]`: a project that validates and plans at once: appdeploy.yaml with the
 * local environment (and a staging one to uncomment), one app manifest, .env.example and a
 * .gitignore. It writes nothing if any of these exists, so it can never clobber a project.
 */
export const registerInit: RegisterCommand = (program, io, state) => {
  program
    .command('init')
    .description('Start a project: appdeploy.yaml, one app manifest, .env.example and .gitignore.')
    .argument('[dir]', 'where to write the project (created if missing)', '.')
    .action(async (dir: string) => {
      const root = resolve(process.cwd(), dir);
      const files = projectFiles(root);
      const existing = files.filter((f) => existsSync(join(root, f.path))).map((f) => f.path);
      if (existing.length > 0)
        throw new AppdeployError('INIT.EXISTS', `not overwriting ${existing.join(', ')} in ${dir}`, {
          hint: 'init only starts new projects: pick an empty directory, or move those files away.',
        });
      for (const file of files) {
        await mkdir(dirname(join(root, file.path)), { recursive: true });
        // `wx`: a file that appeared since the check is still not overwritten.
        await writeFile(join(root, file.path), file.content, { flag: 'wx' });
      }
      io.out(`Created in ${dir}:\n${files.map((f) => `  ${f.path}\n`).join('')}`);
      const cd = dir === '.' ? '' : `cd ${dir} && `;
      io.out(
        `\nNext: ${cd}appdeploy plan, then appdeploy apply (on the local service, no account needed).\n`,
      );
      state.exitCode = 0;
    });
};

interface ProjectFile {
  path: string;
  content: string;
}

function projectFiles(root: string): ProjectFile[] {
  return [
    { path: 'appdeploy.yaml', content: projectYaml(schemaRef(root, root, 'project.schema.json')) },
    {
      path: 'apps/tasks.yaml',
      content: manifestYaml(schemaRef(root, join(root, 'apps'), 'app.schema.json')),
    },
    { path: '.env.example', content: ENV_EXAMPLE },
    { path: '.gitignore', content: GITIGNORE },
  ];
}

/**
 * The modeline's schema path, relative to the file: this package's own schema when the project
 * holds it (node_modules/appdeploy, or the project inside a checkout of appdeploy), else where
 * `npm install --save-dev appdeploy` puts it, since a global or npx copy is no stable path.
 */
export function schemaRef(root: string, fileDir: string, name: string): string {
  const real = (path: string) => (existsSync(path) ? realpathSync(path) : path);
  const schemaDir = real(SCHEMA_DIR);
  const packageRoot = dirname(schemaDir);
  const inside = (path: string, dir: string) => path === dir || path.startsWith(dir + sep);
  const realRoot = real(root);
  const target =
    inside(schemaDir, realRoot) || inside(realRoot, packageRoot)
      ? join(schemaDir, name)
      : join(realRoot, 'node_modules', 'appdeploy', 'schema', name);
  return relative(real(fileDir), target).split(sep).join('/');
}

const projectYaml = (schema: string) => `# yaml-language-server: $schema=${schema}
#
# The environments this project deploys to, and its apps. \`local\` is the embedded local service:
# no account needed, its data is kept in .appdeploy/local (not in git).
environments:
  local: {}
  # A hosted service. Secrets are written as \${VARIABLE} and come from the environment or from a
  # .env file beside this one (see .env.example); uncomment, then: appdeploy plan --env staging
  # staging:
  #   baseUrl: https://staging.example.com
  #   auth:
  #     login: \${STAGING_LOGIN}
  #     password: \${STAGING_PASSWORD}

apps:
  # Each app: its manifest, and its id per environment (apply creates a missing app and writes
  # its id here).
  tasks:
    manifest: apps/tasks.yaml
`;

const manifestYaml = (schema: string) => `# yaml-language-server: $schema=${schema}
#
# Tasks: one record per piece of work. Change a field here, then \`appdeploy plan\` shows the
# change and \`appdeploy apply\` deploys it. Areas left out (views, process, ...) stay unmanaged.
name: Tasks
description: Work to do, who does it and by when.

fields:
  title: { type: SINGLE_LINE_TEXT, label: Title, required: true, maxLength: 100 }
  owner: { type: USER_SELECT, label: Owner }
  due_date: { type: DATE, label: Due date }
  priority:
    type: DROP_DOWN
    label: Priority
    options:
      Low: { label: Low, index: 0 }
      Normal: { label: Normal, index: 1 }
      High: { label: High, index: 2 }
    defaultValue: Normal
  notes: { type: MULTI_LINE_TEXT, label: Notes }

layout:
  - type: ROW
    fields: [{ code: title }, { code: owner }]
  - type: ROW
    fields: [{ code: due_date }, { code: priority }]
  - type: ROW
    fields: [{ code: notes }]
`;

const ENV_EXAMPLE = `# Copy to .env (kept out of git) and fill in: appdeploy reads it for \${VARIABLE}s in
# appdeploy.yaml. Variables already set in the environment win over this file.
STAGING_LOGIN=
STAGING_PASSWORD=
`;

const GITIGNORE = `# Secrets, and the local service's data.
.env
.appdeploy/
`;
