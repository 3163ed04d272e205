/**
 * Each risk kind appears where it should and nowhere else, and reads the same in the three
 * renderings: a rename of a field that holds data (no risk: the data is kept), a removed field
 * and a removed option with records, a type change, a pending draft, `unique` over shared values
 * and `required` over empty records.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Document } from 'yaml';
import { plan, type Plan, type Risk } from '../../src/plan/index.js';
import { renderJson, renderMarkdown, renderText } from '../../src/render/index.js';
import { loadValid, useService } from './harness.js';
import { appliedProject, editManifest, removeProjects, renameMinutesSpent } from './project-fixture.js';

const service = useService();
afterEach(removeProjects);

/** Three tickets: two share a subject and are resolved, one has no due date, one is tagged Billing. */
async function addTickets(root: string): Promise<void> {
  const app = (await loadValid(root)).apps[0]!.id!;
  const ticket = (subject: string, extra: Record<string, unknown> = {}) => ({
    subject: { value: subject },
    details: { value: 'Cannot log in' },
    requester_email: { value: 'a@example.com' },
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, { value: v }])),
  });
  await service.client.records.addRecords({
    app,
    records: [
      ticket('Login broken', {
        due_date: '2026-12-01',
        tags: ['Billing'],
        minutes_spent: '30',
        resolved_at: '2026-11-20T10:00:00Z',
      }),
      ticket('Login broken', { due_date: '2026-12-02', resolved_at: '2026-11-21T10:00:00Z' }),
      ticket('Invoice wrong'),
    ],
  });
}

async function planAfter(
  edit: (doc: Document) => void,
  before?: (root: string) => Promise<void>,
): Promise<Plan> {
  const root = await appliedProject(service);
  await addTickets(root);
  await before?.(root);
  await editManifest(root, edit);
  return plan({ project: await loadValid(root), client: service.client });
}

interface Case {
  name: string;
  edit: (doc: Document) => void;
  before?: (root: string) => Promise<void>;
  risks: Risk[];
  /** What the text and Markdown renderings each must say (JSON holds the risks as they are). */
  says: string[];
}

const cases: Case[] = [
  {
    name: 'a rename of a field that holds data keeps it: no risk',
    edit: renameMinutesSpent,
    risks: [],
    says: ['minutes_spent', 'time_spent'],
  },
  {
    name: 'a removed field with records is data loss, counted',
    edit: (d) => {
      d.deleteIn(['fields', 'resolved_at']);
      d.setIn(['layout', 7, 'layout', 1, 'fields'], [{ code: 'minutes_spent' }]);
    },
    risks: [
      { kind: 'data-loss', area: 'fields', field: 'resolved_at', records: 2, query: 'resolved_at != ""' },
    ],
    says: ['resolved_at', '2 records'],
  },
  {
    name: 'a removed option that records hold is data loss, counted',
    edit: (d) => d.deleteIn(['fields', 'tags', 'options', 'Billing']),
    risks: [
      {
        kind: 'data-loss',
        area: 'fields',
        field: 'tags',
        option: 'Billing',
        records: 1,
        query: 'tags in ("Billing")',
      },
    ],
    says: ['Billing', '1 record'],
  },
  {
    name: 'a type change is blocked, with what to do instead',
    // TIME -> NUMBER has no conversion (platform/conversions.ts): still blocked. Its time default
    // goes too, as a number field could not hold it.
    edit: (d) => {
      d.setIn(['fields', 'callback_time', 'type'], 'NUMBER');
      d.deleteIn(['fields', 'callback_time', 'defaultValue']);
    },
    risks: [
      {
        kind: 'blocked',
        area: 'fields',
        path: ['callback_time'],
        reason: 'the service cannot change the type of field "callback_time" (TIME -> NUMBER)',
        instead: 'add a field with a new code and type, copy the values over, then remove "callback_time"',
        // The where-used index (`appdeploy docs`): each place that names it changes with it.
        usedBy: [{ app: 'tickets', area: 'layout', where: 'row 4' }],
      },
    ],
    says: ['callback_time', 'cannot change the type', 'Still named in', 'row 4'],
  },
  {
    name: 'unique over shared values makes the deploy fail, counted',
    edit: (d) => d.setIn(['fields', 'subject', 'unique'], true),
    risks: [{ kind: 'deploy-fails', field: 'subject', reason: 'unique', records: 2 }],
    says: ['subject', '2 records'],
  },
  {
    // platform-facts-verified, "Required, unique, lengths": a tighter length that existing records
    // break can make the deploy fail; the local service's deploy refuses it (tighter-lengths.ts).
    name: 'a lower maxLength that a record is over makes the deploy fail, naming the record',
    edit: (d) => d.setIn(['fields', 'subject', 'maxLength'], 12),
    risks: [
      {
        kind: 'deploy-fails',
        field: 'subject',
        reason: 'length',
        records: 1,
        maxLength: 12,
        recordIds: ['3'],
      },
    ],
    says: ['subject', 'at most 12 characters', '1 record holds a value outside it (record 3'],
  },
  {
    name: 'a minLength that records are under makes the deploy fail, both numbers named',
    edit: (d) => d.setIn(['fields', 'subject', 'minLength'], 13),
    risks: [
      {
        kind: 'deploy-fails',
        field: 'subject',
        reason: 'length',
        records: 2,
        minLength: 13,
        maxLength: 120,
        recordIds: ['1', '2'],
      },
    ],
    says: ['13 to 120 characters', '2 records hold a value outside it (records 1 and 2'],
  },
  {
    // platform-facts-verified: "minLength is checked on \"\" too". No ticket has a reference.
    name: 'a new minLength counts an empty value as under it',
    edit: (d) => d.setIn(['fields', 'ticket_ref', 'minLength'], 1),
    risks: [
      {
        kind: 'deploy-fails',
        field: 'ticket_ref',
        reason: 'length',
        records: 3,
        minLength: 1,
        maxLength: 20,
        recordIds: ['1', '2', '3'],
      },
    ],
    says: ['ticket_ref', '1 to 20 characters', 'records 1, 2 and 3'],
  },
  {
    name: 'a looser maxLength is no risk',
    edit: (d) => d.setIn(['fields', 'subject', 'maxLength'], 200),
    risks: [],
    says: [],
  },
  {
    name: 'required over empty records deploys, and those records need values',
    edit: (d) => d.setIn(['fields', 'due_date', 'required'], true),
    risks: [{ kind: 'records-need-values', field: 'due_date', records: 1, query: 'due_date = ""' }],
    says: ['due_date', '1 record', 'due_date = ""'],
  },
  {
    name: 'a pending draft in an area the manifest does not change is named',
    edit: (d) => d.set('theme', 'BLUE'),
    before: async (root) => {
      const app = (await loadValid(root)).apps[0]!.id!;
      const { views } = await service.client.settings.getViews({ app, copy: 'draft' });
      await service.client.settings.updateViews({
        app,
        views: { ...views, Extra: { type: 'LIST', index: 9 } } as never,
      });
    },
    risks: [{ kind: 'pending-draft', areas: ['views'], draftHashes: expect.any(Object) }],
    says: ['views', 'draft'],
  },
];

describe('risks', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    const result = await planAfter(testCase.edit, testCase.before);
    expect(result.apps[0]!.risks).toEqual(testCase.risks);
    for (const rendering of [renderText(result, { color: false }), renderMarkdown(result)])
      for (const words of testCase.says) expect(rendering).toContain(words);
    expect((JSON.parse(renderJson(result)) as Plan).apps[0]!.risks).toEqual(testCase.risks);
  });
});
