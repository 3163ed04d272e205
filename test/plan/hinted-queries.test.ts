/**
 * Every query a risk hints at ("List them with the query: ...") is one the service accepts, and
 * lists exactly the records the risk counts: for each field type that holds data a user enters,
 * at the top level and as a table column, for a removed field (data-loss) and a new `required`
 * (records-need-values). Inside a table the service refuses `=` and `!=` (GAIA_IQ07; the hosted
 * platform's query documentation: fields in tables take `in` and `not in` instead).
 */
import { describe, expect, it } from 'vitest';
import { answerProbe } from '../../src/plan/probes.js';
import type { RiskProbe } from '../../src/areas/types.js';
import type { FieldProperties, RecordForWrite } from '../../src/client/index.js';
import { useService } from './harness.js';

const service = useService();

/** A type, its definition's extras, and one value a record can hold. */
const TYPES: [string, Record<string, unknown>, unknown][] = [
  ['SINGLE_LINE_TEXT', {}, 'text'],
  ['LINK', { protocol: 'WEB' }, 'https://example.com'],
  ['NUMBER', {}, '12'],
  ['MULTI_LINE_TEXT', {}, 'two\nlines'],
  ['RICH_TEXT', {}, '<b>rich</b>'],
  ['DATE', {}, '2026-01-02'],
  ['TIME', {}, '10:30'],
  ['DATETIME', {}, '2026-01-02T10:30:00Z'],
  ['DROP_DOWN', { options: { A: { label: 'A', index: '0' } } }, 'A'],
  ['CHECK_BOX', { options: { A: { label: 'A', index: '0' } } }, ['A']],
  ['MULTI_SELECT', { options: { A: { label: 'A', index: '0' } } }, ['A']],
  ['USER_SELECT', {}, [{ code: 'admin' }]],
];

const INSIDE = [false, true] as const;
const emptyOf = (value: unknown): unknown => (Array.isArray(value) ? [] : '');

describe('the query a risk hints at', () => {
  it.each(
    TYPES.flatMap(([type, extra, value]) => INSIDE.map((inTable) => [type, inTable, extra, value] as const)),
  )(
    '%s (inside a table: %s): accepted, and lists the records counted',
    async (type, inTable, extra, value) => {
      const client = service.client;
      const field = { type, code: 'f', label: 'F', ...extra };
      // The definitions as the fields API takes them (the extras differ by type).
      const properties = (inTable
        ? { t: { type: 'SUBTABLE', code: 't', label: 'T', fields: { f: field } } }
        : { f: field }) as unknown as FieldProperties;
      const { app } = await client.apps.addApp({ name: `${type} ${inTable}` });
      await client.form.addFields({ app, properties });
      await client.apps.deploy({ apps: [{ app }] });
      await client.apps.waitForDeploy([app]);
      const cell = (v: unknown): RecordForWrite =>
        (inTable
          ? { t: { value: [{ value: { f: { value: v } } }] } }
          : { f: { value: v } }) as RecordForWrite;
      await client.records.addRecords({
        app,
        // One row per record in a table: the records the query lists are then the ones counted.
        records: [cell(value), cell(value), cell(emptyOf(value)), inTable ? cell(emptyOf(value)) : {}],
      });
      const where = { field: 'f', fieldType: type, ...(inTable ? { table: 't' } : {}) };
      const probes: RiskProbe[] = [
        { kind: 'data-loss', ...where },
        { kind: 'records-need-values', ...where },
      ];
      for (const probe of probes) {
        const risk = await answerProbe(client, app, probe);
        if (!('query' in risk) || risk.query === undefined) throw new Error(`${probe.kind}: no query`);
        const listed = await client.records
          .getRecords({ app, query: risk.query, fields: ['$id'], totalCount: true })
          .catch((error: Error) => error.message);
        expect(typeof listed === 'string' ? `${risk.query}: ${listed}` : risk.query).toBe(risk.query);
        if (typeof listed !== 'string')
          expect([risk.query, Number(listed.totalCount)]).toEqual([risk.query, risk.records]);
      }
    },
  );
});
