/**
 * apply's progress as text, on stderr: apply emits ApplyEvents (apply/types.ts) and this says
 * each as a line; while polling, on a terminal one live line (elapsed time and each app's status)
 * rewritten in place, elsewhere a line when a status changes. It also keeps what each app may be
 * in, for a second Ctrl-C that exits at once. It writes only through the `write` it is given.
 */
import type { ApplyEvent } from '../apply/types.js';
import type { Project } from '../project/index.js';
import { appdeployCommand } from '../project/next-command.js';
import { formatElapsed } from '../wording.js';
import { plural, thousands } from '../wording.js';

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
  const run: Run = (command) => `\`${appdeployCommand(io.project, command)}\``;
  const line = (text: string) => {
    if (live) io.write('\n');
    live = false;
    io.write(`${text}\n`);
  };
  // The last line said of each migration: a copy reports after every range of records, and a
  // range that wrote nothing leaves the counts as they were (a sweep finding every record
  // copied): its line would repeat the one before it word for word, and says nothing new.
  const lastOfMigration = new Map<string, string>();
  const repeated = (event: ApplyEvent, text: string): boolean => {
    if (event.type !== 'migration') return false;
    const key = `${event.app}\0${event.field}`;
    if (lastOfMigration.get(key) === text) return true;
    lastOfMigration.set(key, text);
    return false;
  };
  const onEvent = (event: ApplyEvent): void => {
    if (event.type === 'poll') return poll(event);
    // One cast: TypeScript cannot tie a table entry to the event of the same type.
    const describe = SAID[event.type] as (event: ApplyEvent, run: Run) => Said;
    const said = describe(event, run);
    for (const [app, what] of said.states ?? []) state.set(app, what);
    if (said.line !== undefined && !repeated(event, said.line)) line(said.line);
  };
  // While polling: on a terminal one line rewritten in place, elsewhere a line per change.
  const poll = (event: Extract<ApplyEvent, { type: 'poll' }>): void => {
    const statuses = event.statuses.map((s) => `${s.app} ${s.status}`).join(', ');
    const text = `Waiting for the deploy (${formatElapsed(event.elapsedMs)}): ${statuses}${event.error ? ` (status call failed: ${event.error}; retrying)` : ''}`;
    if (io.live) {
      io.write(`\r\x1b[K${text}`);
      live = true;
    } else if (statuses !== lastStatuses || event.error) line(text);
    lastStatuses = statuses;
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

/** A command as the project runs it, quoted. */
type Run = (command: string) => string;

/** What an event says: its line, and what some apps (or plug-ins) may be in from now on. */
interface Said {
  line?: string;
  states?: readonly (readonly [string, string])[];
}

const stateOf = (apps: readonly string[], what: string) => apps.map((app) => [app, what] as const);

/** Per event type but `poll` (a live line), what it says. */
const SAID: {
  [T in Exclude<ApplyEvent['type'], 'poll'>]: (event: Extract<ApplyEvent, { type: T }>, run: Run) => Said;
} = {
  plugin: (event) => ({
    states: [
      [
        `plug-in ${event.name}`,
        `being ${event.action === 'install' ? 'installed' : 'updated'} (no app written yet)`,
      ],
    ],
    line: `${event.action === 'install' ? 'Installing' : 'Updating'} plug-in ${JSON.stringify(event.name)} (${event.id}) to version ${event.version} from ${event.path}`,
  }),
  'revert-pending': (event) => ({
    states: stateOf(event.apps, 'its pending draft is being discarded'),
    line: `Discarding the pending drafts of ${event.apps.join(', ')}`,
  }),
  step: (event) => ({
    line: `Deploy step ${event.step} of ${event.steps} (lookups and related-records tables wait for the fields they name to be live): ${event.apps.join(', ')}`,
  }),
  'create-app': (event) => ({ states: [[event.app, 'being created']], line: `Creating app ${event.app}` }),
  'app-created': (event) => ({
    states: [
      [event.app, `created (id ${event.id}, written to the project file); its draft is being written`],
    ],
    line: `Created app ${event.app} (id ${event.id})`,
  }),
  'draft-written': () => ({}),
  'write-intent': () => ({}),
  upload: (event) => ({ line: `${event.app}: uploading ${event.file}` }),
  write: (event, run) => ({
    states: [[event.app, `its draft is being written (live unchanged); ${run('revert')} discards it`]],
    line: `${event.app}: writing ${event.step}`,
  }),
  deploy: (event, run) => ({
    states: stateOf(
      event.apps,
      `deploying: it may go live; see ${run('status')}, then ${run('revert')} or ${run('apply')}`,
    ),
    line: `Deploying ${event.apps.join(', ')}${event.batches > 1 ? ` (call ${event.batch} of ${event.batches})` : ''}`,
  }),
  'deploy-answer-lost': (event) => ({
    line: `The deploy call's answer was lost (${event.reason}); finding out whether it ran`,
  }),
  'deploy-cannot-stop': () => ({
    line: 'Interrupted: the deploy has been asked for and cannot be stopped; waiting for its outcome.',
  }),
  rollback: (event) => ({
    states: stateOf(event.apps, 'its draft is being reverted (live unchanged)'),
    line: `Rolling back ${event.apps.join(', ')}: ${event.reason}`,
  }),
  restore: (event) => ({
    states: [[event.app, 'live holds this apply; its before-state is being written back']],
    line: `${event.app}: restoring ${event.step}`,
  }),
  // Verify runs once every deploy call went live (stages-live.ts): nothing is still deploying.
  verify: (event, run) => ({
    states: stateOf(
      event.apps,
      `live (its deploy succeeded); being checked against its manifest: ${run('status')} says whether it matches`,
    ),
    line: `Checking that ${event.apps.join(', ')} now match the manifests`,
  }),
  migration: (event, run) => ({
    states: [
      [
        event.app,
        event.step === 'copy'
          ? `copying the values of ${event.field} into its temporary field (the old field untouched); ${run('apply')} resumes it`
          : event.step === 'backup'
            ? `backing up ${event.field} before the swap`
            : event.step === 'window'
              ? `swapped; writing into ${event.field} the records edited in its old field before the swap; ${run('apply')} finishes it`
              : `removing the temporary field of ${event.field}`,
      ],
    ],
    line:
      event.step === 'copy'
        ? copyLine(event)
        : event.step === 'backup'
          ? `${event.app}: backing up the values of ${event.field}`
          : event.step === 'window'
            ? `${event.app}: writing into ${event.field} the records edited in its old field between the copy and the swap`
            : `${event.app}: removing the temporary field of ${event.field}`,
  }),
  'migration-window': (event) => ({
    states: [],
    line: `${event.app}: ${plural(event.window.writes.length, 'record')} edited in ${event.field}'s old field since the copy, to write into it once the swap is live`,
  }),
};

/**
 * A copy's progress: the first pass over every record with the records written so far; a sweep
 * pass (over the records updated since the pass before began) when it begins, then with what it
 * wrote itself, so that a sweep writing nothing does not read as the first pass still counting.
 */
function copyLine(event: Extract<ApplyEvent, { type: 'migration' }>): string {
  const copying = `${event.app}: copying the values of ${event.field}`;
  if (event.sweep === undefined)
    return `${copying}${event.written !== undefined ? ` (${plural(event.written, 'record')} written)` : ''}`;
  const since = event.sweep === 1 ? 'the copy' : `sweep ${event.sweep - 1}`;
  const sweep = `${copying} again where records were updated since ${since} began (sweep ${event.sweep}`;
  return event.passWritten === undefined
    ? `${sweep})`
    : `${sweep}: ${plural(event.passWritten, 'record')} written, ${thousands(event.written ?? 0)} in all)`;
}
