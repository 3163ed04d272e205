/**
 * Every malformed request to the control API's clock and fault injection (docs/local-service.md,
 * "Control API") is refused with a 4xx in the platform's error shape (`code`, `id`, `message`, and
 * `errors` keyed by the parameter at fault for a body that does not check), never a 500, a stack
 * or a fault armed that cannot work: a clock moved past the last date the service can write, a
 * delay longer than a timer can hold (node fires such a timer at once), a status that is no final
 * answer, a method no call has.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';

const emu = useEmulator();

const JSON_TYPE = { 'Content-Type': 'application/json' };
type Case = [what: string, method: string, path: string, body: unknown, status: number, at: string | null];
const raw = (text: string) => ({ raw: text });

// [what, method, path, body (raw: sent as it is), status, the parameter named in `errors` (null: none)]
const CASES: Case[] = [
  ['clock: no advanceMs', 'POST', '/_emulator/clock', {}, 400, 'advanceMs'],
  ['clock: a negative advanceMs', 'POST', '/_emulator/clock', { advanceMs: -1 }, 400, 'advanceMs'],
  ['clock: a fraction', 'POST', '/_emulator/clock', { advanceMs: 1.5 }, 400, 'advanceMs'],
  ['clock: a word', 'POST', '/_emulator/clock', { advanceMs: 'soon' }, 400, 'advanceMs'],
  ['clock: a boolean', 'POST', '/_emulator/clock', { advanceMs: true }, 400, 'advanceMs'],
  ['clock: an object', 'POST', '/_emulator/clock', { advanceMs: { ms: 1 } }, 400, 'advanceMs'],
  ['clock: past any date (1e300)', 'POST', '/_emulator/clock', { advanceMs: 1e300 }, 400, 'advanceMs'],
  ['clock: past year 9999', 'POST', '/_emulator/clock', { advanceMs: 9e15 }, 400, 'advanceMs'],
  ['clock: an unknown key', 'POST', '/_emulator/clock', { advanceMs: 1, by: 'day' }, 400, 'by'],
  ['clock: a body that is not JSON', 'POST', '/_emulator/clock', raw('{advanceMs: 1'), 400, null],
  ['clock: a JSON array', 'POST', '/_emulator/clock', raw('[1]'), 400, null],
  ['clock: JSON null', 'POST', '/_emulator/clock', raw('null'), 400, null],
  ['clock: a read', 'GET', '/_emulator/clock', undefined, 405, null],
  ['faults: no path', 'POST', '/_emulator/faults', { status: 503 }, 400, 'path'],
  ['faults: a path that is no pattern', 'POST', '/_emulator/faults', { path: '(', status: 503 }, 400, 'path'],
  ['faults: a path that is an object', 'POST', '/_emulator/faults', { path: {}, status: 503 }, 400, 'path'],
  ['faults: no effect', 'POST', '/_emulator/faults', { path: 'x' }, 400, 'status'],
  ['faults: status 99', 'POST', '/_emulator/faults', { path: 'x', status: 99 }, 400, 'status'],
  ['faults: status 600', 'POST', '/_emulator/faults', { path: 'x', status: 600 }, 400, 'status'],
  [
    'faults: status 101 (no final answer)',
    'POST',
    '/_emulator/faults',
    { path: 'x', status: 101 },
    400,
    'status',
  ],
  ['faults: status a word', 'POST', '/_emulator/faults', { path: 'x', status: 'down' }, 400, 'status'],
  ['faults: a negative delayMs', 'POST', '/_emulator/faults', { path: 'x', delayMs: -5 }, 400, 'delayMs'],
  ['faults: delayMs past a timer', 'POST', '/_emulator/faults', { path: 'x', delayMs: 1e10 }, 400, 'delayMs'],
  [
    'faults: answerDelayMs past a timer',
    'POST',
    '/_emulator/faults',
    { path: 'x', answerDelayMs: 2 ** 31 },
    400,
    'answerDelayMs',
  ],
  ['faults: times 0', 'POST', '/_emulator/faults', { path: 'x', status: 503, times: 0 }, 400, 'times'],
  ['faults: a negative skip', 'POST', '/_emulator/faults', { path: 'x', status: 503, skip: -1 }, 400, 'skip'],
  ['faults: drop a word', 'POST', '/_emulator/faults', { path: 'x', drop: 'yes' }, 400, 'drop'],
  [
    'faults: an empty method',
    'POST',
    '/_emulator/faults',
    { path: 'x', status: 503, method: '' },
    400,
    'method',
  ],
  [
    'faults: a method no call has',
    'POST',
    '/_emulator/faults',
    { path: 'x', status: 503, method: 'GETT' },
    400,
    'method',
  ],
  [
    'faults: methods as a list',
    'POST',
    '/_emulator/faults',
    { path: 'x', status: 503, method: ['GET'] },
    400,
    'method',
  ],
  [
    'faults: an unknown key',
    'POST',
    '/_emulator/faults',
    { path: 'x', status: 503, once: true },
    400,
    'once',
  ],
  ['faults: a body that is not JSON', 'POST', '/_emulator/faults', raw('path=x'), 400, null],
  ['faults: a JSON string', 'POST', '/_emulator/faults', raw('"x"'), 400, null],
  ['faults: clearing with a key', 'DELETE', '/_emulator/faults', { id: 'abc' }, 400, 'id'],
  ['faults: a replace', 'PUT', '/_emulator/faults', { path: 'x', status: 503 }, 405, null],
];

describe('malformed control requests: clock and faults', () => {
  it.each(CASES)('%s: %s %s answers %#', async (_what, method, path, body, status, at) => {
    const text = (body as { raw?: string } | undefined)?.raw;
    const res =
      text !== undefined
        ? await emu.call(method, path, undefined, { rawBody: text, headers: JSON_TYPE })
        : await emu.call(method, path, body);
    expect([res.status, typeof res.body]).toEqual([status, 'object']);
    expect(res.body).toMatchObject({
      code: expect.any(String),
      id: expect.any(String),
      message: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/\bat .*\.(ts|js):\d+|bug/i);
    if (at !== null) expect(Object.keys(res.body.errors ?? {})).toEqual([at]);
    // Nothing was armed: a call on any path answers as usual.
    expect((await emu.call('GET', '/k/v1/apps.json')).status).toBe(200);
  });

  it('clock: moves that add up past year 9999 are refused, the clock left where it was', async () => {
    const first = await emu.call('POST', '/_emulator/clock', { advanceMs: 200_000_000_000_000 });
    expect(first.status).toBe(200);
    const second = await emu.call('POST', '/_emulator/clock', { advanceMs: 200_000_000_000_000 });
    expect([second.status, Object.keys(second.body.errors)]).toEqual([400, ['advanceMs']]);
    // The refused move added nothing: the clock reads where the first move left it (and on).
    const still = await emu.call('POST', '/_emulator/clock', { advanceMs: 0 });
    expect(Date.parse(still.body.now) - Date.parse(first.body.now)).toBeLessThan(100_000_000_000_000);
  });
});
