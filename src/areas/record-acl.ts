/**
 * Record permissions (`record/acl.json`): rules evaluated top to bottom (an ordered list), each a
 * filter and the rights of each entity on the records it matches. Rights left out are false, an
 * empty filter matches every record. Written to the draft, as every area is.
 */
import { entity, flag, text, type EntityTargetCanonical } from './canonical.js';
import { asList, asRecord, entityToManifest, oneWrite, togetherPhase } from './area-kit.js';
import { diffList, unchangedInList } from './diff.js';
import { RECORD_RIGHT_FLAGS } from '../platform/index.js';
import type { AppManifest, RecordRightSetting } from '../project/manifest.js';
import type { Area } from './types.js';

const RIGHTS = RECORD_RIGHT_FLAGS;

/** One entity's rights on the records a rule matches, each true or false (the client's RecordRightEntity). */
type GrantCanonical = EntityTargetCanonical & { [R in (typeof RIGHTS)[number]]: boolean };
type RecordRuleCanonical = { filterCond: string; entities: GrantCanonical[] };
type GrantManifest = RecordRightSetting['entities'][number];

function grant(value: unknown): GrantCanonical {
  const g = asRecord(value);
  return {
    entity: entity(g.entity),
    includeSubs: flag(g.includeSubs),
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

export const recordAclArea: Area<RecordAclCanonical, 'recordAcl'> = {
  key: 'recordAcl',
  phases: togetherPhase('recordAcl'),
  itemNoun: 'rule',
  fromManifest: (m: AppManifest) => m.recordAcl?.map(rule),
  toManifest: (c) => ({ recordAcl: c.map(ruleToManifest) }),
  async read(ctx) {
    const { rights, revision } = await ctx.client.settings.getRecordAcl({ app: ctx.app, copy: ctx.copy });
    return { value: asList(rights).map(rule), revision };
  },
  diff: (desired, current) => diffList(desired, current),
  unchangedCount: (desired, current) => unchangedInList(desired, current),
  writes: (desired, current) =>
    oneWrite('recordAcl', diffList(desired, current), async (wctx, revision) => {
      const result = await wctx.client.settings.updateRecordAcl({
        app: wctx.app,
        rights: desired,
        revision,
        copy: 'draft',
      });
      return result.revision;
    }),
};
