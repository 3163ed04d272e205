/**
 * A saved plan belongs to one service (issue 21 item 2): it records the service it was made
 * against (the base URL, or the local service's data directory, and each app's id with its
 * creation time and creator as `GET /k/v1/app.json` answers them), and apply refuses a plan for
 * another service, naming both, even where the environment name, ids and revisions are the same.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { ADMIN, manifest, useApplyHarness } from './harness.js';
import { applyExitCode } from '../support/cli-results.js';

const h = useApplyHarness();
const others: RunningEmulator[] = [];
afterEach(async () => {
  for (const e of others.splice(0)) await e.close();
});

const V1 = manifest('Tickets', {
  subject: { type: 'SINGLE_LINE_TEXT', label: 'Subject' },
  notes: { type: 'SINGLE_LINE_TEXT', label: 'Notes' },
});
const V2 = manifest('Tickets', { subject: { type: 'SINGLE_LINE_TEXT', label: 'Subject' } });

describe('a saved plan and its service', () => {
  it('records the service and each app it was made against', async () => {
    const project = await h.writeProject({ apps: { tickets: V1 } });
    await h.apply(project, await h.plan(project));
    const loaded = await h.load(project.root);
    const thePlan = await h.plan(loaded);
    const app = await h.client.apps.getApp({ id: loaded.apps[0]!.id! });
    expect(thePlan.formatVersion).toBe(2);
    expect(thePlan.service).toEqual({
      baseUrl: null,
      dataDir: `${project.root}/.appdeploy/local`,
      apps: [
        { key: 'tickets', id: loaded.apps[0]!.id!, createdAt: app.createdAt, creator: app.creator.code },
      ],
    });
  });

  it('refuses a plan made against another service with the same environment, ids and revisions', async () => {
    // Service A: the harness's. Service B: another one, its clock a day ahead.
    const project = await h.writeProject({ apps: { tickets: V1 } });
    await h.apply(project, await h.plan(project));
    const other = await startEmulator({ port: 0, deployMs: 20 });
    others.push(other);
    const b = createClient({ baseUrl: other.url, auth: ADMIN });
    await fetch(`${other.url}/_emulator/clock`, {
      method: 'POST',
      headers: {
        'X-Service-Authorization': Buffer.from('admin:admin').toString('base64'),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ advanceMs: 86_400_000 }),
    });
    const onB = await h.writeProject({ apps: { tickets: V1 } });
    const { plan } = await import('../../src/plan/index.js');
    const { apply } = await import('../../src/apply/index.js');
    const created = await apply({ plan: await plan({ project: onB, client: b }), project: onB, client: b });
    expect(applyExitCode(created)).toBe(0);

    const v2 = await h.rewriteManifests(await h.load(project.root), { tickets: V2 });
    const thePlan = await h.plan(v2);
    const id = v2.apps[0]!.id!;
    expect((await b.apps.getApp({ id })).appId).toBe(id);
    const onA = await h.client.apps.getApp({ id });
    const onBApp = await b.apps.getApp({ id });
    await b.records.addRecord({ app: id, record: { notes: { value: 'on B' } } });
    const result = await apply({ plan: thePlan, project: v2, client: b });
    expect([result.outcome, applyExitCode(result)]).toEqual(['refused', 1]);
    expect(result.refusals).toEqual([
      {
        kind: 'other-service',
        app: 'tickets',
        message:
          `the plan was made against app ${id} created ${onA.createdAt} by ${onA.creator.code}, ` +
          `but this service's app ${id} was created ${onBApp.createdAt} by ${onBApp.creator.code}: ` +
          'another service; plan against this one',
      },
    ]);
    const { records } = await b.records.getRecords({ app: id });
    expect(records.map((r) => r.notes?.value)).toEqual(['on B']);
    await b.close();
  });
});
