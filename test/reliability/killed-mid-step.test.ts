import { afterEach, describe, expect, it } from 'vitest';
import { startApply } from './apply-process.js';
import { call, EMU_ENV, emulatorAndProject, writeEmuProject, type Cleanups } from './emulator-process.js';
import { CUSTOMER_LOOKUP, ORDERS_TABLE, PER_REGION } from './kill-anywhere/world.js';

/**
 * Found by kill-anywhere.test.ts (seed 1): kill -9 of the built `appdeploy apply` in the first of
 * two deploy steps (the existing app customers gets a related-records table naming the new app
 * orders, whose lookup names customers: the table waits for the second step, plan/steps.ts),
 * as the service holds the answer of customers' reports write, which it carried out. Customers'
 * fields were written whole in that step without the held table, and the recovery record names
 * their content as the step wrote it; the planner hashed the draft against the manifest's whole
 * form only, so the draft the apply wrote itself read as someone else's: status said to `revert`
 * it, and the next apply refused it without --discard-pending-drafts.
 */
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const text = (label: string) => ({ type: 'SINGLE_LINE_TEXT', label });
const CUSTOMERS_V1 = {
  name: 'Customers',
  fields: { code: { ...text('Code'), unique: true }, name: text('Name') },
};
const CUSTOMERS_V2 = {
  name: 'Customers',
  fields: { ...CUSTOMERS_V1.fields, region: text('Region'), orders: ORDERS_TABLE },
  reports: PER_REGION,
};
const ORDERS = {
  name: 'Orders',
  fields: { title: text('Title'), customer: CUSTOMER_LOOKUP, customer_name: text('Customer name') },
};

describe('an apply of two deploy steps killed with kill -9 in the first', { timeout: 120_000 }, () => {
  it('status calls the drafts it wrote its own, and the next apply discards them and converges', async () => {
    const { emu, project } = await emulatorAndProject('killed-mid-step', cleanups, 'SIGKILL');
    const root = project.path;
    const first = await (await writeEmuProject(root, emu.url, { customers: CUSTOMERS_V1 }))('apply', '--yes');
    expect(first.code, first.stderr).toBe(0);
    const run = await writeEmuProject(
      root,
      emu.url,
      { customers: CUSTOMERS_V2, orders: ORDERS },
      { customers: '1' },
    );
    const planned = await run('plan');
    expect(planned.stdout).toContain('Apply will deploy in 2 steps');

    // Customers' reports write is carried out and its answer held: the kill comes meanwhile.
    const armed = await call(emu.url, 'POST', '/_emulator/faults', {
      method: 'PUT',
      path: '^/k/v1/preview/app/reports\\.json$',
      answerDelayMs: 30_000,
      times: 1,
    });
    expect(armed.status).toBe(200);
    const applying = startApply(root, ['--env', 'emu', '--yes'], EMU_ENV, cleanups);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { requests } = (await call(emu.url, 'GET', '/_emulator/stats')).body;
      if (requests['PUT /k/v1/preview/app/reports.json'] >= 1) break;
      if (Date.now() > deadline) throw new Error(`the reports write never came: ${applying.stderr()}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    // Carried out as soon as its body is read: the reports draft holds the graph.
    for (;;) {
      const reports = await call(emu.url, 'GET', '/k/v1/preview/app/reports.json?app=1');
      if (Object.keys(reports.body.reports).length > 0) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    applying.child.kill('SIGKILL');
    await applying.exited;
    await call(emu.url, 'DELETE', '/_emulator/faults');

    const status = await run('status');
    expect(status.code, status.stderr).toBe(2);
    expect(status.stdout).toMatch(
      /customers \(app 1\): .*pending draft in .*\(written by the interrupted apply\)/,
    );
    expect(status.stdout).not.toContain('revert');
    expect(status.stdout).toContain('writes sent whose answers never came back');

    const applied = await run('apply', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stderr).toContain('the pending draft of customers is the one an interrupted apply wrote');
    expect((await run('plan', '--detailed-exitcode')).code).toBe(0);
    const after = await run('status');
    expect(after.code, after.stdout).toBe(0);
  });
});
