/**
 * seed's plan in words: each kind of action (add, change, delete) lists at most 20 records per
 * app, then counts the rest; counts are grouped by thousands.
 */
import { describe, expect, it } from 'vitest';
import { interruptedText, planText, type PlannedApp } from '../../src/cli/seed-text.js';
import type { SeedPlan } from '../../src/records/index.js';

const app = {
  app: '7',
  key: 'code',
  name: 'items',
  file: 'records/items.csv',
  records: [],
  principals: [],
  source: { file: 'records/products.yaml', text: '' },
};
const keys = (n: number) => Array.from({ length: n }, (_, i) => `K${i + 1}`);

function planned(adds: number, changes: number, deletes: number, unchanged = 0): PlannedApp[] {
  const plan: SeedPlan = {
    adds: keys(adds).map((key) => ({ kind: 'add', key, record: {} })),
    changes: keys(changes).map((key) => ({
      kind: 'change',
      key,
      id: key.slice(1),
      revision: '1',
      changes: [{ code: 'price', before: '1', after: '2' }],
    })),
    deletes: keys(deletes).map((key) => ({ kind: 'delete', key, id: key.slice(1), revision: '1' })),
    unchanged,
  };
  return [{ app, plan, hidden: null }];
}

describe('seed plan text', () => {
  it.each([
    { case: '20 adds: every one listed', adds: 20, listed: 20, more: undefined },
    {
      case: '21 adds: 20 listed, one counted',
      adds: 21,
      listed: 20,
      more: '  ... and 1 more record to add (--format json lists every one)',
    },
    {
      case: '10,000 adds',
      adds: 10_000,
      listed: 20,
      more: '  ... and 9,980 more records to add (--format json lists every one)',
    },
  ])('$case', ({ adds, listed, more }) => {
    const lines = planText(planned(adds, 0, 0))
      .trimEnd()
      .split('\n');
    expect(lines.filter((l) => l.startsWith('  + '))).toEqual(keys(listed).map((k) => `  + ${k}`));
    expect(lines.find((l) => l.startsWith('  ... '))).toBe(more);
  });

  it('shows a key as itself, quoted where a line break, a control, spaces at its ends or a quote first would hide it', () => {
    // Keys match by every character, spaces at the ends too (docs/records.md): a key with a line
    // break would print a second line of its own ("  - K2", a delete that is not), and one with a
    // trailing space reads as another key.
    const plan: SeedPlan = {
      adds: ['顧客-001', 'C1\n  - K2', ' C2 ', 'C3\t', '', 'C\u001b[2J', '"C4"', 'C"5'].map((key) => ({
        kind: 'add',
        key,
        record: {},
      })),
      changes: [],
      deletes: [],
      unchanged: 0,
    };
    const lines = planText([{ app, plan, hidden: null }])
      .trimEnd()
      .split('\n');
    expect(lines.slice(1)).toEqual([
      '  + 顧客-001',
      '  + "C1\\n  - K2"',
      '  + " C2 "',
      '  + "C3\\t"',
      '  + ""',
      '  + "C\\u001b[2J"',
      // A quote first would read as a quoted key; one further in cannot.
      '  + "\\"C4\\""',
      '  + C"5',
    ]);
  });

  it('counts changes and deletes past 20 each, a change shown with its fields', () => {
    const text = planText(planned(0, 22, 1_500, 12_408));
    const lines = text.split('\n');
    expect(lines[0]).toMatchInlineSnapshot(
      `"items (records/items.csv, by code): 0 to add, 22 to change, 1,500 to delete, 12,408 unchanged"`,
    );
    expect(lines.slice(1, 3)).toMatchInlineSnapshot(`
      [
        "  ~ K1",
        "      price: "1" -> "2"",
      ]
    `);
    expect(lines.filter((l) => l.startsWith('  ... '))).toMatchInlineSnapshot(`
      [
        "  ... and 2 more records to change (--format json lists every one)",
        "  ... and 1,480 more records to delete (--format json lists every one)",
      ]
    `);
    expect(lines.filter((l) => l.startsWith('  - '))).toHaveLength(20);
  });

  it('says, under the app, that records the user does not see are neither compared nor deleted', () => {
    const [one] = planned(1, 0, 0);
    const text = planText([
      {
        ...one!,
        hidden:
          'record permission rule 1 (records where kind in ("secret")) may hide records from alice: no entity names alice, who so gets no right',
      },
    ]);
    expect(text).toMatchInlineSnapshot(`
      "items (records/items.csv, by code): 1 to add, 0 to change, 0 to delete, 0 unchanged
        ! record permission rule 1 (records where kind in ("secret")) may hide records from alice: no entity names alice, who so gets no right
          seed neither compares nor deletes the records of items it does not see; an add whose key one of them holds is refused (give the user view and edit in every rule, or seed with an API token of the app)
        + K1
      "
    `);
  });

  it.each([
    [
      [],
      'Interrupted (SIGINT) while seeding orders: the bulk requests already sent for orders may still land, the others were not sent.',
    ],
    [
      ['customers'],
      'Interrupted (SIGINT) while seeding orders: customers is seeded; the bulk requests already sent for orders may still land, the others were not sent.',
    ],
    [
      ['customers', 'products'],
      'Interrupted (SIGINT) while seeding orders: customers, products are seeded; the bulk requests already sent for orders may still land, the others were not sent.',
    ],
  ])('Ctrl-C after %j: what landed, and the command to run, in one line', (done, first) => {
    expect(interruptedText('orders', done, 'npx appdeploy seed -C proj').split('\n')).toEqual([
      '',
      `${first} Run \`npx appdeploy seed -C proj\` again: it plans by key, so it writes only what is left (no record twice).`,
      '',
    ]);
  });
});
