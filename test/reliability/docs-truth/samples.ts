/**
 * The output samples of README.md and docs/ (the plan, seed's plan, errors, validate's output),
 * each with the situation its text describes, made with the built CLI (situations.ts), and how
 * to compare: `lines`, the sample's lines are consecutive lines of the output; `fragment`, the
 * same with the indentation the sample took off (a part of a plan, shown at its margin); `folded`, the same
 * with line breaks taken as spaces (a sample folded to fit the page); `json`, the sample's JSON is
 * the output's, where `"..."` stands for anything. `vary` names the values that must differ from
 * run to run (a pid, a time, a temp path), replaced in both before comparing.
 * NOT_SAMPLES lists, with the reason, the blocks of those kinds that are not a command's output.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli, serveProject, stopServing } from '../../support/cli.js';
import type { Block } from './markdown.js';
import {
  addLookupCopy,
  customerRecords,
  customersProject,
  lookupTypo,
  savedPlanNarrowed,
  tasksWithAcl,
} from './sample-projects.js';
import { MIGRATION_SAMPLES } from './samples-migrations.js';
import {
  copyExample,
  edit,
  initProject,
  run,
  stagingAt,
  withStaging,
  writeFiles,
  type Ctx,
} from './situations.js';

export interface Sample {
  page: string;
  /** A line the block holds, to find it. */
  holds: string;
  /** What the text around it says the situation is. */
  situation: string;
  compare: 'lines' | 'fragment' | 'folded' | 'json';
  vary?: [RegExp, string][];
  produce: (ctx: Ctx) => Promise<string>;
}

/** A block of the output kinds that is not a command's output, and why. */
export interface NotASample {
  page: string;
  holds: string;
  reason: string;
}

/** Blocks written as output (no language, `text`, `json`) are samples unless listed here. */
export const NOT_SAMPLES: NotASample[] = [
  {
    page: 'docs/records.md',
    holds: 'the service refused 2 uploads, so the 2 records naming them were not written',
    reason:
      "the service's words elided ('...') and a path of no real project: the same output, run against a service with an upload cap, is pinned in test/records-files/seed-upload-refused.test.ts",
  },
  {
    page: 'docs/records.md',
    holds: 'records/tasks.yaml:2:8: [0].due: DATE "due" takes a date, YYYY-MM-DD',
    reason:
      "one problem of validate's output (its source lines and hint left out) for a record file of a project the page does not build: the same wording is pinned in test/records-files/validate.test.ts and, through the built CLI, test/records-files/migration-journey.test.ts",
  },
  {
    page: 'docs/migrations.md',
    holds: '.appdeploy/backups/<env>/<time>-<app>.jsonl',
    reason: 'the layout of the backup folder, with placeholders: names, not output',
  },
  {
    page: 'docs/migrations.md',
    holds: '{"app":"12","id":"341","revision":"7","field":"contract"',
    reason: 'lines of a backup file, not of output (test/records/backup tests pin the format)',
  },
];

export const isOutputBlock = (block: Block) =>
  block.lang === '' || block.lang === 'text' || block.lang === 'json';

const PID: [RegExp, string] = [/\bpid \d+/g, 'pid PID'];

