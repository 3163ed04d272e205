/**
 * The output samples of docs/migrations.md (samples.ts says how they are compared): the plan of a
 * migrated field, the migration blocked for records the deploying user cannot see, and restore.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { adminCall } from '../../support/service.js';
import type { Sample } from './samples.js';
import { copyExample, edit, initProject, run, withStaging, writeFiles } from './situations.js';

export const MIGRATION_SAMPLES: Sample[] = [
  {
    page: 'docs/migrations.md',
    holds: '-/+ summary {  # values kept: 180 records',
    situation:
      "examples/migration's tickets as they were, 180 records with a summary; then summary becomes one line: plan",
    compare: 'fragment',
    produce: async (ctx) => {
      const root = await copyExample(ctx, 'migration');
      await withStaging(root, ctx.serviceUrl);
      await writeFiles(root, {
        'apps/tickets.yaml': await readFile(join(root, 'before/tickets.yaml'), 'utf8'),
      });
      await run(root, ['apply', '--yes'], 0);
      const app = /staging: (\d+)/.exec(await readFile(join(root, 'appdeploy.yaml'), 'utf8'))![1]!;
      for (let from = 0; from < 180; from += 100)
        await adminCall(ctx.serviceUrl, 'POST', '/k/v1/records.json', {
          app,
          records: Array.from({ length: Math.min(100, 180 - from) }, (_, i) => ({
            summary: { value: `Ticket ${from + i}` },
          })),
        });
      await edit(root, 'apps/tickets.yaml', ['    type: MULTI_LINE_TEXT', '    type: SINGLE_LINE_TEXT']);
      return (await run(root, ['plan'], 0)).stdout;
    },
  },
  {
    page: 'docs/migrations.md',
    holds:
      'fields.notes: record permission rule 1 (records where subject like "secret") may hide records from alice',
    situation:
      'staging signs in as alice; a record permission rule on secret subjects names bob alone: notes migrates, plan',
    compare: 'lines',
    vary: [[/\(id \d+\)/g, '(id N)']],
    produce: async (ctx) => {
      const root = await ctx.folder();
      const signIn = (login: string) =>
        `{ baseUrl: '${ctx.serviceUrl}', auth: { login: ${login}, password: ${login} } }`;
      await writeFiles(root, {
        'appdeploy.yaml': [
          'environments:',
          `  setup: ${signIn('admin')}`,
          `  staging: ${signIn('alice')}`,
          'defaultEnvironment: staging',
          'apps:',
          '  tickets: { manifest: apps/tickets.yaml }',
          '',
        ].join('\n'),
        'apps/tickets.yaml': [
          'name: Tickets',
          'fields:',
          '  subject: { type: SINGLE_LINE_TEXT, label: Subject }',
          '  notes: { type: MULTI_LINE_TEXT, label: Notes }',
          'appAcl:',
          '  - { entity: { type: USER, code: alice }, appEditable: true, recordViewable: true, recordAddable: true, recordEditable: true, recordDeletable: true }',
          '  - { entity: { type: GROUP, code: everyone }, recordViewable: true, recordAddable: true, recordEditable: true, recordDeletable: true }',
          'recordAcl:',
          '  - filterCond: subject like "secret"',
          '    entities: [{ entity: { type: USER, code: bob }, viewable: true, editable: true, deletable: true }]',
          '',
        ].join('\n'),
      });
      await run(root, ['apply', '--yes', '--env', 'setup'], 0);
      const id = /setup: (\d+)/.exec(await readFile(join(root, 'appdeploy.yaml'), 'utf8'))![1]!;
      await edit(root, 'appdeploy.yaml', [`ids: { setup: ${id} }`, `ids: { setup: ${id}, staging: ${id} }`]);
      await edit(root, 'apps/tickets.yaml', ['type: MULTI_LINE_TEXT', 'type: SINGLE_LINE_TEXT']);
      return (await run(root, ['plan'], 1)).stdout;
    },
  },
  {
    page: 'docs/migrations.md',
    holds: 'Restored 12,381 records of 12,408 in app 12',
    situation:
      'notes removed with --allow-data-loss (backed up), added again; one record edited and one deleted since: restore',
    compare: 'lines',
    vary: [
      [/(\(\d+\): )[^.]*\./g, '$1IDS.'],
      [/\d[\d,]*/g, 'N'],
    ],
    produce: async (ctx) => {
      const root = await initProject(ctx, {
        'records/tasks.yaml': ['T-1', 'T-2', 'T-3', 'T-4']
          .map((key) => `- task_id: ${key}\n  title: Task ${key}\n  notes: Notes of ${key}\n`)
          .join(''),
      });
      await withStaging(root, ctx.serviceUrl);
      await run(root, ['apply', '--yes'], 0);
      await run(root, ['seed', '--yes'], 0);
      // The record file names notes, which the next manifest removes.
      await writeFiles(root, { 'records/tasks.yaml': '[]\n' });
      const manifest = await readFile(join(root, 'apps/tasks.yaml'), 'utf8');
      await edit(
        root,
        'apps/tasks.yaml',
        ['  notes: { type: MULTI_LINE_TEXT, label: Notes }\n', ''],
        ['  - type: ROW\n    fields: [{ code: notes }]\n', ''],
      );
      await run(root, ['apply', '--yes', '--allow-data-loss'], 0);
      await writeFiles(root, { 'apps/tasks.yaml': manifest });
      await run(root, ['apply', '--yes'], 0);
      const app = /staging: (\d+)/.exec(await readFile(join(root, 'appdeploy.yaml'), 'utf8'))![1]!;
      const id = async (key: string) =>
        (
          (await adminCall(
            ctx.serviceUrl,
            'GET',
            `/k/v1/records.json?app=${app}&query=${encodeURIComponent(`task_id = "${key}"`)}`,
          )) as {
            records: { $id: { value: string } }[];
          }
        ).records[0]!.$id.value;
      await adminCall(ctx.serviceUrl, 'PUT', '/k/v1/record.json', {
        app,
        id: await id('T-2'),
        record: { title: { value: 'Edited' } },
      });
      await adminCall(ctx.serviceUrl, 'DELETE', `/k/v1/records.json?app=${app}&ids[0]=${await id('T-3')}`);
      const backups = join(root, '.appdeploy/backups/staging');
      const backup = (await readdir(backups)).find((name) => name.endsWith('.jsonl'))!;
      return (await run(root, ['restore', join(backups, backup), '--yes'], 0)).stdout;
    },
  },
];
