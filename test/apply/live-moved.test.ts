/**
 * Live moved during apply (issue 21 item 5): a live ACL PUT publishes every pending draft setting
 * of the app on the spot (the hosted platform's documented behaviour, DESIGN.md "Apply"; the local
 * service does the same). When someone's does so between two of apply's writes and a later write
 * fails, reverting the drafts cannot take back what went live: apply compares live with the
 * before-state, names what went live by app and area, and exits with its own code (4).
 */
import { describe, expect, it } from 'vitest';
import { useApplyHarness } from './harness.js';
import { answer500, REQUEST } from './faults.js';
import { twoAppsAtV1ThenPlanV2 } from './scenario.js';

const h = useApplyHarness();

describe('apply after a failure', () => {
  it('reports what someone published between two writes, and exits 4', async () => {
    const { project, plan, ids } = await twoAppsAtV1ThenPlanV2(h);
    // The removal of a field (each app's third write) waits, then fails.
    await answer500(h, REQUEST.removeFields, { delayMs: 300, times: 2 });
    let published: Promise<unknown> | undefined;
    const result = await h.apply(project, plan, {
      onProgress: (event) => {
        // Someone saves orders' app ACL on the live path while apply waits on its removal.
        if (event.type === 'write' && event.app === 'orders' && /remove/.test(event.step))
          published ??= h.client.settings
            .getAppAcl({ app: ids.orders!, copy: 'live' })
            .then(({ rights }) => h.client.settings.updateAppAcl({ app: ids.orders!, rights, copy: 'live' }));
      },
    });
    await published;
    expect(result).toMatchObject({ outcome: 'live-changed', exitCode: 4 });
    expect(result.message).not.toMatch(/Every app is as before/);
    expect(result.message).toMatch(
      /Live is not as before: someone published a draft while apply was writing: orders \(\d+\): fields, layout went live\./,
    );
    expect(result.apps.map((a) => [a.key, a.outcome])).toEqual([
      ['customers', 'rolled-back'],
      ['orders', 'live-changed'],
    ]);
    expect(result.apps[1]!.reason).toMatch(/fields, layout went live/);
    expect(result.liveChanged).toEqual([{ app: 'orders', id: ids.orders, areas: ['fields', 'layout'] }]);
  });

  it('says every app is as before when live did not move (exit 1)', async () => {
    const { project, plan } = await twoAppsAtV1ThenPlanV2(h);
    await answer500(h, REQUEST.removeFields, { times: 1 });
    const result = await h.apply(project, plan);
    expect(result).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    expect(result.liveChanged).toBeUndefined();
    expect(result.message).toMatch(/Every app is as before/);
  });
});
