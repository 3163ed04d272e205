/** `protected: true` on an environment, read through the loader: refuseProtected names the setting. */
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { AppdeployError } from '../../src/errors.js';
import { loadProject, refuseProtected } from '../../src/project/index.js';
import { tempProject } from '../support/temp-project.js';

let dir = '';
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('a protected environment', () => {
  it.each([
    { env: 'production', refused: true },
    { env: 'staging', refused: false },
    { env: 'local', refused: false },
  ])('$env: refused $refused', async ({ env, refused }) => {
    dir ||= await tempProject('appdeploy-protected-', {
      'appdeploy.yaml': [
        'environments:',
        '  local: {}',
        '  staging: { baseUrl: https://staging.example.com, auth: { apiToken: t }, protected: false }',
        '  production:',
        '    baseUrl: https://example.com',
        '    auth: { apiToken: t }',
        '    protected: true',
        '',
      ].join('\n'),
    });
    const project = await loadProject({ cwd: dir, dir, env, variables: {} });
    const run = () => refuseProtected(project.environment, 'seed');
    if (!refused) return expect(run).not.toThrow();
    expect(run).toThrow(AppdeployError);
    try {
      run();
    } catch (error) {
      const e = error as AppdeployError;
      expect(e.code).toBe('ENVIRONMENT.PROTECTED');
      expect(e.message).toBe(
        'seed refuses environment "production": appdeploy.yaml says `protected: true` under environments.production',
      );
      expect(e.hint).toContain('remove `protected: true`');
    }
  });

  it('is a boolean in appdeploy.yaml', async () => {
    const other = await tempProject('appdeploy-protected-', {
      'appdeploy.yaml': 'environments:\n  local: { protected: yes }\n',
    });
    const { validateProject } = await import('../../src/project/index.js');
    const result = await validateProject({ cwd: other, dir: other, env: 'local', variables: {} });
    await rm(other, { recursive: true, force: true });
    expect(result.problems.map((p) => `${p.line}:${p.col} ${p.code}`)).toEqual(['2:23 SCHEMA.TYPE']);
  });
});
