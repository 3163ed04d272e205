import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Option } from 'commander';
import { AppdeployError } from '../../errors.js';
import {
  createProjectFile,
  exportApps,
  type ExportProgress,
  type ExportResult,
  type Selection,
} from '../../export/index.js';
import {
  appdeployCommand,
  CONFIG_NAMES,
  findConfigUpward,
  projectFlags,
  shellWord,
  type Project,
} from '../../project/index.js';
import { GITIGNORE } from './init-gitignore.js';
import { exportExitCode, type ExitCode } from '../exit-codes.js';
import { choiceOf, collectApp, serviceOptions, withProject, type ProjectFlags } from '../project-flags.js';
import { atUserPath } from '../user-path.js';
import type { RegisterCommand } from './index.js';
import { collectCodes, parseLimit, runRecordsExport, type RecordsFlags } from './export-records.js';
import { makeFolders } from '../../atomic-write.js';
import { interruptLeaves, sameCommand } from '../interrupt.js';

interface ExportFlags extends ProjectFlags, Omit<RecordsFlags, 'format'> {
  records?: boolean;
  app: string[];
  space?: string;
  all?: boolean;
  draft?: boolean;
  files?: boolean;
  force?: boolean;
  format: 'text' | 'json';
}

/** `appdeploy export`: apps on the service -> manifests in the project (created when absent). */
export const registerExport: RegisterCommand = (program, io) => ({
  command: serviceOptions(
    program.command('export'),
    'the project directory (default: the current one, or the nearest folder above it with appdeploy.yaml; created when absent)',
  )
    .option('--app <id|key>', 'export this app, by id or by project key (repeatable)', collectApp, [])
    .option('--space <id>', 'export every app of this space')
    .option('--all', 'export every app the service shows')
    .option('--draft', 'export the draft settings instead of the live ones')
    // Files are downloaded by default now; --files is still accepted (and says it is not needed).
    .addOption(new Option('--files').hideHelp())
    .option(
      '--no-files',
      'leave customization files and the icon out of the manifests (by default they are downloaded beside them)',
    )
    .option('--force', 'overwrite what a manifest says where it differs from the service (local edits)')
    .option(
      '--records',
      "export the app's records into its record file instead of its settings (docs/records.md)",
    )
    .option(
      '--key <code>',
      'with --records: the unique field to key the records by, when appdeploy.yaml names none',
    )
    .option('--limit <n>', 'with --records: at most this many records', parseLimit)
    .option(
      '--query <query>',
      'with --records: only the records this query finds (filter and order, no limit)',
    )
    .option(
      '--mask <codes>',
      "with --records: replace these fields' values with stable fake ones (comma-separated; needs APPDEPLOY_MASK_KEY)",
      collectCodes,
    )
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text')),
  run: async (flags: ExportFlags) => {
    if (flags.records === true) return runRecordsExport(flags, io);
    refuseRecordFlags(flags);
    const selection = selectionOf(flags);
    if (flags.files === true)
      io.err('--files: files are downloaded by default; the flag is no longer needed.\n');
    const created = await ensureProjectFile(flags);
    return withProject(flags, io, async ({ project, connection }) => {
      interruptLeaves(
        `export stopped part-way: each manifest and file it wrote is whole (written at once), the others are as they were. Run \`${sameCommand()}\` again to finish.`,
      );
      const result = await exportApps({
        project,
        client: connection.client,
        selection,
        draft: flags.draft,
        files: flags.files !== false,
        force: flags.force === true,
        projectFileCreated: created,
        onProgress: (event) => io.err(progress(event, io.liveProgress === true)),
      });
      io.out(
        flags.format === 'json' ? `${JSON.stringify(exportReport(result), null, 2)}\n` : summary(result),
      );
      if (result.apps.length === 0 && !('apps' in selection)) io.err(nothingExported(project, flags));
      return { kind: 'exported', outcome: result.outcome };
    });
  },
});

