/**
 * `key:value` written without the space after the colon, the first-hour slip of YAML: in a flow
 * map it is one unknown key (named at its own column, not at the map), in a block a line that is
 * no key at all; either way the hint says to add the space, with the pair as it should read.
 */
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { validateProject } from '../../src/project/index.js';
import { tempProject } from '../support/temp-project.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const MANIFEST = [
  'name: Tasks',
  'fields:',
  '  title: { type: SINGLE_LINE_TEXT, label: Title }',
  '  priority:',
  '    type: DROP_DOWN',
  '    label: Priority',
  '    options: { Low: { label: Low, index: 0 } }',
  'layout:',
  '  - { type: ROW, fields: [{ code: title }, { code: priority }] }',
  '',
].join('\n');

async function problems(manifest: string): Promise<string[]> {
  const dir = await tempProject('appdeploy-colon-', {
    'appdeploy.yaml': 'environments: { local: {} }\napps:\n  tasks: { manifest: apps/tasks.yaml }\n',
    'apps/tasks.yaml': manifest,
  });
  dirs.push(dir);
  const result = await validateProject({ cwd: dir, dir, variables: {} });
  return result.problems.map((p) => `${p.line}:${p.col} ${p.code} ${p.message} | ${p.hint ?? ''}`);
}

describe('a colon without a space after it', () => {
  it.each([
    [
      'in a flow map: one unknown key, at its column',
      ['label: Title }', 'label:Title }'],
      '3:36 SCHEMA.UNKNOWN_KEY fields.title["label:Title"]: unknown key "label:Title" | Put a space after the colon: "label: Title" (without it YAML reads "label:Title" as one text).',
    ],
    [
      'at the top of a block',
      ['name: Tasks', 'name:Tasks'],
      '1:1 YAML.SYNTAX invalid YAML: Implicit keys need to be on a single line | Put a space after the colon: "name: Tasks" (without it YAML reads "name:Tasks" as one text).',
    ],
    [
      'inside a block',
      ['label: Priority', 'label:Priority'],
      '6:5 YAML.SYNTAX invalid YAML: Implicit keys need to be on a single line | Put a space after the colon: "label: Priority" (without it YAML reads "label:Priority" as one text).',
    ],
  ])('%s', async (_, [written, slip], said) => {
    expect(await problems(MANIFEST)).toEqual([]);
    expect(await problems(MANIFEST.replace(written!, slip!))).toContain(said);
  });
});
