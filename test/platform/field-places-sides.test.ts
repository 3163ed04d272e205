/**
 * Every place of the catalogue of field places (src/platform/field-places.ts) is used by each side
 * (issue 35), one hand-written case per place (field-places-cases.ts):
 * - where-used lists the field named there, in its words;
 * - the local service's rename walkers follow a rename: of this app's field in this app
 *   (renameInApp), of the related app's field when that app's rename goes live (renameRelated);
 * - validate refuses a code naming no field there (FIELD.UNKNOWN), at the code's line and column;
 * - the local service refuses the same code in the REST write (400, keyed by the parameter);
 * - where a place takes some field types only, both refuse a field of another type (one rule on
 *   both sides: before the catalogue the local service took any field at several of them).
 * A case says null where a side does not use the place yet (a formula's fields, but for validate),
 * so the gap is written down rather than hidden.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildWhereUsed } from '../../src/usage/index.js';
import { FIELD_PLACES, placePath } from '../../src/platform/index.js';
import { validateProject, type AppManifest } from '../../src/project/index.js';
import { renameInApp } from '../../src/emulator/model/renames/in-app.js';
import { renameRelated } from '../../src/emulator/model/renames/related.js';
import { newAppSettings } from '../../src/emulator/model/defaults.js';
import type { AppSettings } from '../../src/emulator/model/app.js';
import { useEmulator } from '../emulator/harness.js';
import { restProperties } from '../project/agreement-support.js';
import { FIELDS, PLACE_CASES, type PlaceCase } from './field-places-cases.js';

const emu = useEmulator();
const id = (c: Pick<PlaceCase, 'key' | 'path'>) => `${c.key} ${c.path}`;
const manifestOf = (c: PlaceCase, code: string) => ({ name: 'A', fields: FIELDS, ...c.manifest(code) });

it('has one case for each place of the catalogue, and no case for a place it lacks', () => {
  const places = FIELD_PLACES.map((p) => `${p.key} ${placePath(p)}`).sort();
  expect(PLACE_CASES.map(id).sort()).toEqual(places);
});

describe('where-used lists the field named at each place', () => {
  it.each(PLACE_CASES.map((c) => [id(c), c] as const))('%s', (_id, c) => {
    const project = {
      apps: [
        { key: 'a', manifest: manifestOf(c, 'subject') as unknown as AppManifest, ids: {}, scripts: [] },
        { key: 'b', manifest: { name: 'B', fields: FIELDS } as unknown as AppManifest, ids: {}, scripts: [] },
      ],
    };
    const usages = buildWhereUsed(project).get(c.of)?.get('subject') ?? [];
    const said = usages.map((u) => `${u.area}: ${u.fromApp ? `${u.fromApp} ` : ''}${u.where}`);
    expect(said).toEqual(c.usage === null ? [] : [c.usage]);
  });
});

/** The settings area a REST write fills, as the service stores it. */
function stored(c: PlaceCase, code: string): AppSettings {
  const { endpoint, body } = c.rest(code, '2');
  const settings = newAppSettings('A', '1');
  const content: Record<string, (b: Record<string, unknown>) => Partial<AppSettings>> = {
    'app/settings.json': (b) => ({ general: { ...settings.general, ...b } as AppSettings['general'] }),
    'app/form/fields.json': (b) => ({ properties: b.properties as AppSettings['properties'] }),
    'app/form/layout.json': (b) => ({ layout: b.layout as AppSettings['layout'] }),
    'app/views.json': (b) => ({ views: b.views as AppSettings['views'] }),
    'app/status.json': (b) => ({ process: b as AppSettings['process'] }),
    'record/acl.json': (b) => ({ recordAcl: b.rights as AppSettings['recordAcl'] }),
    'field/acl.json': (b) => ({ fieldAcl: b.rights as AppSettings['fieldAcl'] }),
    'app/notifications/general.json': (b) => ({
      notificationsGeneral: b as AppSettings['notificationsGeneral'],
    }),
    'app/notifications/perRecord.json': (b) => ({
      notificationsPerRecord: b.notifications as AppSettings['notificationsPerRecord'],
    }),
    'app/notifications/reminder.json': (b) => ({
      notificationsReminder: b as AppSettings['notificationsReminder'],
    }),
    'app/reports.json': (b) => ({ reports: b.reports as AppSettings['reports'] }),
    'app/actions.json': (b) => ({ actions: b.actions as AppSettings['actions'] }),
  };
  return { ...settings, ...content[endpoint]!(body) };
}

describe("the local service's rename walker follows a rename of this app's field at each place", () => {
  it.each(PLACE_CASES.map((c) => [id(c), c] as const))('%s', (_id, c) => {
    const before = stored(c, 'subject');
    const after = JSON.stringify(renameInApp(before, new Map([['subject', 'topic']])));
    // Another app's field keeps its code here: it follows when that app's rename goes live.
    const names = (ref: unknown) => (ref as { app?: unknown } | undefined)?.app === '2';
    const live = JSON.stringify(renameRelated(before, names, new Map([['subject', 'topic']])));
    expect({ inApp: after.includes('topic'), related: live.includes('topic') }).toEqual(
      c.of === 'a' ? { inApp: true, related: false } : { inApp: false, related: true },
    );
    expect(c.of === 'a' ? after : live).not.toContain('subject');
  });
});

