/**
 * A secret written in appdeploy.yaml as itself, not as a ${VARIABLE}, is hidden on the lines its
 * problems show (asterisks of its length, so columns stay), whatever the problem on that line;
 * one written as a variable is shown as written, which holds no secret.
 */
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { formatValidationText, validateProject } from '../../src/project/index.js';
import { tempProject } from '../support/temp-project.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function shown(prod: string): Promise<string[]> {
  const dir = await tempProject('appdeploy-secrets-shown-', {
    'appdeploy.yaml': `environments:\n  prod:\n    baseUrl: https://example.kintone.com\n${prod}apps: {}\n`,
  });
  dirs.push(dir);
  const result = await validateProject({ cwd: dir, dir, env: 'prod', variables: { PW: 'from-variable-1' } });
  return formatValidationText(result)
    .split('\n')
    .filter((line) => /^\s+\d+ \|/.test(line));
}

describe('a secret written as itself, on a line with a problem', () => {
  it.each([
    [
      "a proxy URL's password",
      '    proxy: http://corp:Proxy-Pw-2@proxy.example.com:8080/x\n',
      '  4 |     proxy: http://corp:**********@proxy.example.com:8080/x',
    ],
    [
      'a password beside a misspelled key',
      '    auth: { login: bob, password: Literal-Pw-1, apitoken: x }\n',
      '  4 |     auth: { login: bob, password: ************, apitoken: x }',
    ],
    [
      'API tokens in a list',
      '    auth: { apiToken: [tok-A-1, "tok-B-2"], login: bob }\n',
      '  4 |     auth: { apiToken: [*******, *********], login: bob }',
    ],
    [
      "a certificate's password",
      '    clientCertificate: { pfx: missing.pfx, password: Pfx-Pw-3 }\n',
      '  4 |     clientCertificate: { pfx: missing.pfx, password: ******** }',
    ],
    [
      'a password from a variable: as written',
      '    auth: { login: bob, password: ${PW}, apitoken: x }\n',
      '  4 |     auth: { login: bob, password: ${PW}, apitoken: x }',
    ],
  ])('%s', async (_, prod, line) => {
    expect(await shown(prod)).toContain(line);
  });
});
