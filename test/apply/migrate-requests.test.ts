/**
 * The plan's estimate of the requests a migration spends (docs/migrations.md "What the plan
 * says": the copy's, the sweep's and the backup's reads, the writes) is not below the record calls
 * apply sends: counted at the client (each call inside a bulk request, as the estimate counts
 * them), on an app of several pages whose copy writes several pages, with nobody editing meanwhile.
 * Found by migration-combos.test.ts: the sweep reads every record the copy wrote (each write moves
 * its update time), and the copy asks the service's time twice; the estimate had one page.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { apply, type MigrationRecords } from '../../src/apply/index.js';
import { RECORDS } from '../../src/apply/migrate-records.js';
import { createClient, type Client } from '../../src/client/index.js';
import { plan, type Plan } from '../../src/plan/index.js';
import type { Project } from '../../src/project/index.js';
import { CountingAgent } from '../support/counting-agent.js';
import { ADMIN } from '../support/users.js';
import { useApplyHarness } from './harness.js';
import { migrationStarted } from './migration-start.js';

const h = useApplyHarness();
const agent = new CountingAgent();
afterAll(() => agent.close());

/** Applies the plan: the record calls sent are not above its migration's estimate. */
async function expectWithinEstimate(thePlan: Plan, project: Project, client: Client): Promise<void> {
  const { requests } = thePlan.apps[0]!.migrations![0]!.records!;
  const sent = agent.calls.length;
  const result = await apply({ plan: thePlan, project, client, pollIntervalMs: { initial: 10, max: 50 } });
  expect(result.outcome).toBe('applied');
  expect(agent.recordCalls(sent)).toBeLessThanOrEqual(requests.reads + requests.writeCalls + requests.sweep);
}

describe("a migration's request estimate", () => {
  it('is not below the record calls the apply sends (1,234 records, 3 pages, all written)', async () => {
    const { v2 } = await migrationStarted(
      h,
      'tickets',
      {
        from: { name: 'Tickets', fields: { notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' } } },
        to: { name: 'Tickets', fields: { notes: { type: 'SINGLE_LINE_TEXT', label: 'Notes' } } },
      },
      Array.from({ length: 1234 }, (_, i) => ({ notes: { value: `note ${i}` } })),
    );
    const client = createClient({ baseUrl: h.url, auth: ADMIN, dispatcher: agent });
    try {
      const thePlan = await plan({ project: v2, client });
      await expectWithinEstimate(thePlan, v2, client);
    } finally {
      await client.close();
    }
  });

  it('counts, for a copy an earlier apply began, the window reading again the records this apply did not see', async () => {
    const { v2, id } = await migrationStarted(
      h,
      'tickets',
      {
        from: { name: 'Tickets', fields: { notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' } } },
        to: { name: 'Tickets', fields: { notes: { type: 'SINGLE_LINE_TEXT', label: 'Notes' } } },
      },
      // Most of them empty: the first apply writes none of those, so the second does not see them.
      Array.from({ length: 1200 }, (_, i) => ({ notes: { value: i % 50 === 0 ? `note ${i}` : '' } })),
    );
    // A last record a minute later: the copy begins at its update time, so the first 1,200 count
    // as not updated since (those of the latest time are read again by every sweep).
    await h.control('POST', '/_emulator/clock', { advanceMs: 60_000 });
    await h.client.records.addAll(id, [{ notes: { value: 'the last' } }]);
    // The first apply stops after its copy's first range, and cannot remove its temporary field.
    const stopping = {
      ...RECORDS,
      copy: ((client, spec, options) =>
        RECORDS.copy(client, spec, {
          ...options,
          onProgress: async (progress, moment) => {
            await options?.onProgress?.(progress, moment);
            if (moment === 'range') throw new Error('stopped here');
          },
        })) as MigrationRecords['copy'],
    };
    const failingCleanup = new Proxy(h.client, {
      get(target, key) {
        if (key !== 'form') return Reflect.get(target, key, target) as unknown;
        return new Proxy(target.form, {
          get(form, name) {
            const value = Reflect.get(form, name, form) as (...a: unknown[]) => unknown;
            if (name === 'deleteFields') return () => Promise.reject(new Error('no deletion now'));
            return typeof value === 'function' ? value.bind(form) : value;
          },
        });
      },
    });
    const first = await h.apply(v2, await h.plan(v2), { client: failingCleanup, records: stopping });
    expect(first.migrations).toMatchObject([{ outcome: 'left' }]);
    const client = createClient({ baseUrl: h.url, auth: ADMIN, dispatcher: agent });
    try {
      const thePlan = await plan({ project: v2, client });
      const migration = thePlan.apps[0]!.migrations![0]!;
      expect(migration.state).toBe('copying');
      await expectWithinEstimate(thePlan, v2, client);
      const notes: string[] = [];
      for await (const r of h.client.records.iterate(id, { fields: ['notes'] }))
        notes.push((r.notes?.value as string) ?? '');
      expect(notes.filter((n) => n !== '')).toHaveLength(25);
    } finally {
      await client.close();
    }
  });
});
