/**
 * A user's journey through a migration with a record file, the built CLI in a project on the
 * embedded local service (docs/records.md, "After a field's type or place changes"): the app's
 * records seeded; the manifest changes two fields' types (DATE -> DATETIME, NUMBER ->
 * SINGLE_LINE_TEXT); validate takes the file as written; seed before apply is refused naming the
 * fields and apply; apply migrates and a seed right after says "No changes."; a field moved into
 * a table is a problem at its file:line:col saying what to do, in validate and in plan's warning;
 * export --records writes the file anew and a seed after it says "No changes." again. A date
 * added for the DATETIME field seeds its midnight in the environment's time zone.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { appdeploy } from '../support/cli.js';
import { tempProject } from '../support/temp-project.js';

let dir = '';
afterAll(async () => rm(dir, { recursive: true, force: true }));

const manifest = (due: string, points: string, noteInTable: boolean) =>
  [
    'name: Tasks',
    'fields:',
    '  code: { type: SINGLE_LINE_TEXT, label: Code, unique: true, required: true }',
    `  due: { type: ${due}, label: Due }`,
    `  points: { type: ${points}, label: Points }`,
    ...(noteInTable ? [] : ['  note: { type: SINGLE_LINE_TEXT, label: Note }']),
    '  items:',
    '    type: SUBTABLE',
    '    label: Items',
    '    fields:',
    '      item: { type: SINGLE_LINE_TEXT, label: Item }',
    ...(noteInTable ? ['      note: { type: SINGLE_LINE_TEXT, label: Note, migrate: { row: first } }'] : []),
    '',
  ].join('\n');

const RECORDS = [
  '- code: T1',
  '  due: 2024-01-31',
  '  points: 3',
  '  note: hello',
  '  items: [{ item: pen }]',
  '- code: T2',
  '  due: 2024-02-01',
  '  points: 5',
  '',
].join('\n');

it(
  'changes types and moves a field with a record file: validate, seed before apply, apply, seed, export, seed',
  { timeout: 180_000 },
  async () => {
    dir = await tempProject('appdeploy-migration-journey-', {
      'appdeploy.yaml': [
        'environments:',
        '  local: { timeZone: Asia/Tokyo }',
        'apps:',
        '  tasks:',
        '    manifest: apps/tasks.yaml',
        '    records: { file: records/tasks.yaml, key: code }',
        '',
      ].join('\n'),
      'apps/tasks.yaml': manifest('DATE', 'NUMBER', false),
      'records/tasks.yaml': RECORDS,
    });
    const run = async (...args: string[]) => appdeploy(args, dir);
    expect((await run('apply', '--yes')).code).toBe(0);
    expect((await run('seed', '--yes')).code).toBe(0);

    // The types change: the file's dates and numbers are the new fields' values as written.
    await writeFile(join(dir, 'apps/tasks.yaml'), manifest('DATETIME', 'SINGLE_LINE_TEXT', false));
    const valid = await run('validate');
    expect({ code: valid.code, out: valid.stdout, err: valid.stderr }).toEqual({
      code: 0,
      out: 'appdeploy.yaml: valid (1 app: tasks, environment local)\n',
      err: '',
    });
    const early = await run('seed', '--dry-run');
    expect(early.code).toBe(1);
    expect(early.stdout).toBe('');
    expect(early.stderr).toContain(
      '  tasks.due: the manifest makes it a DATETIME; app 1 in local has a DATE\n' +
        '  tasks.points: the manifest makes it a SINGLE_LINE_TEXT; app 1 in local has a NUMBER\n',
    );
    expect(early.stderr).toContain('Apply the manifests first: `npx appdeploy apply`');

    expect((await run('apply', '--yes')).code).toBe(0);
    expect((await run('plan')).stdout).toContain('No changes.');
    const after = await run('seed', '--dry-run', '--detailed-exitcode');
    expect({ code: after.code, out: after.stdout }).toEqual({ code: 0, out: 'No changes.\n' });

    // A date added for the DATETIME field: its midnight in Asia/Tokyo, shown as the service holds it.
    await writeFile(
      join(dir, 'records/tasks.yaml'),
      RECORDS.replace('  due: 2024-01-31', '  due: 2024-03-01'),
    );
    const changed = await run('seed', '--yes');
    expect(changed.stdout).toContain('      due: "2024-01-30T15:00:00Z" -> "2024-02-29T15:00:00Z"\n');
    expect((await run('seed', '--dry-run')).stdout).toBe('No changes.\n');

    // note moves into the table: the file holds it where it was, said where and what to do.
    await writeFile(join(dir, 'apps/tasks.yaml'), manifest('DATETIME', 'SINGLE_LINE_TEXT', true));
    const moved = await run('validate');
    expect(moved.code).toBe(1);
    expect(moved.stdout + moved.stderr).toContain(
      'records/tasks.yaml:4:3: [0].note: "note" is a column of the table "items" (if it moved into the table in the manifest, the record file still holds it where it was)',
    );
    expect(moved.stdout + moved.stderr).toContain(
      'write the record file anew from the converted records: `npx appdeploy export --records --app tasks`',
    );
    const plan = await run('plan');
    expect(plan.stderr).toContain(
      'records/tasks.yaml:4:3: [0].note: "note" is a column of the table "items"',
    );
    expect((await run('seed', '--dry-run')).code).toBe(1);
    expect((await run('apply', '--yes')).code).toBe(0);
    expect((await run('export', '--records', '--app', 'tasks')).code).toBe(0);
    expect(await readFile(join(dir, 'records/tasks.yaml'), 'utf8')).toBe(
      [
        '- code: T1',
        '  due: 2024-02-29T15:00:00Z',
        '  points: "3"',
        '  items:',
        '    - item: pen',
        '      note: hello',
        '- code: T2',
        '  due: 2024-01-31T15:00:00Z',
        '  points: "5"',
        '',
      ].join('\n'),
    );
    expect((await run('validate')).code).toBe(0);
    expect((await run('seed', '--dry-run')).stdout).toBe('No changes.\n');
  },
);
