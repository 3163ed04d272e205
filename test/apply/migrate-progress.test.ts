/**
 * A migration's progress lines say each pass of the copy as what it is: the first pass over every
 * record, then each sweep pass over the records updated since the pass before began, with what
 * that pass wrote (records/copy-field.ts). A sweep that writes nothing is not the first pass's
 * count printed again as if the copy went on ("copying ... (2 records written)" three times).
 */
import { describe, expect, it } from 'vitest';
import type { ApplyEvent } from '../../src/apply/types.js';
import { progressPrinter } from '../../src/cli/apply-progress.js';
import { useApplyHarness } from './harness.js';
import { migrationStarted } from './migration-start.js';

const h = useApplyHarness();

const V1 = { name: 'Tasks', fields: { due: { type: 'DATE', label: 'Due' } } };
const V2 = {
  name: 'Tasks',
  fields: { due: { type: 'DATETIME', label: 'Due', migrate: { timeZone: 'UTC' } } },
};

describe("a migration's progress lines", () => {
  it('name the first pass and the sweep after it, each with what it wrote', async () => {
    const { v2 } = await migrationStarted(h, 'tasks', { from: V1, to: V2 }, [
      { due: { value: '2026-03-02' } },
      { due: { value: '' } },
      { due: { value: '2026-03-16' } },
    ]);
    const events: ApplyEvent[] = [];
    const result = await h.apply(v2, await h.plan(v2), { onProgress: (e) => events.push(e) });
    expect(result.exitCode, result.message).toBe(0);
    await h.expectConverged(v2);

    const out: string[] = [];
    const printer = progressPrinter({ write: (text) => out.push(text), live: false });
    for (const event of events)
      if (event.type === 'migration' && event.step === 'copy') printer.onEvent(event);
    expect(out.join('')).toMatchInlineSnapshot(`
      "tasks: copying the values of due
      tasks: copying the values of due (2 records written)
      tasks: copying the values of due again where records were updated since the copy began (sweep 1)
      tasks: copying the values of due again where records were updated since the copy began (sweep 1: 0 records written, 2 in all)
      "
    `);
  });
});

describe('the lines of a copy', () => {
  it('say a range that wrote nothing once: its counts are the line before it', () => {
    const out: string[] = [];
    const printer = progressPrinter({ write: (text) => out.push(text), live: false });
    const copy = { type: 'migration', app: 'tickets', step: 'copy' } as const;
    // A resumed copy: its sweep's three ranges find every record copied.
    for (const field of ['notes', 'summary'])
      for (let range = 0; range < 3; range++)
        printer.onEvent({ ...copy, field, written: 6002, sweep: 1, passWritten: 0 });
    printer.onEvent({ ...copy, field: 'notes', written: 6003, sweep: 1, passWritten: 1 });
    expect(out.join('')).toMatchInlineSnapshot(`
      "tickets: copying the values of notes again where records were updated since the copy began (sweep 1: 0 records written, 6,002 in all)
      tickets: copying the values of summary again where records were updated since the copy began (sweep 1: 0 records written, 6,002 in all)
      tickets: copying the values of notes again where records were updated since the copy began (sweep 1: 1 record written, 6,003 in all)
      "
    `);
  });
});

describe('the line of a copy event', () => {
  const cases: [string, Partial<Extract<ApplyEvent, { type: 'migration' }>>, string][] = [
    ['the copy begins', {}, 'tickets: copying the values of notes'],
    ['the first pass', { written: 12408 }, 'tickets: copying the values of notes (12,408 records written)'],
    [
      'a sweep begins',
      { written: 12408, sweep: 1 },
      'tickets: copying the values of notes again where records were updated since the copy began (sweep 1)',
    ],
    [
      'a sweep writes',
      { written: 12411, sweep: 2, passWritten: 1 },
      'tickets: copying the values of notes again where records were updated since sweep 1 began (sweep 2: 1 record written, 12,411 in all)',
    ],
  ];
  it.each(cases)('%s', (_, fields, line) => {
    const out: string[] = [];
    const printer = progressPrinter({ write: (text) => out.push(text), live: false });
    printer.onEvent({ type: 'migration', app: 'tickets', field: 'notes', step: 'copy', ...fields });
    expect(out).toEqual([`${line}\n`]);
  });
});
