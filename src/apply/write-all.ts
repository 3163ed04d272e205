/**
 * Everything apply does before the deploy call: create the apps that have no id yet, then write
 * each app's draft. Apps are taken in dependency levels (placeholders.ts): the apps of one level
 * are created at the same time (their ids recorded in one write once every creation of the level
 * has answered, config-ids.ts; the recovery record holds each id from its answer on), then
 * written at the same time. The first failure, or an interrupt, stops every app before its next
 * step.
 */
import type { Area, AreaKey } from '../areas/types.js';
import { ServiceError, type Client } from '../client/index.js';
import type { NewApp } from '../client/types/apps.js';
import type { AppPlan } from '../plan/index.js';
import type { Project, ProjectApp } from '../project/index.js';
import { idsFileShown, recordAppIds } from './config-ids.js';
import { errorText } from './error-text.js';
import { dependencyLevels } from './placeholders.js';
import { recoveryShown } from './recovery.js';
import type { ApplyEvent } from './types.js';
import { appWriter, writeGroups, type AreaWrite, type WriteGroup } from './write-app.js';
import { downloadHasher, hashLocalFiles } from '../readers/index.js';

/** What apply knows of an app it is changing. */
export interface AppSession {
  plan: AppPlan;
  id: string | null;
  created: boolean;
  /** A write was attempted (or the app was created): its draft may differ from live. */
  touched: boolean;
  /** The draft revision after the last write; what the deploy is pinned to. */
  revision: string | null;
  areas: AreaWrite[];
  /**
   * Created, and its id could not be written where the environment keeps ids (a full disk): the
   * recovery record keeps it (recovery.ts, `end`), and the next command records it.
   */
  idUnrecorded?: boolean;
}

export interface WriteAllInput {
  client: Client;
  project: Project;
  sessions: readonly AppSession[];
  areas: ReadonlyMap<AreaKey, Area>;
  resolveApp: (text: string) => string;
  signal: AbortSignal | undefined;
  emit: (event: ApplyEvent) => void;
  /** A run on a shadow (plan --check): a created app's id is the copy's, never recorded. */
  shadow?: boolean | undefined;
}

export type WriteAllResult =
  { kind: 'written' } | { kind: 'failed'; reason: string } | { kind: 'interrupted' };

export async function writeAll(input: WriteAllInput): Promise<WriteAllResult> {
  let failure: string | null = null;
  const stop = () => failure !== null || input.signal?.aborted === true;
  const byKey = new Map(input.sessions.map((s) => [s.plan.key, s]));
  const groups = writeGroups(input.areas.values());
  for (const level of dependencyLevels(input.sessions.map((s) => s.plan))) {
    const sessions = level.map((plan) => byKey.get(plan.key)!);
    const created: Record<string, string> = {};
    await Promise.all(
      sessions
        .filter((s) => s.id === null)
        .map(async (session) => {
          if (stop()) return;
          try {
            created[session.plan.key] = await createApp(input, session);
          } catch (error) {
            failure ??= `creating app ${session.plan.key} failed: ${errorText(error)}`;
          }
        }),
    );
    // A shadow (plan --check) records nothing on disk: its ids are the copy's.
    if (input.shadow !== true) {
      try {
        await recordAppIds(input.project, created);
      } catch (error) {
        // Found by test/reliability/record-save-sweep.test.ts: it threw out of apply as a bug,
        // and the record went with the rollback, so the next apply created the app again.
        const keys = Object.keys(created);
        for (const key of keys) byKey.get(key)!.idUnrecorded = true;
        failure ??= `writing the id of ${keys.map((k) => `${k} (${created[k]})`).join(', ')} into ${idsFileShown(input.project)} failed: ${errorText(error)}; the recovery record ${recoveryShown(input.project.environment.name)} keeps ${keys.length === 1 ? 'it' : 'them'}, and the next command records ${keys.length === 1 ? 'it' : 'them'}`;
      }
    }
    const writers = await Promise.all(
      sessions.map(async (session) => {
        if (stop() || session.id === null) return null;
        try {
          return await prepareOne(input, session, { groups, stop });
        } catch (error) {
          failure ??= `writing app ${session.plan.key} failed: ${errorText(error)}`;
          return null;
        }
      }),
    );
    // Phase by phase across the level's apps: two apps whose lookups name each other's fields
    // each get their own fields before either lookup is written.
    for (const group of groups) {
      if (stop()) break;
      await Promise.all(
        writers.map(async (writer) => {
          if (!writer || stop()) return;
          const result = await writer.run(group);
          if (result !== null && failure === null) failure = result;
        }),
      );
    }
  }
  if (failure !== null) return { kind: 'failed', reason: failure };
  if (input.signal?.aborted) return { kind: 'interrupted' };
  return { kind: 'written' };
}

