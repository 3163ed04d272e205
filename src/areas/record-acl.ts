/**
 * Record permissions (`record/acl.json`): rules evaluated top to bottom (an ordered list), each a
 * filter and the rights of each entity on the records it matches. Rights left out are false, an
 * empty filter matches every record. Written to the draft, as every area is.
 */
import { entityTarget, flag, text, type EntityTargetCanonical } from './canonical.js';
import { asList, asRecord, entityToManifest } from './area-kit.js';
import { ruleListArea } from './rule-list.js';
import { RECORD_RIGHT_FLAGS } from '../platform/index.js';
import type { RecordRightSetting } from '../project/manifest.js';
import type { Area } from './types.js';

const RIGHTS = RECORD_RIGHT_FLAGS;

/** One entity's rights on the records a rule matches, each true or false (the client's RecordRightEntity). */
type GrantCanonical = EntityTargetCanonical & { [R in (typeof RIGHTS)[number]]: boolean };
type RecordRuleCanonical = { filterCond: string; entities: GrantCanonical[] };
type GrantManifest = RecordRightSetting['entities'][number];

function grant(value: unknown): GrantCanonical {
  const g = asRecord(value);
  return {
    ...entityTarget(g),
    viewable: flag(g.viewable),
    editable: flag(g.editable),
    deletable: flag(g.deletable),
  };
}

function rule(value: unknown): RecordRuleCanonical {
  const r = asRecord(value);
  return { filterCond: text(r.filterCond), entities: asList(r.entities).map(grant) };
}

function grantToManifest(g: GrantCanonical): GrantManifest {
  const out: GrantManifest = { entity: entityToManifest(g.entity) };
  if (g.includeSubs) out.includeSubs = true;
  for (const right of RIGHTS) if (g[right]) out[right] = true;
  return out;
}

function ruleToManifest(r: RecordRuleCanonical): RecordRightSetting {
  const entities = r.entities.map(grantToManifest);
  return r.filterCond === '' ? { entities } : { filterCond: r.filterCond, entities };
}

/** The area's canonical form: the rules in order. */
export type RecordAclCanonical = RecordRuleCanonical[];

export const recordAclArea: Area<RecordAclCanonical, 'recordAcl'> = ruleListArea({
  key: 'recordAcl',
  inManifest: (m) => m.recordAcl,
  rule,
  toManifest: (rules) => ({ recordAcl: rules.map(ruleToManifest) }),
  read: (ctx) => ctx.client.settings.getRecordAcl({ app: ctx.app, copy: ctx.copy }),
  write: (wctx, rights, revision) =>
    wctx.client.settings.updateRecordAcl({ app: wctx.app, rights, revision, copy: 'draft' }),
});
