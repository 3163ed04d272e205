/**
 * What the three permission areas (app, record and field ACLs) share: an ordered list of rules,
 * evaluated top to bottom, so compared by position; read whole, and written whole to the draft
 * (`preview/.../acl.json`: a PUT on the live path would publish every pending draft setting of
 * the app at once). Each area says how one rule reads and is written back, and which calls of
 * the client read and write it; the rest is here once.
 */
import { asList, oneWrite, togetherPhase } from './area-kit.js';
import { diffList, unchangedInList } from './diff.js';
import type { AppManifest } from '../project/manifest.js';
import type { Area, AreaKey, JsonObject, ReadContext, WriteContext } from './types.js';

export interface RuleListSpec<K extends AreaKey, R extends JsonObject> {
  key: K;
  /** The manifest's rules, unchecked (undefined: the manifest leaves the area out). */
  inManifest(manifest: AppManifest): readonly unknown[] | undefined;
  /** One rule in canonical form, from the manifest or the service alike. */
  rule(value: unknown): R;
  /** The manifest's part that says these rules. */
  toManifest(rules: R[]): Partial<AppManifest>;
  read(ctx: ReadContext): Promise<{ rights: readonly unknown[]; revision: string }>;
  write(ctx: WriteContext, rights: R[], revision: string): Promise<{ revision: string }>;
}

export function ruleListArea<K extends AreaKey, R extends JsonObject>(
  spec: RuleListSpec<K, R>,
): Area<R[], K> {
  return {
    key: spec.key,
    phases: togetherPhase(spec.key),
    itemNoun: 'rule',
    fromManifest: (m) => spec.inManifest(m)?.map((rule) => spec.rule(rule)),
    toManifest: (rules) => spec.toManifest(rules),
    async read(ctx) {
      const { rights, revision } = await spec.read(ctx);
      return { value: asList(rights).map((rule) => spec.rule(rule)), revision };
    },
    diff: (desired, current) => diffList(desired, current),
    unchangedCount: (desired, current) => unchangedInList(desired, current),
    writes: (desired, current) =>
      oneWrite(spec.key, diffList(desired, current), async (wctx, revision) => {
        const result = await spec.write(wctx, desired, revision);
        return result.revision;
      }),
  };
}
