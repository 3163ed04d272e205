import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../src/emulator/handlers/index.js';
import { appPasswordNeeds, pluginPasswordNeeds } from '../../src/plan/token-limits.js';
import type { AppPlan } from '../../src/plan/types.js';
import {
  SETTINGS_CATALOGUE,
  TOKEN_REFUSED_CALLS,
  callText,
  refusesToken,
  tokenRefusedCalls,
} from '../../src/platform/index.js';
import { useEmulator } from '../emulator/harness.js';
import { codeOf, filesBelow } from '../support/source-files.js';

/**
 * platform/token-calls.ts is the one place that says which calls an API token may not make
 * outside the settings endpoints: the local service refuses exactly those (with the catalogue's
 * `none` endpoints), the planner names only those, and no other file spells one.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const emu = useEmulator();
const ALL = { view: true, add: true, edit: true, delete: true, manage: true };
// The hosted platform's refusal (kintone/cli-kintone features/import.feature, a real kintone).
const TOKEN_CANNOT_RUN = {
  status: 403,
  code: 'GAIA_NO01',
  message: 'Using this API token, you cannot run the specified API.',
};

/** Every route of the REST interface (the control API is the local service's own). */
const API_ROUTES = allRoutes
  .filter((route) => !route.path.startsWith('/_emulator/'))
  .map((route) => [route.method, route.path] as const);

/** The catalogue's endpoints no token may call whatever the body. */
const SETTINGS_REFUSED = SETTINGS_CATALOGUE.filter((e) => e.token === 'none').flatMap(tokenRefusedCalls);

describe('the table', () => {
  it('names each call once, and each is a route of the local service', () => {
    const texts = TOKEN_REFUSED_CALLS.map(callText);
    expect(new Set(texts).size).toBe(texts.length);
    const routes = new Set(API_ROUTES.map(([method, path]) => `${method} ${path}`));
    expect(texts.filter((text) => !routes.has(text))).toEqual([]);
  });

  it('cites its evidence for every call', () => {
    expect(TOKEN_REFUSED_CALLS.filter((c) => c.evidence.trim() === '').map(callText)).toEqual([]);
  });
});

describe('the local service, to a token with every permission of its app', () => {
  it.each(API_ROUTES)('answers %s %s as the table says', async (method, path) => {
    const app = await emu.deployedApp();
    const made = await emu.call('POST', '/_emulator/tokens', { app, permissions: ALL });
    const token = made.body.token as string;
    const res = await emu.call(method, path, { app }, { user: null, token });
    const got = { status: res.status, code: res.body?.code, message: res.body?.message };
    if (refusesToken(method, path)) {
      expect(got).toEqual(TOKEN_CANNOT_RUN);
      expect(Object.keys(res.body).sort()).toEqual(['code', 'id', 'message']);
    } else {
      expect(got.code, JSON.stringify(res.body)).not.toBe('GAIA_NO01');
    }
  });
});

describe('the planner', () => {
  it('names as refused to a token only calls the table or the catalogue refuses', () => {
    const newApp: AppPlan = {
      key: 'tasks',
      name: 'Tasks',
      id: null,
      action: 'create-app',
      revisions: null,
      areas: [
        {
          key: 'views',
          action: 'create-app',
          itemNoun: 'view',
          changes: [],
          unchanged: 0,
          before: null,
          after: { Board: { type: 'CUSTOM', html: '' } },
        },
      ],
      risks: [],
    };
    const needs = [
      ...appPasswordNeeds(newApp, ['customize']),
      ...pluginPasswordNeeds([{ manifest: { plugins: [{ id: 'p', path: 'p.zip' }] } }]),
    ];
    const named = needs.flatMap((need) => need.calls);
    const known = new Set([
      ...TOKEN_REFUSED_CALLS.map(callText),
      ...SETTINGS_CATALOGUE.flatMap(tokenRefusedCalls),
    ]);
    expect(named.filter((call) => !known.has(call))).toEqual([]);
    // Creating the app and the system plug-in calls are the table's own.
    const outside = named.filter((call) => !SETTINGS_CATALOGUE.flatMap(tokenRefusedCalls).includes(call));
    expect(outside).toEqual([
      'POST /k/v1/preview/app.json',
      'GET /k/v1/plugins.json',
      'POST /k/v1/plugin.json',
      'PUT /k/v1/plugin.json',
    ]);
    expect(outside.every((call) => TOKEN_REFUSED_CALLS.map(callText).includes(call))).toBe(true);
  });
});

describe('src/ outside platform/', () => {
  it('spells no token rule: no refused call, no route for users only', () => {
    const src = join(ROOT, 'src');
    const rules = [...TOKEN_REFUSED_CALLS.map(callText), ...SETTINGS_REFUSED];
    const found: string[] = [];
    for (const file of filesBelow(src)) {
      if (!file.endsWith('.ts') || relative(src, file).startsWith('platform')) continue;
      const code = codeOf(readFileSync(file, 'utf8'));
      // A call named whole as a string (a list of refused calls), not within a message.
      for (const rule of rules)
        if (['"', "'", '`'].some((q) => code.includes(`${q}${rule}${q}`)))
          found.push(`${relative(ROOT, file)}: ${rule}`);
      if (/auth: 'user'|'any' \| 'user'/.test(code)) found.push(`${relative(ROOT, file)}: auth 'user'`);
    }
    expect(found).toEqual([]);
  });
});
