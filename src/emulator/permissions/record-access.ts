import { hasAppPermission } from '../access.js';
import { bypassesRules } from '../directory/users.js';
import { inUnits } from '../directory/units.js';
import type { Principal } from '../auth.js';
import type { AppDoc, Json, JsonObject } from '../model/app.js';
import { idOf, text, type StoredRecord } from '../records/model.js';
import { everyoneLast } from '../../platform/index.js';

export interface RecordRights {
  readonly viewable: boolean;
  readonly editable: boolean;
  readonly deletable: boolean;
}

export type FieldAccess = 'READ' | 'WRITE' | 'NONE';

/** Finds the ids of `records` that a record ACL rule's filterCond selects (the query engine's job). */
export type FilterMatcher = (filterCond: string, records: readonly StoredRecord[]) => ReadonlySet<string>;

const NONE: RecordRights = { viewable: false, editable: false, deletable: false };
const NOTHING_HIDDEN: ReadonlySet<string> = new Set();

/**
 * What one caller may do with the records of one app: the live app ACL, then the live record ACL
 * (the first rule whose filterCond selects the record applies; within it the first entity that
 * names the caller, everyone's last, and none names them means no rights), then the live field ACL. Administrators
 * and API tokens are held to the app level only, as on the hosted platform. Group and
 * organization entities name their members: the units the principal was authenticated with
 * (auth.ts), so the app ACL and the record and field ACLs read one membership.
 */
export class RecordAccess {
  private readonly rules: JsonObject[];
  private readonly weighedEntities = new Map<JsonObject, JsonObject[]>();
  private readonly fieldRules: Map<string, JsonObject[]>;
  private readonly bypass: boolean;
  private readonly app: { view: boolean; edit: boolean; delete: boolean };

  constructor(
    private readonly principal: Principal,
    appDoc: AppDoc,
    private readonly matcher: FilterMatcher,
  ) {
    const live = appDoc.live ?? appDoc.draft;
    this.bypass = bypassesRules(principal);
    this.rules = this.bypass ? [] : live.recordAcl;
    this.fieldRules = new Map();
    if (!this.bypass)
      for (const rule of live.fieldAcl) {
        const entities = Array.isArray(rule.entities) ? (rule.entities as JsonObject[]) : [];
        if (typeof rule.field === 'string') this.fieldRules.set(rule.field, entities);
      }
    this.app = {
      view: hasAppPermission(principal, appDoc, 'view'),
      edit: hasAppPermission(principal, appDoc, 'edit'),
      delete: hasAppPermission(principal, appDoc, 'delete'),
    };
  }

  canApp(permission: 'view' | 'add' | 'edit' | 'delete', appDoc: AppDoc): boolean {
    return hasAppPermission(this.principal, appDoc, permission);
  }

  /** Whether record rules can hide anything from this caller (lists skip the per-record pass otherwise). */
  get restricted(): boolean {
    return this.rules.length > 0;
  }

  /** The rights on each record, evaluating each rule's filterCond once over the whole list. */
  rightsFor(records: readonly StoredRecord[]): Map<string, RecordRights> {
    const result = new Map<string, RecordRights>();
    const base: RecordRights = {
      viewable: this.app.view,
      editable: this.app.edit,
      deletable: this.app.delete,
    };
    if (this.rules.length === 0) {
      for (const r of records) result.set(idOf(r), base);
      return result;
    }
    const selected = this.rules.map((rule) =>
      this.matcher(typeof rule.filterCond === 'string' ? rule.filterCond : '', records),
    );
    for (const record of records) {
      const id = idOf(record);
      const index = selected.findIndex((ids) => ids.has(id));
      const rule = index === -1 ? undefined : this.rules[index];
      result.set(id, rule ? this.ruleRights(rule, record, base) : base);
    }
    return result;
  }

  rights(record: StoredRecord): RecordRights {
    // Without record rules the app ACL decides alone: no per-record map (a bulk update asks 2,000 times).
    if (this.rules.length === 0)
      return { viewable: this.app.view, editable: this.app.edit, deletable: this.app.delete };
    return this.rightsFor([record]).get(idOf(record)) ?? NONE;
  }

  /** The caller's access to one top-level field (WRITE when no rule names the field). */
  fieldAccess(code: string, record?: StoredRecord): FieldAccess {
    const entities = this.fieldRules.get(code);
    if (!entities) return 'WRITE';
    const hit = entities.find((e) => this.names(e.entity, record));
    const value = hit?.accessibility;
    return value === 'READ' || value === 'WRITE' ? value : 'NONE';
  }

  /** Field codes the caller may not see (for trimming responses); empty without field rules. */
  hiddenFields(record?: StoredRecord): ReadonlySet<string> {
    // Asked once per record a read answers: without field rules, nothing is made for it.
    if (this.fieldRules.size === 0) return NOTHING_HIDDEN;
    const hidden = new Set<string>();
    for (const code of this.fieldRules.keys())
      if (this.fieldAccess(code, record) === 'NONE') hidden.add(code);
    return hidden;
  }

  private ruleRights(rule: JsonObject, record: StoredRecord, base: RecordRights): RecordRights {
    const hit = this.weighed(rule).find((e) => this.names(e.entity, record));
    if (!hit) return NONE;
    // The record rule can only narrow what the app ACL grants.
    return {
      viewable: base.viewable && hit.viewable === true,
      editable: base.editable && hit.editable === true,
      deletable: base.deletable && hit.deletable === true,
    };
  }

  /** A rule's entities in the order they are weighed: everyone's last (platform/acl-rights.ts). */
  private weighed(rule: JsonObject): JsonObject[] {
    let found = this.weighedEntities.get(rule);
    if (!found) {
      const entities = Array.isArray(rule.entities) ? (rule.entities as JsonObject[]) : [];
      found = everyoneLast(entities, (e) => e.entity);
      this.weighedEntities.set(rule, found);
    }
    return found;
  }

  /** Whether an entity names the caller, for this record where the entity depends on it. */
  names(entity: Json | undefined, record: StoredRecord | undefined): boolean {
    if (this.principal.kind !== 'user' || !entity || typeof entity !== 'object' || Array.isArray(entity))
      return false;
    const { login, units } = this.principal;
    const type = text(entity.type);
    switch (type) {
      case 'USER':
        return entity.code === login;
      case 'GROUP':
      case 'ORGANIZATION':
        return typeof entity.code === 'string' && inUnits(units, type, entity.code);
      case 'CREATOR':
        return record !== undefined && holdsUser(creatorOf(record), login);
      case 'FIELD_ENTITY':
        return (
          record !== undefined &&
          typeof entity.code === 'string' &&
          holdsUser(record[entity.code]?.value, login)
        );
      default:
        return false;
    }
  }
}

function creatorOf(record: StoredRecord): Json | undefined {
  return Object.values(record).find((f) => f.type === 'CREATOR')?.value;
}

/** A user value (`{code}`) or a list of them that includes `login`. */
function holdsUser(value: Json | undefined, login: string): boolean {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.some((v) => typeof v === 'object' && v !== null && !Array.isArray(v) && v.code === login);
}
