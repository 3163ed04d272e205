/**
 * Users, organizations and groups among their selections (issue 36, "Conversions"): a code
 * converts only where an entity of the target's kind has it (helpers.ts: users alice and bob;
 * organizations hq and sales; groups sales and admins). Written as `{code}`, as the record API
 * takes them (platform-facts "Records").
 */
import { describe } from 'vitest';
import { convertsAsWritten, no, defaulted, ok, type Case } from './helpers.js';

const U = 'USER_SELECT';
const O = 'ORGANIZATION_SELECT';
const G = 'GROUP_SELECT';

const cases: Case[] = [
  [U, O, [{ code: 'alice', name: 'Alice' }], no('no organization "alice"')],
  [G, O, [{ code: 'sales', name: 'Sales' }], ok([{ code: 'sales' }])],
  [O, G, [{ code: 'sales' }, { code: 'hq' }], no('no group "hq"')],
  [O, G, [{ code: 'sales' }, { code: 'sales' }], ok([{ code: 'sales' }])],
  [G, U, [{ code: 'admins' }], no('no user "admins"')],
  [O, U, [], ok([])],
  [U, G, [{ name: 'no code' }], no('an item without a code')],
  [G, O, [{ code: 'sales' }], no('cannot check that each organization exists'), { noDirectory: true }],
  [U, O, [{ code: 'alice' }], defaulted([{ code: 'hq' }]), { migrate: { default: [{ code: 'hq' }] } }],
  [U, O, [], no('empty (the new field is required)'), { to: { required: true } }],
];

describe('users, organizations and groups', () => {
  convertsAsWritten(cases);
});
