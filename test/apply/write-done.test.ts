/**
 * Issue 32 item 7: what one app's writes tell the recovery record. Before each step, the hash of
 * the content its area is written towards (placeholders of apps created resolved); after each
 * answer, the area when that answer was its last step's: the fields are written whole only after
 * their removals, which wait for the layout.
 */
import { describe, expect, it } from 'vitest';
import type { Area, Json, WriteStep } from '../../src/areas/types.js';
import { contentHash } from '../../src/areas/diff.js';
import type { Client } from '../../src/client/index.js';
import { writeApp, writeGroups, type WriteIntent } from '../../src/apply/write-app.js';

/** An area whose steps each answer the next revision, one per phase given. */
function area(key: string, phases: { name: string; after?: string[] }[], steps: string[]): Area {
  return {
    key,
    phases,
    itemNoun: 'item',
    writes: (): WriteStep[] =>
      steps.map((phase) => ({
        phase,
        describe: `${key}: ${phase}`,
        run: (_ctx, revision) => Promise.resolve(String(Number(revision) + 1)),
      })),
  } as unknown as Area;
}

const fields = area(
  'fields',
  [{ name: 'upsert' }, { name: 'remove', after: ['layout'] }],
  ['upsert', 'remove'],
);
const layout = area('layout', [{ name: 'layout', after: ['upsert'] }], ['layout']);

describe("one app's writes, as the recovery record hears them", () => {
  it('names the content hash before each step and the area written whole after its last answer', async () => {
    const desiredFields: Json = { lookup: { relatedApp: '{customers}' } };
    const desiredLayout: Json = [{ type: 'ROW' }];
    const sent: WriteIntent[] = [];
    const answered: [string, string | null][] = [];
    const result = await writeApp({
      client: {} as Client,
      app: '3',
      areas: [
        { area: fields, current: {}, desired: desiredFields },
        { area: layout, current: [], desired: desiredLayout },
      ],
      groups: writeGroups([fields, layout]),
      revision: '4',
      files: new Map(),
      resolveApp: (text) => (text === '{customers}' ? '17' : text),
      shouldStop: () => false,
      onStep: () => undefined,
      onSend: (intent) => sent.push(intent),
      onWritten: (revision, done) => answered.push([revision, done]),
      onUpload: () => undefined,
    });
    expect(result).toEqual({ kind: 'written', revision: '7' });
    expect(sent.map((s) => [s.area, s.from, s.content])).toEqual([
      ['fields', '4', contentHash({ lookup: { relatedApp: '17' } })],
      ['layout', '5', contentHash(desiredLayout)],
      ['fields', '6', contentHash({ lookup: { relatedApp: '17' } })],
    ]);
    expect(answered).toEqual([
      ['5', null],
      ['6', 'layout'],
      ['7', 'fields'],
    ]);
  });
});
