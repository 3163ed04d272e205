import { describe, expect, it } from 'vitest';
import { processArea, statesUpdate } from '../../src/areas/process.js';
import type { AppManifest } from '../../src/project/manifest.js';
import type { ProcessCanonical } from '../../src/areas/process.js';
import { expectCanonical, expectExportedAs } from './contract.js';
import { resolveContext, useAreaEmulator } from './harness.js';

/** An action the manifest spells in full but for the user's includeSubs, which the canonical form fills. */
const approve = {
  name: 'Approve',
  from: 'Review',
  to: 'Done',
  filterCond: 'Record_number > 0',
  type: 'SECONDARY',
} as const;

const manifest: AppManifest = {
  name: 'Orders',
  process: {
    enable: true,
    states: {
      New: {},
      Review: {
        assignee: {
          type: 'ANY',
          entities: [
            { entity: { type: 'CREATOR', code: null } },
            { entity: { type: 'ORGANIZATION', code: 'sales' }, includeSubs: true },
          ],
        },
      },
      Done: {},
    },
    actions: [
      { name: 'Submit', from: 'New', to: 'Review' },
      { ...approve, executableUser: { entities: [{ entity: { type: 'USER', code: 'boss' } }] } },
    ],
  },
};

const nobody = { type: 'ONE', entities: [] };
const expected: ProcessCanonical = {
  enable: true,
  states: {
    New: { index: '0', assignee: nobody as ProcessCanonical['states'][string]['assignee'] },
    Review: {
      index: '1',
      assignee: {
        type: 'ANY',
        entities: [
          { entity: { type: 'CREATOR', code: null }, includeSubs: false },
          { entity: { type: 'ORGANIZATION', code: 'sales' }, includeSubs: true },
        ],
      },
    },
    Done: { index: '2', assignee: nobody as ProcessCanonical['states'][string]['assignee'] },
  },
  actions: [
    { name: 'Submit', from: 'New', to: 'Review', filterCond: '', type: 'PRIMARY' },
    {
      ...approve,
      executableUser: { entities: [{ entity: { type: 'USER', code: 'boss' }, includeSubs: false }] },
    },
  ],
};

describe('process: manifest and canonical form', () => {
  it('fills the defaults, orders the states, keeps the actions in order', () => {
    expectCanonical(processArea, manifest, expected);
    expect(processArea.fromManifest({ name: 'x', process: {} }, resolveContext())).toEqual({
      enable: false,
      states: {},
      actions: [],
    });
  });

  it('round-trips through toManifest', () => {
    expectExportedAs(processArea, expected, { process: manifest.process });
  });
});

describe('process: diff', () => {
  it('is empty for equal settings', () => {
    expect(processArea.diff(expected, expected)).toEqual([]);
    expect(processArea.unchangedCount(expected, expected, [])).toBe(1 + 3 + 2);
  });

  it('names enable, a status and an action by their paths', () => {
    const desired: ProcessCanonical = {
      ...expected,
      enable: false,
      states: {
        ...expected.states,
        Done: { ...expected.states.Done!, assignee: { type: 'ALL', entities: [] } },
      },
      actions: [expected.actions[0]!, { ...expected.actions[1]!, name: 'Accept' }],
    };
    expect(processArea.diff(desired, expected).map((c) => [c.action, c.path])).toEqual([
      ['change', ['enable']],
      ['change', ['states', 'Done']],
      ['change', ['actions', 1]],
    ]);
    expect(processArea.diff(desired, expected)[0]).toEqual({
      action: 'change',
      path: ['enable'],
      before: true,
      after: false,
      details: [{ path: [], before: true, after: false }],
    });
  });
});

describe('process against the emulator', () => {
  const emu = useAreaEmulator();

  it('applies, and a fresh diff against live is empty; a removed status goes', async () => {
    const app = await emu.newApp();
    const live = await emu.apply(processArea, app, expected);
    expect(processArea.diff(expected, live)).toEqual([]);

    const smaller: ProcessCanonical = {
      enable: true,
      states: { New: expected.states.New!, Done: { ...expected.states.Done!, index: '1' } },
      actions: [{ ...expected.actions[0]!, to: 'Done' }],
    };
    const after = await emu.apply(processArea, app, smaller);
    expect(processArea.diff(smaller, after)).toEqual([]);
  });
});

describe('the states of a process write', () => {
  const state = (index: number) => ({
    index: String(index),
    assignee: { type: 'ONE' as const, entities: [] },
  });
  const states = (...names: string[]) => Object.fromEntries(names.map((n, i) => [n, state(i)]));
  // The hosted platform's documentation (Update Process Management Settings): states given are
  // the whole set, each keyed by its current name; a new first status cannot be added, the
  // existing first one is renamed instead.
  it.each([
    ['keeps every status under its own name', ['A', 'B'], ['A', 'B'], { A: 'A', B: 'B' }],
    ['leaves out a status that goes (no null)', ['A'], ['A', 'B'], { A: 'A' }],
    [
      "names a new first status through the new app's first one",
      ['New', 'Done'],
      ['未処理', '処理中', '完了'],
      { 未処理: 'New', Done: 'Done' },
    ],
    ['renames a status that goes when the first one stays', ['X', 'A'], ['A', 'B'], { B: 'X', A: 'A' }],
    ['adds a status after an existing first one', ['A', 'C'], ['A', 'B'], { A: 'A', C: 'C' }],
  ] as const)('%s', (_name, desired, current, expectedKeys) => {
    const update = statesUpdate(states(...desired), states(...current)) as Record<string, { name: string }>;
    expect(Object.fromEntries(Object.entries(update).map(([key, s]) => [key, s.name]))).toEqual(expectedKeys);
  });
});
