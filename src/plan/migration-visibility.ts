/**
 * Migrations blocked because the user apply signs in as may not see every record or value they
 * copy (records-visible.ts says why that loses values). The record permissions checked are the
 * live ones (the plan's count was read under them) and the desired ones (the expand deploy puts
 * them live before the copy); the field permissions, those of the old field and its table (read),
 * and of a table the field moves into (written). The caller's groups and organizations are read
 * from the User API where they decide something; where they cannot be read the rule's entity
 * stays undecided, and the migration blocked, saying so.
 */
import { AREAS } from '../areas/index.js';
import type { AreaKey } from '../areas/types.js';
import type { Client, SignedInAs } from '../client/index.js';
import type { AppState } from './read.js';
import {
  fieldRuleHides,
  recordRulesHide,
  type FieldRule,
  type Memberships,
  type RecordRule,
} from './records-visible.js';
import type { AreaPlan, FieldMigration, Json, Risk } from './types.js';

export async function migrationsHidden(
  client: Client,
  app: string,
  migrations: readonly FieldMigration[],
  state: AppState,
  areas: readonly AreaPlan[],
  members: (login: string) => Promise<Memberships>,
): Promise<Risk[]> {
  const caller = client.signedInAs;
  if (migrations.length === 0 || 'apiToken' in caller) return [];
  const read = async (key: AreaKey): Promise<Json[][]> => {
    const live = state.areas.get(key)?.live ?? (await readLive(client, app, key));
    const desired = areas.find((a) => a.key === key)?.after;
    return [live, desired ?? null].filter((v): v is Json[] => Array.isArray(v));
  };
  const [recordRules, fieldRules] = await Promise.all([read('recordAcl'), read('fieldAcl')]);
  // Read only where some rule names a group or an organization (most apps have no rules at all).
  const named = [...recordRules, ...fieldRules].flat().some(namesUnit);
  const memberships = named ? await members(caller.login) : { groups: null, organizations: null };
  const recordWhy = recordRules
    .map((rules) => recordRulesHide(rules as unknown as RecordRule[], caller, memberships))
    .find((why) => why !== null);
  return migrations.flatMap((m) => {
    const why =
      recordWhy ??
      fieldRules
        .flatMap((rules) => fieldWhys(rules as unknown as FieldRule[], m, caller, memberships))
        .find((w) => w !== null);
    return why ? [blocked(m, why, caller.login)] : [];
  });
}

function namesUnit(rule: Json): boolean {
  const entities = (rule as { entities?: { entity?: { type?: string; code?: string } }[] }).entities ?? [];
  return entities.some(
    ({ entity }) =>
      entity?.type === 'ORGANIZATION' || (entity?.type === 'GROUP' && entity.code !== 'everyone'),
  );
}

/** The live rules of an area the plan did not read (a plan of some areas only). */
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

function fieldWhys(
  rules: readonly FieldRule[],
  m: FieldMigration,
  caller: SignedInAs,
  members: Memberships,
): (string | null)[] {
  const reads = [m.from.code, m.from.table].filter((c): c is string => c !== null);
  return [
    ...reads.map((code) => fieldRuleHides(rules, code, 'READ', caller, members)),
    m.to.table === null ? null : fieldRuleHides(rules, m.to.table, 'WRITE', caller, members),
  ];
}

function blocked(m: FieldMigration, why: string, login: string): Risk {
  return {
    kind: 'blocked',
    area: 'fields',
    path: m.to.table === null ? [m.to.code] : [m.to.table, m.to.code],
    reason: `${why}; the migration of "${m.from.code}" copies only what ${login} sees, and its swap would destroy the values ${login} does not see, with no backup`,
    instead: `give ${login} view and edit in every record permission rule (an entity naming ${login} first) and read on the field, in an apply before this one; or apply with an API token of the app, which record and field permissions do not hold`,
  };
}
