/**
 * What a refused apply says: one reason as one sentence, several (a plan naming many missing
 * users, groups and organizations) one per line, so that each location can be read.
 */
import { describe, expect, it } from 'vitest';
import { refusedResult } from '../../src/apply/result.js';
import { said } from '../support/cli-results.js';

const missing = (app: string, line: number) => ({
  kind: 'blocked' as const,
  app,
  message: `fields owner.defaultValue.0.code: apps/${app}.yaml:${line}:40: user "bob" does not exist in environment staging`,
});

describe('the message of a refused apply', () => {
  it('one reason: one sentence', () => {
    expect(said(refusedResult([], [missing('deals', 11)], []))).toMatchInlineSnapshot(
      `"Apply refused, nothing was changed: deals: fields owner.defaultValue.0.code: apps/deals.yaml:11:40: user "bob" does not exist in environment staging."`,
    );
  });

  it('several reasons: one line each', () => {
    expect(said(refusedResult([], [missing('deals', 11), missing('customers', 10)], [])))
      .toMatchInlineSnapshot(`
      "Apply refused, nothing was changed:
        - deals: fields owner.defaultValue.0.code: apps/deals.yaml:11:40: user "bob" does not exist in environment staging
        - customers: fields owner.defaultValue.0.code: apps/customers.yaml:10:40: user "bob" does not exist in environment staging
      "
    `);
  });
});
