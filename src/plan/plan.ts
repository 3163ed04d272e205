/**
 * `plan()`: the project's manifests against the service, as a Plan. Reads happen here (through
 * the client handed in); comparing is pure (diff-app.ts); nothing is printed.
 */
import type { Client } from '../client/index.js';
import { AREAS, tokenUnreadable } from '../areas/index.js';
import type { Area, AreaKey, ResolveContext } from '../areas/types.js';
import { AppdeployError } from '../errors.js';
import type { Project, ProjectApp } from '../project/index.js';
import { buildWhereUsed, type WhereUsed } from '../usage/index.js';
import { codesToFind, withFieldUses } from './field-uses.js';
import { createAppDiff, existingAppDiff, summarize, type AppDiff, type Desired } from './diff-app.js';
import { planPlugins } from './plugins.js';
import { heldReferences } from './held.js';
import { stepsIfMany } from './steps.js';
import { withStepDraftHashes } from './step-draft-hashes.js';
import { leftOutNotes } from './left-out.js';
import { nearestThen, resolvePrincipals } from '../project/index.js';
import { answerProbe } from './probes.js';
import { serviceIdentity } from './service.js';
import { unresolvedReferences } from './unresolved.js';
import { checkDirectory } from './directory-preflight.js';
import { readAppState, type AppState } from './read.js';
import { planMigrations, referencedMigrations } from './migrations.js';
import { leftOutFields, type LeftOutFields } from './left-out-fields.js';
import { referencedRemovals } from './referenced-removals.js';
import { hiddenValueRisks, visibilityFor } from './caller-visibility.js';
import { newAppLanguage } from './new-app-language.js';
import { reachService } from './reach-service.js';
import { addNewAppRisks, locateFixedFieldBlocks, readUsage } from './new-apps.js';
import { isUnknownApp, unknownAppId } from './unknown-id.js';
import { appPasswordNeeds, passwordInstead, pluginPasswordNeeds, usesTokenOnly } from './token-limits.js';
import { isDeployed, PLAN_FORMAT_VERSION, type AppPlan, type LeftOutNote, type Plan } from './types.js';
import { mapLimit } from '../client/in-parallel.js';
import { appPlaceholder, downloadHasher, hashLocalFiles, type LocalFile } from '../readers/index.js';

export interface PlanOptions {
  project: Project;
  client: Client;
  /** Only these app keys (`--app`); every app of the project when empty or absent. */
  apps?: readonly string[] | undefined;
  /** The time the plan is made (the CLI passes the clock; tests a fixed date). */
  now?: Date | undefined;
  /** The area table: AREAS unless given (another, made with areaTable, may add or swap areas). */
  areas?: readonly Area[] | undefined;
}

export { appPlaceholder };

/**
 * Apps read at the same time. Each reads ~17 settings at once (read.ts); enough apps to keep
 * every one of the client's slots busy, while queueing every app's reads at once would leave
 * calls waiting behind thousands of others until they time out (the client's timeout covers the
 * wait for a slot).
 */
function appsAtOnce(client: Client): number {
  return Math.max(4, Math.ceil(client.concurrency / 4));
}

