import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Option } from 'commander';
import { unappliable } from '../../apply/refusals.js';
import { hasChanges, plan } from '../../plan/index.js';
import { appdeployCommand, shellWord } from '../../project/index.js';
import { renderJson, renderMarkdown, renderText } from '../../render/index.js';
import { collectApp, projectOptions, withProject, type ProjectFlags } from '../project-flags.js';
import type { RegisterCommand } from './index.js';

interface PlanFlags extends ProjectFlags {
  app: string[];
  format: 'text' | 'markdown' | 'json';
  out?: string;
  detailedExitcode?: boolean;
}

/** `appdeploy plan`: what apply would change, and what could go wrong; changes nothing. */
export const registerPlan: RegisterCommand = (program, io, state) => {
  projectOptions(program.command('plan'))
    .option('--app <key>', 'plan only this app (repeatable)', collectApp, [])
    .addOption(
      new Option('--format <format>', 'output format').choices(['text', 'markdown', 'json']).default('text'),
    )
    .option('--out <file>', 'also save the plan (JSON) for `appdeploy apply <file>`')
    .option(
      '--detailed-exitcode',
      'exit 0 when nothing changes, 2 when something does (1 on errors and on changes apply would refuse)',
    )
    .action(async (flags: PlanFlags) => {
      await withProject(flags, io, state, async ({ project, connection }) => {
        const result = await plan({ project, client: connection.client, apps: flags.app });
        if (flags.out !== undefined) await writeFile(resolve(flags.out), renderJson(result));
        io.out(
          flags.format === 'json'
            ? renderJson(result)
            : flags.format === 'markdown'
              ? renderMarkdown(result)
              : renderText(result, { color: io.color === true }),
        );
        if (flags.out !== undefined)
          io.err(
            `Saved the plan to ${flags.out}; apply it with \`${appdeployCommand(project, 'apply', shellWord(flags.out))}\`.\n`,
          );
        // What apply would refuse whatever the flags (a blocked change, a deploy that would fail)
        // fails the plan, after the whole plan is printed: a pull request's check goes red.
        const refused = unappliable(result.apps);
        if (refused.length > 0) {
          io.err(
            `Error: apply would refuse this plan: ${refused.map((r) => `${r.app}: ${r.message}`).join('; ')}.\n`,
          );
          state.exitCode = 1;
        } else state.exitCode = flags.detailedExitcode && hasChanges(result) ? 2 : 0;
      });
    });
};
