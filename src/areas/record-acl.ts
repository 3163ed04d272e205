/**
 * Record permissions (`record/acl.json`): rules evaluated top to bottom (an ordered list), each a
 * filter and the rights of each entity on the records it matches. Rights left out are false, an
 * empty filter matches every record. Written to the draft, as every area is.
 */
import { entity, flag, text } from './canonical.js';
import { asList, asRecord, entityToManifest, oneWrite, togetherPhase } from './area-kit.js';
import { diffList, unchangedInList } from './diff.js';
import type { RecordRight } from '../client/types/acl.js';
import type { AppManifest, RecordRightSetting } from '../project/manifest.js';
import type { Area, JsonObject } from './types.js';

const RIGHTS = ['viewable', 'editable', 'deletable'] as const;

function grant(value: unknown): JsonObject {
  const g = asRecord(value);
  const out: JsonObject = { entity: entity(g.entity), includeSubs: flag(g.includeSubs) };
  for (const right of RIGHTS) out[right] = flag(g[right]);
  return out;
}

function rule(value: unknown): JsonObject {
  const r = asRecord(value);
  return { filterCond: text(r.filterCond), entities: asList(r.entities).map(grant) };
}

function ruleToManifest(r: JsonObject): RecordRightSetting {
  const entities = asList(r.entities).map((value) => {
    const g = asRecord(value);
    const out: JsonObject = { entity: entityToManifest(g.entity) };
    if (g.includeSubs === true) out.includeSubs = true;
    for (const right of RIGHTS) if (g[right] === true) out[right] = true;
    return out;
  });
  const out: JsonObject = r.filterCond === '' ? { entities } : { filterCond: r.filterCond ?? '', entities };
  return out as unknown as RecordRightSetting;
}

export const recordAclArea: Area<JsonObject[], 'recordAcl'> = {
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
        rights: desired as unknown as RecordRight[],
        revision,
        copy: 'draft',
      });
      return result.revision;
    }),
};
