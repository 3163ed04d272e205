/**
 * Changes blocked because the user apply signs in as may not see every value they would copy or
 * destroy (records-visible.ts says why that loses values): a migration (its copy, sweep and backup
 * read what the user sees; its swap deletes the old field), the removal of a field (its count and
 * its backup read what the user sees; the deploy destroys every value) and of a choice field's
 * option (its count reads what the user sees); and, for seed and export, whether record
 * permissions may hide records (recordsHiddenFrom). The record permissions checked are the live
 * ones (the plan's counts were read under them) and the desired ones (the expand deploy puts them
 * live before a copy); the field permissions, those of each field read (the old field and its
 * table) and of a table a field moves into (written). The caller's groups and organizations are
 * read from the User API where a rule names one, or where the target exempts its administrators;
 * where they cannot be read, the rule's entity stays undecided, and the change blocked, saying so.
 */
import { AREAS } from '../areas/index.js';
import type { AreaKey, RiskProbe } from '../areas/types.js';
import { ServiceError, type Client } from '../client/index.js';
import { callerMemberships } from './caller-memberships.js';
import type { Project } from '../project/index.js';
import type { AppState } from './read.js';
import { serviceOf } from './service.js';
import {
  fieldRuleHides,
  recordRulesHide,
  type FieldRule,
  type Memberships,
  type RecordRule,
} from './records-visible.js';
import type { AreaPlan, FieldMigration, Json, Risk } from './types.js';

/**
 * The risks of one existing app's changes that may destroy values the caller does not see: its
 * migrations and the fields it removes (`probes`' data-loss ones); nothing read when it has none.
 */
export async function hiddenValueRisks(
  client: Client,
  app: string,
  state: AppState,
  areas: readonly AreaPlan[],
  probes: readonly RiskProbe[],
  migrations: readonly FieldMigration[],
  options: VisibilityOptions,
): Promise<Risk[]> {
  const removals = probes.filter((p) => p.kind === 'data-loss');
  if (migrations.length === 0 && removals.length === 0) return [];
  const seen = await callerVisibility(client, app, state, areas, options);
  return seen ? [...migrationsHidden(seen, migrations), ...removalsHidden(seen, removals)] : [];
}

export interface VisibilityOptions {
  /**
   * The target exempts its administrators from record and field permissions. The local service
   * started by the command does (emulator/permissions/record-access.ts), and signs in as its
   * administrator; whether the hosted platform does, the evidence does not settle (records-visible.ts),
   * so a service with a base URL holds every user to the rules.
   */
  administratorsExempt: boolean;
}

/** The target's rules for its administrators: the local service's are known (serviceOf: no base URL). */
export function visibilityFor(project: Project): VisibilityOptions {
  return { administratorsExempt: serviceOf(project).baseUrl === null };
}

/** The built-in group of the service's administrators (the User API lists it among a user's groups). */
const ADMINISTRATORS = 'Administrators';

/**
 * The caller's memberships, read where the rules need them: a rule naming a group or an
 * organization, or any rule at all on a target that exempts administrators (to tell whether the
 * caller is one).
 */
async function membershipsFor(
  client: Client,
  login: string,
  rules: readonly Json[],
  options: VisibilityOptions,
): Promise<Memberships & { administrator: boolean }> {
  const needed = rules.some(namesUnit) || (options.administratorsExempt && rules.length > 0);
  if (!needed) return { groups: null, organizations: null, administrator: false };
  const memberships = await callerMemberships(client, login);
  return {
    ...memberships,
    administrator: options.administratorsExempt && memberships.groups?.has(ADMINISTRATORS) === true,
  };
}

/** What the caller may not see in one app: why, per field and access; null where nothing hides. */
interface CallerVisibility {
  login: string;
  hidden(fieldCodes: readonly string[], writes: string | null): string | null;
}

/** The app's rules against the caller; null for an API token (not held to them). */
async function callerVisibility(
  client: Client,
  app: string,
  state: AppState,
  areas: readonly AreaPlan[],
  options: VisibilityOptions,
): Promise<CallerVisibility | null> {
  const caller = client.signedInAs;
  if ('apiToken' in caller) return null;
  const read = async (key: AreaKey): Promise<Json[][]> => {
    const live = state.areas.get(key)?.live ?? (await readLive(client, app, key));
    const desired = areas.find((a) => a.key === key)?.after;
    return [live, desired ?? null].filter((v): v is Json[] => Array.isArray(v));
  };
  const [recordRules, fieldRules] = await Promise.all([read('recordAcl'), read('fieldAcl')]);
  const memberships = await membershipsFor(
    client,
    caller.login,
    [...recordRules, ...fieldRules].flat(),
    options,
  );
  if (memberships.administrator) return null;
  const recordWhy = recordRules
    .map((rules) => recordRulesHide(rules as unknown as RecordRule[], caller, memberships))
    .find((why) => why !== null);
  const fieldWhy = (code: string, need: 'READ' | 'WRITE') =>
    fieldRules
      .map((rules) => fieldRuleHides(rules as unknown as FieldRule[], code, need, caller, memberships))
      .find((why) => why !== null);
  return {
    login: caller.login,
    hidden: (reads, writes) =>
      recordWhy ??
      [
        ...reads.map((code) => fieldWhy(code, 'READ')),
        writes === null ? null : fieldWhy(writes, 'WRITE'),
      ].find((why) => why != null) ??
      null,
  };
}

