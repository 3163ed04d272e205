/**
 * The apply message from apply's facts, for the endings the end-to-end apply tests cannot easily
 * bring about (a revert or a restore that fails, a restore not exact): the words each ending says,
 * and the exit code the CLI's table gives it.
 */
import { describe, expect, it } from 'vitest';
import type { AppResult, ApplyResult, ApplyStop, PluginResult } from '../../src/apply/index.js';
import { applyExitCode } from '../../src/cli/exit-codes.js';
import { renderApplyMessage, renderApplyResult } from '../../src/render/index.js';

const orders: AppResult = { key: 'orders', id: '12', outcome: 'rolled-back', created: false };
const deals: AppResult = { key: 'deals', id: '13', outcome: 'rolled-back', created: true };
const scanner: PluginResult = { id: 'abc', name: 'Scanner', version: '1.2', outcome: 'installed' };

function stopped(
  outcome: ApplyResult['outcome'],
  stop: ApplyStop,
  more: Partial<ApplyResult> = {},
): ApplyResult {
  return {
    outcome,
    plugins: [],
    apps: [orders, deals],
    refusals: [],
    notConverged: [],
    stopped: stop,
    ...more,
  };
}

const words = { command: (name: string) => `npx appdeploy ${name} -C proj` };

describe('the message of an apply that wrote and did not go live', () => {
  it.each<[string, ApplyResult, string, number]>([
    [
      'a draft that could not be reverted, a created app, an installed plug-in',
      stopped(
        'rollback-failed',
        {
          cause: { kind: 'write-failed', reason: 'orders: writing views failed: [500] boom' },
          revertFailed: ['orders'],
          liveLeftChanged: false,
        },
        { plugins: [scanner] },
      ),
      'orders: writing views failed: [500] boom. Reverting the drafts of orders (12) failed: their drafts still hold part of this apply (live is as before); the other apps are as before.' +
        " Created app deals (13) stays (the service cannot delete an app), with a new app's settings; its id is in the project file." +
        ' System plug-in "Scanner" (abc) 1.2 (installed) stays as installed (apply does not uninstall plug-ins or put older versions back).',
      1,
    ],
    [
      'an earlier deploy call that could not be put back',
      stopped('rollback-failed', {
        cause: { kind: 'deploy-failed', reason: 'the deploy ended FAIL for deals (13)' },
        revertFailed: [],
        restoredCalls: { apps: ['orders'], failed: ['orders'], inexact: [] },
        liveLeftChanged: true,
      }),
      // orders' change is live: not "every app is as before".
      'The deploy ended FAIL for deals (13). Restoring orders (12) failed: their change is live. Drafts reverted.' +
        " Created app deals (13) stays (the service cannot delete an app), with a new app's settings; its id is in the project file.",
      3,
    ],
    [
      'an earlier deploy call put back, not exactly',
      stopped('rolled-back', {
        cause: { kind: 'deploy-failed', reason: 'the deploy ended FAIL for deals (13)' },
        revertFailed: [],
        restoredCalls: {
          apps: ['orders'],
          failed: [],
          inexact: [
            { app: 'orders', notes: ['field notes came back without its values (3 records had one)'] },
          ],
        },
        liveLeftChanged: false,
      }),
      'The deploy ended FAIL for deals (13). Restored orders (12) (an earlier deploy call had made them live: their before-state was written and deployed again).' +
        ' Not put back exactly: orders (12): field notes came back without its values (3 records had one). Every app is as before (drafts reverted).' +
        " Created app deals (13) stays (the service cannot delete an app), with a new app's settings; its id is in the project file.",
      1,
    ],
    [
      'an earlier deploy step put back, not exactly',
      stopped('rolled-back', {
        cause: { kind: 'write-failed', reason: 'deals: writing fields failed: x' },
        revertFailed: [],
        restoredSteps: {
          apps: ['orders'],
          failed: [],
          inexact: [{ app: 'orders', notes: ['layout differs from its before-state (layout)'] }],
        },
        liveLeftChanged: false,
      }),
      'deals: writing fields failed: x. Every app is as before (drafts reverted). Restored orders (12) (the first deploy step had made them live: their before-state was written and deployed again).' +
        ' Not put back exactly: orders (12): layout differs from its before-state (layout).' +
        " Created app deals (13) stays (the service cannot delete an app), with a new app's settings; its id is in the project file.",
      1,
    ],
    [
      "an earlier deploy step holding a migration's swap, kept live",
      stopped('rolled-back', {
        cause: { kind: 'write-failed', reason: 'deals: lookup fields: change 1 failed: x' },
        revertFailed: [],
        keptSwaps: ['orders'],
        liveLeftChanged: false,
      }),
      // Not "every app is as before": orders' swap is live.
      "deals: lookup fields: change 1 failed: x. Drafts reverted. Kept live: orders (12), whose migration's swap had gone live (undoing a swap would add the old field back empty)." +
        ' Run `npx appdeploy apply -C proj` again to finish the rest.' +
        " Created app deals (13) stays (the service cannot delete an app), with a new app's settings; its id is in the project file.",
      1,
    ],
    [
      'an earlier deploy step that could not be put back',
      stopped('rollback-failed', {
        cause: { kind: 'interrupted' },
        revertFailed: [],
        restoredSteps: { apps: ['orders'], failed: ['orders'], inexact: [] },
        liveLeftChanged: true,
      }),
      'Interrupted before the deploy call. Every app is as before (drafts reverted). Restoring orders (12) failed: part of this apply is live there.' +
        " Created app deals (13) stays (the service cannot delete an app), with a new app's settings; its id is in the project file.",
      3,
    ],
    [
      'a deploy still running, the commands with the project flags',
      stopped(
        'unknown',
        {
          cause: { kind: 'deploy-unknown', apps: ['orders'], waitedMs: 600_000 },
          revertFailed: [],
          liveLeftChanged: true,
        },
        { apps: [orders] },
      ),
      'The deploy of orders (12) was still running after 10m00s: its outcome is unknown. Run `npx appdeploy status -C proj` to see how it ends; then `npx appdeploy apply -C proj` again to finish, or `npx appdeploy revert -C proj` if it failed.',
      3,
    ],
    [
      'live moved behind the apply, the plan command with the project flags',
      stopped(
        'live-changed',
        {
          cause: { kind: 'write-failed', reason: 'deals: writing views failed: [500] boom' },
          revertFailed: [],
          liveLeftChanged: true,
        },
        { liveChanged: [{ app: 'orders', id: '12', areas: ['fields', 'layout'] }] },
      ),
      'deals: writing views failed: [500] boom. Drafts reverted. Live is not as before: someone published a draft while apply was writing: orders (12): fields, layout went live.' +
        ' Run `npx appdeploy plan -C proj` to see what each app holds now, and apply again.' +
        " Created app deals (13) stays (the service cannot delete an app), with a new app's settings; its id is in the project file.",
      4,
    ],
  ])('%s', (_, result, message, exitCode) => {
    expect(renderApplyMessage(result, words)).toBe(message);
    expect(applyExitCode(result)).toBe(exitCode);
  });
});

