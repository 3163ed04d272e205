/**
 * The plan's estimate of the requests a migration spends (docs/migrations.md "What the plan
 * says": the copy's, the sweep's and the backup's reads, the writes) is not below the record calls
 * apply sends: counted at the client (each call inside a bulk request, as the estimate counts
 * them), on an app of several pages whose copy writes several pages, with nobody editing meanwhile.
 * Found by migration-combos.test.ts: the sweep reads every record the copy wrote (each write moves
 * its update time), and the copy asks the service's time twice; the estimate had one page.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { apply } from '../../src/apply/index.js';
import { createClient } from '../../src/client/index.js';
import { plan } from '../../src/plan/index.js';
import { CountingAgent } from '../support/counting-agent.js';
import { ADMIN } from '../support/users.js';
import { useApplyHarness } from './harness.js';
import { migrationStarted } from './migration-start.js';

const h = useApplyHarness();
const agent = new CountingAgent();
afterAll(() => agent.close());

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
      const { requests } = thePlan.apps[0]!.migrations![0]!.records!;
      const sent = agent.calls.length;
      const result = await apply({
        plan: thePlan,
        project: v2,
        client,
        pollIntervalMs: { initial: 10, max: 50 },
      });
      expect(result.outcome).toBe('applied');
      expect(agent.recordCalls(sent)).toBeLessThanOrEqual(
        requests.reads + requests.writeCalls + requests.sweep,
      );
    } finally {
      await client.close();
    }
  });
});