/**
 * Why record permissions may hide some of the app's records from the caller, for a command that
 * reads an app's records and acts on what it finds (seed's plan by key, an export): null for an
 * API token, when every rule grants the caller view and edit, or when the caller may not read the
 * rules (Get Record Permissions needs the right to manage the app: kintone.dev "Get Record
 * Permissions"), in which case nothing can be told.
 */
export async function recordsHiddenFrom(
  client: Client,
  app: string,
  options: VisibilityOptions,
): Promise<string | null> {
  const caller = client.signedInAs;
  if ('apiToken' in caller) return null;
  let rules: Json;
  try {
    rules = await readLive(client, app, 'recordAcl');
  } catch (error) {
    if (error instanceof ServiceError && error.status === 403) return null;
    throw error;
  }
  if (!Array.isArray(rules) || rules.length === 0) return null;
  const memberships = await membershipsFor(client, caller.login, rules, options);
  if (memberships.administrator) return null;
  return recordRulesHide(rules as unknown as RecordRule[], caller, memberships);
}

/** The migrations whose copy may miss values the caller does not see: blocked. */
function migrationsHidden(seen: CallerVisibility, migrations: readonly FieldMigration[]): Risk[] {
  return migrations.flatMap((m) => {
    const why = seen.hidden([m.from.code, ...(m.from.table === null ? [] : [m.from.table])], m.to.table);
    return why === null
      ? []
      : [
          blocked(
            m.to.table === null ? [m.to.code] : [m.to.table, m.to.code],
            `${why}; the migration of "${m.from.code}" copies only what ${seen.login} sees, and its swap would destroy the values ${seen.login} does not see, with no backup`,
            seen.login,
          ),
        ];
  });
}

/**
 * The fields, and the options of choice fields, removed while the caller may not see every value:
 * the plan's count (and, for a field, apply's backup) leaves out the values it does not see, which
 * the deploy destroys. Blocked, whatever the count said (a field that looks empty, or an option no
 * record seems to hold, may hold values in the records the caller does not see).
 */
function removalsHidden(seen: CallerVisibility, probes: readonly RiskProbe[]): Risk[] {
  return probes.flatMap((probe) => {
    if (probe.kind !== 'data-loss') return [];
    const why = seen.hidden([probe.field, ...(probe.table === undefined ? [] : [probe.table])], null);
    const what =
      probe.option === undefined
        ? `removing "${probe.field}" destroys its values in the records ${seen.login} does not see too, which neither the plan's count nor apply's backup includes`
        : `removing option "${probe.option}" of "${probe.field}" destroys it in the records ${seen.login} does not see too, which the plan's count does not include (so apply would not ask for --allow-data-loss when it finds none)`;
    return why === null
      ? []
      : [
          blocked(
            probe.table === undefined ? [probe.field] : [probe.table, probe.field],
            `${why}; ${what}`,
            seen.login,
          ),
        ];
  });
}

function namesUnit(rule: Json): boolean {
  const entities = (rule as { entities?: { entity?: { type?: string; code?: string } }[] }).entities ?? [];
  return entities.some(
    ({ entity }) =>
      entity?.type === 'ORGANIZATION' || (entity?.type === 'GROUP' && entity.code !== 'everyone'),
  );
}

/** An area's live rules, where the plan did not read them (a plan of some areas only; seed; export). */
async function readLive(client: Client, app: string, key: AreaKey): Promise<Json> {
  const area = AREAS.find((a) => a.key === key)!;
  const copy = await area.read({
    client,
    app,
    copy: 'live',
    downloadHash: () => Promise.reject(new Error(`${key} names no file`)),
  });
  return copy.value;
}

function blocked(path: string[], reason: string, login: string): Risk {
  return {
    kind: 'blocked',
    area: 'fields',
    path,
    reason,
    instead: `give ${login} view and edit in every record permission rule (an entity naming ${login} first) and read on the field, in an apply before this one; or apply with an API token of the app, which record and field permissions do not hold`,
  };
}