/** validate's problems for app a naming `code` at the place, with the text at each one's line and column. */
async function validateSays(
  c: PlaceCase,
  code = 'nope',
  kinds = ['FIELD.UNKNOWN', 'QUERY.UNKNOWN_FIELD'],
): Promise<{ code: string; path: string | undefined; at: string }[]> {
  const dir = await mkdtemp(join(tmpdir(), 'appdeploy-places-'));
  try {
    await writeFile(join(dir, 'a.yaml'), JSON.stringify(manifestOf(c, code), null, 2));
    await writeFile(join(dir, 'b.yaml'), JSON.stringify({ name: 'B', fields: FIELDS }, null, 2));
    await writeFile(
      join(dir, 'appdeploy.yaml'),
      [
        'environments:',
        '  local: {}',
        'apps:',
        '  a: { manifest: a.yaml }',
        '  b: { manifest: b.yaml }',
        '',
      ].join('\n'),
    );
    const result = await validateProject({ cwd: dir, variables: {} });
    const lines = (await readFile(join(dir, 'a.yaml'), 'utf8')).split('\n');
    return result.problems
      .filter((p) => kinds.includes(p.code))
      .map((p) => ({ code: p.code, path: p.path, at: lines[p.line - 1]!.slice(p.col - 1) }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('validate refuses a code naming no field at each place, where the code is written', () => {
  it.each(PLACE_CASES.map((c) => [id(c), c] as const))('%s', async (_id, c) => {
    const said = await validateSays(c);
    if (c.validateAt === null) return expect(said).toEqual([]);
    expect(said.map((p) => p.path)).toEqual([c.validateAt]);
    // The line and column point at the value that names the field (inside a query, at the code).
    expect(said[0]!.at).toMatch(/^"?nope/);
  });
});

/** What the local service answers to the case's write naming `code`: its status and error keys. */
async function serviceSays(c: PlaceCase, code: string): Promise<{ status: number; keys: string[] }> {
  const b = await emu.call('POST', '/k/v1/preview/app.json', { name: 'B' });
  const rel = b.body.app as string;
  await emu.call('POST', '/k/v1/preview/app/form/fields.json', {
    app: rel,
    properties: restProperties(FIELDS),
  });
  await emu.deploy([rel]);
  const a = await emu.call('POST', '/k/v1/preview/app.json', { name: 'A' });
  const app = a.body.app as string;
  const extra = c.key === 'layout' ? { box: { type: 'GROUP', label: 'Box' } } : {};
  const fields = await emu.call('POST', '/k/v1/preview/app/form/fields.json', {
    app,
    properties: restProperties({ ...FIELDS, ...extra }),
  });
  expect(fields.status, JSON.stringify(fields.body)).toBe(200);
  const { method, endpoint, body } = c.rest(code, rel);
  const res = await emu.call(method, `/k/v1/preview/${endpoint}`, { app, ...body });
  return { status: res.status, keys: Object.keys((res.body as { errors?: object }).errors ?? {}) };
}

describe('the local service refuses a code naming no field at each place', () => {
  it.each(PLACE_CASES.map((c) => [id(c), c] as const))('%s', async (_id, c) => {
    const said = await serviceSays(c, 'nope');
    expect(said).toEqual(
      c.errorKey === null ? { status: 200, keys: [] } : { status: 400, keys: [c.errorKey] },
    );
  });
});

describe('validate and the local service both refuse a field of a type the place does not take', () => {
  const typed = PLACE_CASES.filter((c) => c.wrongType !== undefined);
  it.each(typed.map((c) => [id(c), c] as const))('%s', async (_id, c) => {
    const validate = await validateSays(c, c.wrongType, ['FIELD.WRONG_TYPE']);
    expect(validate.map((p) => [p.path, p.at.startsWith(`"${c.wrongType!}"`)])).toEqual([
      [c.validateAt, true],
    ]);
    expect(await serviceSays(c, c.wrongType!)).toEqual({ status: 400, keys: [c.errorKey] });
  });
});

describe('a field permission takes a whole table, never one of its columns, on both sides', () => {
  // The platform sets a table's field permission as one (platform/field-places.ts, fieldAcl);
  // validate refused a table while the local service took it, until both read one rule.
  const fieldAcl = PLACE_CASES.find((c) => c.key === 'fieldAcl' && c.path === 'rights[*].field')!;
  it('the table `lines`: accepted', async () => {
    expect(await validateSays(fieldAcl, 'lines', ['FIELD.WRONG_TYPE', 'FIELD.IN_SUBTABLE'])).toEqual([]);
    expect(await serviceSays(fieldAcl, 'lines')).toEqual({ status: 200, keys: [] });
  });
  it('its column `item`: refused by both, at the field', async () => {
    const validate = await validateSays(fieldAcl, 'item', [
      'FIELD.WRONG_TYPE',
      'FIELD.IN_SUBTABLE',
      'FIELD.SUBTABLE_COLUMN',
    ]);
    expect(validate.map((p) => [p.path, p.at.startsWith('"item"')])).toEqual([['fieldAcl[0].field', true]]);
    expect(await serviceSays(fieldAcl, 'item')).toEqual({ status: 400, keys: ['rights[0].field'] });
  });
});
