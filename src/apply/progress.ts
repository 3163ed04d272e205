/**
 * apply's progress as text, for the CLI to put on stderr: a line per step; while polling, on a
 * terminal one live line (elapsed time and each app's status) rewritten in place, elsewhere a
 * line when a status changes. It also keeps what each app may be in, for a second Ctrl-C that
 * exits at once. It writes only through the `write` it is given.
 */
import type { Project } from '../project/index.js';
import { appdeployCommand } from '../project/next-command.js';
import type { ApplyEvent } from './types.js';

export interface ProgressOutput {
  write: (text: string) => void;
  /** A terminal: the polling line is rewritten in place. */
  live: boolean;
  /** The project, so that the commands named in the states repeat its flags. */
  project?: Pick<Project, 'commandFlags'>;
}

export interface ProgressPrinter {
  onEvent: (event: ApplyEvent) => void;
  /** Ends a live line, if one is showing. */
  finish: () => void;
  /** What each app may be in now, one line each, for an exit in the middle. */
  states: () => string[];
}

export function progressPrinter(io: ProgressOutput): ProgressPrinter {
  let live = false;
  let lastStatuses = '';
  const state = new Map<string, string>();
  const run = (command: string) => `\`${appdeployCommand(io.project, command)}\``;
  const line = (text: string) => {
    if (live) io.write('\n');
    live = false;
    io.write(`${text}\n`);
  };
  const onEvent = (event: ApplyEvent): void => {
    switch (event.type) {
      case 'plugin':
        state.set(
          `plug-in ${event.name}`,
          `being ${event.action === 'install' ? 'installed' : 'updated'} (no app written yet)`,
        );
        return line(
          `${event.action === 'install' ? 'Installing' : 'Updating'} plug-in ${JSON.stringify(event.name)} (${event.id}) to version ${event.version} from ${event.path}`,
        );
      case 'revert-pending':
        for (const app of event.apps) state.set(app, 'its pending draft is being discarded');
        return line(`Discarding the pending drafts of ${event.apps.join(', ')}`);
      case 'step':
        return line(
          `Deploy step ${event.step} of ${event.steps} (lookups and related-records tables wait for the fields they name to be live): ${event.apps.join(', ')}`,
        );
      case 'create-app':
        state.set(event.app, 'being created');
        return line(`Creating app ${event.app}`);
      case 'app-created':
        state.set(
          event.app,
          `created (id ${event.id}, written to the project file); its draft is being written`,
        );
        return line(`Created app ${event.app} (id ${event.id})`);
      case 'draft-written':
        return;
      case 'upload':
        return line(`${event.app}: uploading ${event.file}`);
      case 'write':
        state.set(event.app, `its draft is being written (live unchanged); ${run('revert')} discards it`);
        return line(`${event.app}: writing ${event.step}`);
      case 'deploy':
        for (const app of event.apps)
          state.set(
            app,
            `deploying: it may go live; see ${run('status')}, then ${run('revert')} or ${run('apply')}`,
          );
        return line(
          `Deploying ${event.apps.join(', ')}${event.batches > 1 ? ` (call ${event.batch} of ${event.batches})` : ''}`,
        );
      case 'deploy-answer-lost':
        return line(`The deploy call's answer was lost (${event.reason}); finding out whether it ran`);
      case 'poll': {
        const statuses = event.statuses.map((s) => `${s.app} ${s.status}`).join(', ');
        const text = `Waiting for the deploy (${formatElapsed(event.elapsedMs)}): ${statuses}${event.error ? ` (status call failed: ${event.error}; retrying)` : ''}`;
        if (io.live) {
          io.write(`\r\x1b[K${text}`);
          live = true;
        } else if (statuses !== lastStatuses || event.error) line(text);
        lastStatuses = statuses;
        return;
      }
      case 'deploy-cannot-stop':
        return line(
          'Interrupted: the deploy has been asked for and cannot be stopped; waiting for its outcome.',
        );
      case 'rollback':
        for (const app of event.apps) state.set(app, 'its draft is being reverted (live unchanged)');
        return line(`Rolling back ${event.apps.join(', ')}: ${event.reason}`);
      case 'restore':
        state.set(event.app, 'live holds this apply; its before-state is being written back');
        return line(`${event.app}: restoring ${event.step}`);
      case 'verify':
        return line(`Checking that ${event.apps.join(', ')} now match the manifests`);
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  };
  return {
    onEvent,
    finish: () => {
      if (live) io.write('\n');
      live = false;
    },
    states: () => [...state].map(([app, what]) => `${app}: ${what}`),
  };
}

export function formatElapsed(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return seconds < 60
    ? `${seconds}s`
    : `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}
