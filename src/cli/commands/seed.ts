/**
 * `appdeploy seed [APP...]`: writes the apps' record files into the environment (docs/records.md,
 * "Seeding"). Refuses a `protected: true` environment before it connects; plans by key (add,
 * change of the fields the file names, with --clean delete; the apps read and planned together),
 * looks up the users, groups and organizations the writes name (seed-directory.ts: one the target
 * lacks refuses the seed, dry run included, before any write), shows the plan, asks (or --yes),
 * then writes app by app in the order their lookups need.
 * Nothing to do is "No changes."; no record file to seed is an error (SEED.NO_RECORDS), said
 * before it connects.
 */
import { Option } from 'commander';
import { AppdeployError } from '../../errors.js';
import { appdeployCommand, refuseProtected, shellWord } from '../../project/index.js';
import { confirmed } from '../confirm.js';
import { interruptLeaves } from '../interrupt.js';
import { commandExitCode, EXIT, type CommandResult } from '../exit-codes.js';
import { serviceOptions, withProject, type ProjectFlags } from '../project-flags.js';
import { loadSeedApps, seededApps } from '../seed-load.js';
import {
  hiddenLines,
  interruptedText,
  planJson,
  planText,
  resultText,
  type PlannedApp,
} from '../seed-text.js';
import type { RegisterCommand } from './index.js';
import type { SeedResult } from '../../records/index.js';

interface SeedFlags extends ProjectFlags {
  yes?: boolean;
  clean?: boolean;
  dryRun?: boolean;
  detailedExitcode?: boolean;
  format: 'text' | 'json';
}

export const registerSeed: RegisterCommand = (program, io) => ({
  command: serviceOptions(program.command('seed'))
    .argument(
      '[apps...]',
      'the apps to seed (keys of appdeploy.yaml); every app with a record file by default',
    )
    .option('--clean', "also delete the app's records whose key is not in the record file")
    .option('--yes', 'write without asking (required without a terminal)')
    .option('--dry-run', 'show what seed would write, and write nothing')
    .option('--detailed-exitcode', 'with --dry-run: exit 2 when there are records to write, 0 when none')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text')),
  run: (apps: string[], flags: SeedFlags) =>
    withProject(
      // Seed writes the record files: a problem in one refuses it (elsewhere it is a warning).
      { ...flags, recordFiles: 'refuse' },
      io,
      async ({ project, connection }): Promise<CommandResult> => {
        const { applySeed, planFromService, planIsEmpty } = await import('../../records/index.js');
        const { recordsHiddenFrom, visibilityFor } = await import('../../plan/index.js');
        const { checkSeedDirectory, refusedText, skippedJson, skippedText } =
          await import('../seed-directory.js');
        const { refuseUnapplied, unappliedOf } = await import('../seed-applied.js');
        const client = connection.client;
        const clean = flags.clean === true;
        // The same seed again: its apps and --clean (without it the rerun deletes nothing).
        const again = appdeployCommand(
          project,
          'seed',
          [...apps.map(shellWord), ...(clean ? ['--clean'] : [])].join(' '),
        );
        // Until its writes begin (its own handler below says what they leave).
        interruptLeaves(`seed had written no record: nothing was changed. Run \`${again}\` to start again.`);
        // Every app read and planned together (reads only); written below one app after another.
        const loaded = await loadSeedApps(project, apps);
        // The fields as the manifests have them first: a plan against fields apply has not
        // migrated yet would show values the app cannot take.
        refuseUnapplied(project, await Promise.all(loaded.map((app) => unappliedOf(client, project, app))));
        const planned: PlannedApp[] = await Promise.all(
          loaded.map(async (app) => {
            const [plan, hidden] = await Promise.all([
              planFromService(client, { ...app, clean }),
              recordsHiddenFrom(client, app.app, visibilityFor(project)),
            ]);
            return { app, plan, hidden };
          }),
        );
        const json = flags.format === 'json';
        const nothing = planned.every((p) => planIsEmpty(p.plan));
        // Before any write (a dry run too): the users, groups and organizations the writes name.
        const directory = await checkSeedDirectory(client, project, planned);
        if (!json)
          io.out(
            (nothing
              ? `No changes.\n${planned.flatMap((p) => hiddenLines(p).map((line) => `${line}\n`)).join('')}`
              : planText(planned)) + skippedText(directory),
          );
        if (directory.problems.length > 0) {
          const problems = directory.problems;
          const result: CommandResult = { kind: 'plan-refused' };
          if (json) {
            const body = {
              outcome: 'refused',
              exitCode: commandExitCode(result),
              apps: planJson(planned),
              problems,
            };
            io.out(`${JSON.stringify(body, null, 2)}\n`);
          } else
            io.err(
              refusedText(
                problems,
                project.environment.name,
                planned.map((p) => p.app),
              ),
            );
          return result;
        }
        if (nothing || flags.dryRun) {
          // A dry run is a plan: its exit code is plan's (2 for changes with --detailed-exitcode).
          const result: CommandResult = flags.dryRun
            ? { kind: 'planned', changes: !nothing, detailedExitcode: flags.detailedExitcode === true }
            : { kind: 'done' };
          if (json) {
            const outcome = nothing ? 'no-changes' : 'planned';
            const body = {
              outcome,
              exitCode: commandExitCode(result),
              apps: planJson(planned),
              ...skippedJson(directory),
            };
            io.out(`${JSON.stringify(body, null, 2)}\n`);
          }
          return result;
        }
        if (
          !flags.yes &&
          !(await confirmed(io, {
            command: 'seed',
            yesDoes: 'to seed',
            ask: `Write these records into ${project.environment.name}? Enter yes to seed: `,
            cancelled: 'Seed cancelled: nothing was written.',
          }))
        )
          return { kind: 'declined' };
        const results: ({ app: string } & SeedResult)[] = [];
        const interrupted = (signal: NodeJS.Signals) => {
          io.err(
            interruptedText(
              // The apps are written in order: the one under way is the first without a result.
              planned[results.length]?.app.name ?? '',
              results.map((r) => r.app),
              again,
              signal,
            ),
          );
          // Nothing to clean up (seed keeps no record between runs): the next run plans by key.
          process.exit(EXIT.INTERRUPTED);
        };
        process.once('SIGINT', interrupted);
        process.once('SIGTERM', interrupted);
        try {
          for (const { app, plan } of planned) {
            const result = await applySeed(client, { ...app, clean }, plan);
            results.push({ app: app.name, ...result });
            if (!json) io.out(resultText(app.name, result));
          }
        } finally {
          process.removeListener('SIGINT', interrupted);
          process.removeListener('SIGTERM', interrupted);
        }
        if (json)
          io.out(
            `${JSON.stringify({ outcome: 'seeded', exitCode: 0, apps: planJson(planned), ...skippedJson(directory), results }, null, 2)}\n`,
          );
        return { kind: 'done' };
      },
      (project) => {
        if (flags.detailedExitcode && !flags.dryRun)
          throw new AppdeployError(
            'SEED.FLAGS',
            '--detailed-exitcode says how a dry run ended: seed was given it without --dry-run',
            { hint: 'Give --detailed-exitcode with --dry-run, or leave it out.' },
          );
        refuseProtected(project.environment, 'seed');
        seededApps(project, apps);
      },
    ),
});