/** The flags of a records export, given without --records, would be ignored: refused instead. */
function refuseRecordFlags(flags: ExportFlags): void {
  const given = (['key', 'limit', 'query', 'mask'] as const).filter((name) => flags[name] !== undefined);
  if (given.length === 0) return;
  throw new AppdeployError(
    'EXPORT.RECORDS_ONLY',
    `${given.map((g) => `--${g}`).join(', ')} without --records`,
    {
      hint: 'Add --records (and one --app KEY) to export records, or leave those flags out to export settings.',
    },
  );
}

/** The result as `--format json` prints it: with its exit code (exit-codes.ts) after the outcome. */
function exportReport(result: ExportResult): ExportResult & { exitCode: ExitCode } {
  const { outcome, ...rest } = result;
  return { outcome, exitCode: exportExitCode(outcome), ...rest };
}

function selectionOf(flags: ExportFlags): Selection {
  const given = [flags.app.length > 0, flags.space !== undefined, flags.all === true].filter(Boolean).length;
  if (given !== 1)
    throw new AppdeployError('EXPORT.SELECTION', 'choose the apps with one of --app, --space or --all', {
      hint: exportSelectionHint(flags),
    });
  if (flags.space !== undefined) return { space: spaceId(flags.space) };
  return flags.all ? { all: true } : { apps: flags.app };
}

/**
 * `--space ID`: a space's id is a whole number from 1 (cybozu.dev, Get Apps: spaceIds, "integers
 * from 1 to 9,223,372,036,854,775,807"; rest-interface.md: `spaceIds[]` Array of Int). Anything
 * else was sent as it was and came back as the service's bare CB_VA01, naming neither --space nor
 * what to give it. Checked here, not by commander: the hints' `--space ID` must parse as printed.
 */
function spaceId(value: string): string {
  if (!/^0*[1-9]\d{0,18}$/.test(value))
    throw new AppdeployError('EXPORT.SPACE_ID', `--space ${value}: not a space id`, {
      hint: "Give the space's id, a whole number from 1 (the number after /k/#/space/ in the space's address).",
    });
  return value.replace(/^0+/, '');
}

/** The three ways to choose, each a command to run as it is but for the id (with the flags given). */
function exportSelectionHint(flags: ExportFlags): string {
  const run = (rest: string) =>
    `\`${appdeployCommand({ commandFlags: projectFlags(choiceOf(flags)) }, 'export', rest)}\``;
  return `Every app: ${run('--all')}; some apps: ${run('--app ID --app ID')} (an id or a project key); a space's apps: ${run('--space ID')}.`;
}

/**
 * A folder without appdeploy.yaml becomes a project: the file is created with the local
 * environment (another environment cannot be guessed: it needs an address and credentials).
 */
async function ensureProjectFile(flags: ExportFlags): Promise<boolean> {
  const dir = resolve(process.cwd(), flags.directory ?? '.');
  // Without -C or --config, the project of a folder above is this one's, as for every command
  // (project/find.ts): a subfolder of a project does not become a project of its own.
  const path =
    flags.config !== undefined
      ? resolve(dir, flags.config)
      : ((flags.directory === undefined
          ? findConfigUpward(dir)
          : CONFIG_NAMES.map((name) => join(dir, name)).find((p) => existsSync(p))) ??
        join(dir, CONFIG_NAMES[0]));
  if (existsSync(path)) return false;
  if (flags.env !== undefined && flags.env !== 'local')
    throw new AppdeployError(
      'EXPORT.NO_PROJECT',
      `no project file at ${path} to define environment "${flags.env}"`,
      { hint: environmentHint(flags.env, flags) },
    );
  const given = flags.config !== undefined ? `--config ${flags.config}` : `-C ${flags.directory ?? '.'}`;
  const hint = 'Give -C the project folder (created if missing), such as -C my-apps.';
  await atUserPath({ given, hint }, async () => {
    await makeFolders(dirname(path));
    await createProjectFile(path);
    // As init does: the local service's data and .env stay out of git. An existing one is kept.
    await writeFile(join(dirname(path), '.gitignore'), GITIGNORE, { flag: 'wx' }).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
  });
  return true;
}

