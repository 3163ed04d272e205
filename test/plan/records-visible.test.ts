/**
 * Whether the user apply signs in as sees every record and value a migration copies
 * (plan/records-visible.ts). The rules as the platform's help describes them: rules top to bottom;
 * within one, the first entity naming the user decides; none naming them grants nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  fieldRuleHides,
  recordRulesHide,
  type Memberships,
  type RecordRule,
} from '../../src/plan/records-visible.js';

const ALICE = { login: 'alice' };
const UNKNOWN: Memberships = { groups: null, organizations: null };
const KNOWN: Memberships = { groups: new Set(['everyone', 'sales']), organizations: new Set(['hq']) };

const grant = (
  type: string,
  code: string | null,
  viewable: boolean,
  editable = viewable,
  includeSubs = false,
) => ({
  entity: { type, code },
  viewable,
  editable,
  includeSubs,
});
const rule = (...entities: ReturnType<typeof grant>[]): RecordRule => ({
  filterCond: 'status = "x"',
  entities,
});

describe('recordRulesHide', () => {
  it.each([
    { name: 'no rules', rules: [], members: UNKNOWN, hides: null },
    {
      name: 'alice first, view and edit',
      rules: [rule(grant('USER', 'alice', true), grant('GROUP', 'everyone', false))],
      members: UNKNOWN,
      hides: null,
    },
    {
      name: 'everyone, view and edit',
      rules: [rule(grant('GROUP', 'everyone', true))],
      members: UNKNOWN,
      hides: null,
    },
    {
      // kintone.dev, "Update Record Permissions": everyone is treated with the lowest priority,
      // wherever it is placed in the list.
      name: 'everyone listed first without view, then alice with view and edit',
      rules: [rule(grant('GROUP', 'everyone', false), grant('USER', 'alice', true))],
      members: UNKNOWN,
      hides: null,
    },
    {
      name: 'alice first, view without edit',
      rules: [rule(grant('USER', 'alice', true, false))],
      members: UNKNOWN,
      hides: 'its first entity naming alice (USER alice) does not grant it',
    },
    {
      name: 'only bob',
      rules: [rule(grant('USER', 'bob', true))],
      members: UNKNOWN,
      hides: 'no entity names alice, who so gets no right',
    },
    {
      name: 'a group not read, denying',
      rules: [rule(grant('GROUP', 'sales', false), grant('GROUP', 'everyone', true))],
      members: UNKNOWN,
      hides: 'whether alice is in group sales could not be read',
    },
    {
      name: 'a group not read, granting, then everyone granting: either way granted',
      rules: [rule(grant('GROUP', 'sales', true), grant('GROUP', 'everyone', true))],
      members: UNKNOWN,
      hides: null,
    },
    {
      name: 'a group alice is in, denying',
      rules: [rule(grant('GROUP', 'sales', false), grant('GROUP', 'everyone', true))],
      members: KNOWN,
      hides: 'its first entity naming alice (GROUP sales) does not grant it',
    },
    {
      name: 'a group alice is not in, then everyone granting',
      rules: [rule(grant('GROUP', 'it', false), grant('GROUP', 'everyone', true))],
      members: KNOWN,
      hides: null,
    },
    {
      name: 'an organization with the ones below it, alice not in it directly',
      rules: [rule(grant('ORGANIZATION', 'finance', false, false, true), grant('GROUP', 'everyone', true))],
      members: KNOWN,
      hides: 'whether alice is in an organization below finance is not read',
    },
    {
      name: 'an organization alice is in, granting',
      rules: [rule(grant('ORGANIZATION', 'hq', true), grant('GROUP', 'everyone', false))],
      members: KNOWN,
      hides: null,
    },
    {
      name: 'a users field denying',
      rules: [rule(grant('FIELD_ENTITY', 'holder', false), grant('GROUP', 'everyone', true))],
      members: KNOWN,
      hides: 'the users field holder names alice in some records and not others',
    },
    {
      name: 'a users field granting, then everyone granting',
      rules: [rule(grant('FIELD_ENTITY', 'holder', true), grant('GROUP', 'everyone', true))],
      members: KNOWN,
      hides: null,
    },
  ])('$name', ({ rules, members, hides }) => {
    const why = recordRulesHide(rules, ALICE, members);
    expect(why === null ? null : why.replace(/^.*?: /, '')).toBe(hides);
  });

  it('names the first rule that may hide records, by its condition', () => {
    const rules = [
      { filterCond: '', entities: [grant('GROUP', 'everyone', true)] },
      { filterCond: 'kind in ("secret")', entities: [grant('USER', 'bob', true)] },
    ];
    expect(recordRulesHide(rules, ALICE, UNKNOWN)).toBe(
      'record permission rule 2 (records where kind in ("secret")) may hide records from alice: no entity names alice, who so gets no right',
    );
    expect(recordRulesHide(rules.slice(1), { apiToken: true }, UNKNOWN)).toBeNull();
  });
});

describe('fieldRuleHides', () => {
  const rules = [
    {
      field: 'price',
      entities: [
        { entity: { type: 'USER', code: 'alice' }, accessibility: 'READ' },
        { entity: { type: 'GROUP', code: 'everyone' }, accessibility: 'NONE' },
      ],
    },
  ];
  it.each([
    { code: 'price', need: 'READ' as const, hides: false },
    { code: 'price', need: 'WRITE' as const, hides: true },
    { code: 'other', need: 'WRITE' as const, hides: false },
  ])('$code, $need: hides $hides', ({ code, need, hides }) => {
    expect(fieldRuleHides(rules, code, need, ALICE, UNKNOWN) !== null).toBe(hides);
  });
  it('says why', () => {
    expect(fieldRuleHides(rules, 'price', 'READ', { login: 'bob' }, UNKNOWN)).toBe(
      'the field permission of "price" may deny bob reading it: its first entity naming bob (GROUP everyone) does not grant it',
    );
  });
});
