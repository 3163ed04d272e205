/**
 * The exit codes of the README's command table, each in the situation its cell names, provoked
 * with the built CLI: a row (by its command cell), the words of the cell that name the situation,
 * and how to get there. The codes not provoked here (apply's 3, 4, 70 and 130: a deploy that
 * outlives --timeout, a draft published by someone else mid-apply, a kill) are the crash and
 * interruption tests' (test/reliability/crash*.test.ts, interrupted-*.test.ts, kill-anywhere).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appdeploy, runCli } from '../../support/cli.js';
import { adminCall } from '../../support/service.js';
import { customersProject } from './sample-projects.js';
import { edit, initProject, run, withStaging, writeFiles, type Ctx } from './situations.js';

export interface ExitCase {
  /** The row's command cell, after `appdeploy`. */
  row: string;
  /** Words of the row's exit-code cell that name the situation. */
  says: string;
  code: number;
  /** Makes the situation and runs the command: its exit code. */
  exit: (ctx: Ctx) => Promise<number>;
}

const code = async (root: string, args: string[]) => (await appdeploy(args, root)).code;

/** An init project, applied on the embedded local service. */
async function applied(ctx: Ctx): Promise<string> {
  const root = await initProject(ctx);
  await run(root, ['apply', '--yes'], 0);
  return root;
}

const broken = async (ctx: Ctx) => {
  const root = await initProject(ctx);
  await edit(root, 'apps/tasks.yaml', ['type: DATE,', 'type: DAET,']);
  return root;
};

/** An init project applied on staging, then its draft changed there, as someone in the browser would. */
async function pendingDraft(ctx: Ctx): Promise<string> {
  const root = await initProject(ctx);
  await withStaging(root, ctx.serviceUrl);
  await run(root, ['apply', '--yes'], 0);
  const app = /staging: (\d+)/.exec(await readFile(join(root, 'appdeploy.yaml'), 'utf8'))![1]!;
  await adminCall(ctx.serviceUrl, 'PUT', '/k/v1/preview/app/form/fields.json', {
    app,
    properties: { title: { type: 'SINGLE_LINE_TEXT', label: 'Headline' } },
  });
  return root;
}

const relabel = (root: string) => edit(root, 'apps/tasks.yaml', ['label: Title,', 'label: Task,']);

/** tasks gives the group reviewers, which the service lacks, a right: a blocked change. */
async function blocked(ctx: Ctx): Promise<string> {
  const root = await initProject(ctx);
  await withStaging(root, ctx.serviceUrl);
  await writeFiles(root, {
    'apps/tasks.yaml': `${await readFile(join(root, 'apps/tasks.yaml'), 'utf8')}appAcl:\n  - { entity: { type: GROUP, code: reviewers }, recordViewable: true }\n`,
  });
  return root;
}

