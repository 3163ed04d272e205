/**
 * Seed's check that the environment's apps have the fields the record files name as the manifests
 * have them (SEED.NOT_APPLIED, docs/records.md) runs for an environment signed in with an API
 * token too. The hosted platform's Get Form Fields takes API token authentication, and reading the
 * live form needs only the permission to view or add records, not to manage the app (kintone.dev,
 * "Get Form Fields", Authentication and Permissions): a token that may seed (view, add, edit,
 * delete) may read it. The built CLI against the local service, whose token here lacks manage.
 */
import { rm } from 'node:fs/promises';
import { afterAll, expect, it } from 'vitest';
import { appdeploy } from '../support/cli.js';
import { useLocalService } from '../support/service.js';
import { tempProject } from '../support/temp-project.js';

const service = useLocalService({ client: {} });
let root = '';
afterAll(async () => rm(root, { recursive: true, force: true }));

it('a token that may seed but not manage the app: seed before apply is refused naming the field', async () => {
  const { client } = service;
  const { app } = await client.apps.addApp({ name: 'Tasks' });
  await client.form.addFields({
    app,
    properties: {
      code: { type: 'SINGLE_LINE_TEXT', code: 'code', label: 'Code', unique: true, required: true },
      due: { type: 'DATE', code: 'due', label: 'Due' },
    },
  });
  await client.apps.deploy({ apps: [{ app }] });
  await client.apps.waitForDeploy([app]);
  const { token } = (await service.control('POST', '/_emulator/tokens', {
    app,
    permissions: { view: true, add: true, edit: true, delete: true, manage: false },
  })) as { token: string };
  root = await tempProject('appdeploy-seed-token-', {
    'appdeploy.yaml': [
      'environments:',
      `  stage: { baseUrl: '${service.url}', auth: { apiToken: ${token} } }`,
      'defaultEnvironment: stage',
      'apps:',
      '  tasks:',
      '    manifest: apps/tasks.yaml',
      `    ids: { stage: ${app} }`,
      '    records: { file: records/tasks.yaml, key: code }',
      '',
    ].join('\n'),
    // The manifest makes `due` a DATETIME; the app, not applied since, has a DATE.
    'apps/tasks.yaml': [
      'name: Tasks',
      'fields:',
      '  code: { type: SINGLE_LINE_TEXT, label: Code, unique: true, required: true }',
      '  due: { type: DATETIME, label: Due }',
      '',
    ].join('\n'),
    'records/tasks.yaml': '- code: T1\n  due: 2024-01-31T09:00:00Z\n',
  });
  const seeded = await appdeploy(['seed', '--yes'], root);
  expect(seeded.code).toBe(1);
  expect(seeded.stdout).toBe('');
  expect(seeded.stderr).toContain(
    `  tasks.due: the manifest makes it a DATETIME; app ${app} in stage has a DATE\n`,
  );
  expect(seeded.stderr).not.toContain(token);
  expect((await client.records.getRecords({ app })).records).toEqual([]);
});