describe('what apply prints after the run', () => {
  it('the message, then each plug-in and app that did not stay as it was', () => {
    const result: ApplyResult = {
      outcome: 'applied',
      plugins: [scanner, { ...scanner, id: 'def', outcome: 'unchanged' }],
      apps: [
        { key: 'orders', id: '12', outcome: 'applied', created: false },
        { key: 'deals', id: '13', outcome: 'created', created: true },
        { key: 'notes', id: '14', outcome: 'unchanged', created: false },
      ],
      refusals: [],
      notConverged: [],
    };
    expect(renderApplyResult(result, words)).toBe(
      '\nInstalled plug-in "Scanner" (abc) 1.2. Applied orders (12), deals (13).\n' +
        '  plug-in "Scanner" (abc) 1.2: installed\n' +
        '  orders (12): applied\n' +
        '  deals (13): created\n',
    );
  });
});

describe('the backups a migration took', () => {
  it('count values, records and files as people read them', () => {
    const result: ApplyResult = {
      outcome: 'applied',
      plugins: [],
      apps: [{ key: 'items', id: '1', outcome: 'applied', created: false }],
      refusals: [],
      notConverged: [],
      backups: [
        { app: 'items', fields: ['notes'], file: 'b.jsonl', records: 20000, values: 20000, files: 0 },
        { app: 'items', fields: ['scan', 'note'], file: 'c.jsonl', records: 1, values: 1, files: 1200 },
      ],
    };
    const message = renderApplyMessage(result, words);
    expect(message).toContain(
      'The values of items field notes (20,000 values of 20,000 records) are backed up in b.jsonl.',
    );
    expect(message).toContain(
      'The values of items fields scan, note (1 value of 1 record, 1,200 files) are backed up in c.jsonl.',
    );
  });
});

