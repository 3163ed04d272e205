/**
 * App permissions (`app/acl.json`): rules evaluated top to bottom, so an ordered list. Rights a
 * rule leaves out are false (the manifest schema says so; the service answers every one). Written
 * to the draft (`preview/app/acl.json`): a PUT on the live path would publish every pending draft
 * setting of the app at once.
 */
import { entity, flag } from './canonical.js';
import { asList, asRecord, entityToManifest, oneWrite, togetherPhase } from './area-kit.js';
import { diffList, unchangedInList } from './diff.js';
import { APP_RIGHT_FLAGS } from '../platform/index.js';
import type { AppRight } from '../client/types/acl.js';
import type { AppManifest, AppRightSetting } from '../project/manifest.js';
import type { Area, JsonObject } from './types.js';

const RIGHTS = APP_RIGHT_FLAGS;

function rule(value: unknown): JsonObject {
  const r = asRecord(value);
  const out: JsonObject = { entity: entity(r.entity), includeSubs: flag(r.includeSubs) };
  for (const right of RIGHTS) out[right] = flag(r[right]);
  return out;
}

function ruleToManifest(r: JsonObject): AppRightSetting {
  const out: JsonObject = { entity: entityToManifest(r.entity) };
  if (r.includeSubs === true) out.includeSubs = true;
  for (const right of RIGHTS) if (r[right] === true) out[right] = true;
  return out as unknown as AppRightSetting;
}

export const appAclArea: Area<JsonObject[], 'appAcl'> = {
  key: 'appAcl',
  phases: togetherPhase('appAcl'),
  itemNoun: 'rule',
  fromManifest: (m: AppManifest) => m.appAcl?.map(rule),
  toManifest: (c) => ({ appAcl: c.map(ruleToManifest) }),
  async read(ctx) {
    const { rights, revision } = await ctx.client.settings.getAppAcl({ app: ctx.app, copy: ctx.copy });
    return { value: asList(rights).map(rule), revision };
  },
  diff: (desired, current) => diffList(desired, current),
  unchangedCount: (desired, current) => unchangedInList(desired, current),
  writes: (desired, current) =>
    oneWrite('appAcl', diffList(desired, current), async (wctx, revision) => {
      const result = await wctx.client.settings.updateAppAcl({
        app: wctx.app,
        rights: desired as unknown as AppRight[],
        revision,
        copy: 'draft',
      });
      return result.revision;
    }),
};
