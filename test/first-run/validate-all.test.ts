/**
 * validate names every problem in one run (issue 33 item 9): a schema error in the process area
 * (an action's type, an unknown key in a later status) no longer hides the first status's wrong
 * assignee, which only showed once the others were fixed. A failure in the first status itself
 * still leaves the area unchecked: which status is first, and what it holds, is then unsure.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appdeploy, ROOT } from '../support/cli.js';
import { useTempDir } from '../support/temp-dir.js';

const dir = useTempDir('validate-all');

/** examples/helpdesk copied, its tickets manifest edited by `edits` (each an exact replacement). */
async function helpdesk(name: string, edits: [string, string][]): Promise<string> {
  const project = join(dir(), name);
  await cp(join(ROOT, 'examples/helpdesk'), project, { recursive: true });
  const file = join(project, 'apps/tickets.yaml');
  let text = await readFile(file, 'utf8');
  for (const [from, to] of edits) {
    expect(text).toContain(from);
    text = text.replace(from, to);
  }
  await writeFile(file, text);
  return project;
}

const CREATOR_FIRST: [string, string] = [
  '        entities: [{ entity: { type: FIELD_ENTITY, code: Created_by } }]\n    Triage:',
  '        entities: [{ entity: { type: CREATOR } }]\n    Triage:',
];

/** The `file:line:col: path: message` lines of validate's text. */
const problemLines = (stdout: string) =>
  stdout.split('\n').filter((line) => /^apps\/\S+:\d+:\d+: /.test(line));

describe('validate, with problems in several stages of the process area', () => {
  it("names the first status's CREATOR assignee along with an action's and a later status's schema errors", async () => {
    const project = await helpdesk('three', [
      CREATOR_FIRST,
      [
        '{ name: Submit, from: New, to: Triage, type: PRIMARY }',
        '{ name: Submit, from: New, to: Triage, type: PRIMRY }',
      ],
      ['    Closed: {}', '    Closed: { bogus: 1 }'],
    ]);
    const run = await appdeploy(['validate'], project);
    expect(run.code).toBe(1);
    const lines = problemLines(run.stdout);
    expect(lines.map((line) => line.replace(/^[^ ]+ /, '').replace(/:.*$/, ''))).toEqual([
      'process.states.New.assignee.entities[0].entity.type',
      'process.states.Closed.bogus',
      'process.actions[0].type',
    ]);
    expect(run.stdout).toContain('3 problems in 1 file.');
  });

  it('a schema error in the first status itself: that error alone, no guess about the rest', async () => {
    const project = await helpdesk('first', [
      CREATOR_FIRST,
      ['    New:\n      assignee:', '    New:\n      bogus: 1\n      assignee:'],
    ]);
    const run = await appdeploy(['validate'], project);
    expect(run.code).toBe(1);
    expect(problemLines(run.stdout).map((line) => line.replace(/^[^ ]+ /, '').replace(/:.*$/, ''))).toEqual([
      'process.states.New.bogus',
    ]);
  });
});
