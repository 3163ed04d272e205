/**
 * A misspelled `environments` is one problem that names the key meant, not that problem and then
 * one for every environment name the file uses (defaultEnvironment, each app's ids, --env), which
 * are all there under the misspelled key.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateProject } from '../../src/project/index.js';
import { tempProject } from '../support/temp-project.js';

let dir = '';

beforeAll(async () => {
  dir = await tempProject('appdeploy-env-typo-', {
    'apps/tasks.yaml': 'name: Tasks\nfields:\n  title: { type: SINGLE_LINE_TEXT, label: Title }\n',
  });
});

afterAll(() => rm(dir, { recursive: true, force: true }));

const CONFIG = (key: string) =>
  `${key}:\n  staging:\n    baseUrl: https://example.com\n    auth: { apiToken: x }\n` +
  'defaultEnvironment: staging\napps:\n  tasks: { manifest: apps/tasks.yaml, ids: { staging: 3 } }\n';

describe('a misspelled environments', () => {
  it.each(['enviroments', 'environment', 'Environments'])(
    '%s: one problem, naming "environments"',
    async (key) => {
      await writeFile(join(dir, 'appdeploy.yaml'), CONFIG(key));
      for (const env of [undefined, 'staging']) {
        const result = await validateProject({ cwd: dir, env, variables: {} });
        expect(
          result.problems.map((p) => ({ line: p.line, message: p.message, hint: p.hint })),
          `--env ${env}`,
        ).toEqual([
          {
            line: 1,
            message: `${key}: unknown key "${key}"`,
            hint: 'Did you mean "environments"? Allowed here: environments, locale, defaultEnvironment, apps.',
          },
        ]);
      }
    },
  );

  it('a key far from any allowed one still lists what is allowed', async () => {
    await writeFile(join(dir, 'appdeploy.yaml'), `frobnicate: 1\n${CONFIG('environments')}`);
    const result = await validateProject({ cwd: dir, variables: {} });
    expect(result.problems.map((p) => p.hint)).toEqual([
      'Allowed here: environments, locale, defaultEnvironment, apps.',
    ]);
  });
});

describe('a misspelled environment name', () => {
  it.each([
    [
      '--env',
      'stagin',
      'environment "stagin" is not defined; defined: staging',
      'Did you mean "staging"? Pass one of the defined names to --env, or add it under environments.',
    ],
    [
      'defaultEnvironment',
      undefined,
      'defaultEnvironment: environment "stagng" is not defined; defined: staging',
      'Did you mean "staging"? Name one of the environments.',
    ],
    [
      '--env, the beginning of one (prod for production)',
      'stag',
      'environment "stag" is not defined; defined: staging',
      'Did you mean "staging"? Pass one of the defined names to --env, or add it under environments.',
    ],
    [
      '--env, far from any',
      'production',
      'environment "production" is not defined; defined: staging',
      'Pass one of the defined names to --env, or add it under environments.',
    ],
  ])('%s: names the one meant when it is close', async (_, env, message, hint) => {
    const config = CONFIG('environments').replace(
      'defaultEnvironment: staging',
      env === undefined ? 'defaultEnvironment: stagng' : 'defaultEnvironment: staging',
    );
    await writeFile(join(dir, 'appdeploy.yaml'), config);
    const result = await validateProject({ cwd: dir, env, variables: {} });
    expect(result.problems.map((p) => ({ message: p.message, hint: p.hint }))).toEqual([{ message, hint }]);
  });
});

describe("an app's id under a misspelled environment", () => {
  it.each([
    ['stagng', 'Did you mean "staging"? Give ids only for environments under environments.', 'stagng'],
    ['nowhere', 'Give ids only for environments under environments.', 'nowhere'],
  ])('%s: the hint names the environment meant when it is close', async (_, hint, written) => {
    await writeFile(
      join(dir, 'appdeploy.yaml'),
      CONFIG('environments').replace('ids: { staging: 3 }', `ids: { ${written}: 3 }`),
    );
    const result = await validateProject({ cwd: dir, variables: {} });
    expect(result.problems.map((p) => ({ code: p.code, hint: p.hint }))).toEqual([
      { code: 'PROJECT.ENVIRONMENT', hint },
    ]);
  });
});
