import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ownDraftApps, readRecovery, recorder, type RecoveryRecord } from '../../src/apply/recovery.js';
import type { ApplyEvent, ApplyOutcome } from '../../src/apply/types.js';
import type { AppPlan } from '../../src/plan/types.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function project() {
  const root = await mkdtemp(join(tmpdir(), 'appdeploy-recovery-'));
  dirs.push(root);
  return { root, environment: { name: 'staging' } } as Parameters<typeof readRecovery>[0];
}

const clock = () => Date.parse('2026-01-02T03:04:05Z');
const start = (p: Parameters<typeof readRecovery>[0], previous: RecoveryRecord | null = null) =>
  recorder(
    p,
    previous,
    (key) => key.toUpperCase(),
    () => ({ id: '7', revision: '12' }),
    clock,
  );

describe('the recovery record of an apply', () => {
  it('notes each step that changes the service, in order', async () => {
    const p = await project();
    const r = start(p);
    const events: ApplyEvent[] = [
      { type: 'create-app', app: 'stock' },
      { type: 'app-created', app: 'stock', id: '7' },
      { type: 'write', app: 'stock', step: 'fields' },
      { type: 'draft-written', app: 'stock', id: '7', revision: '11' },
      { type: 'draft-written', app: 'stock', id: '7', revision: '12' },
      { type: 'deploy', apps: ['stock'], batch: 1, batches: 1 },
    ];
    for (const event of events) r.track(event);
    expect(readRecovery(p)).toMatchObject({
      formatVersion: 1,
      environment: 'staging',
      pid: process.pid,
      creating: [{ key: 'stock', name: 'STOCK', since: '2026-01-02T03:04:05.000Z', id: '7' }],
      drafts: [{ key: 'stock', id: '7', revision: '12' }],
      deploys: [{ at: '2026-01-02T03:04:05.000Z', apps: [{ key: 'stock', id: '7', revision: '12' }] }],
    });
    expect(existsSync(join(p.root, '.appdeploy', 'apply-staging.json'))).toBe(true);
  });

  // [what this apply did, its events, how it ended, whether it covered the whole project, whether the previous record is left]
  it.each<[string, ApplyEvent[], ApplyOutcome, boolean, boolean]>([
    ['was refused before writing', [], 'refused', true, true],
    ['stopped before writing', [], 'interrupted', true, true],
    ['found nothing to do', [], 'no-changes', true, false],
    ['found nothing to do in the apps of --app', [], 'no-changes', false, true],
    ['wrote and rolled back', [{ type: 'revert-pending', apps: ['orders'] }], 'rolled-back', true, false],
    [
      'wrote and applied',
      [{ type: 'draft-written', app: 'orders', id: '3', revision: '9' }],
      'applied',
      true,
      false,
    ],
  ])(
    'an apply that %s (events %j, outcome %s, whole project %s) keeps the previous record: %s',
    async (_what, events, outcome, whole, kept) => {
      const p = await project();
      start(p).track({ type: 'draft-written', app: 'orders', id: '3', revision: '5' });
      const next = start(p, readRecovery(p));
      for (const event of events) next.track(event);
      next.end(outcome, whole);
      expect(existsSync(join(p.root, '.appdeploy', 'apply-staging.json'))).toBe(kept);
    },
  );

  it('calls a pending draft its own only at the revision it recorded, for the same app id', () => {
    const previous = {
      drafts: [
        { key: 'orders', id: '3', revision: '9' },
        { key: 'stock', id: '4', revision: '2' },
      ],
    } as RecoveryRecord;
    const app = (key: string, id: string, draft: string) =>
      ({ key, id, revisions: { draft, live: '1' } }) as AppPlan;
    const own = ownDraftApps(previous, [
      app('orders', '3', '9'),
      app('stock', '4', '3'),
      app('deals', '5', '2'),
    ]);
    expect([...own]).toEqual(['orders']);
    expect([...ownDraftApps(previous, [app('orders', '8', '9')])]).toEqual([]);
    expect([...ownDraftApps(null, [app('orders', '3', '9')])]).toEqual([]);
  });

  it('the file holds each write entry as it is after every step (an answered area done, the next intent added)', async () => {
    // The record is saved before every write and after every answer; each save must show the
    // entry's latest state, the areas done included, for every app.
    const p = await project();
    const r = start(p);
    const intent = (app: string, area: string, from: string) =>
      ({
        type: 'write-intent',
        app,
        id: app === 'orders' ? '3' : '4',
        area,
        from,
        calls: 1,
        sha256: 'h',
        content: `c-${area}`,
      }) as const;
    const done = (app: string, area: 'fields' | 'views', revision: string) =>
      ({ type: 'draft-written', app, id: app === 'orders' ? '3' : '4', revision, done: area }) as const;
    const steps: [ApplyEvent, Record<string, { sent: number; done: string[] }>][] = [
      [intent('orders', 'fields', '4'), { orders: { sent: 1, done: [] } }],
      [intent('stock', 'views', '9'), { orders: { sent: 1, done: [] }, stock: { sent: 1, done: [] } }],
      [
        done('orders', 'fields', '5'),
        { orders: { sent: 1, done: ['fields'] }, stock: { sent: 1, done: [] } },
      ],
      [
        done('stock', 'views', '10'),
        { orders: { sent: 1, done: ['fields'] }, stock: { sent: 1, done: ['views'] } },
      ],
      [
        intent('orders', 'views', '5'),
        { orders: { sent: 2, done: ['fields'] }, stock: { sent: 1, done: ['views'] } },
      ],
      [
        done('orders', 'views', '6'),
        { orders: { sent: 2, done: ['fields', 'views'] }, stock: { sent: 1, done: ['views'] } },
      ],
    ];
    for (const [event, expected] of steps) {
      r.track(event);
      const entries = readRecovery(p)!.writes ?? [];
      expect(Object.fromEntries(entries.map((w) => [w.key, { sent: w.sent, done: w.done }]))).toEqual(
        expected,
      );
    }
  });

  it('calls a draft its own when the writes it named before sending explain it, and no other', async () => {
    // Killed with writes sent and unanswered: three preview writes named from revision 4, in
    // fields (which also moves the layout) and views; none answered.
    const p = await project();
    const r = start(p);
    const intent = (area: string, from: string, calls: number) =>
      ({
        type: 'write-intent',
        app: 'orders',
        id: '3',
        area,
        from,
        calls,
        sha256: 'h',
        content: `c-${area}`,
      }) as const;
    for (const event of [intent('fields', '4', 2), intent('views', '6', 1)]) r.track(event);
    const previous = readRecovery(p)!;
    expect(previous.writes).toEqual([
      {
        key: 'orders',
        id: '3',
        from: '4',
        sent: 3,
        areas: ['fields', 'layout', 'views'],
        last: { area: 'views', from: '6', sha256: 'h' },
        content: { fields: 'c-fields', views: 'c-views' },
        done: [],
      },
    ]);
    const app = (draft: string, areas: string[], id = '3') =>
      ({
        key: 'orders',
        id,
        revisions: { draft, live: '4' },
        risks: [{ kind: 'pending-draft', areas }],
      }) as AppPlan;
    const own = (a: AppPlan) => ownDraftApps(previous, [a]).has('orders');
    expect(own(app('5', ['fields']))).toBe(true);
    expect(own(app('7', ['fields', 'layout', 'views']))).toBe(true);
    // One write more than it sent: someone else's on top.
    expect(own(app('8', ['fields', 'layout', 'views']))).toBe(false);
    // An area it never wrote.
    expect(own(app('6', ['fields', 'general']))).toBe(false);
    // Another app with the same key (a different id), or a draft it never moved.
    expect(own(app('5', ['fields'], '9'))).toBe(false);
    expect(own(app('4', []))).toBe(false);
  });
});
