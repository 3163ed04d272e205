/**
 * A shadow built from a local service holds exactly what it read: for every app, every settings
 * area of its draft and its live copy, the app itself (id, code, place) and the copied records
 * answer byte for byte as the source answers them. The source: the crm and helpdesk examples
 * applied, then a pending draft left in one app, and records in another.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readShadowSeed } from '../../src/local/shadow-read.js';
import { startShadow, type Shadow } from '../../src/local/shadow.js';
import { ADMIN, manifest, useApplyHarness } from '../apply/harness.js';

const h = useApplyHarness();
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const AREAS = [
  'app/settings.json',
  'app/form/fields.json',
  'app/form/layout.json',
  'app/views.json',
  'app/status.json',
  'app/customize.json',
  'app/acl.json',
  'record/acl.json',
  'field/acl.json',
  'app/notifications/general.json',
  'app/notifications/perRecord.json',
  'app/notifications/reminder.json',
  'app/reports.json',
  'app/actions.json',
  'app/adminNotes.json',
  'app/plugins.json',
];

async function applyExample(name: string): Promise<string[]> {
  const root = await mkdtemp(join(tmpdir(), `appdeploy-shadow-${name}-`));
  dirs.push(root);
  await cp(join(import.meta.dirname, '../../examples', name), root, {
    recursive: true,
    filter: (source) => !source.includes('.appdeploy'),
  });
  const project = await h.load(root);
  const result = await h.apply(project, await h.plan(project));
  expect(result.message).toMatch(/^(Installed|Applied)/);
  return result.apps.map((a) => a.id!);
}

/** An app with three records. */
async function appWithRecords(): Promise<string> {
  const project = await h.writeProject({
    apps: {
      items: manifest('Items', {
        code: { type: 'SINGLE_LINE_TEXT', label: 'Code', unique: true },
        qty: { type: 'NUMBER', label: 'Quantity' },
      }),
    },
  });
  const result = await h.apply(project, await h.plan(project));
  const app = result.apps[0]!.id!;
  await h.client.records.addRecords({
    app,
    records: [
      { code: { value: 'A' }, qty: { value: '1' } },
      { code: { value: 'B' }, qty: { value: '2' } },
      { code: { value: 'C' } },
    ] as never,
  });
  return app;
}

async function answer(base: string, headers: Record<string, string>, path: string): Promise<string> {
  const res = await fetch(`${base}${path}`, { headers });
  return `${res.status} ${await res.text()}`;
}

describe('a shadow of a local service', () => {
  it('answers every area of every app, draft and live, and the copied records, byte for byte as the source', async () => {
    const ids = [
      ...(await applyExample('crm')),
      ...(await applyExample('helpdesk')),
      ...(await applyExample('assets')),
      await appWithRecords(),
    ];
    // A pending draft: the draft differs from live, with its own revision.
    await h.client.settings.updateGeneralSettings({ app: ids[0]!, name: 'Renamed in the draft only' });
    await h.client.form.addFields({
      app: ids[0]!,
      properties: {
        draft_only: { type: 'SINGLE_LINE_TEXT', code: 'draft_only', label: 'Draft only' },
      } as never,
    });
    const source = {
      'X-Service-Authorization': Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64'),
    };
    const seed = await readShadowSeed(h.client, ids, { records: 50 });
    expect(seed.apps.map((a) => a.id).sort()).toEqual([...ids].sort());
    let shadow: Shadow | undefined;
    try {
      shadow = await startShadow(seed, { platform: h.client.platform });
      const paths = ids.flatMap((app) => [
        `/k/v1/app.json?id=${app}`,
        `/k/v1/records.json?app=${app}&query=${encodeURIComponent('order by $id asc')}`,
        ...AREAS.flatMap((area) => [`/k/v1/${area}?app=${app}`, `/k/v1/preview/${area}?app=${app}`]),
      ]);
      paths.push('/k/v1/plugins.json');
      const differing: string[] = [];
      let ok = 0;
      for (const path of paths) {
        const [want, got] = await Promise.all([
          answer(h.url, source, path),
          answer(shadow.url, shadow.headers, path),
        ]);
        if (want.startsWith('200 ')) ok += 1;
        if (want !== got) differing.push(`${path}\n  source: ${want}\n  shadow: ${got}`);
      }
      expect(differing).toEqual([]);
      // Not vacuous: every answer is a success, records and a plug-in were copied.
      expect(ok).toBe(paths.length);
      expect(seed.apps.map((a) => a.records?.length ?? 0).reduce((a, b) => a + b)).toBeGreaterThanOrEqual(3);
      expect(seed.plugins.length).toBeGreaterThan(0);
      expect(paths.length).toBe(ids.length * (2 + AREAS.length * 2) + 1);
    } finally {
      await shadow?.close();
    }
  });
});
