/**
 * What a plan says of `migrate.default` (docs/migrations.md, "What you write": the value written
 * where the old one does not convert, taken as written): the count of records that get it, and,
 * where values are left empty, no promise that a default would take their place when the one
 * given does not fit the new field either.
 */
import { describe, expect, it } from 'vitest';
import { renderText } from '../../src/render/index.js';
import { useApplyHarness } from './harness.js';
import { migrationStarted } from './migration-start.js';

const h = useApplyHarness();

const V1 = { name: 'Orders', fields: { qty: { type: 'SINGLE_LINE_TEXT', label: 'Qty' } } };
const v2 = (fallback: string) => ({
  name: 'Orders',
  fields: { qty: { type: 'NUMBER', label: 'Qty', migrate: { default: fallback } } },
});

/** The plan's lines about the migration and its risk, the rest of the plan left out. */
async function said(fallback: string, values: string[]): Promise<string> {
  const { v2: project } = await migrationStarted(
    h,
    'orders',
    { from: V1, to: v2(fallback) },
    values.map((value) => ({ qty: { value } })),
  );
  const text = renderText(await h.plan(project), { color: false });
  return text
    .split('\n')
    .filter((line) => /records?|default|convert/.test(line) && !line.includes('Requests:'))
    .join('\n');
}

describe('migrate.default in the plan', () => {
  it('counts the records that get it, one or several', async () => {
    expect(await said('0', ['12', 'twelve'])).toMatchInlineSnapshot(`
      "  fields.qty: SINGLE_LINE_TEXT -> NUMBER; the same text; read as a number the platform accepts (sign, point, exponent; no thousands separators), within the new field's minValue and maxValue and the app's digits and decimal places; anything else does not convert.
          2 records of 2 hold a value.
          1 record gets migrate.default "0" instead.
              -/+ qty {  # values kept: 2 records"
    `);
    expect(await said('0', ['12', 'twelve', 'a dozen'])).toMatchInlineSnapshot(`
      "  fields.qty: SINGLE_LINE_TEXT -> NUMBER; the same text; read as a number the platform accepts (sign, point, exponent; no thousands separators), within the new field's minValue and maxValue and the app's digits and decimal places; anything else does not convert.
          3 records of 3 hold a value.
          2 records get migrate.default "0" instead.
              -/+ qty {  # values kept: 3 records"
    `);
  });

  it('does not say a default would take the place of values a default that does not fit leaves empty', async () => {
    expect(await said('none', ['12', 'twelve'])).toMatchInlineSnapshot(`
      "  fields.qty: migrating it leaves 1 record empty: its value does not convert to the new type (a migrate.default that fits the new field would take its place).
        fields.qty: SINGLE_LINE_TEXT -> NUMBER; the same text; read as a number the platform accepts (sign, point, exponent; no thousands separators), within the new field's minValue and maxValue and the app's digits and decimal places; anything else does not convert.
          2 records of 2 hold a value.
          1 record holds a value that does not convert and is left empty: record 2: "twelve" (not a number: "twelve"; the default does not fit the new field either (not a number: "none")).
              -/+ qty {  # values kept: 1 record"
    `);
  });
});
