/**
 * schema/apply-result.schema.json takes every refusal apply can give: the kinds come from the
 * type (a kind added to AppRefusal or PluginRefusal without a row here fails to compile), and
 * each row is checked against the schema as `apply --format json` prints it.
 */
import { describe, it } from 'vitest';
import type { AppRefusal, PluginRefusal } from '../../src/apply/types.js';
import { expectValidResult } from './harness.js';

const APP_KINDS = {
  blocked: true,
  'data-loss': true,
  'deploy-fails': true,
  'risk-grew': true,
  'other-service': true,
  'pending-draft': true,
  deploying: true,
  'revision-moved': true,
  'creation-unknown': true,
  'backup-failed': true,
} as const satisfies Record<AppRefusal['kind'], true>;

const PLUGIN_KINDS = { 'plugin-moved': true, 'plugin-failed': true } as const satisfies Record<
  PluginRefusal['kind'],
  true
>;

const refused = (refusal: AppRefusal | PluginRefusal) => ({
  outcome: 'refused',
  exitCode: 1,
  message: 'Apply refused, nothing was changed: ...',
  plugins: [],
  apps: [{ key: 'orders', id: '1', outcome: 'unchanged', created: false }],
  refusals: [refusal],
  notConverged: [],
});

describe('apply-result.schema.json: every refusal kind', () => {
  it.each(Object.keys(APP_KINDS) as AppRefusal['kind'][])('%s (an app)', (kind) => {
    expectValidResult(refused({ kind, app: 'orders', message: 'why' }));
  });
  it.each(Object.keys(PLUGIN_KINDS) as PluginRefusal['kind'][])('%s (a plug-in)', (kind) => {
    expectValidResult(refused({ kind, plugin: 'abc', message: 'why' }));
  });
});
