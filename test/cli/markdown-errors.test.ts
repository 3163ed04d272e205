/**
 * `plan --format markdown` that ends in an error prints the comment it was to be: CI posts what the
 * command printed (examples/github-actions/appdeploy.yml), and an error that printed nothing left
 * the pull request without a word of why its check went red. Through main(), in this process.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../support/closed-port.js';
import { runMain } from '../support/main-in-process.js';

let project = '';
beforeAll(async () => {
  project = join(mkdtempSync(join(tmpdir(), 'appdeploy-markdown-errors-')), 'p');
  expect((await runMain(['init', project])).code).toBe(0);
  const config = readFileSync(join(project, 'appdeploy.yaml'), 'utf8').replace(
    'environments:\n  local: {}\n',
    `environments:\n  local: {}\n  staging:\n    baseUrl: http://127.0.0.1:${await closedPort()}\n    auth: { login: deploy-bot, password: \${STAGING_PASSWORD:-a-secret-password} }\n`,
  );
  writeFileSync(join(project, 'appdeploy.yaml'), config);
}, 60_000);
afterAll(() => rmSync(join(project, '..'), { recursive: true, force: true }));

describe('plan --format markdown that fails', () => {
  it('a service it cannot reach: the error and its hint, for the environment, with the marker', async () => {
    const run = await runMain(['plan', '-C', project, '--env', 'staging', '--format', 'markdown']);
    expect(run.code).toBe(1);
    expect(run.out.split('\n')[0]).toBe('<!-- appdeploy-plan env=staging -->');
    expect(run.out).not.toContain('a-secret-password');
    expect(
      run.out.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT').replace(/appdeploy-markdown-errors-\w+/g, 'TMP'),
    ).toMatchInlineSnapshot(`
      "<!-- appdeploy-plan env=staging -->
      ### appdeploy plan for \`staging\`: failed

      > [!CAUTION]
      > Error: GET /v1/users.json failed: nothing accepts connections at 127.0.0.1:PORT (ECONNREFUSED). Check the base URL's host and port, and that the service runs there.
      >
      > Environment "staging" has this address from /tmp/TMP/p/appdeploy.yaml:6:14.

      No plan was made (exit code 1, \`CLIENT.network\`).
      "
    `);
  });

  it('a project that does not validate: every problem at its file:line:col, and the command listing them', async () => {
    const run = await runMain(['plan', '-C', project, '--env', 'production', '--format', 'markdown']);
    expect(run.code).toBe(1);
    expect(run.out.replace(/appdeploy-markdown-errors-\w+/g, 'TMP')).toMatchInlineSnapshot(`
      "<!-- appdeploy-plan env=production -->
      ### appdeploy plan for \`production\`: failed

      > [!CAUTION]
      > The project does not validate: 1 problem in 1 file. No plan was made.

      - \`/tmp/TMP/p/appdeploy.yaml:3:1\` environment "production" is not defined; defined: local, staging
        - Pass one of the defined names to --env, or add it under environments.

      \`npx appdeploy validate -C /tmp/TMP/p --env production\` lists them all.
      "
    `);
  });

  it('a command line it refuses: the usage error', async () => {
    const run = await runMain(['plan', '-C', project, '--format', 'markdown', '--detailed-exitcodes']);
    expect(run.code).toBe(1);
    expect(run.out).toMatchInlineSnapshot(`
      "<!-- appdeploy-plan -->
      ### appdeploy plan: failed

      > [!CAUTION]
      > Error: unknown option '--detailed-exitcodes'
      > (Did you mean --detailed-exitcode?)
      >
      > Run the command with --help for its options.

      No plan was made (exit code 1, \`USAGE\`).
      "
    `);
  });

  it.each([
    ['plan', '-C', 'PROJECT', '--env', 'staging', '--format', 'markdown', '--detailed-exitcodes'],
    ['plan', '-C', 'PROJECT', '--env=staging', '--format=markdown', '--max-chars', '10'],
    ['plan', '-C', 'PROJECT', '--env', 'staging', '--format', 'markdown', '--app', 'nope'],
  ])(
    "%j: the failed comment carries the environment's marker, so that it replaces that environment's plan",
    async (...args) => {
      const run = await runMain(args.map((arg) => (arg === 'PROJECT' ? project : arg)));
      expect(run.code).toBe(1);
      expect(run.out.split('\n').slice(0, 2)).toEqual([
        '<!-- appdeploy-plan env=staging -->',
        '### appdeploy plan for `staging`: failed',
      ]);
    },
  );

  it.each([
    [['plan', '--format', 'markdown', '--help'], 0],
    [['apply', '--format', 'markdown'], 1],
    [['plan', '--format', 'text', '--env', 'production'], 1],
  ])('%j: no comment (help; a command that prints no Markdown; text)', async (args, code) => {
    const run = await runMain([...args, '-C', project]);
    expect(run.code).toBe(code);
    expect(run.out).not.toContain('<!-- appdeploy-plan');
  });
});
