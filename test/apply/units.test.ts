/**
 * The pure pieces of apply: refusals from risks, dependency order, ids written into YAML,
 * durations, progress lines.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeAppId } from '../../src/apply/config-ids.js';
import { dependencyLevels, resolvePlaceholders } from '../../src/apply/placeholders.js';
import { progressPrinter } from '../../src/cli/apply-progress.js';
import { riskRefusals } from '../../src/apply/refusals.js';
import { parseDuration } from '../../src/cli/commands/apply.js';
import type { AppPlan, Risk } from '../../src/plan/types.js';

function app(key: string, after: unknown = {}, risks: Risk[] = []): AppPlan {
  return {
    key,
    name: key,
    id: null,
    action: 'create-app',
    revisions: null,
    areas: [
      {
        key: 'fields',
        action: 'create-app',
        itemNoun: 'field',
        changes: [],
        unchanged: 0,
        before: null,
        after: after as never,
      },
    ],
    risks,
  };
}

describe('riskRefusals', () => {
  const dataLoss: Risk = {
    kind: 'data-loss',
    area: 'fields',
    field: 'notes',
    records: 3,
    query: 'notes != ""',
  };
  const pending: Risk = { kind: 'pending-draft', areas: ['views'] };
  const blocked: Risk = {
    kind: 'blocked',
    area: 'fields',
    path: ['amount'],
    reason: 'type change',
    instead: 'add a new field',
  };
  const unique: Risk = { kind: 'deploy-fails', field: 'code', reason: 'unique', records: 2 };
  it.each([
    { risk: dataLoss, flags: {}, kinds: ['data-loss'] },
    { risk: dataLoss, flags: { allowDataLoss: true }, kinds: [] },
    { risk: pending, flags: {}, kinds: ['pending-draft'] },
    { risk: pending, flags: { discardPendingDrafts: true }, kinds: [] },
    { risk: blocked, flags: { allowDataLoss: true, discardPendingDrafts: true }, kinds: ['blocked'] },
    { risk: unique, flags: { allowDataLoss: true, discardPendingDrafts: true }, kinds: ['deploy-fails'] },
  ])('$risk.kind with $flags -> $kinds', ({ risk, flags, kinds }) => {
    const refusals = riskRefusals([app('orders', {}, [risk])], {
      allowDataLoss: false,
      discardPendingDrafts: false,
      ...flags,
    });
    expect(refusals.map((r) => r.kind)).toEqual(kinds);
    for (const r of refusals) expect(r.app).toBe('orders');
  });

  it('a blocked setting is named as the plan names it: appAcl[1].entity.code, not "appAcl 1.entity.code"', () => {
    const group: Risk = {
      kind: 'blocked',
      area: 'appAcl',
      path: [1, 'entity', 'code'],
      reason: 'apps/tasks.yaml:31:13: group "reviewers" does not exist in environment staging',
      instead: 'add the group there',
    };
    const refusals = riskRefusals([app('tasks', {}, [group, blocked])], {
      allowDataLoss: true,
      discardPendingDrafts: true,
    });
    expect(refusals.map((r) => r.message)).toEqual([
      'appAcl[1].entity.code: apps/tasks.yaml:31:13: group "reviewers" does not exist in environment staging; add the group there',
      'fields.amount: type change; add a new field',
    ]);
  });
});

describe('dependencyLevels', () => {
  it('puts an app after the apps it names by placeholder; independent apps share a level', () => {
    const levels = dependencyLevels([
      app('orders', { customer: { lookup: { relatedApp: { app: '{customers}' } } } }),
      app('customers'),
      app('notes'),
    ]);
    expect(levels.map((level) => level.map((a) => a.key))).toEqual([['customers', 'notes'], ['orders']]);
  });

  it('keeps apps that name each other in one last level', () => {
    const levels = dependencyLevels([app('a', ['{b}']), app('b', ['{a}']), app('c')]);
    expect(levels.map((level) => level.map((a) => a.key))).toEqual([['c'], ['a', 'b']]);
  });

  it('resolves placeholders anywhere in a value', () => {
    expect(
      resolvePlaceholders({ x: ['{a}', { app: '{a}' }], y: 'a' }, (t) => (t === '{a}' ? '12' : t)),
    ).toEqual({
      x: ['12', { app: '12' }],
      y: 'a',
    });
  });
});

describe('writeAppId', () => {
  it('adds the id under the environment, keeping comments, flow maps and ${VAR}s', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'appdeploy-ids-'));
    const path = join(dir, 'appdeploy.yaml');
    await writeFile(
      path,
      [
        '# top comment',
        'environments:',
        '  local: {}',
        '  staging: { baseUrl: "${URL}" } # from .env',
        'apps:',
        '  customers: { manifest: apps/customers.yaml, ids: { staging: 12 } }',
        '  orders:',
        '    manifest: apps/orders.yaml # the orders',
        '',
      ].join('\n'),
    );
    await writeAppId(path, 'customers', 'local', '7');
    await writeAppId(path, 'orders', 'local', '8');
    expect(await readFile(path, 'utf8')).toBe(
      [
        '# top comment',
        'environments:',
        '  local: {}',
        '  staging: { baseUrl: "${URL}" } # from .env',
        'apps:',
        '  customers: { manifest: apps/customers.yaml, ids: { staging: 12, local: 7 } }',
        '  orders:',
        '    manifest: apps/orders.yaml # the orders',
        '    ids:',
        '      local: 8',
        '',
      ].join('\n'),
    );
    await rm(dir, { recursive: true, force: true });
  });

  it('writes into a file whose flow maps hold bare ${VAR}s, as the README writes auth', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'appdeploy-ids-'));
    const path = join(dir, 'appdeploy.yaml');
    const head = [
      'environments:',
      '  staging:',
      '    baseUrl: ${URL:-https://staging.example.com}',
      '    auth: { login: ${STAGING_LOGIN}, password: ${STAGING_PASSWORD} }',
      'apps:',
    ];
    await writeFile(path, [...head, '  tickets: { manifest: apps/tickets.yaml }', ''].join('\n'));
    await writeAppId(path, 'tickets', 'staging', '31');
    expect(await readFile(path, 'utf8')).toBe(
      [...head, '  tickets: { manifest: apps/tickets.yaml, ids: { staging: 31 } }', ''].join('\n'),
    );
    await rm(dir, { recursive: true, force: true });
  });
});

describe('parseDuration', () => {
  it.each([
    ['10m', 600_000],
    ['90s', 90_000],
    ['90', 90_000],
    ['1h', 3_600_000],
    ['250ms', 250],
    ['0', null],
    ['ten', null],
    ['-5s', null],
  ])('%s -> %s', (text, ms) => expect(parseDuration(text)).toBe(ms));
});

describe('progress lines', () => {
  it('say which plug-in is installed or updated, to which version, from which package', () => {
    const out: string[] = [];
    const printer = progressPrinter({ write: (text) => out.push(text), live: false });
    const id = 'a'.repeat(32);
    printer.onEvent({
      type: 'plugin',
      action: 'install',
      id,
      name: 'Scanner',
      version: '2',
      path: 'plugins/s.zip',
    });
    expect(out).toEqual([`Installing plug-in "Scanner" (${id}) to version 2 from plugins/s.zip\n`]);
    expect(printer.states()).toEqual(['plug-in Scanner: being installed (no app written yet)']);
  });

  it("count a migration's copied records as people read them", () => {
    const out: string[] = [];
    const printer = progressPrinter({ write: (text) => out.push(text), live: false });
    printer.onEvent({ type: 'migration', app: 'tickets', field: 'notes', step: 'copy', written: 12408 });
    expect(out).toEqual(['tickets: copying the values of notes (12,408 records written)\n']);
  });
});
