/**
 * Whether the user apply signs in as sees every record and every value a migration copies. The
 * copy reads what the service shows its caller: a record a record permission hides, or a value a
 * field permission hides, is not read, so not copied, and the swap's deletion of the old field
 * destroys it, with no backup (the backup reads the same way). Verified on the local service: a
 * user granted nothing by a rule's entities reads none of the records it selects, and a migration
 * run as that user lost their values; the plan counted only the records it could read.
 *
 * The rules as the platform evaluates them (kintone help "Configuring permissions for records"
 * and "for fields": rules top to bottom, the first whose condition selects the record applies;
 * within a rule the first entity that names the user decides, the everyone group last wherever it
 * is listed (kintone.dev "Update Record Permissions"); a user no entity names gets no right). Administrators are not exempt: the help's example of a user row above an Everyone row
 * with no rights grants "only" that user, and Administrators belong to Everyone (kintone FAQ
 * 010217). The local service exempts them (emulator/permissions/record-access.ts); the evidence
 * does not settle it, so the plan holds administrators to the rules everywhere but on the local
 * service (caller-visibility.ts, `administratorsExempt`). An API token is not held to
 * record and field permissions (its operations are recorded as Administrator's, REST common
 * spec), so nothing is checked for one.
 *
 * Pure: the rules and the caller's memberships in, the first rule that may hide something out.
 */
import type { SignedInAs } from '../client/index.js';
import { everyoneLast } from '../platform/index.js';

/** The groups and organizations the caller belongs to (directly), or null where not read. */
export interface Memberships {
  groups: ReadonlySet<string> | null;
  organizations: ReadonlySet<string> | null;
}

interface Entity {
  entity: { type: string; code: string | null };
  includeSubs?: boolean;
}
type RecordGrant = Entity & { viewable: boolean; editable: boolean };
type FieldGrant = Entity & { accessibility: string };
export interface RecordRule {
  filterCond: string;
  entities: readonly RecordGrant[];
}
export interface FieldRule {
  field: string;
  entities: readonly FieldGrant[];
}

/** Whether an entity names the caller: yes, no, or cannot be told (and why). */
type Names = { names: true } | { names: false } | { unknown: string };

function names(e: Entity, login: string, members: Memberships): Names {
  const { type, code } = e.entity;
  if (type === 'USER') return { names: code === login };
  if (type === 'GROUP' && code === 'everyone') return { names: true };
  if (type === 'GROUP')
    return members.groups === null
      ? { unknown: `whether ${login} is in group ${code} could not be read` }
      : { names: members.groups.has(code ?? '') };
  if (type === 'ORGANIZATION') {
    if (members.organizations === null)
      return { unknown: `whether ${login} is in organization ${code} could not be read` };
    if (members.organizations.has(code ?? '')) return { names: true };
    // The organizations below it are not read: the caller may be in one of them.
    return e.includeSubs
      ? { unknown: `whether ${login} is in an organization below ${code} is not read` }
      : { names: false };
  }
  // FIELD_ENTITY (and CREATOR): who it names depends on each record's values.
  return {
    unknown: `the ${type === 'FIELD_ENTITY' ? `users field ${code}` : type} names ${login} in some records and not others`,
  };
}

/**
 * The first entity of `entities` that names the caller decides; `grants` says whether what it
 * grants is enough. A FIELD_ENTITY that grants enough decides nothing (where it names the caller,
 * they see the record; elsewhere the next entity decides), one that does not may hide records.
 */
function firstDecides<E extends Entity>(
  entities: readonly E[],
  login: string,
  members: Memberships,
  grants: (e: E) => boolean,
): string | null {
  for (const e of entities) {
    const named = names(e, login, members);
    if ('unknown' in named) {
      if (grants(e)) continue;
      return named.unknown;
    }
    if (named.names)
      return grants(e) ? null : `its first entity naming ${login} (${label(e)}) does not grant it`;
  }
  return `no entity names ${login}, who so gets no right`;
}

function label(e: Entity): string {
  return e.entity.code === null ? e.entity.type : `${e.entity.type} ${e.entity.code}`;
}

/**
 * Why the caller may not see and edit every record the record permissions select, naming the
 * first rule that may hide some; null when every rule grants it view and edit.
 */
export function recordRulesHide(
  rules: readonly RecordRule[],
  caller: SignedInAs,
  members: Memberships,
): string | null {
  if ('apiToken' in caller) return null;
  for (const [i, rule] of rules.entries()) {
    // Everyone's entity is weighed last, wherever it is listed (platform/acl-rights.ts).
    const entities = everyoneLast(rule.entities, (e) => e.entity);
    const why = firstDecides(entities, caller.login, members, (e) => e.viewable && e.editable);
    if (why !== null)
      return `record permission rule ${i + 1} (${rule.filterCond === '' ? 'every record' : `records where ${rule.filterCond}`}) may hide records from ${caller.login}: ${why}`;
  }
  return null;
}

/**
 * Why the caller may not read (`READ`) or write (`WRITE`) the field `code`: the field permission
 * rule for it, if any, must grant the caller that access; null when it does or there is no rule.
 */
export function fieldRuleHides(
  rules: readonly FieldRule[],
  code: string,
  need: 'READ' | 'WRITE',
  caller: SignedInAs,
  members: Memberships,
): string | null {
  if ('apiToken' in caller) return null;
  const rule = rules.find((r) => r.field === code);
  if (!rule) return null;
  const enough = (e: FieldGrant) =>
    e.accessibility === 'WRITE' || (need === 'READ' && e.accessibility === 'READ');
  const why = firstDecides(rule.entities, caller.login, members, enough);
  return why === null
    ? null
    : `the field permission of "${code}" may deny ${caller.login} ${need === 'READ' ? 'reading' : 'writing'} it: ${why}`;
}
