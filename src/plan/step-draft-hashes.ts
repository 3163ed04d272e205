/**
 * Pure: the pending-draft hashes of a plan that deploys in steps (steps.ts), as the recovery
 * record of an apply of the same plan names what it wrote (apply/recovery.ts).
 *
 * An apply of several deploy steps writes an area towards the value of the step it is in: in the
 * first, the fields without the held references (and an area naming a held field as it was). The
 * recovery record keeps a hash of that value, and the next apply (and `status`) compares it with
 * the planner's hash of the draft. diff-app.ts hashes the manifest's whole value when the draft
 * holds it and the draft's own canonical value otherwise, which an area reads back with more than
 * was written (system fields, defaults), so a draft killed in the first step never matched: the
 * apply's own draft read as someone else's. Here an area whose draft holds a step's value, as
 * the area compares, is hashed as that value, which is what the record named.
 */
import { contentHash } from '../areas/diff.js';
import type { Area, AreaKey } from '../areas/types.js';
import type { AppState } from './read.js';
import type { AppPlan } from './types.js';

export function withStepDraftHashes(
  apps: readonly AppPlan[],
  drafts: ReadonlyMap<string, AppState>,
  steps: readonly (readonly AppPlan[])[],
  table: ReadonlyMap<AreaKey, Area>,
): void {
  for (const app of apps) {
    const state = drafts.get(app.key);
    const risk = app.risks.find((r) => r.kind === 'pending-draft');
    if (state === undefined || risk?.kind !== 'pending-draft' || risk.draftHashes === undefined) continue;
    const hashes = risk.draftHashes;
    for (const step of steps)
      for (const area of step.find((a) => a.key === app.key)?.areas ?? []) {
        const draft = state.areas.get(area.key)?.draft;
        const described = table.get(area.key);
        if (area.action === 'no-op' || area.after === null || draft === undefined || !described) continue;
        if (described.diff(area.after, draft).length === 0) hashes[area.key] = contentHash(area.after);
      }
  }
}
