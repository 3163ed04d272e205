/**
 * Options, views, reports, actions and statuses are maps ordered by `index`; an item without one
 * stands at its position in the map (areas/canonical.ts orderByIndex: what apply sends, the
 * index rewritten as the position, so the order the platform then shows). The handbook and the
 * generated types list them in that order, for every way a manifest may mix given and missing
 * indexes.
 */
import { describe, expect, it } from 'vitest';
import { orderByIndex } from '../../src/areas/canonical.js';
import { generateDocs } from '../../src/docgen/index.js';
import type { AppManifest } from '../../src/project/index.js';
import { appModule } from '../../src/typegen/index.js';
import { docApp, docProject } from './project-fixture.js';

/** Names with their index (null: none given), and the order apply gives them. */
const CASES: { indexes: [string, number | string | null][]; order: string[] }[] = [
  // One added at the end without an index: it stays last.
  {
    indexes: [
      ['Low', 0],
      ['High', 1],
      ['Mid', null],
    ],
    order: ['Low', 'High', 'Mid'],
  },
  // One without an index first: position 0, before the one whose index is 0 but comes later.
  {
    indexes: [
      ['X', null],
      ['Y', 0],
    ],
    order: ['X', 'Y'],
  },
  // Indexes compare as numbers, written as strings or numbers.
  {
    indexes: [
      ['A', '2'],
      ['B', 10],
      ['C', '1'],
    ],
    order: ['C', 'A', 'B'],
  },
  // None given: the order written.
  {
    indexes: [
      ['P', null],
      ['Q', null],
      ['R', null],
    ],
    order: ['P', 'Q', 'R'],
  },
];

const withIndex = <T extends object>(index: number | string | null, item: T) =>
  index === null ? item : { ...item, index };

function manifestOf(indexes: [string, number | string | null][]): Partial<AppManifest> {
  const names = indexes.map(([name]) => name);
  const entries = <T extends object>(make: (name: string) => T) =>
    Object.fromEntries(indexes.map(([name, index]) => [name, withIndex(index, make(name))]));
  return {
    fields: {
      pick: { type: 'DROP_DOWN', label: 'Pick', options: entries((name) => ({ label: name })) },
      amount: { type: 'NUMBER', label: 'Amount' },
    },
    views: entries(() => ({ type: 'LIST' as const, fields: ['amount'] })),
    reports: entries(() => ({
      chartType: 'BAR' as const,
      groups: [{ code: 'pick' }],
      aggregations: [{ type: 'COUNT' as const }],
    })),
    process: {
      enable: true,
      states: entries(() => ({})),
      actions: names.slice(1).map((to, i) => ({ name: `to ${to}`, from: names[i]!, to })),
    },
  };
}

/** The first cells of the rows of the first table under `## title`. */
function firstColumn(page: string, title: string): string[] {
  const lines = page.slice(page.indexOf(`## ${title}\n`)).split('\n');
  const first = lines.findIndex((l) => l.startsWith('| '));
  const end = lines.findIndex((l, i) => i > first && !l.startsWith('| '));
  return lines.slice(first + 2, end).map((row) => row.split(' | ')[0]!.slice(2).trim());
}

describe('order by index in the handbook and the types', () => {
  it.each(CASES)('$indexes: $order', ({ indexes, order }) => {
    // The expectation is what apply sends.
    expect(
      Object.keys(orderByIndex(Object.fromEntries(indexes.map(([n, i]) => [n, withIndex(i, {})])))),
    ).toEqual(order);
    const manifest = manifestOf(indexes);
    const page = generateDocs(docProject(docApp('app', manifest)))[1]!.content;
    expect({
      options: /^\| `pick` \|(?:[^|]*\|){6} ([^|]*) \|/m.exec(page)?.[1],
      views: firstColumn(page, 'Views'),
      reports: firstColumn(page, 'Reports'),
      statuses: firstColumn(page, 'Process'),
    }).toEqual({ options: order.join(', '), views: order, reports: order, statuses: order });
    const types = appModule({
      key: 'app',
      manifestFile: 'apps/app.yaml',
      manifest: { name: 'App', ...manifest },
      ids: {},
      locale: 'en',
    });
    const union = order.map((name) => `'${name}'`).join(' | ');
    expect(types).toContain(`  pick: ${union};`);
    expect(types).toContain(`export type Status = ${union};`);
  });
});
