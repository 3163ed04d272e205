import { describe, expect, it } from 'vitest';
import { manifest, useApplyHarness } from '../apply/harness.js';

/**
 * Two applies of the same app at the same moment, each from a plan made before either ran: the
 * service's revision check lets one through; the other fails on it without touching the draft
 * (it reverts only a draft it changed), and the app ends exactly as the winner's project says,
 * with no draft left over from either.
 */
const h = useApplyHarness();

const V1 = manifest('Race', { title: { type: 'SINGLE_LINE_TEXT', label: 'Title' } });
const A = manifest('Race A', {
  title: { type: 'SINGLE_LINE_TEXT', label: 'Title A' },
  a_only: { type: 'NUMBER', label: 'A only' },
});
const B = manifest('Race B', {
  title: { type: 'SINGLE_LINE_TEXT', label: 'Title B' },
  b_only: { type: 'MULTI_LINE_TEXT', label: 'B only' },
});

describe('two applies racing on one app', () => {
  // B starts at the same moment as A, or a little later (mid-writes, around A's deploy).
  it.each([0, 5, 15, 40])(
    'B %i ms after A: no draft left, at most one wins, the app in one state',
    async (delayMs) => {
      const first = await h.writeProject({ apps: { race: V1 } });
      expect((await h.apply(first, await h.plan(first))).outcome).toBe('applied');
      const id = (await h.load(first.root)).apps[0]!.id!;
      const before = await h.snapshot([id]);

      const projectA = await h.writeProject({ apps: { race: A }, ids: { race: id } });
      const projectB = await h.writeProject({ apps: { race: B }, ids: { race: id } });
      const [planA, planB] = [await h.plan(projectA), await h.plan(projectB)];
      const [resultA, resultB] = await Promise.all([
        h.apply(projectA, planA),
        new Promise((r) => setTimeout(r, delayMs)).then(() => h.apply(projectB, planB)),
      ]);
      const outcomes = [resultA.outcome, resultB.outcome];

      const after = await h.snapshot([id]);
      // No leftover draft: every area's draft equals its live copy.
      for (const [key, value] of Object.entries(after))
        if (key.endsWith(' draft')) expect(value, key).toEqual(after[key.replace(/ draft$/, ' live')]);
      // Exactly one wins; the loser failed on the revision check (before writing, or on its first
      // write's GAIA_CO02) and left the winner's draft alone.
      expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
      for (const result of [resultA, resultB])
        if (result.outcome === 'refused')
          // The other's writes moved the revision, or its deploy is running.
          expect(['revision-moved', 'deploying']).toContain(result.refusals?.[0]?.kind);
        else if (result.outcome !== 'applied') {
          expect(result.outcome).toBe('rolled-back');
          expect(result.message).toContain('GAIA_CO02');
        }
      const winner = [
        [resultA, projectA],
        [resultB, projectB],
      ].find(([r]) => (r as typeof resultA).outcome === 'applied')?.[1] as typeof projectA | undefined;
      // Live is exactly one state: the winner's project (planning it again finds nothing to
      // change), or, when both lost, the app as it was.
      if (winner) await h.expectConverged(winner);
      else expect(after).toEqual(before);
    },
  );
});
