/**
 * The summary line counts items, as the reader sees them listed: an app created with five fields
 * and three layout rows adds eight things, not two areas; a change of two admin-notes settings is
 * two changes. The Markdown table's per-app counts agree with it.
 */
import { describe, expect, it } from 'vitest';
import { summarize } from '../../src/plan/diff-app.js';
import type { AppPlan, AreaPlan, Change } from '../../src/plan/types.js';
import { countApp } from '../../src/render/counts.js';
import { appHead } from '../render/fixture-helpers.js';

const area = (key: AreaPlan['key'], changes: Change[], action: AreaPlan['action'] = 'update'): AreaPlan => ({
  key,
  action,
  itemNoun: 'item',
  changes,
  unchanged: 0,
  before: null,
  after: null,
});

const created: AppPlan = {
  ...appHead('tasks', 'Tasks', null),
  action: 'create-app',
  revisions: null,
  risks: [],
  areas: [
    area('fields', [{ action: 'add', path: [], after: { a: {}, b: {}, c: {}, d: {}, e: {} } }], 'create-app'),
    area('layout', [{ action: 'add', path: [], after: [{}, {}, {}] }], 'create-app'),
  ],
};

const updated: AppPlan = {
  ...appHead('notes', 'Notes', '1'),
  action: 'update',
  revisions: { draft: '1', live: '1' },
  risks: [],
  areas: [
    area('adminNotes', [
      {
        action: 'change',
        path: [],
        before: { content: 'a', includeInTemplateAndDuplicates: false },
        after: { content: 'b', includeInTemplateAndDuplicates: true },
        details: [
          { path: ['content'], before: 'a', after: 'b' },
          { path: ['includeInTemplateAndDuplicates'], before: false, after: true },
        ],
      },
    ]),
    area('views', [{ action: 'remove', path: ['All'], before: { type: 'LIST' } }]),
  ],
};

describe('the plan summary', () => {
  it('counts the items of an area added whole, and each setting of an area changed whole', () => {
    expect(summarize([created, updated], [])).toEqual({ add: 8, change: 2, remove: 1 });
  });

  it('agrees with the per-app counts of the Markdown table', () => {
    expect(countApp(created)).toEqual({ add: 8, change: 0, remove: 0 });
    expect(countApp(updated)).toEqual({ add: 0, change: 2, remove: 1 });
  });
});
