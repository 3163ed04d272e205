import { plan } from '../../plan/index.js';
import { refuseWhileApplyRuns } from '../apply-lock.js';
import { collectApp, serviceOptions, withProject, type ProjectFlags } from '../project-flags.js';
import { appdeployCommand } from '../../project/index.js';
import { confirmed } from '../confirm.js';
import { interruptLeaves } from '../interrupt.js';
import type { CommandResult } from '../exit-codes.js';
import type { RegisterCommand } from './index.js';

interface RevertFlags extends ProjectFlags {
  app: string[];
  yes?: boolean;
}

/**
 * `appdeploy revert`: discards the pending drafts of the project's apps (a deploy with
 * `revert: true`), so each app's settings are its live ones again. It names what it will discard
 * and asks first, because a draft may be a colleague's unfinished work; without a terminal it
 * needs --yes. Each revert is pinned to the draft revision shown, so a draft that changes while
 * the question is open is left alone (the service refuses the stale revision).
 */
export const registerRevert: RegisterCommand = (program, io) => ({
  command: serviceOptions(program.command('revert'))
    .option('--app <key>', 'only this app (repeatable)', collectApp, [])
    .option('--yes', 'discard without asking (required without a terminal)'),
  run: (flags: RevertFlags) =>
    withProject(
      flags,
      io,
      async ({ project, connection }): Promise<CommandResult> => {
        interruptLeaves(
          `revert had discarded nothing: every draft is as it was. Run \`${appdeployCommand(project, 'revert')}\` again.`,
        );
        const thePlan = await plan({ project, client: connection.client, apps: flags.app });
        const pending = thePlan.apps.flatMap((app) => {
          const areas = app.risks.flatMap((r) => (r.kind === 'pending-draft' ? r.areas : []));
          return app.id === null || app.revisions === null || areas.length === 0
            ? []
            : [{ key: app.key, id: app.id, revision: app.revisions.draft, areas }];
        });
        if (pending.length === 0) {
          io.out('No pending drafts: nothing to revert.\n');
          return { kind: 'done' };
        }
        io.out('Pending drafts to discard:\n');
        for (const app of pending) io.out(`  ${app.key} (app ${app.id}): ${app.areas.join(', ')}\n`);
        if (
          !flags.yes &&
          !(await confirmed(io, {
            command: 'revert',
            yesDoes: 'to discard the drafts',
            ask: 'Discard these drafts? Enter yes to discard: ',
            cancelled: 'Revert cancelled: nothing was changed.',
          }))
        )
          return { kind: 'declined' };
        // From here the call may have reached the service, which carries it out all the same.
        interruptLeaves(
          `the revert call had gone out: the service may have discarded the drafts or not. Run \`${appdeployCommand(project, 'status')}\` to see which apps still have one.`,
        );
        await connection.client.apps.deploy({
          apps: pending.map((app) => ({ app: app.id, revision: app.revision })),
          revert: true,
        });
        io.out(
          pending.length === 1
            ? 'Reverted 1 app: its settings are the live ones again.\n'
            : `Reverted ${pending.length} apps: their settings are the live ones again.\n`,
        );
        return { kind: 'done' };
      },
      // The drafts an apply running from this folder is writing are not revert's to discard.
      refuseWhileApplyRuns,
    ),
});
