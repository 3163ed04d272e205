/**
 * Field permissions (`field/acl.json`): one rule per field, each the accessibility (READ, WRITE,
 * NONE) of each entity, evaluated top to bottom within the rule. Kept as an ordered list of
 * rules, as the service answers them. Written to the draft, as every area is.
 */
import { entity, flag, oneOf, text, type EntityTargetCanonical } from './canonical.js';
import { asList, asRecord, entityToManifest, oneWrite, togetherPhase } from './area-kit.js';
import { diffList, unchangedInList } from './diff.js';
import type { AppManifest, FieldRightSetting } from '../project/manifest.js';
import type { Area } from './types.js';

/** The official client's FieldRightAccessibility (app/right.d.ts); the schema's enum is the same. */
const ACCESSIBILITIES = ['READ', 'WRITE', 'NONE'] as const;

type GrantCanonical = EntityTargetCanonical & { accessibility: (typeof ACCESSIBILITIES)[number] };
type FieldRuleCanonical = { field: string; entities: GrantCanonical[] };
type GrantManifest = FieldRightSetting['entities'][number];

/** A grant; an accessibility outside the platform's three (which validate refuses) reads as NONE. */
function grant(value: unknown): GrantCanonical {
  const g = asRecord(value);
  return {
    entity: entity(g.entity),
    includeSubs: flag(g.includeSubs),
    accessibility: oneOf(g.accessibility, ACCESSIBILITIES, 'NONE'),
  };
}

function rule(value: unknown): FieldRuleCanonical {
  const r = asRecord(value);
  return { field: text(r.field), entities: asList(r.entities).map(grant) };
}

function grantToManifest(g: GrantCanonical): GrantManifest {
  const out: GrantManifest = { entity: entityToManifest(g.entity), accessibility: g.accessibility };
  if (g.includeSubs) out.includeSubs = true;
  return out;
}

function ruleToManifest(r: FieldRuleCanonical): FieldRightSetting {
  return { field: r.field, entities: r.entities.map(grantToManifest) };
}

/** The area's canonical form: the rules in order. */
export type FieldAclCanonical = FieldRuleCanonical[];

export const fieldAclArea: Area<FieldAclCanonical, 'fieldAcl'> = {
  key: 'fieldAcl',
  phases: togetherPhase('fieldAcl'),
  itemNoun: 'rule',
  fromManifest: (m: AppManifest) => m.fieldAcl?.map(rule),
  toManifest: (c) => ({ fieldAcl: c.map(ruleToManifest) }),
  async read(ctx) {
    const { rights, revision } = await ctx.client.settings.getFieldAcl({ app: ctx.app, copy: ctx.copy });
    return { value: asList(rights).map(rule), revision };
  },
  diff: (desired, current) => diffList(desired, current),
  unchangedCount: (desired, current) => unchangedInList(desired, current),
  writes: (desired, current) =>
    oneWrite('fieldAcl', diffList(desired, current), async (wctx, revision) => {
      const result = await wctx.client.settings.updateFieldAcl({
        app: wctx.app,
        rights: desired,
        revision,
        copy: 'draft',
      });
      return result.revision;
    }),
};