/**
 * Said when --all or --space found no app: on the local service of a new folder that is always
 * so (its data starts empty), so it says where apps to export would come from instead.
 */
function nothingExported(project: Project, flags: ExportFlags): string {
  const env = project.environment;
  if (!env.local)
    return `Note: environment "${env.name}" shows no app${flags.space !== undefined ? ` in space ${flags.space}` : ''} to this account: nothing was exported.\n`;
  return [
    "Note: nothing was exported: this project's local service has no apps (a new folder's starts empty).",
    '  From your own service: add its environment to appdeploy.yaml (docs/export.md shows how), then',
    '  `npx appdeploy export --all --env staging`.',
    "  From another project's local data: serve it with `npx appdeploy emulator -C DIR` (DIR: that",
    '  project), add `other: { baseUrl: http://127.0.0.1:8085, auth: { login: admin, password: admin } }`',
    '  under environments in appdeploy.yaml, then `npx appdeploy export --all --env other`.',
    '',
  ].join('\n');
}

/**
 * Exactly what to write for an environment that is not defined yet, and the command to run again
 * (with the flags given, so that it is the same export).
 */
function environmentHint(env: string, flags: ExportFlags): string {
  const variable = (name: string) => `\${${env.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_${name}}`;
  const again = appdeployCommand(
    { commandFlags: projectFlags(choiceOf(flags)) },
    'export',
    [
      ...flags.app.flatMap((app) => ['--app', shellWord(app)]),
      ...(flags.space !== undefined ? ['--space', shellWord(flags.space)] : []),
      ...(flags.all === true ? ['--all'] : []),
    ].join(' '),
  );
  return [
    'Write appdeploy.yaml with that environment, for example:',
    'environments:',
    `  ${env}:`,
    '    baseUrl: https://example.cybozu.com',
    `    auth: { login: ${variable('LOGIN')}, password: ${variable('PASSWORD')} }`,
    `then run again: \`${again}\``,
    '(or leave out --env to export from the local service).',
  ].join('\n');
}

/**
 * A line per app; on a terminal, also a live counter below the lines, redrawn in place (the
 * next app's line overwrites it, and the last one is cleared).
 */
export function progress(event: ExportProgress, live: boolean): string {
  if (!live) return progressLine(event);
  const clear = '\r\u001b[K';
  const counter = event.index < event.total ? `exported ${event.index} of ${event.total} apps...` : '';
  return `${clear}${progressLine(event)}${counter}`;
}

function progressLine({ index, total, app }: ExportProgress): string {
  const head = `[${index}/${total}] ${app.key} (app ${app.id}): `;
  const body =
    app.status === 'failed' || app.status === 'refused'
      ? `${app.status}: ${app.error ?? ''}`
      : `${app.status} ${app.manifest}`;
  const notes = app.notes.map((note) => `    note: ${note}\n`).join('');
  const unmanaged =
    app.unmanaged.length > 0
      ? `    not managed by the manifest, left as they are: ${app.unmanaged.join(', ')}\n`
      : '';
  return `${head}${body}\n${notes}${unmanaged}`;
}

function summary(result: ExportResult): string {
  const count = (status: string) => result.apps.filter((a) => a.status === status).length;
  const parts = ['created', 'updated', 'unchanged', 'refused', 'failed']
    .filter((s) => count(s) > 0)
    .map((s) => `${count(s)} ${s}`);
  const apps = `${result.apps.length} app${result.apps.length === 1 ? '' : 's'}`;
  const file = `${result.projectFile.path} ${result.projectFile.status}`;
  return `Exported ${apps} (${result.copy}, environment ${result.environment})${parts.length > 0 ? `: ${parts.join(', ')}` : ''}; ${file}.\n`;
}
