/**
 * One rule for a field code (platform/field-code.ts): validate (through schema/app.schema.json)
 * and the local service (a fields write) take and refuse the same codes. Before it, `a$b` passed
 * validate and the service refused it; `顧客・名` the service refused and validate took.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIELD_CODE_PATTERN, fieldCodeProblem } from '../../src/platform/index.js';
import { useLocalService } from '../support/service.js';

const schema = readFileSync(new URL('../../schema/app.schema.json', import.meta.url), 'utf8');

/** Each code and whether the platform takes it (the evidence is in platform/field-code.ts). */
const CODES: [code: string, valid: boolean][] = [
  ['customer_name', true],
  ['_private', true],
  ['amount2', true],
  ['顧客名', true],
  ['顧客・名', true],
  ['Ａｍｏｕｎｔ', true],
  ['a$b', false],
  ['$amount', false],
  ['a-b', false],
  ['a.b', false],
  ['a b', false],
  ['a\u3000b', false],
  ['a\tb', false],
  ['2nd_amount', false],
  ['２番目', false],
  ['x'.repeat(128), true],
  ['x'.repeat(129), false],
];

describe('field codes', () => {
  it('the schema writes the one pattern wherever it checks a field code', () => {
    const patterns = [...schema.matchAll(/"pattern": "(\^\(\?!\[0-9[^"]*)"/g)].map(
      (m): string => JSON.parse(`"${m[1]}"`) as string,
    );
    expect(patterns.length).toBeGreaterThanOrEqual(3);
    for (const pattern of patterns) expect(pattern).toBe(FIELD_CODE_PATTERN);
  });

  it.each(CODES)('%j: valid %s by the rule', (code, valid) => {
    expect(fieldCodeProblem(code) === null).toBe(valid);
  });

  const service = useLocalService({ client: { retry: { retries: 0 } } });
  it.each(CODES)(
    '%j: the local service takes it exactly when the rule does (valid %s)',
    async (code, valid) => {
      const { app } = await service.client.apps.addApp({ name: 'Codes' });
      const added = service.client.form.addFields({
        app,
        properties: { [code]: { type: 'SINGLE_LINE_TEXT', code, label: 'Field' } } as never,
      });
      if (valid) await expect(added).resolves.toBeDefined();
      else await expect(added).rejects.toMatchObject({ code: 'CB_VA01' });
    },
  );
});
