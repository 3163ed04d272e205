/**
 * A mistake in a record file concerns the records only (docs/records.md: `validate` checks the
 * file, `seed` writes it; issue 37: "`appdeploy apply` ... does not seed"). The built CLI on a
 * copy of the helpdesk example with a mistake in records/tickets.yaml: `validate` fails on it,
 * `seed` refuses (it reads the file), and the commands that never read the file (plan, apply,
 * status, types, docs) go on, each saying on stderr, before anything
 * else, which record file is wrong where and that seed refuses it until it is fixed. The same
 * holds for the `records:` setting itself failing the schema, which `export --records` (it writes
 * the setting) refuses too. A mistake in a manifest still
 * blocks them all.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appdeploy, ROOT } from '../support/cli.js';
import { useTempDir } from '../support/temp-dir.js';

const dir = useTempDir('record-problems', async (d) => {
  await cp(join(ROOT, 'examples/helpdesk'), join(d, 'helpdesk'), { recursive: true });
});
const root = () => join(dir(), 'helpdesk');

async function edit(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(join(root(), file), 'utf8');
  expect(text).toContain(from);
  await writeFile(join(root(), file), text.replace(from, to));
}

const WHERE = 'records/tickets.yaml:9:13';
const NO_BUG = /Bug|\n\s+at |exit 70/;

describe('a mistake in a record file', () => {
  it('validate fails on it, at its file, line and column', async () => {
    await edit('records/tickets.yaml', 'priority: High', 'priority: Critical');
    const run = await appdeploy(['validate'], root());
    expect(run.stdout + run.stderr).toContain(`${WHERE}: [0].priority: "Critical" is not an option`);
    expect(run.code).toBe(1);
  });

  it('plan goes on, saying first which record file is wrong where and that seed refuses it', async () => {
    const run = await appdeploy(['plan'], root());
    expect(run.stderr).toContain(`${WHERE}:`);
    expect(run.stderr).toMatch(
      /^Warning: 1 problem in the record files .*`npx appdeploy seed` refuses them/m,
    );
    expect(run.stdout).toContain('Plan:');
    expect(run.stderr).not.toMatch(NO_BUG);
    expect(run.code).toBe(0);
  });

  it('apply writes the settings; a fresh plan is empty', { timeout: 120_000 }, async () => {
    const apply = await appdeploy(['apply', '--yes'], root());
    expect(apply.stderr).toContain(`${WHERE}:`);
    expect(apply.stdout).toContain('Applied tickets');
    expect(apply.code).toBe(0);
    const plan = await appdeploy(['plan', '--detailed-exitcode'], root());
    expect(plan.code).toBe(0);
  });

  it.each([['status'], ['types'], ['docs']])('%s goes on, with the warning', async (command) => {
    const run = await appdeploy([command], root());
    expect(run.stderr).toContain(`${WHERE}:`);
    expect(run.stderr).not.toMatch(NO_BUG);
    expect(run.code).toBe(0);
  });

  it('seed refuses, naming the mistake, and writes nothing', async () => {
    const run = await appdeploy(['seed', '--yes'], root());
    expect(run.stderr).toContain(`${WHERE}:`);
    expect(run.stderr).not.toMatch(/^Warning/m);
    expect(run.stdout).not.toContain('Seeded');
    expect(run.code).toBe(1);
  });

  it('the records: setting failing the schema: plan goes on, validate and seed fail', async () => {
    await edit('records/tickets.yaml', 'priority: Critical', 'priority: High');
    await edit(
      'appdeploy.yaml',
      'records: { file: records/tickets.yaml, key: ticket_ref }',
      'records: { file: records/tickets.yaml, kee: ticket_ref }',
    );
    const plan = await appdeploy(['plan'], root());
    expect(plan.stderr).toMatch(/appdeploy\.yaml:\d+:\d+: apps\.tickets\.records/);
    expect(plan.code).toBe(0);
    expect((await appdeploy(['validate'], root())).code).toBe(1);
    // seed reads the setting and export --records writes it: both refuse, and write nothing.
    const config = await readFile(join(root(), 'appdeploy.yaml'), 'utf8');
    const records = await readFile(join(root(), 'records/tickets.yaml'), 'utf8');
    for (const args of [
      ['seed', '--yes'],
      ['export', '--records', '--app', 'tickets'],
    ]) {
      const run = await appdeploy(args, root());
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/appdeploy\.yaml:\d+:\d+: apps\.tickets\.records/);
      expect(run.stderr).not.toMatch(/^Warning/m);
    }
    expect(await readFile(join(root(), 'appdeploy.yaml'), 'utf8')).toBe(config);
    expect(await readFile(join(root(), 'records/tickets.yaml'), 'utf8')).toBe(records);
  });

  it('a mistake in a manifest beside it still blocks plan', async () => {
    await edit('apps/tickets.yaml', 'label: Subject', 'label: 12\n    labell: x');
    const run = await appdeploy(['plan'], root());
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('Plan:');
  });
});
