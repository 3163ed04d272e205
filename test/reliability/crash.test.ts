import { afterEach, describe, expect, it } from 'vitest';
import {
  allRecords,
  call,
  startDataEmulator,
  stop,
  tempDir,
  textApp,
  waitDeploy,
} from './emulator-process.js';

/**
 * kill -9 of the emulator (with --data) in the middle of work, then a restart: the store opens,
 * every write answered 2xx is there, a bulk add is all or nothing, and an app's live settings
 * are all of the old version or all of the new one, never a mix.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

async function started(prefix: string) {
  const dir = tempDir(prefix);
  cleanups.push(() => dir.remove());
  const emu = await startDataEmulator(dir.path);
  const handle = { emu, dir: dir.path };
  cleanups.push(() => stop(handle.emu));
  return handle;
}

describe('kill -9 of the emulator', () => {
  it.each([3, 10, 25])('during a bulk load (killed after %i acknowledged batches)', async (killAfter) => {
    const h = await started('appdeploy-crash-bulk-');
    const app = await textApp(h.emu.url, 'Bulk');
    const acked: number[] = [];
    const kill = { done: Promise.resolve() };
    const BATCHES = 40;
    await Promise.all(
      Array.from({ length: BATCHES }, async (_, b) => {
        const records = Array.from({ length: 100 }, (_, i) => ({ t: { value: `b${b}-${i}` } }));
        const res = await call(h.emu.url, 'POST', '/k/v1/records.json', { app, records });
        if (res.status === 200) {
          expect(res.body.ids).toHaveLength(100);
          acked.push(b);
          if (acked.length === killAfter) kill.done = stop(h.emu, 'SIGKILL');
        }
      }),
    );
    await kill.done;
    expect(acked.length).toBeGreaterThanOrEqual(killAfter);
    h.emu = await startDataEmulator(h.dir);
    const values = [...(await allRecords(h.emu.url, app)).values()].map((r) => r.t);
    const byBatch = new Map<number, number>();
    for (const v of values) {
      const batch = Number(/^b(\d+)-/.exec(v)![1]);
      byBatch.set(batch, (byBatch.get(batch) ?? 0) + 1);
    }
    for (const b of acked) expect(byBatch.get(b), `acknowledged batch ${b}`).toBe(100);
    // A batch not acknowledged may have landed (answered after the journal write), but whole.
    for (const [b, count] of byBatch) expect(count, `batch ${b} is all or nothing`).toBe(100);
    // The store still takes writes after the crash.
    const after = await call(h.emu.url, 'POST', '/k/v1/record.json', {
      app,
      record: { t: { value: 'after' } },
    });
    expect(after.status).toBe(200);
  });

  const LIVE = [
    '/k/v1/app/settings.json',
    '/k/v1/app/form/fields.json',
    '/k/v1/app/form/layout.json',
    '/k/v1/app/views.json',
  ];
  async function live(base: string, app: string): Promise<unknown[]> {
    const out: unknown[] = [];
    for (const path of LIVE) {
      const res = await call(base, 'GET', `${path}?app=${app}`);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
      const { revision: _revision, ...rest } = res.body as Record<string, unknown>;
      out.push(rest);
    }
    return out;
  }

  it.each([0, 10, 30, 60, 120])('during a deploy (killed %i ms after the deploy call)', async (killMs) => {
    const h = await started('appdeploy-crash-deploy-');
    const app = await textApp(h.emu.url, 'Old name');
    const oldLive = await live(h.emu.url, app);
    // A draft that changes four areas: name, a field, the layout and a view.
    const writes = [
      await call(h.emu.url, 'PUT', '/k/v1/preview/app/settings.json', { app, name: 'New name' }),
    ];
    writes.push(
      await call(h.emu.url, 'POST', '/k/v1/preview/app/form/fields.json', {
        app,
        properties: { n: { type: 'NUMBER', code: 'n', label: 'N' } },
      }),
    );
    writes.push(
      await call(h.emu.url, 'PUT', '/k/v1/preview/app/form/layout.json', {
        app,
        layout: [
          {
            type: 'ROW',
            fields: [
              { type: 'NUMBER', code: 'n' },
              { type: 'SINGLE_LINE_TEXT', code: 't' },
            ],
          },
        ],
      }),
    );
    writes.push(
      await call(h.emu.url, 'PUT', '/k/v1/preview/app/views.json', {
        app,
        views: { All: { type: 'LIST', index: 0, name: 'All', fields: ['n', 't'] } },
      }),
    );
    expect(
      writes.map((w) => w.status),
      JSON.stringify(writes.map((w): unknown => w.body)),
    ).toEqual([200, 200, 200, 200]);
    const deployed = call(h.emu.url, 'POST', '/k/v1/preview/app/deploy.json', { apps: [{ app }] });
    await new Promise((r) => setTimeout(r, killMs));
    await stop(h.emu, 'SIGKILL');
    const answer = await deployed;

    h.emu = await startDataEmulator(h.dir);
    const rightAfter = await live(h.emu.url, app);
    const status = await waitDeploy(h.emu.url, app);
    const settled = await live(h.emu.url, app);
    // Whole versions only: live is the old one, or the new one (all four areas changed).
    for (const state of [rightAfter, settled]) {
      if (JSON.stringify(state) === JSON.stringify(oldLive)) continue;
      expect((state[0] as { name: string }).name).toBe('New name');
      expect(Object.keys((state[1] as { properties: object }).properties)).toContain('n');
      expect(JSON.stringify(state[2])).toContain('"n"');
      expect(Object.keys((state[3] as { views: object }).views)).toEqual(['All']);
    }
    // A deploy the service acknowledged and reports SUCCESS must be live.
    if (answer.status === 200 && status === 'SUCCESS')
      expect((settled[0] as { name: string }).name).toBe('New name');
  });
});
