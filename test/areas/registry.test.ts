import { describe, expect, it } from 'vitest';
import { AREA_KEYS, AREAS, WRITE_PHASES, areaTable, writePhases } from '../../src/areas/index.js';
import type { Area, WritePhase } from '../../src/areas/types.js';
import { writeGroups } from '../../src/apply/write-app.js';

/** An area that only declares phases: enough for the table's checks. */
const declaring = (key: string, phases: WritePhase[]): Area => ({ ...AREAS[0]!, key, phases });

/** The areas after the process, in plan order: each writes in one phase of its own name, in that order. */
const AFTER_THE_PROCESS = [
  'customize',
  'appAcl',
  'recordAcl',
  'fieldAcl',
  'notificationsGeneral',
  'notificationsPerRecord',
  'notificationsReminder',
  'reports',
  'actions',
  'adminNotes',
  'plugins',
];

describe('the area table', () => {
  it('holds the 16 areas the design names, once each, in plan order', () => {
    expect(AREAS.map((a) => a.key)).toEqual([
      'general',
      'fields',
      'layout',
      'views',
      'process',
      ...AFTER_THE_PROCESS,
    ]);
    expect(AREA_KEYS).toEqual(AREAS.map((a) => a.key));
  });

  it("orders the areas' own write phases as apply has always written them", () => {
    expect(WRITE_PHASES).toEqual([
      // A migration's swap, and a `migrate: false` replace's deletion, free the code first.
      'fields-swap',
      'fields-upsert',
      'fields-lookups',
      'fields-references',
      'layout',
      'general',
      'fields-remove',
      'views',
      'process',
      ...AFTER_THE_PROCESS,
    ]);
  });

  it('runs every phase up to the process alone, and the rest at the same time', () => {
    const process = WRITE_PHASES.indexOf('process');
    expect(writeGroups(AREAS)).toEqual([
      ...WRITE_PHASES.slice(0, process + 1).map((phase) => [phase]),
      WRITE_PHASES.slice(process + 1),
    ]);
  });

  it("places a new area's phase after what it waits for, and one that goes out together last", () => {
    // First in the table, it still waits for the layout (and what the layout waits for).
    const early = declaring('early', [{ name: 'early', after: ['layout'] }]);
    const late = declaring('late', [{ name: 'late', together: true }]);
    const names = writePhases([early, ...AREAS, late]).map((p) => p.name);
    expect(names.slice(0, 6)).toEqual([
      'fields-swap',
      'fields-upsert',
      'fields-lookups',
      'fields-references',
      'layout',
      'early',
    ]);
    expect(names.at(-1)).toBe('late');
  });

  it.each<[string, Area[], string]>([
    ['a key twice', [declaring('a', []), declaring('a', [])], 'the key a is there twice'],
    [
      'a phase twice',
      [declaring('a', [{ name: 'p' }]), declaring('b', [{ name: 'p' }])],
      'phase p is there twice',
    ],
    [
      'a phase no area declares',
      [declaring('a', [{ name: 'p', after: ['q'] }])],
      'waits for q, which no area declares',
    ],
    [
      'phases waiting for each other',
      [
        declaring('a', [
          { name: 'p', after: ['q'] },
          { name: 'q', after: ['p'] },
        ]),
      ],
      'waits for itself',
    ],
    [
      'a phase waiting for one that goes out together',
      [
        declaring('a', [
          { name: 'p', after: ['q'] },
          { name: 'q', together: true },
        ]),
      ],
      'waits for q, which goes out together with others',
    ],
  ])('refuses a table with %s', (_case, areas, message) => {
    expect(() => areaTable(areas)).toThrow(message);
  });
});
