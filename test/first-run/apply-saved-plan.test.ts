/**
 * Issue 33 item 5: `apply PLANFILE` decides as Terraform does: saving the reviewed plan was the
 * approval, so apply asks nothing (and needs no --yes), but it says which plan it applies and
 * what that plan does before it writes; --help and the README say so.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';
import { appdeploy, ROOT } from '../support/cli.js';

const dir = useTempDir('saved-plan', async (at) => {
  expect((await appdeploy(['init', 'proj'], at)).code).toBe(0);
});
const project = () => join(dir(), 'proj');

describe('apply PLANFILE', () => {
  it("prints the saved plan's summary, asks nothing, applies it, and a fresh plan is empty", async () => {
    const saved = await appdeploy(['plan', '--out', 'plans/reviewed.json'], project());
    expect(saved.code).toBe(0);
    const plan = JSON.parse(await readFile(join(project(), 'plans/reviewed.json'), 'utf8')) as {
      createdAt: string;
    };

    // No terminal and no --yes: the saved plan needs neither.
    const applied = await appdeploy(['apply', 'plans/reviewed.json'], project());
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(
      new RegExp(
        `^${escape(
          `Applying the saved plan plans/reviewed.json (environment local, planned ${plan.createdAt}):\n` +
            '  app "tasks" will be created: 11 to add, 0 to change, 0 to remove\n' +
            'Plan: 11 to add, 0 to change, 0 to remove.\n',
        )}\nApplied tasks \\(1\\)\\.\n`,
      ),
    );
    expect(applied.stderr).not.toContain('Do you want to apply');
    expect(applied.stderr).not.toContain('--yes');
    expect((await appdeploy(['plan', '--detailed-exitcode'], project())).code).toBe(0);
  }, 120_000);

  it('--format json: the summary goes to stderr, stdout holds the JSON result alone', async () => {
    // The app now exists: a change to plan and save.
    const manifest = join(project(), 'apps/tasks.yaml');
    const text = await readFile(manifest, 'utf8');
    await writeFile(manifest, text.replace('label: Notes', 'label: Remarks'));
    expect((await appdeploy(['plan', '--out', 'p.json'], project())).code).toBe(0);
    const applied = await appdeploy(['apply', 'p.json', '--format', 'json'], project());
    expect(applied.code).toBe(0);
    expect((JSON.parse(applied.stdout) as { outcome: string }).outcome).toBe('applied');
    expect(applied.stderr).toContain('Applying the saved plan p.json (environment local, planned ');
    expect(applied.stderr).toContain(
      '  app "tasks" (id 1) will be updated: 0 to add, 1 to change, 0 to remove\n',
    );
  }, 120_000);

  it('an edited or cut-short plan file is refused, saying where it differs from a plan, and nothing is written', async () => {
    const manifest = join(project(), 'apps/tasks.yaml');
    const text = await readFile(manifest, 'utf8');
    await writeFile(manifest, text.replace('label: Remarks', 'label: Comments'));
    expect((await appdeploy(['plan', '--out', 'edit.json'], project())).code).toBe(0);
    const plan = JSON.parse(await readFile(join(project(), 'edit.json'), 'utf8')) as {
      apps: { action: string }[];
      summary?: unknown;
    };
    const cases: [string, (p: typeof plan) => unknown, RegExp][] = [
      [
        'an app action no plan has',
        (p) => ({ ...p, apps: [{ ...p.apps[0], action: 'explode' }] }),
        /\/apps\/0\/action /,
      ],
      [
        'the summary cut off',
        ({ summary: _s, ...rest }) => rest,
        /the top level must have required property 'summary'/,
      ],
    ];
    for (const [what, edit, where] of cases) {
      await writeFile(join(project(), 'bad.json'), JSON.stringify(edit(plan)));
      const applied = await appdeploy(['apply', 'bad.json'], project());
      expect(applied.code, what).toBe(1);
      expect(applied.stderr, what).toContain('bad.json: not a plan this appdeploy wrote: ');
      expect(applied.stderr, what).toMatch(where);
      expect(applied.stderr, what).toContain('Apply a plan file as `plan --out` saved it, unedited');
    }
    // Nothing was written: the change is still to make.
    expect((await appdeploy(['plan', '--detailed-exitcode'], project())).code).toBe(2);
  }, 120_000);

  it('--help and the README say that the saved plan is the approval', async () => {
    const help = await appdeploy(['apply', '--help'], project());
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      'saving it was the approval, so apply shows its summary and applies it without asking (no --yes needed)',
    );
    const readme = (await readFile(join(ROOT, 'README.md'), 'utf8')).replace(/\s+/g, ' ');
    expect(readme).toContain('saving the reviewed plan was the approval');
    expect(readme).not.toMatch(/apply PLANFILE[^|]*asks,/);
  }, 60_000);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
