import { basename, dirname, resolve } from 'node:path';
import { Option } from 'commander';
import { AppdeployError } from '../../errors.js';
import type { RestoreResult } from '../../records/index.js';
import { appdeployCommand, shellWord } from '../../project/index.js';
import { confirmed } from '../confirm.js';
import { interruptLeaves } from '../interrupt.js';
import type { CommandResult } from '../exit-codes.js';
import { serviceOptions, withProject, type ProjectFlags } from '../project-flags.js';
import type { RegisterCommand } from './index.js';

interface RestoreFlags extends ProjectFlags {
  yes?: boolean;
  format: 'text' | 'json';
}

/**
 * `appdeploy restore BACKUP`: writes the values of a backup apply wrote before it removed a field
 * (`.appdeploy/backups/<env>/<time>-<app>.jsonl`) back into the field of the same code, once the
 * user has added it again and applied. It says what it will write and asks first (or takes
 * `--yes`); it never overwrites a record edited since the backup, and reports those and the
 * records deleted since. Stopped half-way, it resumes from the progress file beside the backup.
 */
export const registerRestore: RegisterCommand = (program, io) => ({
  command: serviceOptions(program.command('restore'))
    .argument('<backup>', 'the backup file (.appdeploy/backups/<env>/<time>-<app>.jsonl)')
    .option('--yes', 'restore without asking (required without a terminal)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text')),
  run: (backup: string, flags: RestoreFlags) =>
    withProject(flags, io, async ({ project, connection }): Promise<CommandResult> => {
      const { restoreFieldValues, summarizeBackup } = await import('../../records/index.js');
      const file = resolve(process.cwd(), backup);
      const env = project.environment.name;
      checkEnvironment(file, env);
      interruptLeaves('restore had written nothing: every record is as it was.');
      const summary = await summarizeBackup(file, connection.client);
      const key = project.apps.find((app) => app.id === summary.app)?.key;
      io.err(
        `Restore ${plural(summary.values, 'value')} of ${plural(summary.records, 'record')} into app ${summary.app}` +
          `${key === undefined ? '' : ` (${key})`} (${summary.fields.join(', ')}) on ${env}; records edited since the backup are left as they are.\n`,
      );
      if (
        !flags.yes &&
        !(await confirmed(io, {
          command: 'restore',
          yesDoes: 'to restore',
          ask: 'Restore these values? Enter yes to restore: ',
          cancelled: 'Restore cancelled: nothing was changed.',
        }))
      )
        return { kind: 'declined' };
      // restoreFieldValues keeps its progress beside the backup after each bulk request.
      interruptLeaves(
        `restore stopped part-way: the values it wrote are kept, and its progress is saved beside the backup. Run \`${appdeployCommand(project, 'restore', `${shellWord(backup)} --yes`)}\` again: it resumes where it stopped.`,
      );
      const result = await restoreFieldValues(connection.client, { backupFile: file });
      io.out(flags.format === 'json' ? `${JSON.stringify(result, null, 2)}\n` : restoreText(result));
      return { kind: 'done' };
    }),
});

/**
 * A backup apply wrote sits in `.appdeploy/backups/<env>/`, and names its app by id, which is an
 * id in that environment only: the same number in another environment is another app.
 */
function checkEnvironment(file: string, env: string): void {
  const folder = basename(dirname(file));
  if (basename(dirname(dirname(file))) !== 'backups' || folder === env) return;
  throw new AppdeployError(
    'RESTORE.OTHER_ENVIRONMENT',
    `The backup ${basename(file)} was taken in the environment ${folder}, not ${env}: its app id names another app here.`,
    { hint: `Restore it into ${folder}: add --env ${folder}.` },
  );
}

/** The result in words: how many were restored, then each record that was not and why. */
export function restoreText(result: RestoreResult): string {
  const lines = [
    `Restored ${plural(result.restored, 'record')} of ${result.records} in app ${result.app} (${result.written} written now).`,
  ];
  if (result.editedSince.length > 0)
    lines.push(
      `Not restored, edited since the backup (${result.editedSince.length}): ${result.editedSince.join(', ')}. Their values are in the backup if you want them.`,
    );
  if (result.deletedSince.length > 0)
    lines.push(
      `Not restored, deleted since the backup (${result.deletedSince.length}): ${result.deletedSince.join(', ')}.`,
    );
  return `${lines.join('\n')}\n`;
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
}
