/**
 * What the plan says of a migration (docs/migrations.md, "What the plan says"): where the field
 * moves, in words a reviewer reads once, and the copy's requests with their counts agreeing in
 * number (one read, two reads).
 */
import { describe, expect, it } from 'vitest';
import type { AppPlan, FieldMigration, FieldPlace } from '../../src/plan/types.js';
import { migrationSentences } from '../../src/render/migrations.js';

function migration(from: FieldPlace, to: FieldPlace, requests: number[]): FieldMigration {
  const [reads, writeCalls, bulkRequests, sweep, settings] = requests as [
    number,
    number,
    number,
    number,
    number,
  ];
  return {
    from,
    to,
    temporary: `${to.code}__tmp`,
    state: 'planned',
    rule: 'the same value',
    migrate: {},
    records: {
      read: 3,
      withValue: 2,
      notConverted: { records: 0, samples: [], query: null },
      defaulted: 0,
      requests: {
        reads,
        writeCalls,
        bulkRequests,
        sweep,
        settings,
        total: reads + writeCalls + sweep + settings,
        dailyQuota: 10_000,
      },
    },
  };
}

const text = (code: string, table: string | null): FieldPlace => ({ code, table, type: 'SINGLE_LINE_TEXT' });

function sentences(m: FieldMigration): string[] {
  const [only] = migrationSentences({ migrations: [m] } as unknown as AppPlan);
  return [only!.title, ...only!.lines.filter((line) => line.startsWith('Requests'))];
}

describe('the words of a migration in the plan', () => {
  it.each<[string, FieldPlace, FieldPlace, string]>([
    [
      'into a table',
      text('notes', null),
      text('notes', 'log'),
      'fields.notes: SINGLE_LINE_TEXT -> SINGLE_LINE_TEXT, moved from the top level into table log; the same value.',
    ],
    [
      'out of a table',
      text('notes', 'log'),
      text('notes', null),
      'fields.notes: SINGLE_LINE_TEXT -> SINGLE_LINE_TEXT, moved from table log to the top level; the same value.',
    ],
    [
      'from one table into another',
      text('notes', 'log'),
      text('notes', 'history'),
      'fields.notes: SINGLE_LINE_TEXT -> SINGLE_LINE_TEXT, moved from table log into table history; the same value.',
    ],
    [
      'in its place',
      { code: 'summary', table: null, type: 'MULTI_LINE_TEXT' },
      text('summary', null),
      'fields.summary: MULTI_LINE_TEXT -> SINGLE_LINE_TEXT; the same value.',
    ],
  ])('%s', (_, from, to, title) => {
    expect(sentences(migration(from, to, [1, 1, 1, 2, 7]))[0]).toBe(title);
  });

  it('counts requests in words that agree with their numbers', () => {
    expect(sentences(migration(text('a', null), text('a', 't'), [1, 1, 1, 2, 7]))[1]).toMatchInlineSnapshot(
      `"Requests: about 11 (1 read, 1 write call in 1 bulk request, 2 for the sweep, 7 settings calls): 0.1% of the app's 10,000 a day."`,
    );
    expect(
      sentences(migration(text('a', null), text('a', 't'), [40, 200, 10, 1, 7]))[1],
    ).toMatchInlineSnapshot(
      `"Requests: about 248 (40 reads, 200 write calls in 10 bulk requests, 1 for the sweep, 7 settings calls): 2.5% of the app's 10,000 a day."`,
    );
  });
});
