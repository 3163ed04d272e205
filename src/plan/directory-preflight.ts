/**
 * Before any write: every user, group and organization the plan's writes name (directory-refs.ts)
 * is looked up in the target through the common User API (client.directory), and each one the
 * target lacks becomes a `blocked` risk naming its manifest location and the environment, which
 * apply refuses before writing (apply/refusals.ts), as the platform would refuse the write itself
 * ("user, group or organization does not exist").
 *
 * The lookup needs a password login: the User API takes no app API token (cybozu.dev, User API
 * authentication; the kintone REST documentation lists no directory API for a token). Where the
 * environment signs in with tokens alone, or the service answers the lookup 403 (no permission,
 * GAIA_NO01 to a token; guests are refused, kintone.dev Get Groups "Permissions"), 520 (the
 * hosted platform's answer to some refused calls) or 404 (no User API), the check is skipped and the plan says so; so
 * it is for the embedded local service.
 */
import type { Client } from '../client/index.js';
import { ServiceError } from '../client/index.js';
import type { Location, Project } from '../project/index.js';
import { codesOf, directoryRefs, type DirectoryKind, type DirectoryRef } from './directory-refs.js';
import { manifestPlaces, type ManifestPlace } from './manifest-place.js';
import type { AppPlan, Risk } from './types.js';

/** What the plan says when it could not look the names up. */
export interface DirectoryCheck {
  /** Why the lookup was skipped. */
  skipped: string;
  /** How many distinct users, groups and organizations went unchecked. */
  unchecked: number;
}

/** The codes the target has, of each kind asked about. */
export type Found = Readonly<Record<DirectoryKind, ReadonlySet<string>>>;

/**
 * The embedded local service (an environment without `baseUrl`) holds only the groups and
 * organizations `appdeploy emulator -C . --group/--organization` gave it, and accepts settings
 * naming others; rehearse an environment's directory on a service of its own instead.
 */
const EMBEDDED =
  'the embedded local service does not check them (rehearse on a local service given them, `npx appdeploy emulator --user LOGIN:PASSWORD --group CODE:LOGIN --organization CODE:LOGIN`, and an environment whose baseUrl points at it)';

/**
 * Statuses that mean "the directory (the User API) cannot be read here", not a failure of the
 * plan (new-app-language.ts reads the deploying user by them too): 403 and 520
 * for credentials that may not read it; 404 for a service of the spec alone, which has no User API
 * (spec/rest-interface.md names none).
 */
export const UNREADABLE_STATUSES: ReadonlySet<number> = new Set([403, 404, 520]);

/**
 * Asks the target for exactly the codes named (100 to a call, every page). `skipped` instead when
 * the credentials cannot read the directory.
 */
export async function lookUpDirectory(
  client: Client,
  refs: readonly Pick<DirectoryRef, 'kind' | 'code'>[],
  tokenOnly: boolean,
): Promise<{ found: Found } | { skipped: string }> {
  if (tokenOnly)
    return { skipped: 'the environment signs in with API tokens only, and the User API takes no app token' };
  try {
    const [users, groups, organizations] = await Promise.all([
      ask(refs, 'USER', (codes) => client.directory.allUsers(codes)),
      ask(refs, 'GROUP', (codes) => client.directory.allGroups(codes)),
      ask(refs, 'ORGANIZATION', (codes) => client.directory.allOrganizations(codes)),
    ]);
    return { found: { USER: users, GROUP: groups, ORGANIZATION: organizations } };
  } catch (error) {
    if (error instanceof ServiceError && UNREADABLE_STATUSES.has(error.status))
      return { skipped: `the service refused the directory lookup (${error.status} ${error.code})` };
    throw error;
  }
}

async function ask(
  refs: readonly Pick<DirectoryRef, 'kind' | 'code'>[],
  kind: DirectoryKind,
  read: (codes: string[]) => Promise<{ code: string }[]>,
): Promise<Set<string>> {
  const codes = codesOf(refs, kind);
  if (codes.length === 0) return new Set();
  return new Set((await read(codes)).map((entry) => entry.code));
}

const NOUN: Record<DirectoryKind, string> = { USER: 'user', GROUP: 'group', ORGANIZATION: 'organization' };
const MAP_KEY: Record<DirectoryKind, string> = {
  USER: 'users',
  GROUP: 'groups',
  ORGANIZATION: 'organizations',
};

/**
 * Pure: a `blocked` risk for each reference the target lacks, located in the app's manifest
 * (`place`: where the reference stands there, and the code the manifest writes). A code the
 * environment's map gave says so, and the entry to change is the manifest's code.
 */
export function missingEntityRisks(
  refs: readonly DirectoryRef[],
  found: Found,
  environment: string,
  locate: (path: (string | number)[]) => Location,
  place: ManifestPlace,
): Risk[] {
  return refs
    .filter((ref) => !found[ref.kind].has(ref.code))
    .map((ref) => {
      const inManifest = place(ref.area, ref.path);
      const at = locate(inManifest.path);
      const noun = NOUN[ref.kind];
      const map = `environments.${environment}.${MAP_KEY[ref.kind]}`;
      const named = inManifest.value;
      const mapped = typeof named === 'string' && named !== ref.code;
      return {
        kind: 'blocked',
        area: ref.area,
        path: ref.path,
        reason:
          `${at.file}:${at.line}:${at.col}: ${noun} "${ref.code}" does not exist in environment ${environment}` +
          (mapped ? ` (${map} maps "${named}" to it)` : ''),
        instead: mapped
          ? `add the ${noun} "${ref.code}" there, or map "${named}" to a ${noun} that exists (${map} in appdeploy.yaml)`
          : `add the ${noun} there, or map "${ref.code}" to one that exists (${map} in appdeploy.yaml)`,
      };
    });
}

/** How many distinct codes a skipped check left unchecked. */
export function uncheckedCount(refs: readonly DirectoryRef[]): number {
  return (['USER', 'GROUP', 'ORGANIZATION'] as const).reduce((n, kind) => n + codesOf(refs, kind).length, 0);
}

/**
 * Looks up what the planned apps' writes name and adds a `blocked` risk to each app for every
 * one the target lacks; says why when the lookup was skipped (nothing named: no lookup at all).
 */
export async function checkDirectory(
  client: Client,
  project: Pick<Project, 'apps' | 'environment'>,
  apps: readonly AppPlan[],
  tokenOnly: boolean,
): Promise<DirectoryCheck | undefined> {
  const perApp = apps.map((app) => ({ app, refs: directoryRefs(app.areas) }));
  const all = perApp.flatMap((p) => p.refs);
  if (all.length === 0) return undefined;
  const answer = project.environment.local
    ? { skipped: EMBEDDED }
    : await lookUpDirectory(client, all, tokenOnly);
  if ('skipped' in answer) return { skipped: answer.skipped, unchecked: uncheckedCount(all) };
  for (const { app, refs } of perApp) {
    const projectApp = project.apps.find((a) => a.key === app.key);
    if (!projectApp?.source) continue;
    const { source, manifest } = projectApp;
    const locate = (path: (string | number)[]) => source.locate(path);
    const place = manifestPlaces(manifest, project.environment.config);
    app.risks.push(...missingEntityRisks(refs, answer.found, project.environment.name, locate, place));
  }
  return undefined;
}