export async function plan(options: PlanOptions): Promise<Plan> {
  const { project, client } = options;
  const areas = options.areas ?? AREAS;
  const chosen = selectApps(project, options.apps);
  const downloadHash = downloadHasher(client);
  // With API tokens alone, what a token cannot read is left unread and named (token-limits.ts).
  const tokenOnly = usesTokenOnly(project.environment.config);
  const unreadable = tokenOnly ? tokenUnreadable(areas) : [];
  const readable = areas.filter((a) => !unreadable.includes(a));
  // Signs in before anything is said about the target (every app new reads nothing else), and
  // learns the language the apps it creates get their system fields in.
  const language =
    !tokenOnly && chosen.some((a) => a.id === null) ? await newAppLanguage(client, project) : undefined;
  // Where nothing below would call the service (no app with an id, no language read), one call
  // tells a wrong address or password from "no changes".
  await reachService(client, project, {
    tokenOnly,
    reached: language !== undefined || chosen.some((a) => a.id !== null),
  });
  const plugins = tokenOnly ? [] : await planPlugins(client, project.root, chosen);
  const unread = new Map<string, AreaKey[]>();
  const planned = chosen.map((a) => a.key);
  const missing = project.apps.filter((a) => a.id === null && !planned.includes(a.key)).map((a) => a.key);
  // The drafts of the apps with a pending draft: a plan of several deploy steps hashes them again.
  const drafts = new Map<string, AppState>();
  const apps = await mapLimit(chosen, appsAtOnce(client), async (app): Promise<AppPlan> => {
    const files = await hashLocalFiles(app.manifestPath, app.manifest);
    const { desired, leftOut } = desiredAreas(project, app, areas, files);
    let diff: AppDiff;
    let revisions: AppPlan['revisions'] = null;
    let migrations: AppPlan['migrations'];
    if (app.id === null) diff = createAppDiff(desired);
    else {
      const state = await readAppState(client, app.id, readable, downloadHash).catch((error: unknown) => {
        throw isUnknownApp(error) ? unknownAppId(project, app, error) : error;
      });
      revisions = state.revisions;
      const [known, unknown] = partition(desired, (d) => readable.includes(d.area));
      unread.set(
        app.key,
        unknown.map((d) => d.area.key),
      );
      diff = existingAppDiff(known, state);
      if (diff.risks.some((r) => r.kind === 'pending-draft')) drafts.set(app.key, state);
      diff.risks = locateFixedFieldBlocks(diff.risks, app);
      const id = app.id;
      // A never-deployed app has nothing live: no records, no live form to find the status field
      // in. Every records and live read of it answers GAIA_AP01 until its first deploy
      // (platform-facts.md, "Apps and deploy"), so a probe has nothing to count: the change
      // risks no data (a rolled-back first apply leaves such an app, with a new app's draft).
      const probes = state.deployed ? diff.probes : [];
      const answered = await Promise.all(probes.map((probe) => answerProbe(client, id, probe)));
      // A field no record fills loses nothing, and a rule no record breaks cannot fail.
      diff.risks.push(...answered.filter((risk) => !('records' in risk) || risk.records > 0));
      const migrating = await planMigrations(
        client,
        state.deployed ? id : null,
        diff.areas.find((a) => a.key === 'fields'),
        project.environment.config.timeZone,
      );
      diff.risks.push(...migrating.risks);
      if (migrating.migrations.length > 0) migrations = migrating.migrations;
      diff.risks.push(
        ...(await hiddenValueRisks(
          client,
          id,
          state,
          diff.areas,
          probes,
          migrating.migrations,
          visibilityFor(project),
        )),
      );
    }
    diff.risks.push(
      ...unresolvedReferences(
        { key: app.key, areas: diff.areas },
        missing,
        project.environment.name,
        planned,
      ),
    );
    const changed = diff.areas.some((a) => a.action !== 'no-op');
    // An app whose live settings do not exist is not deployed, whatever its draft holds: live reads
    // answer GAIA_AP01 until its first successful deploy (platform-facts.md, "Apps and deploy").
    const notDeployed = revisions !== null && !isDeployed({ revisions });
    return {
      key: app.key,
      name: app.manifest.name,
      id: app.id,
      action: app.id === null ? 'create-app' : changed ? 'update' : notDeployed ? 'deploy' : 'no-op',
      revisions,
      areas: diff.areas,
      risks: diff.risks,
      ...(leftOut.length > 0 ? { leftOut } : {}),
      ...(migrations ? { migrations } : {}),
    };
  });
  blockDeletionsNamedElsewhere(apps, await leftOutFields(client, project, apps));
  const needs = tokenOnly
    ? [
        ...pluginPasswordNeeds(chosen),
        ...apps.flatMap((a) => appPasswordNeeds(a, unread.get(a.key) ?? [], areas)),
      ]
    : [];
  if (language) await addNewAppRisks(project, chosen, apps, language);
  const index = await fieldUseIndex(project, apps);
  if (index) for (const app of apps) app.risks = withFieldUses(app, index);
  // Every user, group and organization the writes name, looked up in the target before any write.
  const directoryCheck = await checkDirectory(client, project, apps, tokenOnly);
  const held = heldReferences(apps);
  // How many deploy calls apply makes, counted as apply cuts the plan (steps.ts): a copy action
  // naming a held field, or a field this apply adds to the other app, adds one more.
  const table = new Map(areas.map((a) => [a.key, a]));
  const cut = stepsIfMany(apps, held, table);
  if (cut !== null) withStepDraftHashes(apps, drafts, cut, table);
  const steps = cut?.length ?? 1;
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    environment: project.environment.name,
    service: await serviceIdentity(project, client, apps),
    createdAt: (options.now ?? new Date()).toISOString(),
    plugins,
    apps,
    heldReferences: held,
    ...(steps > 1 ? { deploySteps: steps } : {}),
    summary: summarize(apps, plugins),
    ...(needs.length > 0
      ? { tokenLimits: { needs, instead: passwordInstead(project.environment.name) } }
      : {}),
    ...(directoryCheck ? { directoryCheck } : {}),
    ...(language ? { newApps: language } : {}),
  };
}

