// The `$id` index follows the record writes (records/id-index.ts, followRecordWrite): after each
// kind of write to an app whose index a read has just built, a read by `$id` range (taken from
// the index) gives what the same read without `$id` bounds (every record scanned) gives, and both
// show the write. The expected records are written out by hand from the write each case makes.
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { REVIEW_PROCESS, USERS, addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator({ users: USERS });

type Emulator = typeof emu;
/** A record as these cases look at it: id, title (null when the app has no such field), status. */
type Seen = [id: string, title: string | null, status: string];

async function read(app: string, query: string): Promise<Seen[]> {
  const body = await ok(emu.call('GET', '/k/v1/records.json', { app, query }));
  return (body.records as Record<string, { value: string } | undefined>[]).map((r) => [
    r.$id!.value,
    r.title?.value ?? null,
    r.Status!.value,
  ]);
}

const BY_RANGE = '$id > 0 and $id <= 100 order by $id asc limit 500';
const SCANNED = 'order by $id asc limit 500';

const BEFORE: Seen[] = [
  ['1', 't1', 'Open'],
  ['2', 't2', 'Open'],
  ['3', 't3', 'Open'],
  ['4', 't4', 'Open'],
];

const CASES: [name: string, write: (emu: Emulator, app: string) => Promise<unknown>, after: Seen[]][] = [
  [
    'add',
    (e, app) => addRecords(e, app, [rec({ code: 'c5', title: 't5' })]),
    [...BEFORE, ['5', 't5', 'Open']],
  ],
  [
    'update by id',
    (e, app) => ok(e.call('PUT', '/k/v1/record.json', { app, id: 2, record: rec({ title: 'new' }) })),
    [BEFORE[0]!, ['2', 'new', 'Open'], BEFORE[2]!, BEFORE[3]!],
  ],
  [
    'update by key',
    (e, app) =>
      ok(
        e.call('PUT', '/k/v1/records.json', {
          app,
          records: [{ updateKey: { field: 'code', value: 'c3' }, record: rec({ title: 'keyed' }) }],
        }),
      ),
    [BEFORE[0]!, BEFORE[1]!, ['3', 'keyed', 'Open'], BEFORE[3]!],
  ],
  [
    'delete',
    (e, app) => ok(e.call('DELETE', '/k/v1/records.json', { app, ids: [2] })),
    [BEFORE[0]!, BEFORE[2]!, BEFORE[3]!],
  ],
  [
    'status change',
    (e, app) =>
      ok(e.call('PUT', '/k/v1/record/status.json', { app, id: 1, action: 'Submit', assignee: 'bob' })),
    [['1', 't1', 'Review'], BEFORE[1]!, BEFORE[2]!, BEFORE[3]!],
  ],
  [
    'field removal (a deploy rewrites every record)',
    async (e, app) => {
      await ok(e.call('DELETE', '/k/v1/preview/app/form/fields.json', { app, fields: ['title'] }));
      expect(await e.deploy([app])).toEqual({ [app]: 'SUCCESS' });
    },
    BEFORE.map(([id, , status]) => [id, null, status]),
  ],
];

describe('a read by $id range after each kind of record write', () => {
  it.each(CASES)('%s', async (_name, write, after) => {
    const app = await appWithFields(
      emu,
      {
        code: { type: 'SINGLE_LINE_TEXT', unique: true },
        title: { type: 'SINGLE_LINE_TEXT' },
        // The process's Approve action names it.
        amount: { type: 'NUMBER' },
      },
      { process: REVIEW_PROCESS },
    );
    await addRecords(
      emu,
      app,
      BEFORE.map(([id]) => rec({ code: `c${id}`, title: `t${id}` })),
    );
    // The read that builds the index the write must then keep (or drop).
    expect(await read(app, BY_RANGE)).toEqual(BEFORE);
    await write(emu, app);
    expect(await read(app, BY_RANGE)).toEqual(after);
    expect(await read(app, SCANNED)).toEqual(after);
  });
});
