/**
 * Scale (issue 25): 1,000 apps of every area (plug-ins aside) planned as new apps, and 1,000
 * existing apps whose every area changed, rendered as text, Markdown and JSON. Pure and in
 * memory: new apps need no read, and the existing apps are diffed against settings made from an
 * older manifest. Nothing may recurse or pass an argument per line: 2,000 apps render to several
 * hundred thousand lines (a spread of ~129k overflowed the stack).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '../../src/areas/index.js';
import type { Client } from '../../src/client/index.js';
import { existingAppDiff, summarize } from '../../src/plan/diff-app.js';
import { plan, resolveContext } from '../../src/plan/plan.js';
import type { AppState } from '../../src/plan/read.js';
import type { AppPlan, Plan } from '../../src/plan/types.js';
import { validateProject, type Project, type ProjectApp } from '../../src/project/index.js';
import { renderJson, renderMarkdown, renderText } from '../../src/render/index.js';

const APPS = 1000;

// The helpdesk tickets app with the areas it leaves out: every area but plug-ins managed.
const EXTRA_AREAS = `
customize:
  scope: ALL
  desktop: { js: [{ type: URL, url: 'https://cdn.example.com/board.js' }], css: [] }
  mobile: { js: [], css: [] }
appAcl:
  - { entity: { type: CREATOR }, appEditable: true, recordViewable: true, recordAddable: true }
  - { entity: { type: GROUP, code: everyone }, recordViewable: true }
recordAcl:
  - filterCond: priority in ("Urgent")
    entities: [{ entity: { type: GROUP, code: support-leads }, viewable: true, editable: true }]
fieldAcl:
  - field: minutes_spent
    entities: [{ entity: { type: GROUP, code: everyone }, accessibility: READ }]
actions:
  Follow-up ticket:
    destApp: { app: 1 }
    mappings: [{ srcType: FIELD, srcField: subject, destField: subject }]
    entities: [{ type: GROUP, code: everyone }]
`;

let dir = '';
let project: Project;
let template: ProjectApp;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'appdeploy-scale-'));
  const tickets = await readFile(
    new URL('../../examples/helpdesk/apps/tickets.yaml', import.meta.url),
    'utf8',
  );
  await writeFile(join(dir, 'tickets.yaml'), `${tickets}${EXTRA_AREAS}`);
  await writeFile(
    join(dir, 'appdeploy.yaml'),
    'environments: { local: {} }\napps:\n  tickets: { manifest: tickets.yaml }\n',
  );
  const result = await validateProject({ cwd: dir, dir, variables: {} });
  expect(result.problems).toEqual([]);
  project = result.project!;
  template = project.apps[0]!;
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The project with `count` copies of the tickets app, keyed tickets0, tickets1, ... */
function manyApps(count: number, id: (i: number) => string | null): Project {
  const apps = Array.from({ length: count }, (_, i) => ({
    ...template,
    key: `tickets${i}`,
    id: id(i),
    manifest: structuredClone(template.manifest),
  }));
  return { ...project, apps };
}

/** The manifest as it was: other labels and name, every switch the other way, its first field not added yet. */
function older(manifest: ProjectApp['manifest']): ProjectApp['manifest'] {
  const relabel = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(relabel)
      : typeof value === 'boolean'
        ? !value
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value).map(([k, v]) => [
                k,
                k === 'label' && typeof v === 'string' ? `${v} (old)` : relabel(v),
              ]),
            )
          : value;
  const was = relabel(manifest) as ProjectApp['manifest'];
  const [first] = Object.keys(was.fields ?? {});
  if (first !== undefined && was.fields) delete was.fields[first];
  return { ...was, name: `${manifest.name} (old)` };
}

/** An existing app's plan: every managed area against the settings of the older manifest. */
function updatedApp(many: Project, app: ProjectApp): AppPlan {
  const ctx = resolveContext(many, app, new Map());
  const was = older(app.manifest);
  const state: AppState = { revisions: { draft: '7', live: '7' }, areas: new Map(), deployed: true };
  const desired = AREAS.flatMap((area) => {
    const value = area.fromManifest(app.manifest, ctx);
    if (value === undefined) return [];
    const current = area.fromManifest(was, ctx) ?? value;
    state.areas.set(area.key, { draft: current, live: current });
    return [{ area, value }];
  });
  const diff = existingAppDiff(desired, state);
  return {
    key: app.key,
    name: app.manifest.name,
    id: app.id,
    action: 'update',
    revisions: state.revisions,
    ...diff,
  };
}

describe(`a plan of ${APPS} new and ${APPS} changed apps, every area managed`, () => {
  let thePlan: Plan;

  beforeAll(async () => {
    // New apps are planned without a single request: a client that answers nothing will do.
    const created = await plan({
      project: manyApps(APPS, () => null),
      client: { concurrency: 16 } as Client,
      now: new Date(0),
    });
    const existing = manyApps(APPS, (i) => String(i + 1));
    const updated = existing.apps.map((app) => updatedApp(existing, app));
    const apps = [...created.apps, ...updated];
    thePlan = { ...created, apps, summary: summarize(apps, created.plugins) };
  }, 60_000);

  it('plans every area of every app', () => {
    const managed = AREAS.filter((area) => area.key !== 'plugins').map((area) => area.key);
    expect(thePlan.apps).toHaveLength(2 * APPS);
    for (const app of thePlan.apps) expect(app.areas.map((a) => a.key).sort()).toEqual([...managed].sort());
    expect(thePlan.apps.filter((a) => a.action === 'create-app')).toHaveLength(APPS);
    const updated = thePlan.apps.filter((a) => a.action === 'update');
    expect(updated).toHaveLength(APPS);
    // Labels, names and switches differ in most areas; the rest (access rules, reminders,
    // reports without a switch or label) are listed as unchanged.
    for (const app of updated)
      expect(app.areas.filter((area) => area.action === 'update').length).toBeGreaterThanOrEqual(10);
  });

  it('renders as text', () => {
    const text = renderText(thePlan, { color: false });
    expect(text.split('\n').length).toBeGreaterThan(200_000);
    expect(text.match(/^ {2}\+ app "tickets\d+" \{$/gm) ?? []).toHaveLength(APPS);
    expect(text.match(/^ {2}~ app "tickets\d+" \{$/gm) ?? []).toHaveLength(APPS);
    expect(text).toContain(`Plan: ${thePlan.summary.add} to add, ${thePlan.summary.change} to change`);
  });

  it('renders as Markdown', () => {
    const markdown = renderMarkdown(thePlan);
    expect(markdown.split('\n').length).toBeGreaterThan(100_000);
    for (const key of ['tickets0', `tickets${APPS - 1}`]) expect(markdown).toContain(key);
  });

  it('renders as JSON that reads back as the plan', () => {
    const json = renderJson(thePlan);
    const read = JSON.parse(json) as Plan;
    expect(read.apps).toHaveLength(2 * APPS);
    expect(renderJson(read)).toBe(json);
  });
});
