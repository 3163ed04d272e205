/**
 * Field permissions (`field/acl.json`): one rule per field, each the accessibility (READ, WRITE,
 * NONE) of each entity, evaluated top to bottom within the rule. Kept as an ordered list of
 * rules, as the service answers them. Written to the draft, as every area is.
 */
import { entityTarget, oneOf, text, type EntityTargetCanonical } from './canonical.js';
import { asList, asRecord, entityToManifest } from './area-kit.js';
import { ruleListArea } from './rule-list.js';
import type { FieldRightSetting } from '../project/manifest.js';
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
    ...entityTarget(g),
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

export const fieldAclArea: Area<FieldAclCanonical, 'fieldAcl'> = ruleListArea({
  key: 'fieldAcl',
  inManifest: (m) => m.fieldAcl,
  rule,
  toManifest: (rules) => ({ fieldAcl: rules.map(ruleToManifest) }),
  read: (ctx) => ctx.client.settings.getFieldAcl({ app: ctx.app, copy: ctx.copy }),
  write: (wctx, rights, revision) =>
    wctx.client.settings.updateFieldAcl({ app: wctx.app, rights, revision, copy: 'draft' }),
});