export const EXIT_CASES: ExitCase[] = [
  {
    row: 'init [DIR]',
    says: '0 written',
    code: 0,
    exit: async (ctx) => code(await ctx.folder(), ['init', 'p']),
  },
  {
    row: 'init [DIR]',
    says: '1 a file exists',
    code: 1,
    exit: async (ctx) => code(await initProject(ctx), ['init', '.']),
  },
  {
    row: 'validate',
    says: '0 valid',
    code: 0,
    exit: async (ctx) => code(await initProject(ctx), ['validate']),
  },
  {
    row: 'validate',
    says: '1 problems',
    code: 1,
    exit: async (ctx) => code(await broken(ctx), ['validate']),
  },
  {
    row: 'types',
    says: '0 written or up to date',
    code: 0,
    exit: async (ctx) => code(await initProject(ctx), ['types']),
  },
  {
    row: 'types',
    says: '1 stale files with `--check`',
    code: 1,
    exit: async (ctx) => {
      const root = await initProject(ctx);
      await run(root, ['types'], 0);
      await relabel(root);
      await edit(root, 'apps/tasks.yaml', ['  notes:', '  extra: { type: NUMBER, label: Extra }\n  notes:']);
      return code(root, ['types', '--check']);
    },
  },
  {
    row: 'types',
    says: 'a project that does not validate',
    code: 1,
    exit: async (ctx) => code(await broken(ctx), ['types']),
  },
  {
    row: 'plan',
    says: '0 no changes',
    code: 0,
    exit: async (ctx) => code(await applied(ctx), ['plan', '--detailed-exitcode']),
  },
  {
    row: 'plan',
    says: '2 changes',
    code: 2,
    exit: async (ctx) => code(await initProject(ctx), ['plan', '--detailed-exitcode']),
  },
  {
    row: 'plan',
    says: 'a service it cannot reach',
    code: 1,
    exit: async (ctx) => {
      const root = await initProject(ctx);
      await withStaging(root, 'http://127.0.0.1:9');
      return code(root, ['plan']);
    },
  },
  {
    row: 'plan',
    says: 'a change apply would refuse (`blocked`',
    code: 1,
    exit: async (ctx) => code(await blocked(ctx), ['plan', '--detailed-exitcode']),
  },
  {
    row: 'apply [PLANFILE]',
    says: '0 applied',
    code: 0,
    exit: async (ctx) => code(await initProject(ctx), ['apply', '--yes']),
  },
  {
    row: 'apply [PLANFILE]',
    says: 'or nothing to do',
    code: 0,
    exit: async (ctx) => code(await applied(ctx), ['apply', '--yes']),
  },
  {
    row: 'apply [PLANFILE]',
    says: '1 nothing changed (refused',
    code: 1,
    exit: async (ctx) => code(await blocked(ctx), ['apply', '--yes']),
  },
  { row: 'status', says: '0 in sync', code: 0, exit: async (ctx) => code(await applied(ctx), ['status']) },
  {
    row: 'status',
    says: 'not created',
    code: 2,
    exit: async (ctx) => code(await initProject(ctx), ['status']),
  },
  {
    row: 'status',
    says: '2 drift',
    code: 2,
    exit: async (ctx) => {
      const root = await applied(ctx);
      await relabel(root);
      return code(root, ['status']);
    },
  },
  {
    row: 'revert',
    says: '0 reverted',
    code: 0,
    exit: async (ctx) => code(await pendingDraft(ctx), ['revert', '--yes']),
  },
  {
    row: 'revert',
    says: 'or nothing to revert',
    code: 0,
    exit: async (ctx) => code(await applied(ctx), ['revert']),
  },
  // No terminal to ask on, and no --yes: refused.
  {
    row: 'revert',
    says: '1 refused',
    code: 1,
    exit: async (ctx) => code(await pendingDraft(ctx), ['revert']),
  },
  {
    row: 'status',
    says: 'pending draft',
    code: 2,
    exit: async (ctx) => code(await pendingDraft(ctx), ['status']),
  },
  {
    row: 'restore BACKUP',
    says: '1 error',
    code: 1,
    exit: async (ctx) =>
      code(await applied(ctx), ['restore', '.appdeploy/backups/local/none.jsonl', '--yes']),
  },
  {
    row: 'export',
    says: '0 written',
    code: 0,
    exit: async (ctx) => code(await applied(ctx), ['export', '--app', 'tasks']),
  },
  {
    row: 'export',
    says: 'an app refused',
    code: 1,
    exit: async (ctx) => {
      const root = await applied(ctx);
      await relabel(root);
      return code(root, ['export', '--app', 'tasks']);
    },
  },
  {
    row: 'seed [APP...]',
    says: '0 seeded',
    code: 0,
    exit: async (ctx) => code(await applied(ctx), ['seed', '--yes']),
  },
  {
    row: 'seed [APP...]',
    says: 'no record file to seed (`SEED.NO_RECORDS`)',
    code: 1,
    exit: async (ctx) => {
      const root = await customersProject(ctx, []);
      await edit(root, 'appdeploy.yaml', [
        '    records: { file: records/customers.yaml, key: customer_code }\n',
        '',
      ]);
      await run(root, ['apply', '--yes'], 0);
      return code(root, ['seed', '--yes']);
    },
  },
  {
    row: 'seed [APP...]',
    says: '2 records to write (`--dry-run --detailed-exitcode`)',
    code: 2,
    exit: async (ctx) => code(await applied(ctx), ['seed', '--dry-run', '--detailed-exitcode']),
  },
  {
    row: 'export --records --app KEY',
    says: '0 written',
    code: 0,
    exit: async (ctx) => code(await applied(ctx), ['export', '--records', '--app', 'tasks']),
  },
  {
    row: 'export --records --app KEY',
    says: '1 error',
    code: 1,
    exit: async (ctx) => code(await applied(ctx), ['export', '--records', '--app', 'nosuch']),
  },
  { row: 'docs', says: '0 written', code: 0, exit: async (ctx) => code(await initProject(ctx), ['docs']) },
  {
    row: 'docs',
    says: '1 the project does not validate',
    code: 1,
    exit: async (ctx) => code(await broken(ctx), ['docs']),
  },
  {
    row: 'emulator',
    says: '0 stopped',
    code: 0,
    exit: async () => {
      const served = await runCli(['emulator', '--port', '0']);
      served.child.kill('SIGTERM');
      return (await served.exited).code ?? -1;
    },
  },
  {
    row: 'emulator',
    says: '1 cannot start',
    code: 1,
    // The port the test's local service listens on is taken.
    exit: async (ctx) => code(await ctx.folder(), ['emulator', '--port', new URL(ctx.serviceUrl).port]),
  },
];
