/**
 * Field permissions (`field/acl.json`): one rule per field, each the accessibility (READ, WRITE,
 * NONE) of each entity, evaluated top to bottom within the rule. Kept as an ordered list of
 * rules, as the service answers them. Written to the draft, as every area is.
 */
import { entity, flag, text } from './canonical.js';
import { asList, asRecord, entityToManifest, oneWrite, togetherPhase } from './area-kit.js';
import { diffList, unchangedInList } from './diff.js';
import type { FieldRight } from '../client/types/acl.js';
import type { AppManifest, FieldRightSetting } from '../project/manifest.js';
import type { Area, JsonObject } from './types.js';

function grant(value: unknown): JsonObject {
  const g = asRecord(value);
  return { entity: entity(g.entity), includeSubs: flag(g.includeSubs), accessibility: text(g.accessibility) };
}

function rule(value: unknown): JsonObject {
  const r = asRecord(value);
  return { field: text(r.field), entities: asList(r.entities).map(grant) };
}

function ruleToManifest(r: JsonObject): FieldRightSetting {
  const entities = asList(r.entities).map((value) => {
    const g = asRecord(value);
    const out: JsonObject = { entity: entityToManifest(g.entity), accessibility: g.accessibility ?? '' };
    if (g.includeSubs === true) out.includeSubs = true;
    return out;
  });
  return { field: r.field, entities } as unknown as FieldRightSetting;
}

export const fieldAclArea: Area<JsonObject[], 'fieldAcl'> = {
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
        rights: desired as unknown as FieldRight[],
        revision,
        copy: 'draft',
      });
      return result.revision;
    }),
};
