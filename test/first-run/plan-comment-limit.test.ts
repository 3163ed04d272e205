/**
 * The pull-request comment of a plan too long for GitHub, through the built CLI as the example
 * workflow runs it (`plan --format markdown > plan.md`, posted whole). GitHub refuses a comment
 * body over 65,536 characters (422 "Body is too long (maximum is 65536 characters)",
 * telia-oss/github-pr-resource#259): the first plan of forty small apps was 129,634.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appdeploy } from '../support/cli.js';
import { useTempDir } from '../support/temp-dir.js';

const dir = useTempDir('plan-comment-limit');
const APPS = 40;
const GITHUB_LIMIT = 65_536;
const keys = Array.from({ length: APPS }, (_, i) => `app${i}`);

beforeAll(async () => {
  expect((await appdeploy(['init'], dir())).code).toBe(0);
  const tasks = readFileSync(join(dir(), 'apps/tasks.yaml'), 'utf8');
  const apps = keys.map((key) => `  ${key}:\n    manifest: apps/${key}.yaml\n`).join('');
  for (const key of keys) writeFileSync(join(dir(), `apps/${key}.yaml`), tasks);
  writeFileSync(join(dir(), 'appdeploy.yaml'), `environments:\n  local: {}\napps:\n${apps}`);
}, 60_000);

const detailsKeys = (markdown: string) =>
  [...markdown.matchAll(/<details><summary>app <code>([^<]+)<\/code>/g)].map((m) => m[1]!);

describe('plan --format markdown of forty new apps', () => {
  it('fits a GitHub comment, keeps every app in the table, and names the apps whose details it left out', async () => {
    const run = await appdeploy(['plan', '--format', 'markdown', '--detailed-exitcode'], dir());
    expect(run.code).toBe(2);
    expect(run.stdout.length).toBeLessThanOrEqual(GITHUB_LIMIT);
    for (const key of keys) expect(run.stdout).toContain(`| \`${key}\` Tasks | (new) | create |`);
    const shown = detailsKeys(run.stdout);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual(keys.slice(0, shown.length));
    const note = run.stdout.slice(run.stdout.lastIndexOf('> [!WARNING]'));
    expect(note).toContain(`the details of ${APPS - shown.length} apps are left out`);
    for (const key of keys.slice(shown.length, shown.length + 20)) expect(note).toContain(`\`${key}\``);
  });

  it('--max-chars 0 prints the whole plan, whose beginning the cut one shares', async () => {
    const whole = await appdeploy(['plan', '--format', 'markdown', '--max-chars', '0'], dir());
    const cut = await appdeploy(['plan', '--format', 'markdown'], dir());
    expect(whole.code).toBe(0);
    expect(whole.stdout.length).toBeGreaterThan(GITHUB_LIMIT);
    expect(detailsKeys(whole.stdout)).toEqual(keys);
    expect(whole.stdout).not.toContain('[!WARNING]');
    // The same plan but for its time: the cut comment is the whole one up to its note.
    const planned = (text: string) => text.replace(/^Planned at .*$/m, '');
    const kept = planned(cut.stdout).slice(0, planned(cut.stdout).lastIndexOf('> [!WARNING]'));
    expect(planned(whole.stdout).startsWith(kept)).toBe(true);
  });
});
