/**
 * A problem of `.env` is shown with its line, as every problem is, but `.env` is where the secrets
 * are: the line is shown with its value hidden, in the text validate prints (and plan, apply...
 * print before refusing a project), never the password itself.
 */
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { formatValidationText, validateProject } from '../../src/project/index.js';
import { tempProject } from '../support/temp-project.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('.env under its problems', () => {
  it('shows the name and where, never the value', async () => {
    const dir = await tempProject('appdeploy-dotenv-shown-', {
      'appdeploy.yaml': 'environments:\n  local: {}\n',
      '.env': '# secrets\r\nSTAGING_LOGIN admin-login-5521\r\nexport STAGING_PASSWORD="pw-Secret-9931\r\n',
    });
    dirs.push(dir);
    const result = await validateProject({ cwd: dir, dir, variables: {} });
    const text = formatValidationText(result);
    expect(text).not.toContain('admin-login-5521');
    expect(text).not.toContain('pw-Secret-9931');
    expect(text.split('\n').filter((line) => /^(\.env|\s+\d+ \|)/.test(line))).toEqual([
      '.env:2:1: expected NAME=value',
      '  2 | STAGING_LOGIN ***',
      '.env:3:1: unterminated quote in STAGING_PASSWORD',
      '  3 | export STAGING_PASSWORD=***',
    ]);
  });
});
