/**
 * A field the plan takes away is named in the plan with where the project still names it, from
 * the same where-used index `appdeploy docs` prints: here the customization's JavaScript, which
 * validate does not read. A removed field with records carries the places on its data-loss risk;
 * one without records, and a renamed one, get a `field-still-used` warning; one nothing names
 * gets neither.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Document } from 'yaml';
import { plan, type Plan, type Risk } from '../../src/plan/index.js';
import { renderJson, renderMarkdown, renderText } from '../../src/render/index.js';
import { loadValid, useService } from './harness.js';
import { appliedProject, editManifest, removeProjects, renameMinutesSpent } from './project-fixture.js';

const service = useService();
const planSchema = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(await readFile(new URL('../../schema/plan.schema.json', import.meta.url), 'utf8')),
);
/** The JSON rendering's schema errors: none. */
function schemaErrors(p: Plan): unknown[] {
  planSchema(JSON.parse(renderJson(p)));
  return planSchema.errors ?? [];
}
afterEach(removeProjects);

/** A desktop script that reads the time fields, as a team's customization would. */
const BOARD_JS = [
  "kintone.events.on('app.record.detail.show', (event) => {",
  '  const resolved = event.record.resolved_at.value;',
  "  const spent = event.record['minutes_spent'].value;",
  '  return event;',
  '});',
  '',
].join('\n');

/** Adds board.js to the desktop scripts, then makes the edit, and plans. */
async function planWithScript(edit: (doc: Document) => void, records = false): Promise<Plan> {
  const root = await appliedProject(service);
  await writeFile(join(root, 'apps/board.js'), BOARD_JS);
  if (records) {
    const app = (await loadValid(root)).apps[0]!.id!;
    await service.client.records.addRecord({
      app,
      record: {
        subject: { value: 'Login broken' },
        details: { value: 'Cannot log in' },
        requester_email: { value: 'a@example.com' },
        resolved_at: { value: '2026-11-20T10:00:00Z' },
      },
    });
  }
  await editManifest(root, (d) => {
    d.setIn(['customize', 'desktop', 'js', 1], d.createNode({ type: 'FILE', path: 'board.js' }));
    edit(d);
  });
  return plan({ project: await loadValid(root), client: service.client });
}

const removeResolvedAt = (d: Document) => {
  d.deleteIn(['fields', 'resolved_at']);
  d.setIn(['layout', 7, 'layout', 1, 'fields'], [{ code: 'minutes_spent' }]);
};

const fieldRisks = (p: Plan): Risk[] =>
  p.apps[0]!.risks.filter((r) => r.kind === 'data-loss' || r.kind === 'field-still-used');

const boardLine2 = { app: 'tickets', area: 'JavaScript', where: 'board.js:2 (property access)' };

describe('a field taken away while the project still names it', () => {
  it('removed with records: the data-loss risk names where it is still used', async () => {
    const p = await planWithScript(removeResolvedAt, true);
    expect(fieldRisks(p)).toEqual([
      {
        kind: 'data-loss',
        area: 'fields',
        field: 'resolved_at',
        records: 1,
        query: 'resolved_at != ""',
        usedBy: [boardLine2],
      },
    ]);
    expect(schemaErrors(p)).toEqual([]);
    const text = renderText(p, { color: false });
    expect(text.slice(text.indexOf('Warning: Data loss'), text.indexOf('Actions are shown')))
      .toMatchInlineSnapshot(`
      "Warning: Data loss in app "tickets" (id 1)

        fields.resolved_at: removing it deletes its value in 1 record.
        List them with the query: resolved_at != ""
        Still named in:
          - board.js:2 (property access)

      "
    `);
    const markdown = renderMarkdown(p);
    expect(markdown.split('\n').find((l) => l.includes('**Data loss**'))).toMatchInlineSnapshot(
      `"- **Data loss** (warning) in app \`tickets\`, \`fields.resolved_at\`: removing it deletes its value in 1 record. List them with the query \`resolved_at != ""\`. Still named in: board.js:2 (property access)."`,
    );
  });

  it('removed without records: a field-still-used warning with the places', async () => {
    const p = await planWithScript(removeResolvedAt);
    expect(fieldRisks(p)).toEqual([
      { kind: 'field-still-used', area: 'fields', field: 'resolved_at', usedBy: [boardLine2] },
    ]);
    expect(schemaErrors(p)).toEqual([]);
    const text = renderText(p, { color: false });
    expect(text.slice(text.indexOf('Warning: Field still used'), text.indexOf('Actions are shown')))
      .toMatchInlineSnapshot(`
        "Warning: Field still used in app "tickets" (id 1)

          fields.resolved_at: it is removed, but the project still names it: each place named stops working.
          Still named in:
            - board.js:2 (property access)

        "
      `);
  });

  it('renamed: the old code is still named, and the warning says the new one', async () => {
    const p = await planWithScript(renameMinutesSpent);
    expect(fieldRisks(p)).toEqual([
      {
        kind: 'field-still-used',
        area: 'fields',
        field: 'minutes_spent',
        renamedTo: 'time_spent',
        usedBy: [{ app: 'tickets', area: 'JavaScript', where: 'board.js:3 (quoted string)' }],
      },
    ]);
    const markdown = renderMarkdown(p);
    expect(markdown.split('\n').find((l) => l.includes('**Field still used**'))).toMatchInlineSnapshot(
      `"- **Field still used** (warning) in app \`tickets\`, \`fields.minutes_spent\`: it is renamed to time\\_spent, but the project still names the old code: each place named stops working until it names the new one. Still named in: board.js:3 (quoted string)."`,
    );
  });

  it('a removed field nothing names: no warning, and apply is not refused for it', async () => {
    const p = await planWithScript((d) => {
      d.deleteIn(['fields', 'callback_time']);
      d.setIn(['layout', 3, 'fields'], [{ code: 'tags' }, { code: 'due_date' }]);
    });
    expect(fieldRisks(p)).toEqual([]);
  });
});
