/**
 * Before seed writes anything: every user, group and organization the records it would write name
 * (USER_SELECT, GROUP_SELECT, ORGANIZATION_SELECT values, table columns included, after the
 * environment's `users:`/`groups:`/`organizations:` maps) is looked up in the target, and each one
 * the target lacks is a problem located in the record file. The record API refuses the whole bulk
 * request naming one ("No user has the login name ...", CB_VA01: platform-facts-verified "Record
 * validation"; the local service does the same, emulator/records/values.ts checkEntities), after
 * earlier requests of the seed may have landed; so seed refuses before its first write instead.
 *
 * One lookup per seed, of exactly the codes named (plan/directory-preflight.ts lookUpDirectory:
 * GET /v1/users.json, /v1/groups.json, /v1/organizations.json with `codes`, 100 to a call, every
 * page; https://cybozu.dev/ja/common/docs/user-api/users/get-users: "codes: ユーザーのログイン名の
 * 一覧", size 1 to 100, "必要なアクセス権: なし", and likewise groups/get-groups,
 * organizations/get-organizations), not one per record; and, only when some are missing, one
 * read of every code of that kind (the same calls without `codes`) for a did-you-mean. The same rule as plan's directory check:
 * an environment signing in with API tokens alone cannot read the User API (cybozu.dev User API
 * authentication: password or a cybozu.com token, not an app token), nor can credentials the
 * service answers 403/404/520; then the check is skipped and seed says why.
 */
import type { Client } from '../client/index.js';
import { directoryCodes, lookUpDirectory, usesTokenOnly } from '../plan/index.js';
import { formatProblem, type Problem, type Project } from '../project/index.js';
import { sortProblems } from '../project/problems.js';
import { didYouMean } from '../project/suggest.js';
import type { SeedPrincipal } from './seed-load.js';
import type { PlannedApp } from './seed-text.js';

type Kind = SeedPrincipal['kind'];

const NOUN: Record<Kind, string> = { USER: 'user', GROUP: 'group', ORGANIZATION: 'organization' };
const MAP_KEY: Record<Kind, string> = { USER: 'users', GROUP: 'groups', ORGANIZATION: 'organizations' };

export interface SeedDirectoryCheck {
  /** One per value naming a code the target lacks, in the apps' and files' order. */
  problems: Problem[];
  /** Why the lookup was skipped (nothing looked up), and how many distinct codes went unchecked. */
  skipped?: { why: string; unchecked: number };
}

/** The codes the seed writes: those of records it adds, and of the fields it changes. */
export function writtenPrincipals(
  planned: readonly PlannedApp[],
): { app: string; principal: SeedPrincipal }[] {
  return planned.flatMap(({ app, plan }) => {
    const added = new Set(plan.adds.map((a) => a.key));
    const changed = new Map(plan.changes.map((c) => [c.key, new Set(c.changes.map((f) => f.code))]));
    return app.principals
      .filter((p) => added.has(p.record) || changed.get(p.record)?.has(p.field) === true)
      .map((principal) => ({ app: app.name, principal }));
  });
}

export async function checkSeedDirectory(
  client: Client,
  project: Pick<Project, 'environment'>,
  planned: readonly PlannedApp[],
): Promise<SeedDirectoryCheck> {
  const written = writtenPrincipals(planned);
  if (written.length === 0) return { problems: [] };
  const refs = written.map((w) => w.principal);
  const answer = await lookUpDirectory(client, refs, usesTokenOnly(project.environment.config));
  if ('skipped' in answer) {
    const count = new Set(refs.map((r) => `${r.kind}\0${r.code}`)).size;
    return { problems: [], skipped: { why: answer.skipped, unchecked: count } };
  }
  const missing = written.filter((w) => !answer.found[w.principal.kind].has(w.principal.code));
  if (missing.length === 0) return { problems: [] };
  const known = await everyCode(client, new Set(missing.map((m) => m.principal.kind)));
  const environment = project.environment.name;
  return {
    problems: sortProblems(
      missing.map(({ app, principal: p }) => {
        const noun = NOUN[p.kind];
        const mapped =
          p.named === p.code
            ? ''
            : ` (environments.${environment}.${MAP_KEY[p.kind]} maps "${p.named}" to it)`;
        const near = didYouMean(p.code, known.get(p.kind) ?? []);
        return {
          code: 'SEED.UNKNOWN_ENTITY',
          message: `app ${app}, record "${p.record}": ${noun} "${p.code}" does not exist in environment ${environment}${mapped}`,
          file: p.at.file,
          line: p.at.line,
          col: p.at.col,
          hint:
            `Add the ${noun} "${p.code}" there, or map "${p.named}" to a ${noun} that exists` +
            ` (environments.${environment}.${MAP_KEY[p.kind]} in appdeploy.yaml).${near === undefined ? '' : ` ${near}`}`,
        };
      }),
    ),
  };
}

/** The problems, each with its source line, then that seed refused and wrote nothing (stderr). */
export function refusedText(
  problems: readonly Problem[],
  environment: string,
  apps: readonly { source: { file: string; text: string } }[],
): string {
  const texts = new Map(apps.map(({ source }) => [source.file, source.text]));
  const body = problems.map((p) => formatProblem(p, (file) => texts.get(file))).join('');
  const what = problems.length === 1 ? '1 value names' : `${problems.length} values name`;
  return `${body}Seed refused: ${what} a user, group or organization environment ${environment} lacks. Nothing was written.\n`;
}

/** The skipped check in words, after the plan: what went unchecked and why (plan's wording). */
export function skippedText(check: SeedDirectoryCheck): string {
  if (check.skipped === undefined) return '';
  const { why, unchecked } = check.skipped;
  const what =
    unchecked === 1 ? '1 user, group or organization' : `${unchecked} users, groups and organizations`;
  return `Directory check skipped: ${what} named by the records to write ${unchecked === 1 ? 'was' : 'were'} not looked up in the target: ${why}. A missing one is found only when the service refuses the write.\n`;
}

/** The same in `--format json`. */
export function skippedJson(check: SeedDirectoryCheck): {
  directoryCheck?: { skipped: string; unchecked: number };
} {
  return check.skipped === undefined
    ? {}
    : { directoryCheck: { skipped: check.skipped.why, unchecked: check.skipped.unchecked } };
}

/** Every code of these kinds the target has, for a did-you-mean (none where it cannot be read). */
async function everyCode(client: Client, kinds: ReadonlySet<Kind>): Promise<Map<Kind, string[]>> {
  const out = new Map<Kind, string[]>();
  await Promise.all(
    [...kinds].map(async (kind) => {
      // The lookup above succeeded: a failure here only costs the suggestion.
      const all = await directoryCodes(client, kind).catch(() => new Set<string>());
      out.set(kind, [...all]);
    }),
  );
  return out;
}