describe('where the message says the ids of created apps are', () => {
  const rolledBack = () =>
    stopped('rolled-back', {
      cause: { kind: 'write-failed', reason: 'orders: writing views failed: [500] boom' },
      revertFailed: [],
      liveLeftChanged: false,
    });

  it('on the local service: .appdeploy/local/ids.json, not the project file (issue 33 item 11)', () => {
    const message = renderApplyMessage(rolledBack(), { ...words, idsFile: '.appdeploy/local/ids.json' });
    expect(message).toContain(
      "Created app deals (13) stays (the service cannot delete an app), with a new app's settings; its id is in .appdeploy/local/ids.json.",
    );
    expect(message).not.toContain('project file');
  });

  it('two created apps: their ids', () => {
    const result = rolledBack();
    result.apps = [
      { ...deals, key: 'a' },
      { ...deals, key: 'b', id: '14' },
    ];
    expect(renderApplyMessage(result, { ...words, idsFile: 'appdeploy.yaml' })).toContain(
      "Created apps a (13), b (14) stay (the service cannot delete an app), with a new app's settings; their ids are in appdeploy.yaml.",
    );
  });
});

describe('a reason that already ends a sentence', () => {
  it('gets no second full stop ("network..")', () => {
    const reason =
      'orders: writing views failed: GET /k/v1/app.json failed: connect ECONNREFUSED (ECONNREFUSED). Check the base URL and the network.';
    const message = renderApplyMessage(
      stopped('rolled-back', {
        cause: { kind: 'write-failed', reason },
        revertFailed: [],
        liveLeftChanged: false,
      }),
      words,
    );
    expect(message).toContain('Check the base URL and the network. ');
    expect(message).not.toContain('..');
  });
});

describe('an apply interrupted after a migration copied its values, before the swap', () => {
  it('says the migration’s first step is live, not that nothing was changed', () => {
    // Found by the interrupt sweep: SIGTERM while the swap's writes were about to start printed
    // "Interrupted before anything was written; nothing was changed." beside "the values are in
    // notes__migrating, and the next apply swaps".
    const result: ApplyResult = {
      outcome: 'interrupted',
      plugins: [],
      apps: [{ key: 'customers', id: '1', outcome: 'unchanged', created: false }],
      refusals: [],
      notConverged: [],
      migrations: [
        {
          app: 'customers',
          field: 'notes',
          temporary: 'notes__migrating',
          outcome: 'copied',
          copied: 3,
          unchanged: 0,
          empty: 1,
          notConverted: 0,
          reason: 'the swap did not go live; the values are in notes__migrating, and the next apply swaps',
        },
      ],
    };
    expect(renderApplyMessage(result, words)).toMatchInlineSnapshot(
      `"Interrupted before the swap: only the migrations' first step is live (their temporary fields, holding the values copied); nothing else was changed. Run \`npx appdeploy apply -C proj\` again to finish. Migration of customers field notes (3 records copied, 0 already there, 1 empty): the swap did not go live; the values are in notes__migrating, and the next apply swaps."`,
    );
    expect(applyExitCode(result)).toBe(130);
  });
});