export const SAMPLES: Sample[] = [
  {
    page: 'docs/errors.md',
    holds: 'Error: --app cannot narrow a saved plan',
    situation: 'apply of a saved plan narrowed with --app, on a terminal',
    compare: 'lines',
    produce: async (ctx) => (await savedPlanNarrowed(ctx, [])).stderr,
  },
  {
    page: 'docs/errors.md',
    holds: '"code": "APPLY.APP_WITH_PLANFILE"',
    situation: 'the same, with --format json: stdout',
    compare: 'json',
    produce: async (ctx) => (await savedPlanNarrowed(ctx, ['--format', 'json'])).stdout,
  },
  {
    page: 'docs/validate.md',
    holds: 'apps/orders.yaml:11:24: fields.customer.lookup.relatedKeyField',
    situation: 'orders looks customers up by "cod", customers has "code": validate',
    compare: 'lines',
    produce: async (ctx) => (await run(await lookupTypo(ctx), ['validate'], 1)).stdout,
  },
  {
    page: 'docs/validate.md',
    holds: '"code": "FIELD.UNKNOWN"',
    situation: 'the same, validate --format json',
    compare: 'json',
    produce: async (ctx) => (await run(await lookupTypo(ctx), ['validate', '--format', 'json'], 1)).stdout,
  },
  {
    page: 'README.md',
    holds: 'tickets (records/tickets.yaml, by ticket_ref): 5 to add',
    situation: 'the tour: the helpdesk applied, then its example tickets seeded',
    compare: 'lines',
    produce: async (ctx) => {
      const root = await copyExample(ctx, 'helpdesk');
      await run(root, ['apply', '--yes'], 0);
      return (await run(root, ['seed', '--yes'], 0)).stdout;
    },
  },
  {
    page: 'docs/records.md',
    holds:
      'customers (records/customers.yaml, by customer_code): 1 to add, 1 to change, 1 to delete, 8 unchanged',
    situation:
      'ten customers seeded; then the file adds C11, changes C1 amount 300 to 400, drops C9: seed --clean',
    compare: 'lines',
    produce: async (ctx) => {
      const root = await customersProject(ctx, customerRecords(10));
      await run(root, ['apply', '--yes'], 0);
      await run(root, ['seed', '--yes'], 0);
      const changed = customerRecords(11)
        .filter((record) => !record.includes('C9\n'))
        .map((record) =>
          record.replace('customer_code: C1\n  amount: 300', 'customer_code: C1\n  amount: 400'),
        );
      await writeFiles(root, { 'records/customers.yaml': changed.join('') });
      return (await run(root, ['seed', '--clean', '--dry-run'], 0)).stdout;
    },
  },
  {
    page: 'docs/records.md',
    holds: 'records/customers.yaml:8:10: app customers, record "C3": user "carol"',
    situation: 'environment test maps ghost to carol, whom its service lacks; C3 names ghost at 8:10: seed',
    compare: 'lines',
    produce: async (ctx) => {
      const root = await customersProject(ctx, [
        '- customer_code: C1\n  name: Alice\n  amount: 1200\n',
        '- customer_code: C2\n  name: Bob\n  amount: 800\n',
        '- customer_code: C3\n  owner: ghost\n',
      ]);
      await edit(root, 'appdeploy.yaml', [
        'environments:\n',
        `environments:\n  test: { baseUrl: '${ctx.serviceUrl}', auth: { login: admin, password: admin }, users: { ghost: carol } }\n`,
      ]);
      await run(root, ['apply', '--yes', '--env', 'test'], 0);
      const seeded = await run(root, ['seed', '--yes', '--env', 'test'], 1);
      return seeded.stdout + seeded.stderr;
    },
  },
  {
    page: 'docs/plan-format.md',
    holds: 'appAcl[1].entity.code: apps/tasks.yaml:31:13: group "reviewers" does not exist',
    situation: 'tasks gives the group reviewers a right; staging has no such group: plan',
    compare: 'lines',
    produce: async (ctx) => {
      const root = await initProject(ctx);
      await withStaging(root, ctx.serviceUrl);
      await writeFiles(root, { 'apps/tasks.yaml': await tasksWithAcl(root) });
      return (await run(root, ['plan'], 1)).stdout;
    },
  },
  {
    page: 'docs/plan-format.md',
    holds: 'Note: Apply will deploy in 2 steps',
    situation: "customers and deals applied; then customers gets region, and deals' lookup copies it: plan",
    compare: 'lines',
    produce: async (ctx) => {
      const root = await copyExample(ctx, 'crm');
      await run(root, ['apply', '--yes'], 0);
      await edit(
        root,
        'apps/customers.yaml',
        [
          '  notes: { type: RICH_TEXT, label: Notes }',
          '  notes: { type: RICH_TEXT, label: Notes }\n  region: { type: SINGLE_LINE_TEXT, label: Region }',
        ],
        ['\nlayout:\n', '\nlayout:\n  - type: ROW\n    fields: [{ code: region }]\n'],
      );
      await addLookupCopy(root);
      return (await run(root, ['plan'], 0)).stdout;
    },
  },
  {
    page: 'docs/plan-format.md',
    holds: '"formatVersion": 2',
    situation:
      'an init project applied on the local service, its title field relabelled Task: plan --format json',
    compare: 'json',
    vary: [
      [/"dataDir": "[^"]*"/g, '"dataDir": "DIR"'],
      [/"(createdAt|creator|id)": "[^"]*"/g, '"$1": "VARIES"'],
      [/"(draft|live)": "\d+"/g, '"$1": "REVISION"'],
    ],
    produce: async (ctx) => {
      const root = await initProject(ctx);
      await run(root, ['apply', '--yes'], 0);
      await edit(root, 'apps/tasks.yaml', ['label: Title,', 'label: Task,']);
      return (await run(root, ['plan', '--format', 'json'], 0)).stdout;
    },
  },
  {
    page: 'docs/export.md',
    holds: '[1/1] tasks (app 1): refused: apps/tasks.yaml differs from the service in fields, customize,',
    situation: 'tasks applied; then its manifest edits a field and a customization file, not applied: export',
    compare: 'folded',
    produce: async (ctx) => {
      const root = await initProject(ctx, { 'apps/js/tasks.js': '// one\n' });
      await edit(root, 'apps/tasks.yaml', [
        '\nlayout:',
        '\ncustomize:\n  desktop:\n    js:\n      - { type: FILE, path: js/tasks.js }\n\nlayout:',
      ]);
      await run(root, ['apply', '--yes'], 0);
      await edit(root, 'apps/tasks.yaml', ['label: Title,', 'label: Task,']);
      await writeFiles(root, { 'apps/js/tasks.js': '// two\n' });
      const exported = await run(root, ['export', '--app', 'tasks'], 1);
      return exported.stdout + exported.stderr;
    },
  },
  {
    page: 'docs/local-service.md',
    holds: 'Error: another appdeploy command (pid 4242) is using .appdeploy/local',
    situation: 'the emulator serves the project (-C .): plan in the same project',
    compare: 'lines',
    vary: [PID],
    produce: async (ctx) => {
      const root = await initProject(ctx);
      const { child, url } = serveProject(root);
      try {
        await url;
        return (await run(root, ['plan'], 1)).stderr;
      } finally {
        await stopServing(child);
      }
    },
  },
  {
    page: 'docs/check.md',
    holds: 'Check failed: applying this plan fails on a copy of staging.',
    situation:
      'a new app deals looks up an app of staging the project does not manage, by a field it lacks: plan --check',
    compare: 'lines',
    produce: async (ctx) => {
      const other = await initProject(ctx);
      await withStaging(other, ctx.serviceUrl);
      await run(other, ['apply', '--yes'], 0);
      const id = /staging: (\d+)/.exec(await readFile(join(other, 'appdeploy.yaml'), 'utf8'))![1]!;
      const root = await ctx.folder();
      await writeFiles(root, {
        'appdeploy.yaml': `environments:\n${stagingAt(ctx.serviceUrl)}apps:\n  deals: { manifest: apps/deals.yaml }\n`,
        'apps/deals.yaml': [
          'name: Deals',
          'fields:',
          '  title: { type: SINGLE_LINE_TEXT, label: Title }',
          '  customer:',
          '    type: SINGLE_LINE_TEXT',
          '    label: Customer',
          '    lookup:',
          `      relatedApp: { app: ${id} }`,
          '      relatedKeyField: cod',
          '      fieldMappings: []',
          '      lookupPickerFields: []',
          '',
        ].join('\n'),
      });
      return (await run(root, ['plan', '--check'], 1)).stdout;
    },
  },
  ...MIGRATION_SAMPLES,
];

/** Comments of shell blocks that say what a command prints: `# first line on stdout: ...`. */
export const FIRST_LINES = [
  {
    page: 'docs/local-service.md',
    holds: 'npx appdeploy emulator --port 0',
    produce: async () => {
      const served = await runCli(['emulator', '--port', '0']);
      served.child.kill('SIGTERM');
      await served.exited;
      return served.firstLine.replace(/:\d+$/, ':PORT');
    },
  },
];
