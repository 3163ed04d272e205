/**
 * Adopts the apps an interrupted apply created whose id never reached the project (killed
 * between the service's answer and the id's write): the recovery record (recovery.ts) has the
 * id, so the app is given it, recorded where the environment keeps ids (config-ids.ts), instead
 * of being created a second time by the next apply. Every command on a project does this first,
 * so that plan and status see the app too.
 *
 * An app whose creation was sent but never answered cannot be found this way: an app that exists
 * only as a draft is not listed by `apps.json` (platform-facts.md, "Apps and deploy"), so its id
 * cannot be looked up by name; the note says so and leaves the choice to the user.
 */
import type { Client } from '../client/index.js';
import { isUnknownApp } from '../plan/index.js';
import type { Project } from '../project/index.js';
import { recordAppId } from './config-ids.js';
import { readRecovery, recoveryShown } from './recovery.js';
import { readDraftRevision } from './revisions.js';

/** Gives each such app its id; returns notes for the user. */
export async function adoptInterrupted(project: Project, client: Client): Promise<string[]> {
  const previous = readRecovery(project);
  if (previous === null) return [];
  const shown = recoveryShown(project.environment.name);
  const where = project.environment.local ? '.appdeploy/local/ids.json' : 'appdeploy.yaml';
  const notes: string[] = [];
  for (const created of previous.creating) {
    const app = project.apps.find((a) => a.key === created.key);
    if (!app || app.id !== null) continue;
    if (created.id === null) {
      notes.push(
        `an interrupted apply (${shown}) asked the service to create app "${created.key}" (${JSON.stringify(created.name)}) at ${created.since} and never got its answer; if the service has that app now, give its id in ${where} before applying, else apply creates it.`,
      );
      continue;
    }
    // An app deleted since is not adopted: apply creates it anew.
    const exists = await readDraftRevision(client, created.id).then(
      () => true,
      (error: unknown) => {
        if (isUnknownApp(error)) return false;
        throw error;
      },
    );
    if (!exists) continue;
    await recordAppId(project, created.key, created.id);
    app.id = created.id;
    notes.push(
      `app "${created.key}" is app ${created.id}: an interrupted apply created it and its id had not reached ${where}; it is recorded there now (${shown}).`,
    );
  }
  return notes;
}
