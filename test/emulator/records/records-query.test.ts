// Query functions over HTTP: date functions follow the service clock the control API moves, and
// LOGINUSER() is whoever calls.
import { describe, expect, it } from 'vitest';
import { useEmulator, type CallOptions } from '../harness.js';
import { ALICE, BOB, USERS, addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator({ users: USERS });
const DAY_MS = 86_400_000;

/** The ids a query selects, in id order. */
async function idsOf(app: string, query: string, user?: CallOptions['user']): Promise<string[]> {
  const list = await ok(
    emu.call('GET', '/k/v1/records.json', { app, query, fields: ['$id'] }, user ? { user } : {}),
  );
  return (list.records as any[]).map((r) => r.$id.value as string).sort((a, b) => Number(a) - Number(b));
}

/** Moves the service clock forward to the coming noon (UTC, the zone queries count days in), so no day turns mid-test. */
async function toNoon(): Promise<number> {
  const now = Date.parse((await ok(emu.call('POST', '/_emulator/clock', { advanceMs: 0 }))).now);
  const noon = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS / 2;
  const target = noon > now ? noon : noon + DAY_MS;
  await ok(emu.call('POST', '/_emulator/clock', { advanceMs: target - now }));
  return target;
}

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

describe('date functions over HTTP', () => {
  it('count days from the service clock, and move with it', async () => {
    const app = await appWithFields(emu, { d: { type: 'DATE' } });
    const noon = await toNoon();
    // Records 1 to 4: yesterday, today, tomorrow, in three days.
    await addRecords(
      emu,
      app,
      [-1, 0, 1, 3].map((days) => rec({ d: dayOf(noon + days * DAY_MS) })),
    );
    const today: [string, string[]][] = [
      ['d = TODAY()', ['2']],
      ['d = YESTERDAY()', ['1']],
      ['d = TOMORROW()', ['3']],
      ['d = FROM_TODAY(3, DAYS)', ['4']],
      ['d = FROM_TODAY(-1, DAYS)', ['1']],
      ['d < TODAY()', ['1']],
      ['d >= TOMORROW()', ['3', '4']],
      ['Created_datetime = TODAY()', ['1', '2', '3', '4']],
    ];
    for (const [query, ids] of today) expect([query, await idsOf(app, query)]).toEqual([query, ids]);

    await ok(emu.call('POST', '/_emulator/clock', { advanceMs: DAY_MS }));
    const tomorrow: [string, string[]][] = [
      ['d = TODAY()', ['3']],
      ['d = YESTERDAY()', ['2']],
      ['d = TOMORROW()', []],
      ['d = FROM_TODAY(2, DAYS)', ['4']],
      ['d < TODAY()', ['1', '2']],
      ['Created_datetime = YESTERDAY()', ['1', '2', '3', '4']],
      ['Created_datetime = TODAY()', []],
    ];
    for (const [query, ids] of tomorrow) expect([query, await idsOf(app, query)]).toEqual([query, ids]);
  });
});

describe('LOGINUSER() over HTTP', () => {
  it('is the calling user, in a user field and in the creator', async () => {
    const app = await appWithFields(emu, { u: { type: 'USER_SELECT' } });
    await addRecords(emu, app, [
      rec({ u: [{ code: 'alice' }] }),
      rec({ u: [{ code: 'bob' }] }),
      rec({ u: [{ code: 'alice' }, { code: 'bob' }] }),
      rec({ u: [] }),
    ]);
    await ok(emu.call('POST', '/k/v1/record.json', { app, record: rec({ u: [] }) }, { user: BOB }));
    const cases: [typeof ALICE, string, string[]][] = [
      [ALICE, 'u in (LOGINUSER())', ['1', '3']],
      [BOB, 'u in (LOGINUSER())', ['2', '3']],
      [ALICE, 'u not in (LOGINUSER())', ['2', '4', '5']],
      [BOB, 'u in (LOGINUSER(), "alice")', ['1', '2', '3']],
      [BOB, 'Created_by in (LOGINUSER())', ['5']],
      [ALICE, 'Created_by in (LOGINUSER())', []],
    ];
    for (const [user, query, ids] of cases)
      expect([user.login, query, await idsOf(app, query, user)]).toEqual([user.login, query, ids]);
  });
});
