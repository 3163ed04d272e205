/**
 * Issue 20 point 8: an app whose every settings area answers as the hosted platform answered
 * (answers/*.json, each saying where it was recorded and what was changed) exports through the
 * built CLI with `platform: kintone`, and the exported manifest plans to no changes. The service
 * is read-only, so the test also proves that export and plan write nothing, and that every call
 * went out under the hosted platform's header names.
 */
import { readdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { appdeploy, tempDir, type Run } from '../support/cli.js';
import { recordedAnswers, startRecordedService, type RecordedService } from './hosted-fake.js';

let service: RecordedService;
let dir = '';
let exported: Run;
let manifestText = '';

const views = recordedAnswers().get('views')?.answer.views as Record<string, { builtinType?: string }>;
const builtinViews = Object.entries(views)
  .filter(([, view]) => view.builtinType !== undefined)
  .map(([name]) => name);

beforeAll(async () => {
  service = await startRecordedService();
  dir = await tempDir('recorded');
  await writeFile(
    join(dir, 'appdeploy.yaml'),
    [
      'environments:',
      '  hosted:',
      `    baseUrl: ${service.url}`,
      '    platform: kintone',
      '    auth: { login: admin, password: admin }',
      'defaultEnvironment: hosted',
      'apps: {}',
      '',
    ].join('\n'),
  );
  // The customization's files are saved beside the manifest (by default), so plan can hash them.
  exported = await appdeploy(['export', '--app', service.appId], dir);
  const manifests = readdirSync(join(dir, 'apps')).filter((name) => name.endsWith('.yaml'));
  manifestText = manifests.length === 1 ? await readFile(join(dir, 'apps', manifests[0]!), 'utf8') : '';
}, 180_000);

afterAll(async () => {
  await service?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('an app answered as the hosted platform answers', () => {
  it('exports one manifest', () => {
    expect([exported.code, exported.stderr]).toEqual([0, expect.not.stringMatching(/failed|Error/)]);
    expect(manifestText).not.toBe('');
  });

  it('plans to no changes after the export', async () => {
    const planned = await appdeploy(['plan', '--detailed-exitcode'], dir);
    expect([planned.code, planned.stdout, planned.stderr]).toEqual([
      0,
      expect.stringContaining('No changes.'),
      '',
    ]);
  }, 120_000);

  it('leaves the built-in "(Assigned to me)" view out of the manifest, and builtinType with it', () => {
    expect(builtinViews).toEqual(['（作業者が自分）']);
    for (const name of [...builtinViews, '(Assigned to me)', '(作業者が自分)'])
      expect(manifestText).not.toContain(name);
    expect(manifestText).not.toContain('builtinType');
    const manifest = parse(manifestText) as { views?: Record<string, unknown> };
    expect(Object.keys(manifest.views ?? {})).toEqual(['一覧1', '数値ラジオレコード番号']);
  });

  it('sizes multi-line and rich text by width and innerHeight, a spacer by width and height', () => {
    const sizes = layoutSizes(parse(manifestText) as { layout?: unknown });
    expect(sizes.get('Text_area')).toEqual({ width: '315', innerHeight: '125' });
    expect(sizes.get('Rich_text')).toEqual({ width: '315', innerHeight: '125' });
    expect(sizes.get('panda')).toEqual({ width: '117', height: '66' });
  });

  it('was only read, under the hosted platform header names, with every call answered', () => {
    expect(service.writes).toEqual([]);
    expect(service.unanswered).toEqual([]);
    expect([...service.headerNames].sort()).toEqual(['x-cybozu-authorization']);
  });
});

/** The `size` of each layout item by field code (spacers by elementId), numbers as strings. */
function layoutSizes(manifest: { layout?: unknown }): Map<string, Record<string, string>> {
  const sizes = new Map<string, Record<string, string>>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const item = node as { code?: unknown; elementId?: unknown; size?: unknown };
    const key = typeof item.code === 'string' ? item.code : item.elementId;
    if (typeof key === 'string' && item.size !== null && typeof item.size === 'object')
      sizes.set(
        key,
        Object.fromEntries(Object.entries(item.size).map(([name, value]) => [name, String(value)])),
      );
    Object.values(node).forEach(visit);
  };
  visit(manifest.layout);
  return sizes;
}
