/**
 * App permissions (`app/acl.json`): rules evaluated top to bottom, so an ordered list. Rights a
 * rule leaves out are false (the manifest schema says so; the service answers every one). Written
 * to the draft (`preview/app/acl.json`): a PUT on the live path would publish every pending draft
 * setting of the app at once.
 */
import { entityTarget, flag, type EntityTargetCanonical } from './canonical.js';
import { asRecord, entityToManifest } from './area-kit.js';
import { ruleListArea } from './rule-list.js';
import { APP_RIGHT_FLAGS } from '../platform/index.js';
import type { AppRightSetting } from '../project/manifest.js';
import type { Area } from './types.js';

const RIGHTS = APP_RIGHT_FLAGS;

/** One rule: its entity and every right, true or false (the client's AppRight). */
type AppRuleCanonical = EntityTargetCanonical & { [R in (typeof RIGHTS)[number]]: boolean };

function rule(value: unknown): AppRuleCanonical {
  const r = asRecord(value);
  const right = (name: (typeof RIGHTS)[number]): boolean => flag(r[name]);
  return {
    ...entityTarget(r),
    appEditable: right('appEditable'),
    recordViewable: right('recordViewable'),
    recordAddable: right('recordAddable'),
    recordEditable: right('recordEditable'),
    recordDeletable: right('recordDeletable'),
    recordImportable: right('recordImportable'),
    recordExportable: right('recordExportable'),
  };
}

function ruleToManifest(r: AppRuleCanonical): AppRightSetting {
  const out: AppRightSetting = { entity: entityToManifest(r.entity) };
  if (r.includeSubs) out.includeSubs = true;
  for (const right of RIGHTS) if (r[right]) out[right] = true;
  return out;
}

/** The area's canonical form: the rules in order. */
export type AppAclCanonical = AppRuleCanonical[];

export const appAclArea: Area<AppAclCanonical, 'appAcl'> = ruleListArea({
  key: 'appAcl',
  inManifest: (m) => m.appAcl,
  rule,
  toManifest: (rules) => ({ appAcl: rules.map(ruleToManifest) }),
  read: (ctx) => ctx.client.settings.getAppAcl({ app: ctx.app, copy: ctx.copy }),
  write: (wctx, rights, revision) =>
    wctx.client.settings.updateAppAcl({ app: wctx.app, rights, revision, copy: 'draft' }),
});