/**
 * The where-used index of the whole project, with the scripts read, when some app loses a field
 * code (removed, renamed, blocked); null, and no file read, when none does.
 */
async function fieldUseIndex(project: Project, apps: readonly AppPlan[]): Promise<WhereUsed | null> {
  const alsoCodes = codesToFind(apps);
  if (alsoCodes.size === 0) return null;
  return buildWhereUsed({ apps: await readUsage(project) }, { alsoCodes });
}

function partition<T>(items: readonly T[], keep: (item: T) => boolean): [T[], T[]] {
  return [items.filter(keep), items.filter((item) => !keep(item))];
}

function selectApps(project: Project, keys: readonly string[] | undefined): ProjectApp[] {
  if (!keys || keys.length === 0) return project.apps;
  const unknown = keys.filter((key) => !project.apps.some((app) => app.key === key));
  if (unknown.length > 0)
    throw new AppdeployError('PLAN.UNKNOWN_APP', `--app ${unknown.join(', ')}: not an app of the project`, {
      hint: nearestThen(
        unknown[0]!,
        project.apps.map((a) => a.key),
        `The project's apps are ${project.apps.map((a) => a.key).join(', ')}.`,
      ),
    });
  return project.apps.filter((app) => keys.includes(app.key));
}

export function resolveContext(
  project: Project,
  app: ProjectApp,
  files: ReadonlyMap<string, LocalFile>,
): ResolveContext {
  // Looked up once per key of every app (the generated environment file lists them all): a map,
  // not a search of the project's apps each time (200 apps: 40,000 searches of 200 per app).
  const ids = new Map(project.apps.map((a) => [a.key, a.id]));
  return {
    appKey: app.key,
    appId: (key) => ids.get(key) ?? appPlaceholder(key),
    environment: project.environment.name,
    appKeys: [...ids.keys()],
    fileHash: (path) => {
      const file = files.get(path);
      if (!file) throw new Error(`file ${path} was not hashed`);
      return file.sha256;
    },
  };
}

function desiredAreas(
  project: Project,
  app: ProjectApp,
  areas: readonly Area[],
  files: ReadonlyMap<string, LocalFile>,
): { desired: Desired[]; leftOut: LeftOutNote[] } {
  const ctx = resolveContext(project, app, files);
  // Users, groups and organizations as the environment knows them (principal-maps.ts).
  const resolved = resolvePrincipals(app.manifest, project.environment.config);
  const desired = areas.flatMap((area) => {
    const value = area.fromManifest(resolved.manifest, ctx);
    return value === undefined ? [] : [{ area, value }];
  });
  return { desired, leftOut: leftOutNotes(app, resolved.leftOut) };
}

/** A migration's swap or a removal deleting a field another app of the project names: blocked. */
function blockDeletionsNamedElsewhere(apps: AppPlan[], leftOut: LeftOutFields[]): void {
  for (const found of [referencedMigrations(apps, leftOut), referencedRemovals(apps, leftOut)])
    for (const [key, blocks] of found) apps.find((a) => a.key === key)!.risks.push(...blocks);
}
