import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppdeployError } from '../../src/errors.js';
import { loadProject, validateProject } from '../../src/project/index.js';
import { oneAppProject } from './one-app-project.js';

describe('loadProject', () => {
  it('gives the planner every app with its manifest, source and id in the chosen environment', async () => {
    const project = await loadProject({
      cwd: process.cwd(),
      dir: 'examples/assets',
      env: 'production',
      variables: {},
    });
    expect(project.environment).toEqual({
      name: 'production',
      local: false,
      // Neither the environment nor the project names a language: English, the default.
      locale: 'en',
      config: {
        baseUrl: 'https://assets.example.com',
        // A login: these apps carry customization and a plug-in package, which no token may write.
        auth: { login: 'deploy-bot', password: '' },
        guestSpaceId: 4,
      },
    });
    expect(project.apps.map((a) => [a.key, a.id, a.ids])).toEqual([
      ['assets', '101', { production: '101' }],
      ['maintenance', '102', { production: '102' }],
    ]);
    const assets = project.apps[0]!;
    expect(assets.manifest.icon).toEqual({ type: 'FILE', path: 'icons/asset-register.png' });
    expect(assets.source.locate(['icon', 'path'])).toMatchObject({ line: 6, col: 27 });
    expect(project.configSource.value).toBe(project.config);
  });

  it('takes API tokens, one or a list, as the auth of an environment', async () => {
    const dir = oneAppProject('appdeploy-tokens-', [
      '  one: { baseUrl: https://x.example.com, auth: { apiToken: t1 } }',
      "  two: { baseUrl: https://x.example.com, auth: { apiToken: ['${A_TOKEN}', t2] } }",
    ]);
    try {
      const load = (env: string) => loadProject({ cwd: dir, dir, env, variables: { A_TOKEN: 't1' } });
      expect((await load('one')).environment.config.auth).toEqual({ apiToken: 't1' });
      expect((await load('two')).environment.config.auth).toEqual({ apiToken: ['t1', 't2'] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes variables as data, over .env and defaults', async () => {
    const project = await loadProject({
      cwd: process.cwd(),
      dir: 'examples/crm',
      env: 'staging',
      variables: { CRM_STAGING_PASSWORD: 'from-env', CRM_STAGING_URL: undefined },
    });
    expect(project.environment.config).toEqual({
      baseUrl: 'https://crm-staging.example.com',
      auth: { login: 'deploy-bot', password: 'from-env' },
    });
    expect(project.apps.map((a) => a.id)).toEqual(['12', '13']);
  });

  it('throws a user error naming the first problem and how many there are', async () => {
    const error = await loadProject({
      cwd: 'test/project/fixtures/broken/layout-unknown-field',
      variables: {},
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppdeployError);
    expect(error).toMatchObject({
      code: 'MANIFEST.INVALID',
      message: 'apps/orders.yaml:39:1: layout: field "related" is not placed',
      hint: '2 problems in all; run `npx appdeploy validate` to list them.',
    });
  });

  it('throws a user error saying where it looked when there is no project file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'appdeploy-load-'));
    try {
      const error = await validateProject({ cwd: process.cwd(), dir, variables: {} }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppdeployError);
      expect(error).toMatchObject({ code: 'PROJECT.NOT_FOUND', message: `no appdeploy.yaml in ${dir}` });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('accepts a numeric app id outside the project, whose fields it cannot check', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'appdeploy-load-'));
    try {
      cpSync('test/project/fixtures/broken/lookup-unknown-key-field', dir, { recursive: true });
      const manifest = join(dir, 'apps/orders.yaml');
      const text = readFileSync(manifest, 'utf8');
      // The only mistake of that case is a key field the related app lacks; app 99 is not known.
      expect(text).toContain('relatedApp: { app: customers }\n      relatedKeyField: cod\n');
      writeFileSync(
        manifest,
        text.replace(
          'relatedApp: { app: customers }\n      relatedKeyField: cod',
          'relatedApp: { app: 99 }\n      relatedKeyField: cod',
        ),
      );
      const result = await validateProject({ cwd: dir, variables: {} });
      expect(result.problems).toEqual([]);
      expect(result.project?.apps.find((a) => a.key === 'orders')?.manifest.fields?.customer).toMatchObject({
        lookup: { relatedApp: { app: 99 } },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('returns no project, but every problem, when something is wrong', async () => {
    const result = await validateProject({
      cwd: 'test/project/fixtures/broken/view-filter-option',
      variables: {},
    });
    expect(result.project).toBeNull();
    expect(result.environment?.name).toBe('local');
    expect(result.sources.get('apps/orders.yaml')).toContain('filterCond: state in ("Closed")');
  });
});
