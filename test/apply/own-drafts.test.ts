/**
 * Issue 32 item 7: which pending drafts the next apply takes as the interrupted apply's own
 * (recovery.ts, ownDraftApps). The record below is an apply killed while writing one app, from
 * draft revision 4 with 5 preview writes named: fields and views written whole, general in
 * flight (its write sent, never answered), the layout moved by the fields' writes. Its last
 * answered write left revision 8.
 */
import { describe, expect, it } from 'vitest';
import { ownDraftApps, type RecoveryRecord, type WriteRecord } from '../../src/apply/recovery.js';
import type { AppPlan, AreaKey } from '../../src/plan/types.js';

const writes: WriteRecord = {
  key: 'orders',
  id: '3',
  from: '4',
  sent: 5,
  areas: ['fields', 'layout', 'views', 'general'],
  last: { area: 'general', from: '8', sha256: 'step' },
  content: { fields: 'F', views: 'V', general: 'G' },
  done: ['fields', 'views'],
};
const record = (entry: WriteRecord): RecoveryRecord => ({
  formatVersion: 1,
  environment: 'staging',
  pid: 1,
  startedAt: '2026-01-02T03:04:05.000Z',
  creating: [],
  drafts: [{ key: 'orders', id: '3', revision: '8' }],
  writes: [entry],
  deploys: [],
});
const older: WriteRecord = { ...writes };
delete older.content;
delete older.done;

/** The hashes a plan gives of each managed area's draft, as written by the apply: fields, views hold theirs. */
const asWritten = { fields: 'F', views: 'V', general: 'live', layout: 'moved' };
type Hashes = Partial<Record<AreaKey, string>> | undefined;

function app(draft: string, areas: AreaKey[], hashes: Hashes, id = '3'): AppPlan {
  return {
    key: 'orders',
    id,
    revisions: { draft, live: '4' },
    risks: [{ kind: 'pending-draft', areas, ...(hashes ? { draftHashes: hashes } : {}) }],
  } as AppPlan;
}

// [case, the record's entry, draft revision, areas differing from live, the plan's draft hashes, its own]
describe('a pending draft after an interrupted apply', () => {
  it.each<[string, WriteRecord, string, AreaKey[], Hashes, boolean]>([
    ['areas written whole hold what it wrote', writes, '9', ['fields', 'layout', 'views'], asWritten, true],
    [
      'the area in flight holds anything (here what it sent)',
      writes,
      '9',
      ['fields', 'layout', 'views', 'general'],
      { ...asWritten, general: 'G' },
      true,
    ],
    [
      'the area in flight holds anything (here neither live nor what it sent)',
      writes,
      '9',
      ['fields', 'layout', 'views', 'general'],
      { ...asWritten, general: 'someone' },
      true,
    ],
    [
      'the layout the fields move holds anything',
      writes,
      '8',
      ['fields', 'layout'],
      { ...asWritten, views: 'V', layout: 'someone' },
      true,
    ],
    [
      'an area written whole holds something else',
      writes,
      '9',
      ['fields', 'layout', 'views'],
      { ...asWritten, views: 'someone' },
      false,
    ],
    [
      'an area written whole holds something else, at its last answered revision',
      writes,
      '8',
      ['fields', 'layout', 'views'],
      { ...asWritten, fields: 'someone' },
      false,
    ],
    [
      'an area written whole was put back to live',
      writes,
      '9',
      ['fields', 'layout'],
      { ...asWritten, views: 'live' },
      false,
    ],
    [
      'an area it never wrote differs from live',
      writes,
      '9',
      ['fields', 'process'],
      { ...asWritten, process: 'someone' },
      false,
    ],
    [
      // Found by kill-anywhere (seeds 31, 33): a migration's contract writes the layout the manifest
      // leaves out (migrate-plans.ts, withUnmanagedKept), so the plan has no hash of that area.
      'an area written whole that the manifest does not manage (judged by the areas alone)',
      { ...writes, content: { ...writes.content, layout: 'L' }, done: ['fields', 'views', 'layout'] },
      '9',
      ['fields', 'layout', 'views'],
      { fields: 'F', views: 'V', general: 'live' },
      true,
    ],
    [
      // Found by migration-combos (seed 21 round 23): a migration's swap killed with the answer of
      // its fields deletion held; the deletion took the old field out of the draft's views and
      // field permissions too (docs/migrations.md "How apply does it", 5), before the contract
      // wrote them: areas the writes never named, changed by the fields' writes.
      'the views and field permissions a fields write in flight changes (a deletion drops the field)',
      { ...writes, areas: ['fields', 'layout'], content: { fields: 'F' }, done: [] },
      '9',
      ['fields', 'layout', 'views', 'fieldAcl'],
      { fields: 'between', layout: 'between', views: 'dropped', fieldAcl: 'dropped', general: 'live' },
      true,
    ],
    [
      'a change of the views by someone, beside writes that never touch the fields',
      { ...writes, areas: ['general'], content: { general: 'G' }, done: [] },
      '9',
      ['general', 'views'],
      { general: 'G', views: 'someone' },
      false,
    ],
    ['the revision is past the writes it named', writes, '10', ['fields'], asWritten, false],
    ['the revision never moved', writes, '4', ['fields'], asWritten, false],
    ['another app under the same key', { ...writes, id: '9' }, '9', ['fields'], asWritten, false],
    [
      'an older record (no content): revision and areas alone',
      older,
      '9',
      ['fields', 'views'],
      { ...asWritten, views: 'someone' },
      true,
    ],
    [
      'an older record (no content), an area it never wrote',
      older,
      '9',
      ['fields', 'process'],
      asWritten,
      false,
    ],
    [
      'a plan with no draft hashes (saved by an older version): revision and areas alone',
      writes,
      '9',
      ['fields', 'views'],
      undefined,
      true,
    ],
  ])('%s', (_case, entry, draft, areas, hashes, own) => {
    expect(ownDraftApps(record(entry), [app(draft, areas, hashes)]).has('orders')).toBe(own);
  });
});
