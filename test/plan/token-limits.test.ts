import { describe, expect, it } from 'vitest';
import {
  appPasswordNeeds,
  pluginPasswordNeeds,
  refuseTokenLimits,
  usesTokenOnly,
} from '../../src/plan/token-limits.js';
import type { AppPlan, AreaPlan } from '../../src/plan/types.js';
import type { EnvironmentConfig } from '../../src/project/manifest.js';

const area = (key: AreaPlan['key'], action: AreaPlan['action'], after: AreaPlan['after'] = {}): AreaPlan => ({
  key,
  action,
  itemNoun: 'item',
  changes: [],
  unchanged: 0,
  before: null,
  after,
});

const app = (id: string | null, areas: AreaPlan[]): AppPlan => ({
  key: 'tasks',
  name: 'Tasks',
  id,
  action: id === null ? 'create-app' : 'update',
  revisions: null,
  areas,
  risks: [],
});

const list = { All: { type: 'LIST', fields: [] } };
const custom = { ...list, Board: { type: 'CUSTOM', html: '' } };

describe('usesTokenOnly', () => {
  it.each<[string, EnvironmentConfig, boolean]>([
    ['a token, a service', { baseUrl: 'https://x.example.com', auth: { apiToken: 't' } }, true],
    ['tokens, a service', { baseUrl: 'https://x.example.com', auth: { apiToken: ['a', 'b'] } }, true],
    ['a login', { baseUrl: 'https://x.example.com', auth: { login: 'a', password: 'b' } }, false],
    ['the embedded service', {}, false],
  ])('%s: %s', (_case, config, expected) => {
    expect(usesTokenOnly(config)).toBe(expected);
  });
});

describe('appPasswordNeeds (kintone.dev: the APIs that take no token)', () => {
  it.each([
    ['an existing app writing list views', app('1', [area('views', 'update', list)]), [], []],
    ['an existing app with a custom view left as it is', app('1', [area('views', 'no-op', custom)]), [], []],
    [
      'an existing app writing views with a custom one',
      app('1', [area('views', 'update', custom)]),
      [],
      ['views'],
    ],
    ['customize managed but unread', app('1', []), ['customize'], ['customize']],
    ['a new app', app(null, [area('fields', 'create-app')]), [], ['app']],
    [
      'a new app with customize and a custom view',
      app(null, [area('views', 'create-app', custom), area('customize', 'create-app')]),
      [],
      ['app', 'customize', 'views'],
    ],
  ] as const)('%s', (_case, plan, unread, areas) => {
    expect(appPasswordNeeds(plan, unread).map((n) => n.area)).toEqual(areas);
  });

  it('names the calls of a customization written to a new app', () => {
    const [, customize] = appPasswordNeeds(app(null, [area('customize', 'create-app')]), []);
    expect(customize).toEqual({
      app: 'tasks',
      area: 'customize',
      action: 'write the JavaScript and CSS customization',
      calls: ['PUT /k/v1/preview/app/customize.json'],
    });
  });
});

describe('pluginPasswordNeeds', () => {
  it('needs a login when an app names a package to install, not for an installed plug-in by id', () => {
    expect(pluginPasswordNeeds([{ manifest: { plugins: [{ id: 'p' }] } }])).toEqual([]);
    const needs = pluginPasswordNeeds([{ manifest: { plugins: [{ id: 'p', path: 'p.zip' }] } }]);
    expect(needs.map((n) => [n.app, n.area])).toEqual([[null, 'systemPlugins']]);
  });
});

describe('refuseTokenLimits', () => {
  it('lets a plan without needs through and refuses one with them, saying how to give a login', () => {
    expect(() => refuseTokenLimits({ environment: 'prod' })).not.toThrow();
    const needs = appPasswordNeeds(app(null, []), []);
    expect(() =>
      refuseTokenLimits({ environment: 'prod', tokenLimits: { needs, instead: 'give a login' } }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[AppdeployError: environment "prod" authenticates with an API token, which cannot tasks: create the app (POST /k/v1/preview/app.json); nothing was changed]`,
    );
  });
});