/** Creates the app; returns its id. */
async function createApp(input: WriteAllInput, session: AppSession): Promise<string> {
  const app = projectApp(input.project, session.plan.key);
  input.emit({ type: 'create-app', app: session.plan.key });
  const { space, thread } = app.manifest;
  const params: NewApp =
    space !== undefined && thread !== undefined
      ? { name: app.manifest.name, space: String(space), thread: String(thread) }
      : { name: app.manifest.name };
  // The project's language names the new app's system fields and preset statuses (on the hosted
  // platform when the user's own language setting leaves it to the request).
  const created = await input.client.apps.addApp(params, { language: input.project.environment.locale });
  session.id = created.app;
  session.created = true;
  session.touched = true;
  session.revision = created.revision;
  input.emit({ type: 'app-created', app: session.plan.key, id: created.app });
  return created.app;
}

/** The app's writer; `run(phase)` gives null when written (or stopped by someone else's failure), else why it failed. */
async function prepareOne(
  input: WriteAllInput,
  session: AppSession,
  { groups, stop }: { groups: readonly WriteGroup[]; stop: () => boolean },
): Promise<{ run(group: WriteGroup): Promise<string | null> }> {
  const key = session.plan.key;
  const id = session.id!;
  const app = projectApp(input.project, key);
  session.areas = await areaWrites(input, session, id);
  const writer = appWriter({
    client: input.client,
    app: id,
    areas: session.areas,
    groups,
    revision: session.revision ?? '-1',
    files: await hashLocalFiles(app.manifestPath, app.manifest),
    resolveApp: input.resolveApp,
    shouldStop: stop,
    onStep: (step) => input.emit({ type: 'write', app: key, step }),
    onSend: (intent) => input.emit({ type: 'write-intent', app: key, id, ...intent }),
    onWritten: (revision, done) =>
      input.emit({ type: 'draft-written', app: key, id, revision, ...(done ? { done } : {}) }),
    onUpload: (file) => input.emit({ type: 'upload', app: key, file }),
  });
  return {
    async run(group) {
      const before = writer.revision;
      const result = await writer.runGroup(group);
      // The draft is ours to revert only once we changed it: a write the service refused (a
      // 4xx, such as GAIA_CO02 when another apply got there first) changed nothing, and
      // reverting then would discard that other apply's draft.
      if (writer.revision !== before || (result.kind === 'failed' && !refused(result.error)))
        session.touched = true;
      switch (result.kind) {
        case 'written':
        case 'stopped':
          session.revision = result.revision;
          return null;
        case 'failed':
          return `${key}: ${result.step} failed: ${errorText(result.error)}`;
        default: {
          const unreachable: never = result;
          return unreachable;
        }
      }
    },
  };
}

/** The service answered with a refusal: the write did not happen (unlike a 5xx or a lost answer). */
function refused(error: unknown): boolean {
  return error instanceof ServiceError && error.status >= 400 && error.status < 500;
}

/**
 * What each changed area holds now and must hold. An existing app holds the plan's `before`
 * (its live copy, which its draft equals before apply writes); a created app holds what the
 * service gives a new app, read fresh.
 */
async function areaWrites(input: WriteAllInput, session: AppSession, id: string): Promise<AreaWrite[]> {
  const downloadHash = downloadHasher(input.client);
  const changed = session.plan.areas.filter((a) => a.action !== 'no-op');
  return Promise.all(
    changed.map(async (planned) => {
      const area = input.areas.get(planned.key);
      if (!area) throw new Error(`the plan names area ${planned.key}, which this appdeploy does not know`);
      const current =
        planned.before ??
        (await area.read({ client: input.client, app: id, copy: 'draft', downloadHash })).value;
      return { area, current, desired: planned.after };
    }),
  );
}

function projectApp(project: Project, key: string): ProjectApp {
  const app = project.apps.find((a) => a.key === key);
  if (!app) throw new Error(`app ${key} of the plan is not in the project`);
  return app;
}
