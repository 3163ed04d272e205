/**
 * Adopts the apps an interrupted apply created whose id never reached the project (killed
 * between the service's answer and the id's write): the recovery record (recovery.ts) has the
 * id, so the app is given it, recorded where the environment keeps ids (config-ids.ts), instead
 * of being created a second time by the next apply. Every command on a project does this first,
 * so that plan and status see the app too.
 *
 * An app whose creation was sent but never answered (killed right after the call reached the
 * service) is looked up in `apps.json` by its name, its creator (the login that asked) and its
 * creation time (near the one recorded), and adopted when exactly one app matches. When none or
 * several match, the note says which, and apply refuses to create it (stages-before.ts) until
 * told: its id given in the project, or the record deleted. An app that exists only as a draft is
 * not listed by `apps.json` (platform-facts.md, "Apps and deploy"): one killed before its first
 * deploy is found only once deployed, so "none" is the usual answer for it.
 */
import type { Client } from '../client/index.js';
import { isUnknownApp } from '../plan/index.js';
import type { Project } from '../project/index.js';
import { idsFileShown, recordAppId } from './config-ids.js';
import { readRecovery, recoveryShown } from './recovery.js';
import { readDraftRevision } from './revisions.js';

/** Gives each such app its id; returns notes for the user. */
export async function adoptInterrupted(project: Project, client: Client): Promise<string[]> {
  const previous = readRecovery(project);
  if (previous === null) return [];
  const shown = recoveryShown(project.environment.name);
  const where = idsFileShown(project);
  const notes: string[] = [];
  for (const created of previous.creating) {
    const app = project.apps.find((a) => a.key === created.key);
    if (!app || app.id !== null) continue;
    if (created.id === null) {
      const others = new Set(project.apps.flatMap((a) => (a.id === null ? [] : [a.id])));
      const found = (await lookUp(client, created)).filter((id) => !others.has(id));
      const asked = `an interrupted apply (${shown}) asked the service to create app "${created.key}" (${JSON.stringify(created.name)}${created.by ? ` as ${created.by}` : ''}) at ${created.since} and never got its answer`;
      if (found.length === 1) {
        await recordAppId(project, created.key, found[0]!);
        app.id = found[0]!;
        notes.push(
          `${asked}; app ${found[0]} is the one app of that name, creator and time, so it is app "${created.key}" now, recorded in ${where}.`,
        );
        continue;
      }
      const which =
        found.length === 0
          ? `no app of that name, creator and time is listed (an app never deployed is not)`
          : `apps ${found.join(', ')} all match its name, creator and time`;
      notes.push(
        `${asked}; ${which}. Apply creates nothing for it until told: give its id in ${where}, or, if the service has no such app, delete ${shown} to have apply create it.`,
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

/** How far the service's clock and this machine's may be apart, each way, when matching times. */
const CLOCK_SKEW_MS = 10 * 60_000;

/**
 * The ids of the listed apps that the interrupted creation may have made: the same name, created
 * by the same login (when the record knows it), at most CLOCK_SKEW_MS from the time recorded
 * just before the call. apps.json matches `name` partially and 100 at a time
 * (rest-interface.md, GET /k/v1/apps.json), so every page is read and the name compared whole.
 */
async function lookUp(
  client: Client,
  created: { name: string; since: string; by?: string | null },
): Promise<string[]> {
  const since = Date.parse(created.since);
  const found: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const { apps } = await client.apps.getApps({ name: created.name, offset, limit: 100 });
    for (const app of apps)
      if (
        app.name === created.name &&
        (created.by == null || app.creator.code === created.by) &&
        Math.abs(Date.parse(app.createdAt) - since) <= CLOCK_SKEW_MS
      )
        found.push(app.appId);
    if (apps.length < 100) return found;
  }
}
