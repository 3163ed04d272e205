/**
 * Issue 32 item 6: an app that was never deployed (a first apply rolled back leaves one: created,
 * its draft reverted to a new app's) has nothing live, so every risk probe treats it as an app
 * with no records. Live reads and record reads of it answer 404 GAIA_AP01 until its first deploy
 * (platform-facts.md, "Apps and deploy"); a probe that asked them ended plan, status and apply
 * with a bare `[404] [GAIA_AP01]`. One case per probe: the draft holds what makes the plan ask
 * it, the plan asks nothing of records (no risk), apply's recount likewise, and apply deploys it.
 */
import { describe, expect, it } from 'vitest';
import { text } from '../support/fields.js';
import { manifest, useApplyHarness } from './harness.js';

const h = useApplyHarness();

const options = (...labels: string[]) =>
  Object.fromEntries(labels.map((label, index) => [label, { label, index: String(index) }]));
const dropDown = (...labels: string[]) => ({
  type: 'DROP_DOWN',
  label: 'Priority',
  options: options(...labels),
});
const states = (...names: string[]) =>
  Object.fromEntries(names.map((name, index) => [name, { name, index: String(index) }]));
const action = (name: string, from: string, to: string) => ({ name, from, to });

interface Case {
  probe: string;
  /** The never-deployed app's draft fields (code to definition, the code added). */
  draftFields: Record<string, Record<string, unknown>>;
  /** Its draft process, when it has one. */
  draftProcess?: { states: Record<string, unknown>; actions: unknown[] };
  /** The manifest the project applies. */
  desired: Record<string, unknown>;
}

const CASES: Case[] = [
  {
    probe: 'data-loss (a field removed)',
    draftFields: { subject: text('Subject'), notes: text('Notes') },
    desired: manifest('Tickets', { subject: text('Subject') }),
  },
  {
    probe: 'data-loss (an option removed)',
    draftFields: { priority: dropDown('Low', 'High') },
    desired: manifest('Tickets', {
      priority: { type: 'DROP_DOWN', label: 'Priority', options: { Low: { label: 'Low' } } },
    }),
  },
  {
    probe: 'records-need-values (made required)',
    draftFields: { subject: text('Subject') },
    desired: manifest('Tickets', { subject: text('Subject', { required: true }) }),
  },
  {
    probe: 'deploy-fails (made unique)',
    draftFields: { subject: text('Subject') },
    desired: manifest('Tickets', { subject: text('Subject', { unique: true }) }),
  },
  {
    probe: 'records-in-removed-status (a status removed)',
    draftFields: { subject: text('Subject') },
    draftProcess: {
      states: states('Open', 'Review', 'Done'),
      actions: [action('Submit', 'Open', 'Review'), action('Finish', 'Review', 'Done')],
    },
    desired: {
      ...manifest('Tickets', { subject: text('Subject') }),
      process: {
        enable: true,
        states: { Open: { index: 0 }, Done: { index: 1 } },
        actions: [{ name: 'Finish', from: 'Open', to: 'Done' }],
      },
    },
  },
];

describe('every risk probe of a never-deployed app', () => {
  it.each(CASES)('$probe: planned with no risk, applied, deployed', async (c) => {
    const { app: id } = await h.client.apps.addApp({ name: 'Tickets' });
    const properties = Object.fromEntries(
      Object.entries(c.draftFields).map(([code, def]) => [code, { ...def, code }]),
    );
    await h.client.form.addFields({ app: id, properties } as never);
    if (c.draftProcess)
      await h.client.settings.updateProcessManagement({ app: id, enable: true, ...c.draftProcess } as never);
    // Never deployed: every live read answers GAIA_AP01.
    await expect(h.client.form.getFields({ app: id, copy: 'live' })).rejects.toMatchObject({
      code: 'GAIA_AP01',
    });

    const project = await h.writeProject({ apps: { tickets: c.desired }, ids: { tickets: id } });
    const thePlan = await h.plan(project);
    expect(thePlan.apps[0]).toMatchObject({ key: 'tickets', action: 'update', risks: [] });
    expect(thePlan.apps[0]!.revisions?.live).toBe('');

    const result = await h.apply(project, thePlan);
    expect(result, JSON.stringify(result)).toMatchObject({ outcome: 'applied', exitCode: 0 });
    expect((await h.client.form.getFields({ app: id, copy: 'live' })).properties).toHaveProperty(
      Object.keys(c.draftFields)[0]!,
    );
    await h.expectConverged(project);
  });
});

describe('a failed deploy of a never-deployed app', () => {
  it('is rolled back, and the check of what went live finds nothing live (no bare GAIA_AP01)', async () => {
    const { app: id } = await h.client.apps.addApp({ name: 'Tickets' });
    const project = await h.writeProject({
      apps: { tickets: manifest('Tickets', { subject: text('Subject') }) },
      ids: { tickets: id },
    });
    const thePlan = await h.plan(project);
    await h.control('POST', '/_emulator/deploy-outcome', { app: id, outcome: 'FAIL' });
    const result = await h.apply(project, thePlan);
    expect(result, JSON.stringify(result)).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    await expect(h.client.form.getFields({ app: id, copy: 'live' })).rejects.toMatchObject({
      code: 'GAIA_AP01',
    });
  });
});
