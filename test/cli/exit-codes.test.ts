/** The one exit-code table: each command's result and each kind of error, and the code it ends with. */
import { describe, expect, it } from 'vitest';
import type { ApplyOutcome } from '../../src/apply/index.js';
import {
  applyExitCode,
  commandExitCode,
  errorExitCode,
  EXIT,
  forcedExitCode,
  type CommandResult,
  type ErrorKind,
} from '../../src/cli/exit-codes.js';

describe('commandExitCode', () => {
  it.each<[CommandResult, number]>([
    [{ kind: 'done' }, 0],
    [{ kind: 'invalid-project' }, 1],
    [{ kind: 'validated', problems: 0 }, 0],
    [{ kind: 'validated', problems: 3 }, 1],
    [{ kind: 'planned', changes: true, detailedExitcode: false }, 0],
    [{ kind: 'planned', changes: false, detailedExitcode: true }, 0],
    [{ kind: 'planned', changes: true, detailedExitcode: true }, 2],
    [{ kind: 'plan-refused' }, 1],
    [{ kind: 'check-failed' }, 1],
    [{ kind: 'declined' }, 1],
    [{ kind: 'applied', result: { outcome: 'applied' } }, 0],
    [{ kind: 'status', inSync: true }, 0],
    [{ kind: 'status', inSync: false }, 2],
    [{ kind: 'exported', outcome: 'exported' }, 0],
    [{ kind: 'exported', outcome: 'failed' }, 1],
    [{ kind: 'types-checked', stale: 0 }, 0],
    [{ kind: 'types-checked', stale: 2 }, 1],
  ])('%j: exit %i', (result, code) => {
    expect(commandExitCode(result)).toBe(code);
  });
});

describe('applyExitCode', () => {
  it.each<[ApplyOutcome, boolean, number]>([
    ['applied', false, 0],
    ['no-changes', false, 0],
    ['refused', false, 1],
    ['rolled-back', false, 1],
    ['rollback-failed', false, 1],
    ['rollback-failed', true, 3],
    ['unknown', true, 3],
    ['interrupted', false, 130],
    ['live-changed', false, 4],
    ['not-converged', false, 70],
  ])('%s (live left changed: %s): exit %i', (outcome, liveLeftChanged, code) => {
    const stopped = { cause: { kind: 'interrupted' as const }, revertFailed: [], liveLeftChanged };
    expect(applyExitCode({ outcome, stopped })).toBe(code);
  });

  // docs/migrations.md, "The window": records edited before a swap whose writes into the new
  // field stopped (a failed write, a swap's deploy still running) are left for the next apply, so
  // the apply is not done: a CI job must not pass on it. Refused values are final (in the backup).
  const window = (extra: object) => ({
    app: 'tickets',
    field: 'notes',
    backup: 'b.jsonl',
    written: 1,
    editedSince: [],
    ...extra,
  });
  it.each<[string, ApplyOutcome, object[], number]>([
    ['applied, every window written', 'applied', [window({})], 0],
    [
      'applied, a window stopped',
      'applied',
      [window({ reason: 'writing record 3 failed; the next apply writes the rest' })],
      1,
    ],
    [
      'no changes, an earlier window stopped again',
      'no-changes',
      [window({}), window({ reason: 'the next apply writes them' })],
      1,
    ],
    [
      'applied, a value refused',
      'applied',
      [window({ refused: [{ id: '3', lines: [2], reason: 'unique' }] })],
      0,
    ],
    ['kept live, a window stopped', 'rolled-back', [window({ reason: 'x' })], 1],
    ['unknown, a window stopped', 'unknown', [window({ reason: 'x' })], 3],
  ])('%s: exit %i', (_, outcome, windows, code) => {
    expect(applyExitCode({ outcome, window: windows as never })).toBe(code);
  });
});

describe('forcedExitCode (a second Ctrl-C during apply)', () => {
  it.each<[boolean, number]>([
    [false, 130],
    [true, 3],
  ])('a deploy call gone out: %s: exit %i', (liveMayChange, code) => {
    expect(forcedExitCode(liveMayChange)).toBe(code);
  });
});

describe('errorExitCode', () => {
  it.each<[ErrorKind, number]>([
    ['help', 0],
    ['usage', 1],
    ['interrupted', 130],
    ['fixable', 1],
    ['bug', 70],
  ])('%s: exit %i', (kind, code) => {
    expect(errorExitCode(kind)).toBe(code);
  });

  it('every code of the table is one some result or error ends with', () => {
    expect(Object.values(EXIT).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 70, 130]);
  });
});
