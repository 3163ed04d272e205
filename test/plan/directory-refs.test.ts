// Pure: which entities of the areas a plan writes are looked up in the target's directory.
import { describe, expect, it } from 'vitest';
import { codesOf, directoryRefs, manifestPath } from '../../src/plan/directory-refs.js';
import type { AreaKey, Json } from '../../src/plan/types.js';

const area = (key: AreaKey, after: Json, action: 'update' | 'no-op' = 'update') => ({ key, action, after });
const user = (code: string) => ({ type: 'USER', code });

describe('directoryRefs', () => {
  it.each([
    ['a user', { entity: user('alice') }, ['USER alice entity.code']],
    [
      'a group and an organization in a list of entities',
      {
        entities: [
          { type: 'GROUP', code: 'g' },
          { type: 'ORGANIZATION', code: 'o' },
        ],
      },
      ['GROUP g entities.0.code', 'ORGANIZATION o entities.1.code'],
    ],
    ['the creator (no code)', { entity: { type: 'CREATOR', code: null } }, []],
    ['a field entity', { entity: { type: 'FIELD_ENTITY', code: 'Created_by' } }, []],
    ['a function default', { defaultValue: [{ type: 'FUNCTION', code: 'LOGINUSER()' }] }, []],
    [
      'the built-in groups',
      {
        entities: [
          { type: 'GROUP', code: 'everyone' },
          { type: 'GROUP', code: 'Administrators' },
        ],
      },
      [],
    ],
    ['an empty code', { entity: user('') }, []],
    ['a layout field group (not a directory group)', [{ type: 'GROUP', code: 'details', layout: [] }], []],
    ['a field of type GROUP', { details: { type: 'GROUP', code: 'details', label: 'Details' } }, []],
    [
      'per-record notification targets',
      { targets: [{ entity: user('a') }] },
      ['USER a targets.0.entity.code'],
    ],
    [
      'a field whose type is a select type',
      { owner: { type: 'USER_SELECT', code: 'owner', defaultValue: [user('bob')] } },
      ['USER bob owner.defaultValue.0.code'],
    ],
  ])('finds %s', (_case, after, expected) => {
    const refs = directoryRefs([area('appAcl', after)]);
    expect(refs.map((r) => `${r.kind} ${r.code} ${r.path.join('.')}`)).toEqual(expected);
  });

  it('skips the areas the plan does not write', () => {
    expect(directoryRefs([area('appAcl', [{ entity: user('alice') }], 'no-op')])).toEqual([]);
  });

  it('counts each code once per kind', () => {
    const entities = [user('a'), user('a'), { type: 'GROUP', code: 'a' }];
    const refs = directoryRefs([area('actions', { copy: { entities } })]);
    expect([codesOf(refs, 'USER'), codesOf(refs, 'GROUP'), codesOf(refs, 'ORGANIZATION')]).toEqual([
      ['a'],
      ['a'],
      [],
    ]);
  });

  it.each([
    ['appAcl', ['appAcl', 0]],
    ['notificationsGeneral', ['notifications', 'general', 0]],
    ['notificationsPerRecord', ['notifications', 'perRecord', 0]],
    ['notificationsReminder', ['notifications', 'reminder', 0]],
  ] as const)('locates %s under its manifest key', (key, expected) => {
    expect(manifestPath(key, [0])).toEqual(expected);
  });
});
