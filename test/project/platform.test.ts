/**
 * An environment's `platform` (issue 20, point 1): `kintone` or `service`, as the JSON Schema
 * says; anything else is a problem at its file:line:col naming the two choices.
 */
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { validateProject } from '../../src/project/index.js';
import { oneAppProject } from './one-app-project.js';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

function projectWith(platform: string): string {
  dir = oneAppProject('appdeploy-platform-', [
    '  local: {}',
    '  hosted:',
    '    baseUrl: https://example.com',
    `    platform: ${platform}`,
    '    auth: { login: me, password: pw }',
  ]);
  return dir;
}

describe('environment platform', () => {
  it.each(['kintone', 'service'])('%s is taken as written', async (platform) => {
    const result = await validateProject({ cwd: projectWith(platform), env: 'hosted', variables: {} });
    expect(result.problems).toEqual([]);
    expect(result.project?.environment.config.platform).toBe(platform);
  });

  it('anything else is a problem at the value, naming the choices', async () => {
    const result = await validateProject({ cwd: projectWith('cybozu'), env: 'hosted', variables: {} });
    expect(result.problems.map((p) => [p.file, p.line, p.col, p.message])).toEqual([
      ['appdeploy.yaml', 5, 15, expect.stringMatching(/kintone.*service/)],
    ]);
  });
});
